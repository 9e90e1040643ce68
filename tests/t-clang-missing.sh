#!/bin/bash
# t-clang-missing.sh - kmigrate on a machine without libclang: it is
# opened at run time, so the commands that do not parse C work, and
# check stops with one line saying what to install (exit 2).
# KMIGRATE_LIBCLANG stands in for the missing library: when set, it is
# the only path kmigrate tries.
#
# Needs: $KMIGRATE (the binary), $SRCDIR (the repository), $TMPDIR
# (scratch); ldd, when present, for the binary's own dependencies.
. "$(dirname "$0")/lib.sh"

mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini
out=$TMPDIR/clang-missing.out err=$TMPDIR/clang-missing.err
missing=/nonexistent/libclang.so

# run kmigrate with libclang at $lib: $out, $err, $status
lib=$missing
run() {
	KMIGRATE_LIBCLANG=$lib "$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

# the one line a missing libclang must give
one_line() {
	[ "$(wc -l <"$err")" -eq 1 ] && grep -q "libclang" "$err" &&
		grep -q "apt-get install libclang-dev" "$err"
}

# --- what does not need libclang ---------------------------------------------

run --help
check "--help: exit 0 without libclang" '[ $status -eq 0 ] && [ -s "$out" ]'
check "--help: nothing about libclang" '! grep -q libclang "$err"'

run scan "$mini"
check "scan: exit 0 without libclang" '[ $status -eq 0 ]'
check "scan: the 72 old calls all the same" \
	'[ "$(grep -c ": old " "$out")" -eq 72 ]'
check "scan: nothing about libclang" '! grep -q libclang "$err"'

# --- check needs it ----------------------------------------------------------

run check "$mini"
check "check: exit 2 without libclang" '[ $status -eq 2 ]'
check "check: one line naming libclang and what to install" 'one_line'
check "check: the line is kmigrate's, with the loader's reason" \
	'grep -q "^kmigrate: cannot load libclang ($missing: " "$err"'
check "check: the override is named as the other way out" \
	'grep -q "or unset KMIGRATE_LIBCLANG$" "$err"'
check "check: no report on stdout" '[ ! -s "$out" ]'

run check --format json "$mini"
check "check --format json: exit 2, one line, no half document" \
	'[ $status -eq 2 ] && one_line && [ ! -s "$out" ]'

lib=$SRCDIR/Makefile
run check "$mini"
check "check: a file that is not a library: exit 2, one line" \
	'[ $status -eq 2 ] && one_line && grep -q "Makefile" "$err"'
lib=$missing

# a one-file tree, for what takes longer on the whole fixture
tree=$TMPDIR/clang-missing-tree
rm -rf "$tree"
mkdir -p "$tree/drivers/s390/char"
cp -R "$mini/include" "$tree/"
cp "$mini/drivers/s390/char/vmlogrdr.c" "$tree/drivers/s390/char/"

if command -v spatch >/dev/null 2>&1; then
	series=$TMPDIR/clang-missing-series
	rm -rf "$series"
	run series --from "A U Thor <author@example.org>" --out "$series" \
		"$tree"
	what="series: exit 2 without libclang, one line, nothing written"
	if [ $status -eq 2 ] && one_line && [ ! -e "$series" ]; then
		ok "$what"
	else
		todo "$what" "cmd-series.c goes on when libclang is missing"
	fi
else
	skip "series: exit 2 without libclang" "no spatch"
fi

# --- with the real one -------------------------------------------------------

real=
for f in /usr/lib/llvm-*/lib/libclang.so.1 \
	 /usr/lib/*-linux-gnu/libclang-*.so.1; do
	[ -e "$f" ] && real=$f
done
if [ -n "$real" ]; then
	lib=$real
	run check "$tree"
	check "KMIGRATE_LIBCLANG=$real: check runs (exit 0 or 1)" \
		'[ $status -le 1 ] && ! grep -q "cannot load libclang" "$err"'
	lib=$missing
else
	skip "KMIGRATE_LIBCLANG naming a real libclang" "none installed"
fi
rm -rf "$tree"

# --- the binary itself -------------------------------------------------------

if command -v ldd >/dev/null 2>&1; then
	ldd "$KMIGRATE" >"$out" 2>&1
	check "ldd: the binary does not need libclang to start" \
		'! grep -qi "libclang" "$out"'
else
	skip "ldd: the binary does not need libclang to start" "no ldd"
fi

test_done
