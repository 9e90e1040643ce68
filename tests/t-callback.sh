#!/bin/bash
# t-callback.sh - the "callback" kind end to end: platform-remove-void on
# its fixture tree (tree-fixtures/platform-remove-void).  scan lists every
# member given a function with its verdict (to convert, converted, left
# and why); apply's diff is the expected conversion byte for byte (the
# definitions, a declaration, early and final returns, the initializers
# of a variable and of an array, a wrapper, an assignment, a return of
# success in a nested block made "return;" and the body's last one
# dropped under a comment that stays); the functions
# left are named with their reason; a second apply changes nothing;
# with "errors: drop" a function returning errors is converted, each
# lost error a warning at its line; check on the result has no error
# and a warning per function left, an
# error for a function under the wrong member, and refuses a tree
# without the new member in one line; bad data is one line and exit 2.
# A function left for an error return, and with "errors: drop" one whose
# conversion drops it, is told what the error did on the unbind path of
# the bus the data names, as the core model replays it.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
FIX=$SRCDIR/tree-fixtures
M=platform-remove-void

km() {
	"$KMIGRATE" --migration "$M" "$@" >"$out" 2>"$err"
	status=$?
}

km -v scan "$FIX/$M"
check "scan: every member with its verdict (11 old, 2 new, 3 left)" \
	'[ $status -eq 0 ] && grep -q "19 occurrences in 6 files: 11 old, 2 new, 3 ambiguous" "$err"' ||
	show "$out"
check "scan: the member in an array, through the wrapper, by assignment" \
	'grep -q "mmc-pair.c:26:4: old .remove=__exit_p(second_remove)" "$out" &&
	 grep -q "misc-assign.c:12:7: old ->remove=late_remove" "$out" &&
	 grep -q "misc-assign.c:34:3: new .remove_new=done_remove" "$out"' ||
	show "$out"
check "scan: another struct's member is not one" \
	'! grep -q other_remove "$out"'
check "scan -v: each left function's reason" \
	'grep -q "'"'"'err_remove'"'"' returns an error at line 6" "$err" &&
	 grep -q "'"'"'used_remove'"'"' is also called and its result used" "$err" &&
	 grep -q "'"'"'frob_helper_remove'"'"' is not defined in the tree" "$err" &&
	 grep -q "platform_device.h:17:5: declaration int frob_helper_remove" \
		"$out"'

# what an error return did: check replays the unbind path of the bus the
# data names ("unbind:") on the core model and says so at the function
# left for it; on another bus the core's answer is another, and a
# migration without the key says nothing of it
joined() { tr '\n' ' ' <"$out" | tr -s ' '; }
km check "$FIX/$M"
joined >"$TMPDIR/joined"
check "check: an error return left, and what the model's unbind did with it" \
	'grep -q "err_remove. returns an error at line 6: converting it would lose the error. On the platform bus.s unbind path, as the core model replays it, an error returned by remove does nothing: the device is unbound all the same, its devres released, its drvdata cleared, and the core only warns (.remove callback returned a non-zero value. This will be ignored..), so dropping the error changes no behaviour but that warning. What matters is what .err_remove. does before it returns the error at line 6" "$TMPDIR/joined" &&
	 [ "$(grep -c "unbind path" "$out")" -eq 1 ]' ||
	show "$out"
for variant in vmbus-remove plain-remove; do
	mkdir -p "$TMPDIR/$variant"
	sed "s/^unbind: platform/unbind: vmbus/; s/^name: .*/name: $variant/" \
		"$SRCDIR/semantic-patches/$M/migration" >"$TMPDIR/$variant/migration"
done
sed -i '/^unbind:/d' "$TMPDIR/plain-remove/migration"
"$KMIGRATE" --migration "$TMPDIR/vmbus-remove" check "$FIX/$M" >"$out" 2>"$err"
joined >"$TMPDIR/joined"
check "check: on a bus that ignores remove's value, the core says nothing" \
	'grep -q "On the vmbus bus.s unbind path, as the core model replays it, an error returned by remove does nothing: the device is unbound all the same, its devres released, its drvdata cleared, and the core says nothing, so dropping the error changes no behaviour." "$TMPDIR/joined" &&
	 ! grep -q "This will be ignored" "$out"' ||
	show "$out"
