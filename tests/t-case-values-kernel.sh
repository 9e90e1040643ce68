#!/bin/bash
# t-case-values-kernel.sh - a case's value libclang evaluates in a
# tree that was never built, as a kernel tree unpacked from a tarball or
# a package is: its uapi headers (include/uapi, arch/ARCH/include/uapi)
# are on the include path, and the <asm/NAME.h> a build generates from
# asm-generic (<asm/types.h>, where u8 comes from) is found, after the
# architecture's own, so "(U8_MAX + 1)" is 256 and not the 0 of a u8
# libclang made up after an error.  What Kbuild includes before every
# file (<linux/kconfig.h>) is included, and in a tree never configured
# the Kconfig symbols of kernel-types' config lines for this machine
# (CONFIG_64BIT on x86_64) are defined; a configured tree's own
# include/generated/autoconf.h says them instead.  A file's own "#define NUM_MINORS
# U8_MAX" (drivers/staging/greybus in 6.1) takes the value libclang
# gives NUM_MINORS in the file, U8_MAX being no literal of the text.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
tree=$TMPDIR/tree

if ! command -v spatch >/dev/null 2>&1; then
	skip "case values in a tree never built" "spatch is not installed"
	test_done
	exit
fi
real=
for f in /usr/lib/llvm-*/lib/libclang.so.1 \
	 /usr/lib/*-linux-gnu/libclang-*.so.1; do
	[ -e "$f" ] && real=$f
done
if [ -z "$real" ]; then
	skip "case values in a tree never built" "no libclang installed"
	test_done
	exit
fi

# 6.1's chain from u8 to unsigned char, without the generated headers
mkdir -p "$tree/include/linux" "$tree/include/uapi/linux" \
	"$tree/include/uapi/asm-generic" "$tree/include/asm-generic" \
	"$tree/arch/x86/include/asm" "$tree/drivers/misc"
cat >"$tree/include/linux/types.h" <<'EOT'
#ifndef _LINUX_TYPES_H
#define _LINUX_TYPES_H
#include <uapi/linux/types.h>
typedef __u8 u8;
#endif
EOT
echo '#include <asm/types.h>' >"$tree/include/uapi/linux/types.h"
echo '#include <asm-generic/int-ll64.h>' \
	>"$tree/include/uapi/asm-generic/types.h"
echo 'typedef unsigned char __u8;' \
	>"$tree/include/uapi/asm-generic/int-ll64.h"
cat >"$tree/include/linux/limits.h" <<'EOT'
#include <linux/types.h>
#include <asm/idbits.h>
#define U8_MAX		((u8)~0U)
#define NR_IDS		(U8_MAX + 1)
EOT
# the architecture's own header is found before asm-generic's
echo '#define ID_BITS 4' >"$tree/arch/x86/include/asm/idbits.h"
echo '#define ID_BITS 0' >"$tree/include/asm-generic/idbits.h"
cat >"$tree/include/linux/idr.h" <<'EOT'
struct ida;
typedef unsigned int gfp_t;
#define GFP_KERNEL 0u
int ida_simple_get(struct ida *ida, unsigned int start, unsigned int end, gfp_t gfp);
int ida_alloc(struct ida *ida, gfp_t gfp);
int ida_alloc_max(struct ida *ida, unsigned int max, gfp_t gfp);
EOT
cat >"$tree/drivers/misc/minors.c" <<'EOT'
#include <linux/idr.h>
#include <linux/limits.h>

#define NUM_MINORS	U8_MAX

int minor_get(struct ida *minors)
{
	return ida_simple_get(minors, 0, NUM_MINORS, GFP_KERNEL);
}
EOT
cat >"$tree/drivers/misc/ids.c" <<'EOT'
#include <linux/idr.h>
#include <linux/limits.h>

int id_get(struct ida *ids)
{
	return ida_simple_get(ids, 0, NR_IDS, GFP_KERNEL);
}

int bit_get(struct ida *bits)
{
	return ida_simple_get(bits, 0, ID_BITS, GFP_KERNEL);
}
EOT
sed 's/ida_simple_get(minors, 0, NUM_MINORS, GFP_KERNEL)/ida_alloc_max(minors, NUM_MINORS - 1, GFP_KERNEL)/' \
	"$tree/drivers/misc/minors.c" >"$TMPDIR/minors.expected"
sed 's/ida_simple_get(ids, 0, NR_IDS, GFP_KERNEL)/ida_alloc_max(ids, NR_IDS - 1, GFP_KERNEL)/
     s/ida_simple_get(bits, 0, ID_BITS, GFP_KERNEL)/ida_alloc_max(bits, ID_BITS - 1, GFP_KERNEL)/' \
	"$tree/drivers/misc/ids.c" >"$TMPDIR/ids.expected"

"$KMIGRATE" --migration ida-simple apply --in-place "$tree" >"$out" 2>"$err"
status=$?
# converted: diff expected/got
converted() {
	diff -u "$TMPDIR/$1.expected" "$tree/drivers/misc/$1.c" >"$TMPDIR/diff"
}
check "a file's '#define NUM_MINORS U8_MAX': the value libclang gives NUM_MINORS" \
	'converted minors && ! grep -q "minors.c:.*warning" "$err"' ||
	{ echo "# expected: ida_alloc_max(minors, NUM_MINORS - 1, GFP_KERNEL); got:"
	  show "$TMPDIR/diff" 20; }
check "(U8_MAX + 1) through uapi and asm-generic is 256, the arch's own header first" \
	'[ $status -eq 0 ] && converted ids &&
	 grep -q "^apply: 2 files, 3 calls converted, 0 calls left" "$err"' ||
	{ echo "# expected: 2 calls to ida_alloc_max() in ids.c; got:"
	  show "$TMPDIR/diff" 20; }

# a value that depends on <linux/kconfig.h> and CONFIG_64BIT
t2=$TMPDIR/tree2
mkdir -p "$t2/include/linux" "$t2/drivers/misc"
cp "$tree/include/linux/idr.h" "$t2/include/linux/"
echo '#define KCONFIG_SEEN 1' >"$t2/include/linux/kconfig.h"
cat >"$t2/include/linux/words.h" <<'EOT'
#if defined(KCONFIG_SEEN) && defined(CONFIG_64BIT)
#define NR_WORDS 64
#else
#define NR_WORDS 0
#endif
EOT
cat >"$TMPDIR/words.c" <<'EOT'
#include <linux/idr.h>
#include <linux/words.h>

int word_get(struct ida *words)
{
	return ida_simple_get(words, 0, NR_WORDS, GFP_KERNEL);
}
EOT
# words: apply on $t2 from a fresh words.c, diffed against the call $1
words() {
	cp "$TMPDIR/words.c" "$t2/drivers/misc/words.c"
	sed "s/ida_simple_get(words, 0, NR_WORDS, GFP_KERNEL)/$1/" \
		"$TMPDIR/words.c" >"$TMPDIR/words.expected"
	"$KMIGRATE" --migration ida-simple apply --in-place "$t2" \
		>"$out" 2>"$err" &&
		diff -u "$TMPDIR/words.expected" "$t2/drivers/misc/words.c" \
			>"$TMPDIR/diff"
}
case $(uname -m) in
x86_64|aarch64)
	check "never configured: <linux/kconfig.h> and CONFIG_64BIT seen" \
		'words "ida_alloc_max(words, NR_WORDS - 1, GFP_KERNEL)"' ||
		show "$TMPDIR/diff" 20 ;;
*)
	skip "never configured: <linux/kconfig.h> and CONFIG_64BIT seen" \
		"kernel-types gives $(uname -m) no config line" ;;
esac
mkdir -p "$t2/include/generated"
: >"$t2/include/generated/autoconf.h"
check "configured without CONFIG_64BIT: its own autoconf.h rules" \
	'words "ida_alloc(words, GFP_KERNEL)"' || show "$TMPDIR/diff" 20
test_done
