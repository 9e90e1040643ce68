#!/bin/bash
# t-security-clang.sh - what libclang opens by itself during check
# (issue 26, point 6): an #include of /dev/zero (absolute, or through
# ".." out of the tree), an included FIFO or link to /dev/zero not named
# *.c or *.h, compile_commands.json flags naming files outside the tree,
# and an include/asm-ARCH that leads out of the tree.  Each time check
# ends within a time and memory limit, the file is read as if the header
# were missing, and both drivers are judged.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR; mkfifo.  The memory limit
# (prlimit --as) is set only for the plain binary ($KMIGRATE_PLAIN):
# a sanitizer's shadow memory needs terabytes of address space.
. "$(dirname "$0")/lib.sh"
uncached_scratch
limit=(timeout "${T_SECURITY_CLANG_TIMEOUT:-60}")
if [ "$KMIGRATE" = "${KMIGRATE_PLAIN:-}" ] && command -v prlimit >/dev/null; then
	limit=(prlimit --as=2147483648 -- "${limit[@]}")
fi

# run kmigrate under the limits: $out, $err, $status
km() {
	"${limit[@]}" "$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

# a driver at $1 with one old-form call, after the lines $2...
old_call() {
	local f=$1

	shift
	printf '%s\n' "$@" '#include <linux/device.h>' \
		'static struct class *cls;' \
		'void f(int i)' '{' \
		'	class_device_create(cls, 0, NULL, "x%d", i);' \
		'}' >"$f"
}

# the tree at $1: the headers, drivers/x/a.c, and drivers/x/b.c after
# the lines $2...
new_tree() {
	local t=$1

	shift
	rm -rf "$t"
	mkdir -p "$t/include/linux" "$t/drivers/x"
	cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
		"$mini/include/linux/kdev_t.h" "$t/include/linux/"
	old_call "$t/drivers/x/a.c"
	old_call "$t/drivers/x/b.c" "$@"
}

# check on $1 ended, b.c and a.c judged (an error each: the old call,
# or b.c's parse-failure)
judged() {
	km check "$1"
	[ $status -eq 1 ] &&
		grep -q '^drivers/x/b.c:[0-9]*:[0-9]*: error: ' "$out" &&
		grep -q '^drivers/x/a.c:5:2: error: .*\[unconverted-call\]$' "$out"
}

t=$scratch/t
new_tree "$t" '#include "/dev/zero"'
check '#include "/dev/zero": ends, both judged' 'judged "$t"'
new_tree "$t" '#include </dev/zero>'
check '#include </dev/zero>: ends, both judged' 'judged "$t"'
new_tree "$t" '#include "../../../../../../../../../../dev/zero"'
check '#include "../...../dev/zero": ends, both judged' \
	'judged "$t"'

new_tree "$t" '#include "x.inc"'
mkfifo "$t/drivers/x/x.inc"
check '#include of a FIFO x.inc: ends, both judged' 'judged "$t"'
rm "$t/drivers/x/x.inc"
ln -s /dev/zero "$t/drivers/x/x.inc"
check '#include of x.inc -> /dev/zero: ends, both judged' \
	'judged "$t"'

# compile_commands.json: its own flags for each driver
cdb() {
	printf '[{"directory": "%s", "file": "drivers/x/a.c", "command": "cc -nostdinc -Iinclude -c drivers/x/a.c"},\n' "$1"
	printf '{"directory": "%s", "file": "drivers/x/b.c", "command": "cc -nostdinc %s -Iinclude -c drivers/x/b.c"}]\n' "$1" "$2"
}
new_tree "$t"
cdb "$t" '-include /dev/zero' >"$t/compile_commands.json"
check 'compile_commands.json: -include /dev/zero: ends, both judged' \
	'judged "$t"'
mkdir -p "$scratch/evil/linux"
mkfifo "$scratch/evil/linux/device.h"
cdb "$t" "-I$scratch/evil" >"$t/compile_commands.json"
check 'compile_commands.json: -I outside with a FIFO header: ends' \
	'judged "$t"'
mkfifo "$scratch/evil/linux/evil.h"
old_call "$t/drivers/x/b.c" '#include <linux/evil.h>'
cdb "$t" "-isystem $scratch/evil" >"$t/compile_commands.json"
check 'compile_commands.json: -isystem outside, a FIFO header there: ends' \
	'judged "$t"'
rm "$t/compile_commands.json"
mkfifo "$t/compile_commands.json"
km check "$t"
check 'compile_commands.json a FIFO: check ends' '[ $status -eq 1 ]'
# with the result cache on, its key reads the tree's compile database
# and autoconf.h: as the tree is read, a FIFO never opened
XDG_CACHE_HOME=$scratch/cache KMIGRATE_NO_CACHE= km check "$t"
check 'compile_commands.json a FIFO, the cache on: check ends' \
	'[ $status -eq 1 ]'
rm "$t/compile_commands.json"
mkdir -p "$t/include/generated"
mkfifo "$t/include/generated/autoconf.h"
XDG_CACHE_HOME=$scratch/cache KMIGRATE_NO_CACHE= km check "$t"
check 'include/generated/autoconf.h a FIFO, the cache on: check ends' \
	'[ $status -eq 1 ]'

# an initializer that makes libclang allocate gigabytes: the worker's
# memory cap (KMIGRATE_CLANG_MEMORY) fails that parse alone, said as a
# parse-failure.  A sanitizer's build sets no cap, so the plain build
# ($KMIGRATE_PLAIN, which make check gives beside it) is the one run
new_tree "$t" 'static int big[] = { [1 << 28] = 1 };'
if [ -x "${KMIGRATE_PLAIN:-}" ]; then
	KMIGRATE_CLANG_MEMORY=1024 timeout 120 "$KMIGRATE_PLAIN" check "$t" \
		>"$out" 2>"$err"
	status=$?
	check 'an array of 2^28 ints: the parse fails at the cap, a.c judged' \
		'[ $status -eq 1 ] &&
		 grep -q "^drivers/x/a.c:5:2: error: .*\[unconverted-call\]$" "$out" &&
		 grep -q "b.c.*warning: libclang could not analyse" "$out" &&
		 tr -s " \n" "  " <"$out" | grep -q "needed more than the 1024 MiB a parse may use"'
else
	skip 'an array of 2^28 ints: the parse fails at the cap, a.c judged' \
		'no plain build (KMIGRATE_PLAIN): a sanitizer build sets no cap'
fi
KMIGRATE_CLANG_MEMORY=lots km check "$t"
check 'KMIGRATE_CLANG_MEMORY=lots: a usage error' \
	'[ $status -eq 2 ] && grep -q "invalid KMIGRATE_CLANG_MEMORY" "$err"'

# the 2.6 layout: <asm/...> is include/asm-ARCH, here a link out
mkdir -p "$scratch/evil/asm"
mkfifo "$scratch/evil/asm/x.h"
for arch in x86 i386; do
	new_tree "$t" '#include <asm/x.h>'
	ln -s "$scratch/evil/asm" "$t/include/asm-$arch"
	check "include/asm-$arch -> outside, <asm/x.h> a FIFO: ends" \
		'judged "$t"'
done

test_done
