#!/bin/bash
# t-check-patch.sh - "kmigrate check" with a before: the review of a
# hand-written patch (--patch), the comparison with a base revision
# (--base), and the model's verdict on each call (--verdicts, -v) against
# the model harness's per-call log.
#
# Needs: $KMIGRATE (the binary), $SRCDIR (the repository), $TMPDIR
# (scratch), git (--base; skipped without it), jq or python3 for the
# JSON and SARIF cases (skipped without both), gcc for the harness.
. "$(dirname "$0")/lib.sh"

fixtures=$SRCDIR/tree-fixtures
mini=$fixtures/linux-2.6.14-mini
expected=$(expected_tree) || exit 1
hand_patch=$fixtures/hand-conversion.patch
harness=$fixtures/harness/run-harness.sh
out=$TMPDIR/out err=$TMPDIR/err text=$TMPDIR/text
have_git= json_tool=
command -v git >/dev/null 2>&1 && have_git=1
if command -v jq >/dev/null 2>&1; then
	json_tool=jq
elif command -v python3 >/dev/null 2>&1; then
	json_tool=python3
fi

copy_tree() {
	rm -rf "${TMPDIR:?}/$2"
	cp -R "$1" "$TMPDIR/$2"
}

# run check: $out, $err, $status; $text is $out a finding a line
run_check() {
	"$KMIGRATE" check "$@" >"$out" 2>"$err"
	status=$?
	diag_join "$out" >"$text"
}

errors() { grep -c ': error: ' "$out"; }
one_line_on_stderr() { [ "$(wc -l <"$err")" -eq 1 ] && [ ! -s "$out" ]; }
line_of() { grep -n "class_device_create(" "$1" | sed -n "${2:-1}p" | cut -d: -f1; }

# --- --patch: the hand-written conversion ----------------------------------

copy_tree "$mini" mini
run_check --patch "$hand_patch" "$TMPDIR/mini"
vml=$(line_of "$TMPDIR/mini/drivers/s390/char/vmlogrdr.c")
check "--patch hand-conversion.patch: exit 1" '[ $status -eq 1 ]'
check "--patch: every line within 100 columns, in the compiler form" \
	'[ -z "$(diag_bad_lines "$out")" ] && [ "$(grep -c "^        " "$out")" -ge 6 ]'
check "--patch: exactly one error, swapped-arguments in vmlogrdr.c" \
	'[ "$(errors)" -eq 1 ] && grep -q "^drivers/s390/char/vmlogrdr.c:$vml:[0-9]*: error: arguments 1 and 2 appear swapped \[swapped-arguments\] .*; swap them$" "$text"'
check "--patch: the swap says what the model does before and after" \
	'grep "\[swapped-arguments\]" "$text" | grep -q "fails with -ENODEV and registers nothing: /sys/class/vmlogrdr/<[a-z_]*> is never created; before the change the call registered /sys/class/vmlogrdr/"'
check "--patch: a hand-patch-divergence note for tty_io.c's \"%s\", name" \
	'grep -q "^drivers/char/tty_io.c:49:[0-9]*: note: equivalent hand conversion \[hand-patch-divergence\] .*\"%s\", name" "$text"'
check "--patch: a hand-patch-divergence note for iop.c's MKDEV(0,0)" \
	'grep -q "^drivers/message/i2o/iop.c:[0-9]*:[0-9]*: note: equivalent hand conversion \[hand-patch-divergence\] .*MKDEV(0,0)" "$text"'
check "--patch: no other note, no sysfs-effect-changed" \
	'[ "$(grep -c ": note: " "$out")" -eq 2 ] && ! grep -q "sysfs-effect-changed" "$out"'
check "--patch: the tree is unchanged" 'diff -r "$mini" "$TMPDIR/mini" >/dev/null'

if [ -n "$json_tool" ]; then
	run_check --patch "$hand_patch" --format json "$TMPDIR/mini"
	if [ "$json_tool" = jq ]; then
		summary=$(jq -r '[.summary.errors, .summary.notes,
			([.findings[] | select(.severity == "error")
			  | .rule + " " + .file + " " + .sysfs] | join(",")),
			([.findings[] | select(.severity == "note")
			  | .rule + " " + .file] | join(","))] | join("|")' "$out")
	else
		summary=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
