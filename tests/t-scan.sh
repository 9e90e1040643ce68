#!/bin/bash
# t-scan.sh - "kmigrate scan" end to end: the fixture trees, JSON, git and
# plain trees alike, symlinks, unreadable files, usage errors.
. "$(dirname "$0")/lib.sh"

mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini
hard=$SRCDIR/tree-fixtures/hard-cases
expected=$SRCDIR/tree-fixtures/hard-cases.expected
work=$TMPDIR/t-scan
out=$TMPDIR/scan.out err=$TMPDIR/scan.err
rm -rf "$work" && mkdir -p "$work"

# --- the 2.6.14 tree: 72 old calls in 52 files, nothing unaccounted

"$KMIGRATE" scan "$mini" >"$out" 2>"$err"
status=$?
check "2.6.14-mini: exit 0" '[ $status -eq 0 ]'
check "2.6.14-mini: 72 old calls" '[ "$(grep -c ": old " "$out")" -eq 72 ]'
check "2.6.14-mini: the old calls are in 52 files" \
	'[ "$(grep ": old " "$out" | cut -d: -f1 | sort -u | wc -l)" -eq 52 ]'
check "2.6.14-mini: every other occurrence is a declaration in device.h" \
	'! grep -v ": old " "$out" | grep -qv "^include/linux/device.h:[0-9]*:[0-9]*: declaration "'
check "2.6.14-mini: a one-line summary on stderr" \
	'[ "$(wc -l <"$err")" -eq 1 ] && grep -q "72 old, 0 new, 0 ambiguous" "$err"'
cp "$out" "$work/mini.txt"

# --- the hard cases: exactly the written outcome

if [ -f "$expected/scan.txt" ]; then
	"$KMIGRATE" scan "$hard" >"$out" 2>"$err"
	status=$?
	check "hard-cases: stdout is scan.txt, exit 0" \
		'[ $status -eq 0 ] && cmp -s "$out" "$expected/scan.txt"'
	check "hard-cases: the note lines are scan-notes.txt" \
		'grep -E "^kmigrate: (note|warning): " "$err" | cmp -s - "$expected/scan-notes.txt"'
	"$KMIGRATE" -v scan "$hard" >"$out" 2>"$err"
	diag_join "$err" >"$work/reasons"
	check "-v: why a call is ambiguous, in the compiler form" \
		'grep -q "^drivers/hard/five-args.c:15:38: note: ambiguous no evidence for either form: argument 2 .a. is a macro parameter" "$work/reasons" &&
		 grep -q "^drivers/hard/shadow.c:[0-9]*:[0-9]*: note: shadowed " "$work/reasons"'
	check "-v: the reasons within 100 columns, the details indented" \
		'[ -z "$(diag_bad_lines "$err" | grep -Ev "^(kmigrate|scan): ")" ] &&
		 grep -q "^        [^ ]" "$err"'
else
	skip "hard-cases: stdout is scan.txt" "no expected output"
	skip "hard-cases: the note lines are scan-notes.txt" "no expected output"
fi

# --- JSON

"$KMIGRATE" scan --format json "$mini" >"$work/mini.json" 2>"$err"
status=$?
check "--format json: exit 0, one object" \
	'[ $status -eq 0 ] && head -c1 "$work/mini.json" | grep -q "{"'
if command -v python3 >/dev/null; then
	check "--format json parses, with the text output's counts" \
		'python3 -c "
