#!/bin/bash
# t-hostile.sh - hostile, broken and real-world input (issue 11): trees
# built here, each with one thing an attacker or bad luck puts in a
# tree, and what kmigrate must do about it.  The sections follow the
# issue's items; each says what it proves.
#
# Needs: $KMIGRATE (the binary under test), $SRCDIR, $TMPDIR; python3
# validates JSON and SARIF (the cases that need it are skipped without
# it); setpriv runs the non-root cases as "nobody" (skipped when it is
# missing or the tests do not run as root).
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
make_scratch
mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini
out=$scratch/out err=$scratch/err
check_shows=$err
have_python=
command -v python3 >/dev/null 2>&1 && have_python=1

# a tree at $1 with the new API declared and nothing else
new_tree() {
	rm -rf "$1"
	mkdir -p "$1/include/linux" "$1/drivers/x"
	cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
		"$mini/include/linux/kdev_t.h" "$1/include/linux/"
}

# a driver at $1 with one old-form call; $2 (optional) its format string
old_call() {
	printf '%s\n' '#include <linux/device.h>' \
		'static struct class *cls;' \
		'void f(int i)' '{' \
		"	class_device_create(cls, 0, NULL, \"${2:-x%d}\", i);" \
		'}' >"$1"
}

# run kmigrate: $out, $err, $status
km() {
	"$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

valid_json() {
	python3 -c 'import json, sys
json.loads(sys.stdin.buffer.read().decode("utf-8"))' <"$1" 2>/dev/null
}

# --- 1: a file name is never code for a shell ------------------------------
#
# spatch 1.1.1 hands the names it is given to sh -c; kmigrate gives it
# only names it chose.  Every name below must convert like any other,
# through apply (one spatch per file, and in batches), series (git add
# takes them as literal paths, not pathspecs) and check --patch.

t=$scratch/names
new_tree "$t"
names=('$(id>PWNED).c' '$(cd;id>PWNED).c' 'sp ace.c' "$(printf 'ta\tb.c')" \
	"$(printf 'new\nline.c')" 'qu"ote.c' "qu'ote.c" 'back\slash.c' \
	'semi;colon.c' 'dol$lar.c' 'back`tick.c' '-dash.c')
for f in "${names[@]}"; do
	old_call "$t/drivers/x/$f"
done
old_call "$t/:!*.c"
nr_files=$((${#names[@]} + 1))
# kmigrate runs in $scratch with HOME=$scratch/home: a name that ran
# would leave PWNED in one or the other
mkdir -p "$scratch/home"
export HOME=$scratch/home
no_pwned() {
	! find "$scratch" -name PWNED | grep -q .
}
converted() {	# the number of converted calls in diff $1
	grep -c '^+	class_device_create(cls, NULL, 0, NULL, "x%d", i);$' "$1"
}
for j in 1 2; do
	(cd "$scratch" && "$KMIGRATE" apply -j $j "$t" >"$out" 2>"$err")
	status=$?
	check "1: apply -j $j: exit 0, no call left" \
		'[ $status -eq 0 ] && ! grep -q "not converted" "$err"'
	check "1: apply -j $j: every hostile name converted" \
		'[ "$(converted "$out")" -eq $nr_files ]'
	check "1: apply -j $j: no name ran as a command (no PWNED)" no_pwned
done
cp "$out" "$scratch/names.diff"
rm -rf "$t.git"
cp -a "$t" "$t.git"
check "1: git apply takes the diff" \
	'(cd "$t.git" && git apply -p1 "$scratch/names.diff")'
rm -rf "$t.patch"
cp -a "$t" "$t.patch"
check "1: patch -p1 takes the diff, with the same result" \
	'(cd "$t.patch" && patch -p1 --batch -s <"$scratch/names.diff") &&
	 diff -r "$t.git" "$t.patch" >/dev/null'
rm -rf "$t.in"
cp -a "$t" "$t.in"
km apply --in-place "$t.in"
check "1: apply --in-place writes what the diff says" \
	'[ $status -eq 0 ] && diff -r "$t.git" "$t.in" >/dev/null'
(cd "$scratch" && "$KMIGRATE" series "$t" --out "$scratch/names.out" \
	--from "A U Thor <author@example.org>" >"$out" 2>"$err")
status=$?
check "1: series: every name in a verified series" \
	'[ $status -eq 0 ] && grep -q ", $nr_files files, verified$" "$err"'
check "1: series: no name ran as a command" no_pwned
(cd "$scratch" && "$KMIGRATE" check --patch "$scratch/names.diff" "$t" \
	>"$out" 2>"$err")
status=$?
check "1: check --patch: the names convert, no error" \
	'[ $status -eq 0 ] && grep -q "^check: $nr_files call sites in $nr_files files: 0 errors" "$err"'
check "1: check --patch: no name ran as a command" no_pwned

# --- 10: JSON and SARIF are valid UTF-8 ------------------------------------

t=$scratch/latin1
new_tree "$t"
old_call "$t/drivers/x/r$(printf '\351')seau.c" "r$(printf '\351')seau%d"
for fmt in json sarif; do
	km check --format $fmt "$t"
	if [ -z "$have_python" ]; then
		skip "10: Latin-1 name and string: valid $fmt" "no python3"
		continue
	fi
	check "10: Latin-1 in a file name and a call's string: valid $fmt" \
		'[ $status -eq 1 ] && valid_json "$out"'
	check "10: the Latin-1 byte is written as \\u00e9 in $fmt" \
		'grep -q "r\\\\u00e9seau.c" "$out"'
done
km scan --format json "$t"
if [ -n "$have_python" ]; then
	check "10: Latin-1 in a file name and a call's string: valid scan json" \
		'[ $status -eq 0 ] && valid_json "$out"'
fi
km apply "$t"
check "10: the diff keeps the Latin-1 bytes" \
	'grep -q "^+.*\"r$(printf "\351")seau%d\"" "$out"'

test_done
