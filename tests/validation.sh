#!/bin/bash
# validation.sh - the one runner for test cases that carry their own
# expectations, as in sparse's validation/.
#
#	validation.sh [CASE...]		(default: every case under
#					tests/validation/ and tests/model/)
#
# A case is one input file (tests/validation/DIR/NAME.c, NAME.scn, ...)
# with, in a comment anywhere in it, lines of the form
#
#	check-name: WHAT THE CASE SHOWS
#	check-command: kmigrate check --format json .
#	check-exit-value: 1
#	check-output-start
#	LINES STDOUT MUST BE
#	check-output-end
#	check-error-start
#	LINES STDERR MUST BE
#	check-error-end
#
# Whatever precedes "check-" on a line (" * ", "# ") is the comment's
# prefix, stripped from the lines of a block.  The command runs under
# bash in a scratch directory holding a copy of DIR/tree/ (when there is
# one) and the input itself at the top, as $file; "kmigrate" is the
# binary under test and $dir the case's directory in the source.  The
# default command is "kmigrate check ." for a *.c input and "kmigrate
# model $file" for a *.scn one.  A block left out means that stream must
# be empty; check-exit-value defaults to 0.  "check-requires: TOOL" skips
# the case when TOOL is not installed, "check-known-to-fail" makes a
# failure a TODO.  Each case is one TAP line, a failure followed by the
# diff of what was expected against what came.
. "$(dirname "$0")/lib.sh"
export LC_ALL=C

# default_command FILE: the command of a case that names none
default_command() {
	# shellcheck disable=SC2016 # the command's own $file
	case $1 in
	*.c)	echo 'kmigrate check .' ;;
	*.scn)	echo 'kmigrate model $file' ;;
	*)	echo 'false' ;;
	esac
}

# run_case FILE: one TAP line for the case in FILE
run_case() {
	local input=$1 dir name cmd want_status status tool work
	dir=$(cd "$(dirname "$input")" && pwd)
	name=$(case_directive "$input" name)
	name="${input#"$SRCDIR"/tests/}${name:+: $name}"
	tool=$(case_directive "$input" requires)
	if [ -n "$tool" ] && ! command -v "$tool" >/dev/null 2>&1; then
		skip "$name" "$tool is not installed"
		return
	fi
	cmd=$(case_directive "$input" command)
	[ -n "$cmd" ] || cmd=$(default_command "$input")
	want_status=$(case_directive "$input" exit-value)
	want_status=${want_status:-0}

	work=$scratch/case
	rm -rf "$work"
	mkdir -p "$work/run"
	[ ! -d "$dir/tree" ] || cp -R "$dir/tree/." "$work/run/"
	cp "$input" "$work/run/"
	case_block "$input" output >"$work/want.out"
	case_block "$input" error >"$work/want.err"
	(cd "$work/run" && file=$(basename "$input") dir=$dir \
		KMIGRATE=$KMIGRATE bash -c \
		'kmigrate() { "$KMIGRATE" "$@"; }; '"$cmd") \
		>"$work/out" 2>"$work/err"
	status=$?

	: >"$work/diff"
	diff -u --label expected-stdout --label stdout "$work/want.out" \
		"$work/out" >>"$work/diff"
	diff -u --label expected-stderr --label stderr "$work/want.err" \
		"$work/err" >>"$work/diff"
	[ "$status" -eq "$want_status" ] ||
		echo "exit $status, expected $want_status" >>"$work/diff"
	if [ ! -s "$work/diff" ]; then
		ok "$name"
	elif grep -aq 'check-known-to-fail' "$input"; then
		todo "$name" "known to fail"
	else
		not_ok "$name"
		show "$work/diff" 40 "  "
	fi
}

make_scratch
if [ $# -eq 0 ]; then
	# shellcheck disable=SC2046 # no blank in a case's path
	set -- $(find "$SRCDIR/tests/validation" "$SRCDIR/tests/model" -path '*/tree' -prune -o -type f \
		\( -name '*.c' -o -name '*.scn' \) -print | sort)
fi
for input in "$@"; do
	case $input in
	/*)	;;
	*)	input=$PWD/$input ;;
	esac
	run_case "$input"
done
test_done