f = d["findings"]
print("|".join([str(d["summary"]["errors"]), str(d["summary"]["notes"]),
  ",".join(x["rule"] + " " + x["file"] + " " + x["sysfs"] for x in f if x["severity"] == "error"),
  ",".join(x["rule"] + " " + x["file"] for x in f if x["severity"] == "note")]))' "$out")
	fi
	check "--patch --format json: one error (with its sysfs verdict), the two notes" \
		'[ $status -eq 1 ] && [ "$summary" = "1|2|swapped-arguments drivers/s390/char/vmlogrdr.c error -ENODEV|hand-patch-divergence drivers/char/tty_io.c,hand-patch-divergence drivers/message/i2o/iop.c" ]'
	run_check --patch "$hand_patch" --format sarif "$TMPDIR/mini"
	if [ "$json_tool" = jq ]; then
		summary=$(jq -r '[.runs[0].results[] | select(.level != "warning")
			| .level + " " + .ruleId + " "
			+ .locations[0].physicalLocation.artifactLocation.uri]
			| join(",")' "$out")
	else
		summary=$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(",".join(r["level"] + " " + r["ruleId"] + " " + r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in d["runs"][0]["results"] if r["level"] != "warning"))' "$out")
	fi
	check "--patch --format sarif: the same error and notes" \
		'[ $status -eq 1 ] && [ "$summary" = "note hand-patch-divergence drivers/char/tty_io.c,note hand-patch-divergence drivers/message/i2o/iop.c,error swapped-arguments drivers/s390/char/vmlogrdr.c" ]'
	check "--patch --format json/sarif: the tree is unchanged" \
		'diff -r "$mini" "$TMPDIR/mini" >/dev/null'
else
	skip "--patch --format json" "neither jq nor python3"
	skip "--patch --format sarif" "neither jq nor python3"
	skip "--patch json/sarif: tree unchanged" "neither jq nor python3"
fi

# --- --patch: patches that are refused ----------------------------------------

cat >"$TMPDIR/outside.patch" <<'EOF'
diff --git a/../outside.c b/../outside.c
--- a/../outside.c
+++ b/../outside.c
@@ -1 +1 @@
-int x;
+int y;
EOF
echo 'int x;' >"$TMPDIR/outside.c"
run_check --patch "$TMPDIR/outside.patch" "$TMPDIR/mini"
check "a patch touching ../outside.c: exit 2, one line naming it" \
	'[ $status -eq 2 ] && one_line_on_stderr && grep -q "outside.c.*outside the tree" "$err"'
check "... and nothing outside was changed" \
	'[ "$(cat "$TMPDIR/outside.c")" = "int x;" ] && diff -r "$mini" "$TMPDIR/mini" >/dev/null'

sed 's|a/drivers/char/mem.c|/etc/mem.c|' "$hand_patch" >"$TMPDIR/absolute.patch"
run_check --patch "$TMPDIR/absolute.patch" "$TMPDIR/mini"
check "a patch with an absolute path: exit 2, one line" \
	'[ $status -eq 2 ] && one_line_on_stderr && grep -q "/etc/mem.c" "$err"'

copy_tree "$expected" converted
run_check --patch "$hand_patch" "$TMPDIR/converted"
check "a patch that does not apply: exit 2, one line" \
	'[ $status -eq 2 ] && one_line_on_stderr && grep -q "cannot apply patch" "$err"'
check "... and the tree is unchanged" \
	'diff -r "$expected" "$TMPDIR/converted" >/dev/null'

run_check --patch "$TMPDIR/no-such.patch" "$TMPDIR/mini"
check "a missing patch: exit 2, one line" \
	'[ $status -eq 2 ] && one_line_on_stderr'
run_check --patch "$hand_patch" --base HEAD "$TMPDIR/mini"
check "--patch with --base: a usage error (exit 2)" '[ $status -eq 2 ]'

# --- --base --------------------------------------------------------------------

git_in() { git -C "$TMPDIR/base" -c user.name=t -c user.email=t@example.org \
	-c commit.gpgsign=false "$@" >/dev/null 2>&1; }