"$KMIGRATE" --migration "$TMPDIR/plain-remove" check "$FIX/$M" >"$out" 2>"$err"
check "check: without unbind: in the data, no account of the unbind path" \
	'grep -q "err_remove. returns an error at line 6" "$out" &&
	 ! grep -q "unbind" "$out"' ||
	show "$out"
# errors: drop: check before apply says which error the conversion drops
# and what it did on unbind
mkdir -p "$TMPDIR/drop-remove" "$TMPDIR/dropping/drivers/misc"
sed 's/^errors: leave/errors: drop/; s/^name: .*/name: drop-remove/' \
	"$SRCDIR/semantic-patches/$M/migration" >"$TMPDIR/drop-remove/migration"
cp -R "$FIX/$M/include" "$TMPDIR/dropping/"
cat >"$TMPDIR/dropping/drivers/misc/busy.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int busy_remove(struct platform_device *pdev)
{
	if (busy_now(pdev))
		return -EBUSY;
	busy_stop(pdev);
	return 0;
}

static struct platform_driver busy_driver = {
	.remove = busy_remove,
};
EOF
"$KMIGRATE" --migration "$TMPDIR/drop-remove" check "$TMPDIR/dropping" \
	>"$out" 2>"$err"
status=$?
joined >"$TMPDIR/joined"
check "check, errors: drop: the error the conversion drops, and what it did" \
	'[ $status -eq 1 ] &&
	 grep -q "busy.c:13:3: error: .busy_remove. does not have the member.s new prototype" "$out" &&
	 grep -q "converting it drops the error it returns at line 7. On the platform bus.s unbind path, as the core model replays it, an error returned by remove does nothing: the device is unbound all the same" "$TMPDIR/joined" &&
	 grep -q "What matters is what .busy_remove. does before it returns the error at line 7: any cleanup it skips on that path is never done." "$TMPDIR/joined"' ||
	show "$out"
sed -i 's/^unbind: platform/unbind: plat-form/' "$TMPDIR/drop-remove/migration"
"$KMIGRATE" --migration "$TMPDIR/drop-remove" check "$TMPDIR/dropping" \
	>"$out" 2>"$err"
status=$?
check "bad unbind: value: one line, exit 2" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	 grep -q "bad field .unbind." "$err"' ||
	show "$err"

if ! command -v spatch >/dev/null 2>&1; then
	skip "apply of the callback kind" "spatch is not installed"
	test_done
	exit
fi

copy=$TMPDIR/tree
cp -R "$FIX/$M" "$copy"
km apply "$copy"
check "apply: the expected conversion, byte for byte; 3 left" \
	'[ $status -eq 1 ] && cmp -s "$out" "$FIX/$M.expected" &&
	 grep -q "11 calls converted, 3 calls left" "$err"' ||
	{ diff "$FIX/$M.expected" "$out" >"$TMPDIR/diff"; show "$TMPDIR/diff"; }
check "apply: a nested return of success is an early one, not the final" \
	'grep -q "^+		return;" "$out" && ! grep -q "spatch changed" "$err" &&
	 grep -q "^ 	/\* the rest goes with the device \*/" "$out"' ||
	show "$err"
km apply --in-place "$copy"
km scan "$copy"
check "after apply: nothing left to convert" \
	'grep -q " 0 old, 13 new, 3 ambiguous" "$err"'
km apply "$copy"
check "a second apply changes nothing" '[ ! -s "$out" ]'
km check "$copy"
check "check on the result: 0 errors, each left function a warning" \
	'[ $status -eq 0 ] && ! grep -q ": error: " "$out" &&
	 [ "$(grep -c "\[callback-left\]" "$out")" -eq 3 ]' ||
	show "$out"
km check "$FIX/$M"
check "check before apply: an error per member to convert" \
	'[ $status -eq 1 ] && [ "$(grep -c "\[callback-unconverted\]" "$out")" -eq 5 ]' ||
	show "$out"
check "check's summary counts the members it judged, in the kind's words" \
	'grep -q "^check: 9 functions given to .remove or .remove_new in 5 files: 5 errors, 3 warnings, 0 notes$" "$err" &&
	 ! grep -q "no call of" "$err"'
