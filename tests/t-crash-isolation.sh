#!/bin/bash
# t-crash-isolation.sh - a crash of spatch or libclang on one file is
# that file's error, named with the signal, and every other file is
# still converted or judged (issue 30, goal 2).
#
# apply: a fake spatch forwards to the real one, except that a run given
# a file holding a marker kills itself with SIGSEGV, batch or single:
# the batch runs again file by file, the marked file is reported with
# the signal and left as it was, every other file is converted, apply
# exits 1 and leaves no temporary file.
#
# check: libclang really crashes, on an expression of 50,000 terms
# (tests/gen-deep.sh) handed to it with the depth limit lifted
# (KMIGRATE_MAX_EXPR_DEPTH=0): the file gets a parse-crash error at its
# line 1 naming the signal, its call is still checked from its text,
# the files before and after it are judged, check exits 1, with -j 1
# (the crash runs again alone in a fresh process) and -j 2, with the
# result cache too; no core file, no temporary file left.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR; spatch (else the apply cases are
# skipped).
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/gen-deep.sh"
# the fake spatch must really run, and libclang too
uncached_scratch
MINI=$mini

# ---- apply: spatch killed by a signal on one file ----
apply_crash() {
	local real_spatch marked=drivers/char/raw.c expected

	real_spatch=$(command -v spatch) ||
		{ skip "apply: spatch crashing on one file" "no spatch"; return; }
	check_shows=$err
	expected=$(expected_tree) || exit 1
	mkdir -p "$scratch/bin" "$scratch/tmp"
	{ fake_spatch_head "$real_spatch"; cat <<END_OF_FAKE; } \
		>"$scratch/bin/spatch"
echo "\${groups:+batch}\${input:+file}" >>"$scratch/runs.log"
for f in \$files; do
	grep -q CRASH-SPATCH-HERE "\$f" && kill -SEGV \$\$
done
exec "$real_spatch" "\$@"
END_OF_FAKE
	chmod +x "$scratch/bin/spatch"
	cp -a "$MINI" "$scratch/tree"
	echo '/* CRASH-SPATCH-HERE */' >>"$scratch/tree/$marked"
	cp "$scratch/tree/$marked" "$scratch/marked.c"
	: >"$scratch/runs.log"
	TMPDIR=$scratch/tmp PATH=$scratch/bin:$PATH "$KMIGRATE" -j 2 \
		apply --in-place "$scratch/tree" >"$out" 2>"$err"
	status=$?
	check "apply: spatch killed on one file: exit 1" '[ $status -eq 1 ]'
	check "apply: the file is named with the signal" \
		'grep -qxF "$marked: spatch killed by signal 11 (Segmentation fault)" \
			"$err" && grep -q "^apply: .* 1 file failed" "$err"'
	check "apply: its calls are left, said so" \
		'[ "$(diag_join "$err" | grep -c "^$marked:[0-9:]*: warning: not converted spatch killed by signal 11 (Segmentation fault)$")" -eq 2 ]'
	check "apply: the batch ran again file by file" \
		'[ "$(grep -cx batch "$scratch/runs.log")" -ge 1 ] &&
		 [ "$(grep -cx file "$scratch/runs.log")" -ge 2 ]'
	diff -r "$expected" "$scratch/tree" >"$scratch/diff"
	check "apply: the marked file untouched, every other one converted" \
		'cmp -s "$scratch/marked.c" "$scratch/tree/$marked" &&
		 [ "$(grep -c "^diff " "$scratch/diff")" -eq 1 ] &&
		 grep -q "^diff .*/$marked " "$scratch/diff"'
	find "$scratch/tmp" "$scratch/tree" -mindepth 1 \
		\( -path "$scratch/tree/*" -name ".*kmigrate*" -o \
		-path "$scratch/tmp/*" \) >"$scratch/left"
	check "apply: no temporary file left" '[ ! -s "$scratch/left" ]'
}
apply_crash

# ---- check: libclang killed by a signal on one file ----
t=$scratch/deep
deep_tree "$t"
for f in a b c; do
	printf '%s\n' '#include <linux/device.h>' \
		'static struct class *cls;' 'void f(int i)' '{' \
		'	class_device_create(cls, 0, NULL, "x%d", i);' \
		'}' >"$t/drivers/x/$f.c"
done
deep_function terms 50000 >>"$t/drivers/x/b.c"
crash='drivers/x/b.c:1:1: error: libclang crashed on this file: it was not'
crash="$crash analysed [parse-crash] libclang's process was killed by signal"
crash="$crash 11 (Segmentation fault) parsing it; its 1 call was checked"
crash="$crash from the text only"

# check_crash DESC ARGS...: check with the limit lifted, in a fresh
# TMPDIR and cwd; b.c's crash and every file judged
check_crash() {
	local desc=$1
	shift
	rm -rf "$scratch/tmp" "$scratch/cwd"
	mkdir -p "$scratch/tmp" "$scratch/cwd"
	(cd "$scratch/cwd" && KMIGRATE_MAX_EXPR_DEPTH=0 TMPDIR=$scratch/tmp \
		timeout 120 "$KMIGRATE" "$@" check "$t" >"$out" 2>"$err")
	status=$?
	check_shows=$out
	check "check $*: $desc" \
		'[ $status -eq 1 ] && diag_join "$out" | grep -qxF "$crash" &&
		 [ "$(grep -c "^drivers/x/[abc].c:5:2: error: call still in the old form \[unconverted-call\]$" "$out")" -eq 3 ] &&
		 [ "$(grep -c ": error: " "$out")" -eq 4 ] &&
		 grep -q "^check: 3 call sites in 3 files: 4 errors" "$err"'
	find "$scratch/cwd" "$scratch/tmp" -mindepth 1 >"$scratch/left"
	check "check $*: no core file, no temporary file" \
		'[ ! -s "$scratch/left" ]'
}
check_crash "b.c's crash is its error, a.c and c.c judged" -j 1
check_crash "the same on two processes" -j 2
unset KMIGRATE_NO_CACHE
check_crash "the same with the result cache" -j 2
check_crash "a second run: the crash is not cached" -j 2

test_done