if [ -n "$have_git" ]; then
	copy_tree "$mini" base
	git_in init -q && git_in add -A && git_in commit -q -m before &&
	"$KMIGRATE" apply --in-place "$TMPDIR/base" >/dev/null 2>&1 &&
	git_in commit -q -a -m converted
	check "--base: the git copy converted with apply --in-place" \
		'[ "$(git -C "$TMPDIR/base" rev-list --count HEAD)" -eq 2 ]'
	run_check --base HEAD~1 "$TMPDIR/base"
	check "--base HEAD~1 on a correct conversion: exit 0, no sysfs-effect-changed" \
		'[ $status -eq 0 ] && ! grep -q "sysfs-effect-changed" "$out" && [ "$(errors)" -eq 0 ]'

	f=drivers/char/mem.c
	line=$(line_of "$TMPDIR/base/$f")
	sed -i 's/class_device_create(mem_class, NULL,/class_device_create(NULL, mem_class,/' \
		"$TMPDIR/base/$f"
	git_in commit -q -a -m swap
	run_check --base HEAD~1 "$TMPDIR/base"
	check "--base: a swapped call is swapped-arguments at its line, with the effect" \
		'[ $status -eq 1 ] && [ "$(errors)" -eq 1 ] && grep -q "^$f:$line:[0-9]*: error: arguments 1 and 2 appear swapped \[swapped-arguments\] .*before the change the call registered /sys/class/mem/<name> (dev)" "$text"'
	check "--base: the swap is not also sysfs-effect-changed" \
		'! grep -q "sysfs-effect-changed" "$out"'

	git_in reset -q --hard HEAD~1
	f=drivers/char/lp.c
	line=$(line_of "$TMPDIR/base/$f")
	sed -i 's/"lp%d"/"printer%d"/' "$TMPDIR/base/$f"
	git_in commit -q -a -m rename
	run_check --base HEAD~1 "$TMPDIR/base"
	check "--base: a renamed device is sysfs-effect-changed at its line, exit 1" \
		'[ $status -eq 1 ] && [ "$(errors)" -eq 1 ] && grep -q "^$f:$line:[0-9]*: error: .*\[sysfs-effect-changed\] .*before the change the call registered /sys/class/printer/lp<nr> (dev), now it registers /sys/class/printer/printer<nr> (dev)" "$text"'

	run_check --base no-such-rev "$TMPDIR/base"
	check "--base with an unknown revision: exit 2, one line" \
		'[ $status -eq 2 ] && one_line_on_stderr && grep -q "no-such-rev" "$err"'
	copy_tree "$expected" nogit
	run_check --base HEAD "$TMPDIR/nogit"
	check "--base outside a git work tree: exit 2, one line" \
		'[ $status -eq 2 ] && one_line_on_stderr'
else
	skip "--base" "git is not installed"
fi

# --- the model's verdicts against the model harness ----------------------------
#
# agree.awk VERDICTS HARNESS: every call the harness ran has a verdict
# with the same class, nesting, name (each <...> of the verdict matches
# any text), dev and device; every verdict's call ran.  Prints the
# disagreements.

