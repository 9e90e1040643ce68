#!/bin/bash
# t-map-where.sh - "where:", "left-reason:" and "leave-path:" of a call
# migration: the map applies only where a call's result is unused (or
# used), and only outside the paths the migration leaves.
#
# A made-up migration in a fresh data directory (KMIGRATE_DATADIR):
# tally_add(t, n), which returns the old count, becomes tally_inc(t, n),
# which returns an error, where the result is unused.  On a tiny tree:
# scan lists the other calls as left-by-context; apply converts the
# statements (a cast to void, a branch, a label's) and names every other
# call as a note with the migration's reason, exiting 0; a second apply
# changes nothing; check on the result has no error and a
# left-by-context note each; the generated semantic patch converts the
# same calls; "where: result-used" converts the others instead; a bad
# value and a "where:" without its reason are errors.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err

if ! command -v spatch >/dev/null 2>&1; then
	skip "where: on a tiny tree" "spatch is not installed"
	test_done
	exit
fi

km() {
	KMIGRATE_DATADIR=$data "$KMIGRATE" --migration tally "$@" >"$out" \
		2>"$err"
	status=$?
}

data=$TMPDIR/data
mig=$data/semantic-patches/tally
tree=$TMPDIR/tree
mkdir -p "$mig" "$tree/include/linux" "$tree/drivers/misc" \
	"$tree/tools/tally" || exit 2
cp "$SRCDIR/semantic-patches/kernel-types" "$data/semantic-patches/"

# write_migration WHERE
write_migration() {
	cat >"$mig/migration" <<EOF
name: tally
function: tally_add
new-function: tally_inc
header: include/linux/tally.h
old-prototype: int tally_add(struct tally *t, int n)
new-prototype: int tally_inc(struct tally *t, int n)
new-call: \$1 \$2
where: $1
left-reason: tally_add() returns the old count, tally_inc() an error
leave-path: tools/ user space has its own tally_add()
subject: misc: tally: call tally_inc() where the count is unused
description: tally_inc() replaces tally_add().
EOF
}
write_migration result-unused
cat >"$tree/include/linux/tally.h" <<'EOF'
struct tally;
int tally_add(struct tally *t, int n);
int tally_inc(struct tally *t, int n);
EOF
cat >"$TMPDIR/counter.orig" <<'EOF'
#include <linux/tally.h>

static int counter_bump(struct tally *t, int n)
{
	int old;

	tally_add(t, 1);
	if (n)
		tally_add(t, n);
	else
		(void)tally_add(t, 2);
	old = tally_add(t, 3);
	if (tally_add(t, 4) > 10)
		goto out;
	return n ? tally_add(t, 5) : old;
out:
	tally_add(t, 6);
	return tally_inc(t, 0);
}
EOF
sed -e '7s/tally_add/tally_inc/' -e '9s/tally_add/tally_inc/' \
	-e '11s/tally_add/tally_inc/' -e '17s/tally_add/tally_inc/' \
	"$TMPDIR/counter.orig" >"$TMPDIR/counter.expected"
cp "$TMPDIR/counter.orig" "$tree/drivers/misc/counter.c"
cat >"$tree/tools/tally/main.c" <<'EOF'
#include <linux/tally.h>

void tool(struct tally *t)
{
	tally_add(t, 1);
}
EOF

km scan "$tree"
check "scan lists the calls whose result is used as left-by-context" \
	'grep -q " 4 old, 1 new, 0 ambiguous, 2 not calls, 4 left by context" "$err" &&
	 grep -q "^drivers/misc/counter.c:12:8: left-by-context tally_add(t, 3)" "$out" &&
	 grep -q "^drivers/misc/counter.c:15:13: left-by-context" "$out" &&
	 grep -q "^tools/tally/main.c:5:2: left-by-context" "$out"'

km apply --in-place "$tree"
check "apply converts the statements only, and exits 0" \
	'[ $status -eq 0 ] &&
	 cmp -s "$tree/drivers/misc/counter.c" "$TMPDIR/counter.expected" &&
	 grep -q "4 calls converted, 4 calls left (4 left by context)" "$err"' ||
	{ diff "$TMPDIR/counter.expected" "$tree/drivers/misc/counter.c" \
		>"$TMPDIR/diff"; show "$TMPDIR/diff"; }
check "apply names each call left by context, with the reason" \
	'[ "$(grep -c "note: not converted" "$err")" -eq 4 ] &&
	 grep -A1 "counter.c:13:6: note" "$err" |
		grep -q "left by context: tally_add() returns the old count" &&
	 grep -A1 "main.c:5:2: note" "$err" |
		grep -q "left by context: user space has its own tally_add()"'

km apply --in-place "$tree"
check "a second apply changes nothing" \
	'[ $status -eq 0 ] && grep -q "^apply: 0 files, 0 calls converted" "$err" &&
	 cmp -s "$tree/drivers/misc/counter.c" "$TMPDIR/counter.expected"'

km check "$tree"
check "check: no error, each call left by context a note naming it" \
	'[ $status -eq 0 ] && ! grep -q ": error: " "$out" &&
	 [ "$(grep -c "note: call left by context \[left-by-context\]" "$out")" -eq 4 ]' ||
	show "$out" 20

# the generated semantic patch, as make coccicheck runs it, agrees
km cocci
cp "$out" "$TMPDIR/tally.cocci"
cp "$TMPDIR/counter.orig" "$TMPDIR/spatch.c"
spatch --sp-file "$TMPDIR/tally.cocci" -D patch --no-includes \
	--include-headers --smpl-spacing --very-quiet --in-place \
	"$TMPDIR/spatch.c" >/dev/null 2>"$err"
# spatch prints a converted cast as "(void) f()"
sed 's/(void) tally_inc/(void)tally_inc/' "$TMPDIR/spatch.c" \
	>"$TMPDIR/spatch.norm"
check "the generated semantic patch converts the same calls" \
	'cmp -s "$TMPDIR/spatch.norm" "$TMPDIR/counter.expected"'
(cd "$TMPDIR" && spatch --sp-file tally.cocci -D report --no-includes \
	--include-headers --very-quiet counter.orig) >"$out" 2>"$err"
check "its report names the calls whose result is used, with the reason" \
	'[ "$(grep -c "the result is used here: left; tally_add() returns the old count" "$out")" -eq 3 ]'

write_migration result-used
cp "$TMPDIR/counter.orig" "$tree/drivers/misc/counter.c"
km apply "$tree"
check "where: result-used converts the calls whose result is used" \
	'[ "$(grep -c "^+.*tally_inc(t, [345])" "$out")" -eq 3 ] &&
	 ! grep -q "^+.*tally_inc(t, [126])" "$out"'

write_migration sometimes
km scan "$tree"
check "an unknown context is an error naming the known ones" \
	'[ $status -ne 0 ] &&
	 grep -q "unknown context .sometimes. (known: result-unused, result-used)" "$err"'
sed -i -e '/^left-reason:/d' -e 's/^where: .*/where: result-unused/' \
	"$mig/migration"
km scan "$tree"
check "where: without left-reason: is an error" \
	'[ $status -ne 0 ] && grep -q "left-reason:" "$err"'
test_done