import json, sys
d = json.load(open(sys.argv[1], encoding=\"latin-1\"))
s = d[\"summary\"]
assert len(d[\"call_sites\"]) == s[\"occurrences\"] == 74
assert s[\"old\"] == 72 and s[\"new\"] == 0 and s[\"ambiguous\"] == 0
assert s[\"not_calls\"] == 2 and s[\"files\"] == 53
assert s[\"skipped_files\"] == 0
c = d[\"call_sites\"][0]
assert sorted(c) == [\"call\", \"column\", \"file\", \"kind\", \"line\", \"reason\"] or sorted(c) == [\"call\", \"column\", \"file\", \"kind\", \"line\"]
" "$work/mini.json" 2>/dev/null'
	"$KMIGRATE" scan --format json "$hard" >"$work/hard.json" 2>/dev/null
	check "--format json on the hard cases parses (quotes, backslashes)" \
		'python3 -m json.tool "$work/hard.json" >/dev/null 2>&1'
else
	skip "--format json parses" "no python3"
	skip "--format json on the hard cases parses" "no python3"
fi

# --- a plain copy and a git work tree give the same output

cp -R "$mini" "$work/plain"
rm -rf "$work/plain/.git"
"$KMIGRATE" scan "$work/plain" >"$work/plain.txt" 2>/dev/null
check "a plain copy scans like the fixture" 'cmp -s "$work/plain.txt" "$work/mini.txt"'
if command -v git >/dev/null; then
	cp -R "$mini" "$work/git"
	(cd "$work/git" && git init -q && git add -A &&
	 git -c user.name=t -c user.email=t@example.org commit -qm t) \
		>/dev/null 2>&1
	"$KMIGRATE" scan "$work/git" >"$work/git.txt" 2>/dev/null
	check "a git work tree scans like the plain copy" \
		'[ -d "$work/git/.git" ] && cmp -s "$work/git.txt" "$work/plain.txt"'
else
	skip "a git work tree scans like the plain copy" "no git"
fi

"$KMIGRATE" -j 1 scan "$work/plain" >"$work/j1.txt" 2>/dev/null
"$KMIGRATE" scan -j 4 "$work/plain" >"$work/j4.txt" 2>/dev/null
check "-j 1 and -j 4 give the same output" \
	'cmp -s "$work/j1.txt" "$work/plain.txt" && cmp -s "$work/j4.txt" "$work/plain.txt"'

# --- symlinks, unreadable files, build outputs

tree=$work/tree
mkdir -p "$tree/drivers" "$work/outside" "$tree/.git" "$tree/.tmp_versions"
call='void f(void) { class_device_create(c, MKDEV(1, 2), NULL, "x"); }'
echo "$call" >"$tree/drivers/a.c"
echo "$call" >"$work/outside/far.c"
echo "$call" >"$tree/.git/hidden.c"
echo "$call" >"$tree/.tmp_versions/hidden.c"
echo "$call" >"$tree/drivers/a.o"
ln -s ../../outside/far.c "$tree/drivers/far.c"
ln -s ../outside "$tree/outdir"
ln -s .. "$tree/drivers/loop"
"$KMIGRATE" scan "$tree" >"$out" 2>"$err"
status=$?
check "a symlink to outside the tree is not followed" \
	'[ $status -eq 0 ] && ! grep -q "far.c:" "$out" && grep -q "^kmigrate: note: skipping .drivers/far.c.: symlink to outside" "$err"'
check "only *.c and *.h outside .git and .tmp_versions, no loop" \
	'[ "$(cat "$out")" = "drivers/a.c:1:16: old class_device_create(c, MKDEV(1, 2), NULL, \"x\")" ]'

mkfifo "$tree/drivers/fifo.c"
mkdir "$tree/drivers/dir.c"
echo "$call" >"$tree/drivers/dir.c/inner.c"
timeout 60 "$KMIGRATE" scan "$tree" >"$out" 2>"$err"
status=$?
check "an unreadable file is a warning, not fatal" \
	'[ $status -eq 0 ] && grep -q "^kmigrate: warning: cannot read .drivers/fifo.c.: " "$err" && grep -q "^drivers/a.c:1:16: old" "$out"'
check "a directory named x.c is walked into" \
	'grep -q "^drivers/dir.c/inner.c:1:16: old" "$out"'
rm -f "$tree/drivers/fifo.c"

"$KMIGRATE" scan -q "$tree" >"$out" 2>"$err"
check "-q: results only, nothing on stderr" '[ -s "$out" ] && [ ! -s "$err" ]'

mkdir -p "$work/none/src"
echo "int class_device_create_file;" >"$work/none/src/x.c"
"$KMIGRATE" scan "$work/none" >"$out" 2>"$err"
status=$?
check "no occurrence: empty stdout, a note, exit 0" \
	'[ $status -eq 0 ] && [ ! -s "$out" ] && grep -q "^kmigrate: note: no call of .class_device_create. found in " "$err"'

# --- usage

"$KMIGRATE" scan "$work/missing" >"$out" 2>"$err"
status=$?
check "a missing TREE exits 2 with one line" \
	'[ $status -eq 2 ] && [ "$(cat "$err")" = "kmigrate: cannot open tree '"'"'$work/missing'"'"': No such file or directory" ] && [ ! -s "$out" ]'
"$KMIGRATE" scan "$tree/drivers/a.c" >"$out" 2>"$err"
status=$?
check "a TREE that is a file exits 2 with one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "Not a directory" "$err"'
"$KMIGRATE" scan >"$out" 2>"$err"
status=$?
check "no TREE exits 2 with one line" '[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ]'
"$KMIGRATE" scan --format xml "$tree" >"$out" 2>"$err"
status=$?
check "an unknown format exits 2" '[ $status -eq 2 ] && grep -q xml "$err"'
"$KMIGRATE" scan --help >"$out" 2>"$err"
status=$?
check "--help exits 0 with the usage" \
	'[ $status -eq 0 ] && grep -q "^usage: kmigrate scan" "$out"'

rm -rf "$work"
test_done