cat >"$TMPDIR/agree.awk" <<'AWK'
function pattern(name,	re, i, c, inside) {
	re = "^"
	for (i = 1; i <= length(name); i++) {
		c = substr(name, i, 1)
		if (inside) {
			if (c == ">")
				inside = 0
			continue
		}
		if (c == "<") {
			inside = 1
			re = re ".*"
		} else if (c ~ /[A-Za-z0-9_ -]/) {
			re = re c
		} else {
			re = re "[" c "]"
		}
	}
	return re "$"
}
function key(line) { return substr(line, 1, index(line, ": ") - 1) }
function rest(line) { return substr(line, index(line, ": ") + 2) }
FNR == NR { verdict[key($0)] = rest($0); next }
/^# calls$/ { calls = 1; next }
/^# / { calls = 0 }
!calls { next }
{
	k = key($0); h = rest($0); v = verdict[k]; ran[k] = 1
	if (!(k in verdict)) { print k ": no verdict for '" h "'"; next }
	if (h ~ /^error /) {
		if (v != h)
			print k ": harness '" h "', verdict '" v "'"
		next
	}
	split(h, hw, " "); split(v, vw, " ")
	nh = split(hw[1], hp, "/"); nv = split(vw[1], vp, "/")
	bad = nh != nv || hp[4] != vp[4]
	for (i = 5; i < nh && !bad; i++)
		bad = hp[i] !~ pattern(vp[i])
	if (!bad && hp[nh] !~ pattern(vp[nv]) &&
	    !(length(hp[nh]) == 19 && hp[nh] ~ substr(pattern(vp[nv]), 1,
					length(pattern(vp[nv])) - 1)))
		bad = 1
	dev = (hw[2] != "dev=0:0"); vdev = (v ~ / dev( |$)/)
	dv = (hw[3] != "device=-"); vdv = (v ~ / device( |$)/)
	maybe = (v ~ / device\?$/)
	if (bad || dev != vdev || (dv && !vdv && !maybe) || (!dv && vdv))
		print k ": harness '" h "', verdict '" v "'"
}
END {
	for (k in verdict)
		if (!(k in ran))
			print k ": the harness never ran '" verdict[k] "'"
}
AWK

# agree TREE NAME [check options]: the harness and --verdicts on TREE
agree() {
	local tree=$1 name=$2
	shift 2
	if ! "$harness" "$tree" --out "$TMPDIR/$name.harness" \
			2>"$TMPDIR/$name.harness.err" &&
	   [ ! -s "$TMPDIR/$name.harness" ]; then
		echo "harness failed: $(tail -1 "$TMPDIR/$name.harness.err")"
		return
	fi
	"$KMIGRATE" check --verdicts "$@" >"$TMPDIR/$name.verdicts" 2>/dev/null
	awk -f "$TMPDIR/agree.awk" "$TMPDIR/$name.verdicts" \
		"$TMPDIR/$name.harness"
}

if command -v "${CC:-gcc}" >/dev/null 2>&1; then
	copy_tree "$expected" verdicts
	diffs=$(agree "$TMPDIR/verdicts" expected "$TMPDIR/verdicts")
	check "--verdicts: 72 lines, FILE:LINE: VERDICT" \
		'[ "$(wc -l <"$TMPDIR/expected.verdicts")" -eq 72 ] && ! grep -Ev "^[^ :]+:[0-9]+: (/sys/class/[^ ]+( dev)?( device\??)?|error -?[A-Z0-9]+|unknown: .*)$" "$TMPDIR/expected.verdicts"'
	check "the verdicts agree with the model harness on the converted tree" \
		'[ -z "$diffs" ] || { echo "$diffs" | sed "s/^/# /"; false; }'

	copy_tree "$mini" hand
	(cd "$TMPDIR/hand" && patch -s -p1 <"$hand_patch")
	diffs=$(agree "$TMPDIR/hand" hand --patch "$hand_patch" "$TMPDIR/mini")
	check "... and on the hand-patched tree" \
		'[ -z "$diffs" ] || { echo "$diffs" | sed "s/^/# /"; false; }'
	check "... where both say vmlogrdr's call fails with -ENODEV" \
		'grep -q "^drivers/s390/char/vmlogrdr.c:$vml: error -ENODEV$" "$TMPDIR/hand.verdicts" && grep -q "^drivers/s390/char/vmlogrdr.c:$vml: error -ENODEV$" "$TMPDIR/hand.harness"'
else
	skip "--verdicts against the model harness" "no C compiler"
fi

"$KMIGRATE" -v check "$TMPDIR/verdicts" >"$out" 2>"$err"
check "-v: a note with the model's verdict per call" \
	'[ "$(grep -c ": note: " "$out")" -eq 72 ] && grep -q "^drivers/char/mem.c:39:3: note: registers /sys/class/mem/<name> (dev)$" "$out"'
check "--help names --patch, --base and --verdicts" \
	'"$KMIGRATE" check --help 2>&1 | grep -q -- "--verdicts" && "$KMIGRATE" check --help 2>&1 | grep -q -- "--base REV"'

test_done
