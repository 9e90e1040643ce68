#!/bin/bash
# t-scale-limits.sh - a file past what libclang can parse (issue 30):
# an expression of 50,000 terms, a chain of 10,000 else-ifs, 3,000
# casts, each of which overflows libclang's stack.  check refuses to
# hand such a file to libclang: an expression-too-deep error on that
# file, naming the limit, with check's error status, and the other
# files still judged; an expression below the limit is parsed as any.
# scan reads the same files, and 100,000 nested parentheses, to the
# end.  The inputs are generated here (tests/gen-deep.sh), not
# committed.  (With the limit lifted, libclang crashes on them:
# t-crash-isolation.sh.)
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR; awk.
. "$(dirname "$0")/lib.sh"
. "$SRCDIR/tests/gen-deep.sh"
uncached_scratch
check_shows=$out

km() {
	timeout "${T_SCALE_LIMITS_TIMEOUT:-120}" "$KMIGRATE" "$@" >"$out" \
		2>"$err"
	status=$?
}

# the tree at $1: a.c with one old-form call, and b.c with one, then
# deep_function $2 $3
new_tree() {
	local t=$1 f

	deep_tree "$t"
	for f in a b; do
		printf '%s\n' '#include <linux/device.h>' \
			'static struct class *cls;' 'void f(int i)' '{' \
			'	class_device_create(cls, 0, NULL, "x%d", i);' \
			'}' >"$t/drivers/x/$f.c"
	done
	deep_function "$2" "$3" >>"$t/drivers/x/b.c"
}

# check on $1 ended with an error, b.c refused at the deep line with the
# limit, a.c judged
refused() {
	km check "$1"
	[ $status -eq 1 ] &&
		diag_join "$out" | grep -q '^drivers/x/b.c:\([0-9]*\):1: error: an expression too deep for libclang: the file was not parsed \[expression-too-deep\] an expression at line \1 nests [0-9]* operators deep, past the limit of 1000; its 1 call was checked from the text only$' &&
		grep -q '^drivers/x/a.c:5:2: error: .*\[unconverted-call\]$' "$out" &&
		grep -q '^drivers/x/b.c:5:2: error: .*\[unconverted-call\]$' "$out"
}

t=$scratch/t
new_tree "$t" terms 50000
check 'check: a 50,000-term expression is its file'"'"'s error, a.c judged' \
	'refused "$t"'
new_tree "$t" elseif 10000
check 'check: 10,000 else-ifs are their file'"'"'s error, a.c judged' \
	'refused "$t"'
new_tree "$t" casts 3000
check 'check: 3,000 casts are their file'"'"'s error, a.c judged' \
	'refused "$t"'
new_tree "$t" terms 900
km check "$t"
check 'check: a 900-term expression is parsed, no error of its own' \
	'[ $status -eq 1 ] && ! grep -q "expression-too-deep\|parse-failure" "$out" &&
	 [ "$(grep -c "\[unconverted-call\]$" "$out")" -eq 2 ]'
new_tree "$t" terms 1200
KMIGRATE_MAX_EXPR_DEPTH=2000 km check "$t"
check 'check: KMIGRATE_MAX_EXPR_DEPTH=2000 lets 1,200 terms through' \
	'[ $status -eq 1 ] && ! grep -q "expression-too-deep\|parse-failure" "$out" &&
	 [ "$(grep -c "\[unconverted-call\]$" "$out")" -eq 2 ]'
KMIGRATE_MAX_EXPR_DEPTH=1100 km check "$t"
check 'check: KMIGRATE_MAX_EXPR_DEPTH=1100 stops them, naming 1100' \
	'[ $status -eq 1 ] &&
	 diag_join "$out" | grep -q "^drivers/x/b.c:9:1: error: .* past the limit of 1100; its 1 call"'
check_shows=$err
KMIGRATE_MAX_EXPR_DEPTH=lots km check "$t"
check 'check: KMIGRATE_MAX_EXPR_DEPTH=lots: a usage error, exit 2' \
	'[ $status -eq 2 ] && [ ! -s "$out" ] &&
	 grep -qx "kmigrate: error: invalid KMIGRATE_MAX_EXPR_DEPTH '"'lots'"': not a number of operators" "$err"'

for shape in "terms 50000" "elseif 10000" "parens 100000"; do
	new_tree "$t" $shape
	km scan "$t"
	check "scan: b.c with ${shape% *} ${shape#* } reads to the end" \
		'[ $status -eq 0 ] && grep -q "^drivers/x/b.c:5:2: old " "$out" &&
		 grep -q "^drivers/x/a.c:5:2: old " "$out"'
done

test_done