sed -i "s/\.remove_new = done_remove/.remove = done_remove/" \
	"$copy/drivers/misc/misc-assign.c"
km check "$copy"
check "check: a converted function under the old member is an error" \
	'grep -q "misc-assign.c:33:3: error: .done_remove. of type .void (struct platform_device \*). is" "$out" &&
	 grep -q "given to .remove of struct platform_driver, of type .int (\*)(struct platform_device \*)." "$out"' ||
	show "$out"
sed -i "s/remove_new/remove_gone/" "$copy/include/linux/platform_device.h"
km check "$copy"
check "check: a tree without the new member is told so in one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	 grep -q "declares no member .remove_new. in struct platform_driver" "$err"'

km cocci
check "cocci: the generated patch renames the member" \
	'grep -q "^+.remove_new" "$out" && grep -q "__exit_p(fn)" "$out"'

# the generated patch as make coccicheck MODE=patch runs it, on a body
# that is a comment and "return 0;": the comment stays
cp "$out" "$TMPDIR/cb.cocci"
mkdir -p "$TMPDIR/quiet"
cat >"$TMPDIR/quiet/quiet.c" <<'EOF'
static int quiet_remove(struct platform_device *pdev)
{
	/* devm_ does it all */

	return 0;
}

static struct platform_driver quiet_driver = {
	.remove = quiet_remove,
};
EOF
spatch --very-quiet --no-includes -D patch --sp-file "$TMPDIR/cb.cocci" \
	"$TMPDIR/quiet/quiet.c" >"$out" 2>"$err"
check "cocci -D patch: a comment-only body keeps its comment" \
	'grep -q "^+static void quiet_remove" "$out" &&
	 ! grep -q "^-.*devm_ does it all" "$out" &&
	 grep -q "^+[[:space:]]*\.remove_new = quiet_remove" "$out"' || show "$out"

# MODE=report, as make coccicheck runs it: a line at each place scan
# lists as old (a definition, a declaration, a member) or left, with why
km cocci --mode report "$FIX/$M"
sed -n 's/^\([^:]*:[0-9]*\):[0-9-]*: .*/\1/p' "$out" | sort >"$TMPDIR/reported"
km scan "$FIX/$M"
grep -E '^[^ ]*: (old|ambiguous) ' "$out" | cut -d: -f1,2 | sort -u \
	>"$TMPDIR/listed"
check "cocci --mode report: the $(wc -l <"$TMPDIR/listed") places scan lists, $(wc -l <"$TMPDIR/reported") reported" \
	'[ -s "$TMPDIR/listed" ] && cmp -s "$TMPDIR/listed" "$TMPDIR/reported"' ||
	{ diff "$TMPDIR/listed" "$TMPDIR/reported" >"$TMPDIR/diff"; show "$TMPDIR/diff"; }
km cocci --mode report "$FIX/$M"
check "cocci --mode report: each function named, with its verdict" \
	'grep -q "gpio-plain.c:9:11-23: plain_remove(): returns only 0: it becomes void, given to .remove_new of struct platform_driver" "$out" &&
	 grep -q "rtc-left.c:23:11-21: err_remove(): returns another value than 0: left" "$out" &&
	 grep -q "rtc-left.c:27:11-22: used_remove(): also called and its result used: left" "$out" &&
	 grep -q "rtc-left.c:32:11-29: frob_helper_remove(): not defined in this file" "$out"' ||
	show "$out"
km cocci --mode org "$FIX/$M"
check "cocci --mode org: a TODO per place ($(grep -c "^\* TODO" "$out"))" \
	'[ "$(grep -c "^\* TODO" "$out")" -eq 14 ]' || show "$out"

# every branch of #if/#else is read: a member in each branch is counted
# (the function of another bus under the same name is not), and apply
# converts it or names why not
branch=$TMPDIR/branch
mkdir -p "$branch/drivers/tty"
cp -R "$FIX/$M/include" "$branch/"
cat >"$branch/drivers/tty/tty-branch.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int twin_fast_remove(struct platform_device *pdev)
{
	twin_stop(pdev, 1);
	return 0;
}

static int twin_slow_remove(struct platform_device *pdev)
{
	twin_stop(pdev, 0);
	return 0;
}

