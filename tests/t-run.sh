#!/bin/bash
# t-run.sh - the main job: 'kmigrate run' on the bundled demo tree prints
# the one-screen report, writes the series where it is told, and leaves
# the repository as it was.
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err

before=
if git -C "$SRCDIR" rev-parse --git-dir >/dev/null 2>&1; then
	before=$(git -C "$SRCDIR" status --porcelain)
fi
fixture_sum=$(cd "$SRCDIR/tree-fixtures" && find linux-2.6.14-mini hand-conversion.patch -type f | sort | xargs cat | cksum)

"$KMIGRATE" run --out "$TMPDIR/series" >"$out" 2>"$err"
status=$?
check "run exits 0" '[ $status -eq 0 ]'
check "the report counts the call sites by form" \
	'grep -q "^scan .*72 call sites in 52 files: 72 old, 0 new, 0 ambiguous" "$out"'
check "the report says what was converted, against the hand-written patch" \
	'grep -q "^apply .*52 files, 72 calls converted, 0 left" "$out" &&
	 grep -q "the hand-written patch: 86 added, 73 removed" "$out"'
check "the report gives check's verdict on the result" \
	'grep -q "^check .*0 errors" "$out"'
diag_join "$out" >"$TMPDIR/run.text"
check "the review shows vmlogrdr as a compiler-style swapped-arguments error" \
	'grep -Eq "^  drivers/s390/char/vmlogrdr.c:[0-9]+:[0-9]+: error: arguments 1 and 2 appear swapped \[swapped-arguments\] " "$TMPDIR/run.text"'
check "the model explains what is not registered in sysfs" \
	'grep "swapped-arguments" "$TMPDIR/run.text" | grep -q "/sys/class/vmlogrdr/.* is never created"'
check "the review notes tty and i2o as equivalent" \
	'[ "$(grep -c "note: .*\[hand-patch-divergence\]" "$TMPDIR/run.text")" -eq 2 ]'
check "the review's findings keep within 100 columns" \
	'[ -z "$(diag_bad_lines "$out" | grep ": error: \|: warning: \|: note: \|^        ")" ]'
check "the series is written where asked, with its checkpatch verdict" \
	'grep -q "^series .*$TMPDIR/series: the cover letter and 1 patch" "$out" &&
	 grep -q "checkpatch" "$out" &&
	 [ -f "$TMPDIR/series/0000-cover-letter.patch" ] &&
	 [ "$(ls "$TMPDIR/series" | wc -l)" -eq 2 ]'
check "the report ends with the commands for a real tree" \
	'grep -q "kmigrate apply" "$out" && grep -q "kmigrate series" "$out"'
check "the report fits one screen (at most 40 lines)" '[ "$(wc -l <"$out")" -le 40 ]'
check "nothing on stderr" '[ ! -s "$err" ]'
check "the fixture tree is not modified" \
	'[ "$(cd "$SRCDIR/tree-fixtures" && find linux-2.6.14-mini hand-conversion.patch -type f | sort | xargs cat | cksum)" = "$fixture_sum" ]'
if [ -n "$before" ] || git -C "$SRCDIR" rev-parse --git-dir >/dev/null 2>&1; then
	check "git status of the repository is unchanged" \
		'[ "$(git -C "$SRCDIR" status --porcelain)" = "$before" ]'
fi
check "no scratch copy is left behind" \
	'[ -z "$(find "$TMPDIR" -maxdepth 1 -name "kmigrate-run-*")" ]'

"$KMIGRATE" run extra >"$out" 2>"$err"
status=$?
check "run with an operand exits 2 with one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ]'
test_done
