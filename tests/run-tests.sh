#!/bin/bash
# run-tests.sh - run test programs and print one closing summary line.
#
#   run-tests.sh unit|all TEST...
#
# A TEST is a CUnit suite program (its exit status tells) or an end-to-end
# script tests/t-*.sh printing TAP-like lines ("ok N - ...", "not ok N -
# ...", "# TODO" marks an expected failure, "# SKIP" a case not run, and
# "1..0 # SKIP" a script not run).  Each test's output is shown; the last
# line is "tests: N passed, N failed, N skipped": a case skipped because a
# tool is missing is counted as such, never as passed.
#
# A test that runs longer than TEST_TIMEOUT seconds (default 600; 0: no
# limit) is killed with its children, counted as one failure, and named:
# "run-tests.sh: TEST timed out after N s".  A hang fails one test, not
# the whole run.
set -u
mode=$1
shift
passed=0 failed=0 todo=0 skipped=0 failures=()
TEST_TIMEOUT=${TEST_TIMEOUT:-600}
case $TEST_TIMEOUT in
''|*[!0-9]*)
	echo "run-tests.sh: TEST_TIMEOUT '$TEST_TIMEOUT' is not a number" \
	     "of seconds" >&2
	exit 2 ;;
esac
: "${TMPDIR:=/tmp}"
scratch=$(mktemp -d "$TMPDIR/kmigrate-tests.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
# kmigrate's result cache: never the user's real one
export XDG_CACHE_HOME="$scratch/xdg-cache"

# limited CMD...: CMD, killed with its process group after TEST_TIMEOUT
# seconds (timeout's 124, or 137 when it had to be killed); its input is
# /dev/null, as in CI, so that no test waits on a terminal
limited() {
	if [ "$TEST_TIMEOUT" -eq 0 ]; then
		"$@" </dev/null
	else
		timeout --kill-after=10 "$TEST_TIMEOUT" "$@" </dev/null
	fi
}

# timed_out TEST STATUS: say so when STATUS is the one of a test killed
# for running too long
timed_out() {
	[ "$TEST_TIMEOUT" -ne 0 ] || return 1
	[ "$2" -eq 124 ] || [ "$2" -eq 137 ] || return 1
	echo "run-tests.sh: $1 timed out after $TEST_TIMEOUT s"
}

for t in "$@"; do
	case $t in
	*.sh)
		[ "$mode" = all ] || continue
		echo "=== $t"
		out="$scratch/out"
		mkdir -p "$scratch/tmp"
		TMPDIR="$scratch/tmp" limited bash "$t" >"$out" 2>&1
		status=$?
		cat "$out"
		timed_out "$t" "$status"
		p=$(grep '^ok ' "$out" | grep -vc '# SKIP')
		f=$(grep '^not ok ' "$out" | grep -vc '# TODO')
		d=$(grep '^not ok ' "$out" | grep -c '# TODO')
		s=$(grep -c -e '^ok .*# SKIP' -e '^1\.\.0 # SKIP' "$out")
		passed=$((passed + p)) failed=$((failed + f)) todo=$((todo + d))
		skipped=$((skipped + s))
		if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
			failed=$((failed + 1))
		fi
		[ "$status" -ne 0 ] || [ "$f" -ne 0 ] && failures+=("$t")
		rm -rf "$scratch/tmp"
		;;
	*)
		echo "=== $t"
		out="$scratch/out"
		limited "$t" >"$out" 2>&1
		status=$?
		cat "$out"
		timed_out "$t" "$status"
		# CUnit's summary: "tests  N  N  N  F  n/a"
		p=$(awk '$1 == "tests" && NF >= 5 { print $4 }' "$out")
		f=$(awk '$1 == "tests" && NF >= 5 { print $5 }' "$out")
		passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0}))
		if [ "$status" -ne 0 ]; then
			[ "${f:-0}" -eq 0 ] && failed=$((failed + 1))
			failures+=("$t")
		fi
		;;
	esac
done

if [ ${#failures[@]} -gt 0 ]; then
	echo
	echo "failed: ${failures[*]}"
fi
if [ "$todo" -gt 0 ]; then
	echo "expected failures (TODO): $todo"
fi
echo "tests: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
