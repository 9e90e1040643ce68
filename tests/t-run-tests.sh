#!/bin/bash
# t-run-tests.sh - the test runner itself: a test that hangs is killed
# after TEST_TIMEOUT seconds, with the processes it started, counted as a
# failure and named, and the tests after it still run; a bad
# TEST_TIMEOUT is one line and exit 2.
# shellcheck disable=SC2016 # the conditions of check are eval'd
. "$(dirname "$0")/lib.sh"
RUNNER=$SRCDIR/tests/run-tests.sh

make_scratch

# a test that hangs in a child of its own, one that passes, a unit
# program that hangs
cat >"$scratch/t-hang.sh" <<EOF
#!/bin/bash
echo "ok 1 - before the hang"
sleep 300 &
echo \$! >"$scratch/child.pid"
wait
EOF
cat >"$scratch/t-pass.sh" <<'EOF'
#!/bin/bash
echo "ok 1 - after the hang"
EOF
cat >"$scratch/unit-hang" <<'EOF'
#!/bin/bash
sleep 300
EOF
chmod +x "$scratch/unit-hang"

start=$SECONDS
TEST_TIMEOUT=2 "$RUNNER" all "$scratch/t-hang.sh" "$scratch/t-pass.sh" \
	"$scratch/unit-hang" >"$scratch/out" 2>&1
status=$? took=$((SECONDS - start))
last=$(tail -n 1 "$scratch/out")
check "two hung tests are stopped: exit 1 within the limits" \
	'[ "$status" -eq 1 ] && [ "$took" -lt 60 ]' || show "$scratch/out" 30
check "each hung test is named as timed out" \
	'[ "$(grep -c "timed out after 2 s" "$scratch/out")" -eq 2 ]' ||
	show "$scratch/out" 30
check "the summary counts the hangs as failures and the rest as passed" \
	'[ "$last" = "tests: 2 passed, 2 failed, 0 skipped" ]'
pid=$(cat "$scratch/child.pid" 2>/dev/null)
check "the hung test's own child is killed with it" \
	'[ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null'
[ -n "$pid" ] && kill "$pid" 2>/dev/null

TEST_TIMEOUT=soon "$RUNNER" all "$scratch/t-pass.sh" >"$scratch/bad.out" \
	2>"$scratch/bad.err"
status=$?
check "a TEST_TIMEOUT that is not a number: one line, exit 2" \
	'[ "$status" -eq 2 ] && [ "$(wc -l <"$scratch/bad.err")" -eq 1 ] &&
	 grep -q "TEST_TIMEOUT" "$scratch/bad.err"'

TEST_TIMEOUT=0 "$RUNNER" all "$scratch/t-pass.sh" >"$scratch/none.out" 2>&1
status=$?
last=$(tail -n 1 "$scratch/none.out")
check "TEST_TIMEOUT=0 runs with no limit" \
	'[ "$status" -eq 0 ] && [ "$last" = "tests: 1 passed, 0 failed, 0 skipped" ]'

test_done
