#!/bin/bash
# t-security-asm-generic.sh - the <asm/NAME.h> wrappers of
# check/clang-asm-generic.c are named from the tree's
# include/asm-generic/ and include/uapi/asm-generic/.  When either is a
# symbolic link out of the tree, kmigrate must not list the directory
# it leads to (Documentation/security.md, point 6: nothing outside the
# tree is read; the tree walk already skips such a link): the names of
# files there would become wrappers libclang opens, so whether
# <asm/NAME.h> exists would depend on a directory outside the tree.
#
# The observation is strace's: no open(2) of the link, or of the
# directory behind it, during check.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR; strace (else skipped).
. "$(dirname "$0")/lib.sh"
uncached_scratch

t=$scratch/t
mkdir -p "$scratch/outside/asm-generic" "$t/include/linux" "$t/drivers/x"
echo 'int outside_marker;' >"$scratch/outside/asm-generic/outside.h"
cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
	"$mini/include/linux/kdev_t.h" "$t/include/linux/"
printf '%s\n' '#include <linux/device.h>' '#include <asm/outside.h>' \
	'static struct class *cls;' 'void f(int i)' '{' \
	'	class_device_create(cls, 0, NULL, "x%d", i);' '}' \
	>"$t/drivers/x/a.c"

# the opens of check on $t that reach the outside directory: $opened
opens_outside() {
	strace -f -qq -e trace=open,openat -o "$scratch/trace" \
		"$KMIGRATE" check "$t" >"$out" 2>"$err"
	status=$?
	opened=$(grep -E "\"($t/include/(uapi/)?asm-generic|$scratch/outside)[\"/]" \
		"$scratch/trace" | grep -v ENOENT)
	[ $status -le 1 ] && [ -z "$opened" ] ||
		{ echo "# expected: no open of the link or beyond it," \
			"check exit 0 or 1"
		  echo "# got: exit $status, opened:"
		  printf '%s\n' "$opened" | sed 's/^/#   /'
		  return 1; }
}

if ! command -v strace >/dev/null ||
   ! strace -f -qq -o /dev/null true 2>/dev/null; then
	skip "include/asm-generic -> outside: not listed" "no usable strace"
	skip "include/uapi/asm-generic -> outside: not listed" \
		"no usable strace"
	skip "include/uapi -> outside: its asm-generic/ not listed" \
		"no usable strace"
	test_done
	exit
fi

ln -s "$scratch/outside/asm-generic" "$t/include/asm-generic"
check "include/asm-generic -> outside: not listed" opens_outside

rm "$t/include/asm-generic"
mkdir -p "$t/include/uapi"
ln -s "$scratch/outside/asm-generic" "$t/include/uapi/asm-generic"
check "include/uapi/asm-generic -> outside: not listed" opens_outside

# a link earlier on the path: include/uapi itself leads out
rm -r "$t/include/uapi"
ln -s "$scratch/outside" "$t/include/uapi"
check "include/uapi -> outside: its asm-generic/ not listed" opens_outside

test_done
