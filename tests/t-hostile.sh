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