static struct platform_driver twin_driver = {
#ifdef CONFIG_TWIN_FAST
	.remove = twin_fast_remove,
#else
	.remove = twin_slow_remove,
#endif
	.name = "twin",
};

#ifdef CONFIG_BRANCH_BUS
static int branch_detach(struct branch_device *bdev)
{
	return 0;
}

static struct branch_driver branch_driver = {
	.remove = branch_detach,
};
#else
static int branch_detach(struct platform_device *pdev)
{
	branch_stop(pdev);
	return 0;
}

static struct platform_driver branch_driver = {
	.remove = __exit_p(branch_detach),
	.name = "branch",
};
#endif
EOF
km -v scan "$branch"
check "scan: the members of both branches, and the function of each" \
	'grep -q "tty-branch.c:18:3: old .remove=twin_fast_remove" "$out" &&
	 grep -q "tty-branch.c:20:3: old .remove=twin_slow_remove" "$out" &&
	 grep -q "tty-branch.c:42:3: old .remove=__exit_p(branch_detach)" "$out" &&
	 grep -q "tty-branch.c:35:12: old static int branch_detach" "$out" &&
	 ! grep -q "branch_device" "$out" &&
	 grep -q "6 occurrences in 1 files: 6 old" "$err"' ||
	show "$out"
km apply "$branch"
check "apply: each branch's member converted or named" \
	'{ grep -q "tty-branch.c:18:3: warning: not converted" "$err" ||
	   grep -q "^+.*remove_new = twin_fast_remove" "$out"; } &&
	 { grep -q "tty-branch.c:20:3: warning: not converted" "$err" ||
	   grep -q "^+.*remove_new = twin_slow_remove" "$out"; } &&
	 { grep -q "tty-branch.c:42:3: warning: not converted" "$err" ||
	   grep -q "^+.*remove_new = __exit_p(branch_detach)" "$out"; }' ||
	show "$err"

# a function that already returns void under the old member, through
# the wrapper (Debian 6.1's omapfb vrfb.c as shipped): only the member
# is renamed, by kmigrate and by the generated semantic patch alike, and
# check on the result has no error; the reverse (an int function under
# the new member) stays left and named
void=$TMPDIR/void
mkdir -p "$void/drivers/video"
cp -R "$FIX/$M/include" "$void/"
cat >"$void/drivers/video/fb-void.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static void __exit fbv_remove(struct platform_device *pdev)
{
	fbv_stop(pdev);
}

static struct platform_driver fbv_driver = {
	.remove = __exit_p(fbv_remove),
};
EOF
cat >"$void/drivers/video/fb-back.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int fbb_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver fbb_driver = {
	.remove_new = fbb_remove,
};
EOF
km -v scan "$void"
check "scan: the old member of a void function is old, the function new" \
	'grep -q "fb-void.c:10:3: old .remove=__exit_p(fbv_remove)" "$out" &&
	 grep -q "fb-void.c:4:20: new static void __exit fbv_remove" "$out" &&
	 grep -q "fb-back.c:10:3: ambiguous .remove_new=fbb_remove" "$out" &&
	 grep -q "'"'"'fbv_remove'"'"' has the new prototype already: converting it renames only the member" "$err"' ||
	{ show "$out"; show "$err"; }
km check "$void"
check "check: before apply, that member is the tree's error, named at its line" \
	'[ $status -eq 1 ] &&
	 grep -q "fb-void.c:10:3: error: .fbv_remove. is given to the old member" "$out" &&
	 grep -q "fb-back.c:10:3: error: .fbb_remove. " "$out"' ||
	show "$out"
km apply "$void"
check "apply: only the void function's member renamed; the reverse left, named" \
	'[ $status -eq 1 ] && [ "$(grep -c "^[-+][^-+]" "$out")" -eq 2 ] &&
	 grep -q "^-	.remove = __exit_p(fbv_remove),$" "$out" &&
	 grep -q "^+	.remove_new = __exit_p(fbv_remove),$" "$out" &&
	 ! grep -q "spatch changed\|fb-void.c.*not converted" "$err" &&
	 grep -q "fb-back.c:10:3: warning: not converted" "$err" &&
	 grep -q "'"'"'fbb_remove'"'"' has the other prototype than this member" "$err" &&
	 grep -q "1 call converted, 2 calls left" "$err"' ||
	{ show "$out"; show "$err"; }
