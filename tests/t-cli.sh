#!/bin/bash
# t-cli.sh - the program's own command line: help, version, usage errors.
. "$(dirname "$0")/lib.sh"

out=$TMPDIR/cli.out err=$TMPDIR/cli.err

"$KMIGRATE" --help >"$out" 2>"$err"
check "--help exits 0 and lists the commands" \
	'[ $? -eq 0 ] && grep -q "^usage: kmigrate" "$out" && grep -q "model" "$out"'

"$KMIGRATE" -h >"$out" 2>"$err"
check "-h is --help" '[ $? -eq 0 ] && grep -q "^usage: kmigrate" "$out"'

"$KMIGRATE" --version >"$out" 2>"$err"
check "--version prints the version" \
	'[ $? -eq 0 ] && grep -Eq "^kmigrate version [0-9]" "$out"'

"$KMIGRATE" frobnicate >"$out" 2>"$err"
status=$?
check "an unknown command exits 2 with one line naming it" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "frobnicate" "$err" && [ ! -s "$out" ]'

"$KMIGRATE" --frobnicate model >"$out" 2>"$err"
status=$?
check "an unknown global option exits 2 with one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q -- "--frobnicate" "$err"'

"$KMIGRATE" -j zero model >"$out" 2>"$err"
status=$?
check "a bad -j value exits 2" '[ $status -eq 2 ] && grep -q "zero" "$err"'

# -j takes 1..4096 jobs the same before the command and after it
for jobs in 0 4097; do
	"$KMIGRATE" -j $jobs scan "$SRCDIR/tree-fixtures/linux-2.6.26-mini" >"$out" 2>"$err"
	before=$?
	"$KMIGRATE" scan -j $jobs "$SRCDIR/tree-fixtures/linux-2.6.26-mini" >"$out" 2>"$err"
	after=$?
	check "-j $jobs is refused before and after the command" \
		'[ $before -eq 2 ] && [ $after -eq 2 ] && grep -q "1 to 4096" "$err"'
done
"$KMIGRATE" -j 4096 --help >"$out" 2>"$err"
status=$?
check "-j 4096 is accepted before the command" '[ $status -eq 0 ]'
"$KMIGRATE" scan -j 1 --help >"$out" 2>"$err"
status=$?
check "-j 1 is accepted after the command" '[ $status -eq 0 ]'

"$KMIGRATE" >"$out" 2>"$err"
status=$?
check "no command exits 2 and shows the usage on stderr" \
	'[ $status -eq 2 ] && grep -q "^usage: kmigrate" "$err"'

# every command in the table answers --help with its own usage, exit 0
for cmd in $(sed -n '/^commands:/,/^$/p' <("$KMIGRATE" --help) | awk 'NF > 1 { print $1 }' | grep -v commands:); do
	"$KMIGRATE" "$cmd" --help >"$out" 2>"$err"
	check "'$cmd --help' exits 0 with its usage" \
		'[ $? -eq 0 ] && grep -q "^usage: kmigrate $cmd" "$out"'
	"$KMIGRATE" "$cmd" --no-such-option >"$out" 2>"$err"
	status=$?
	check "'$cmd --no-such-option' exits 2 with one line" \
		'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ]'
done

"$KMIGRATE" help model >"$out" 2>"$err"
check "'help model' is 'model --help'" \
	'[ $? -eq 0 ] && grep -q "^usage: kmigrate model" "$out"'

test_done