spatch --very-quiet --no-includes -D patch --sp-file "$TMPDIR/cb.cocci" \
	"$void/drivers/video/fb-void.c" >"$TMPDIR/spatch.out" 2>"$err"
check "cocci -D patch: the generated patch renames the member alone too" \
	'[ "$(grep -c "^[-+][^-+]" "$TMPDIR/spatch.out")" -eq 2 ] &&
	 grep -q "^+	.remove_new = __exit_p(fbv_remove),$" "$TMPDIR/spatch.out"' ||
	show "$TMPDIR/spatch.out"
km cocci --mode report "$void"
check "cocci --mode report: the member to rename named, the reverse left" \
	'grep -q "fb-void.c:10:20-30: fbv_remove(): has the new prototype already: given to .remove_new of struct platform_driver" "$out"' ||
	show "$out"
km apply --in-place "$void"
km check "$void"
check "check: after apply, the renamed member is no error" \
	'[ $status -eq 1 ] && ! grep -q "fb-void.c.*error" "$out" &&
	 grep -q "fb-back.c:10:3: error:" "$out" &&
	 grep -q " 1 error," "$err"' ||
	{ show "$out"; show "$err"; }

# errors: drop: a function that returns errors is converted all the
# same, each lost error a warning at its line; the value of a call stays
# as a statement, and a function where it would need braces is left
drop=$TMPDIR/drop-remove lossy=$TMPDIR/lossy
mkdir -p "$drop" "$lossy/drivers/misc"
sed 's/^errors: leave/errors: drop/; s/^name: .*/name: drop-remove/' \
	"$SRCDIR/semantic-patches/$M/migration" >"$drop/migration"
cp -R "$FIX/$M/include" "$lossy/"
cat >"$lossy/drivers/misc/lossy.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int lossy_remove(struct platform_device *pdev)
{
	int ret;

	if (pdev->id < 0)
		return -EINVAL;
	ret = lossy_stop(pdev);
	if (ret) {
		lossy_log(pdev, ret);
		return lossy_fail(pdev, ret);
	}
	return ret;
}

static int stuck_remove(struct platform_device *pdev)
{
	if (pdev->id)
		return lossy_fail(pdev, 1);
	return 0;
}

static struct platform_driver lossy_driver = {
	.remove = lossy_remove,
};

static struct platform_driver stuck_driver = {
	.remove = stuck_remove,
};
EOF
"$KMIGRATE" --migration "$drop" apply "$lossy" >"$out" 2>"$err"
status=$?
check "errors: drop: converted, the call's value a statement" \
	'[ $status -eq 1 ] && grep -q "^-		return -EINVAL;" "$out" &&
	 grep -q "^+		return;" "$out" &&
	 grep -q "^+		lossy_fail(pdev, ret);" "$out" &&
	 grep -q "^-	return ret;" "$out" &&
	 grep -q "^+	.remove_new = lossy_remove," "$out"' ||
	show "$out"
check "errors: drop: a warning at each lost error's line" \
	'grep -q "lossy.c:9:3: warning: converted, losing the error .return -EINVAL;. of lossy_remove()" "$err" &&
	 grep -q "lossy.c:13:3: warning: converted, losing the error .return lossy_fail(pdev, ret);" "$err" &&
	 grep -q "lossy.c:15:2: warning: converted, losing the error .return ret;" "$err"' ||
	show "$err"
check "errors: drop: a call's value without a block to stay in is left" \
	'! grep -q "^[-+].*stuck_remove" "$out" &&
	 grep -q "stuck_remove. returns an error at line 21" "$err"' ||
	show "$err"

bad=$TMPDIR/bad-remove
mkdir -p "$bad"
sed 's/^new-prototype: void/new-prototype: int/; s/^name: .*/name: bad-remove/' \
	"$SRCDIR/semantic-patches/$M/migration" >"$bad/migration"
"$KMIGRATE" --migration "$bad" scan "$copy" >"$out" 2>"$err"
status=$?
check "bad data: one line, exit 2" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	 grep -q "the prototypes return the same type" "$err"'

test_done
