#!/bin/bash
# t-case-values.sh - a case chosen by a value libclang knows: an
# argument of ida_simple_get() (ida-simple's cases by start and end)
# spelled by a macro of a header the file includes, an enum constant or
# an expression of constants is evaluated in the call's own
# translation unit, and the call converted to the case its value
# selects.  A variable, or a name two files give different values, is
# left and named (the two files and their values); without libclang the calls are left as before.  series
# converts the same calls.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
tree=$TMPDIR/tree

mkdir -p "$tree/include/linux" "$tree/drivers/misc"
cat >"$tree/include/linux/idr.h" <<'EOT'
struct ida;
typedef unsigned int gfp_t;
#define GFP_KERNEL 0u
int ida_simple_get(struct ida *ida, unsigned int start, unsigned int end, gfp_t gfp);
void ida_simple_remove(struct ida *ida, unsigned int id);
int ida_alloc(struct ida *ida, gfp_t gfp);
int ida_alloc_min(struct ida *ida, unsigned int min, gfp_t gfp);
int ida_alloc_max(struct ida *ida, unsigned int max, gfp_t gfp);
int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, gfp_t gfp);
void ida_free(struct ida *ida, unsigned int id);
EOT
cat >"$tree/include/linux/my-limits.h" <<'EOT'
#define MY_LIMIT 0
#define BIG 0x100
#define MY_INT_MAX (~0U >> 1)
#define SHARED 0
enum my_ids { id_none = 0, id_max = 64 };
EOT
cat >"$tree/include/linux/other-limits.h" <<'EOT'
#define SHARED 5
EOT
cat >"$tree/drivers/misc/user.c" <<'EOT'
#include <linux/idr.h>
#include <linux/my-limits.h>

static int user(struct ida *ida, unsigned int lim)
{
	unsigned int n = 8;
	int r = 0;

	r |= ida_simple_get(ida, 0, MY_LIMIT, GFP_KERNEL);
	r |= ida_simple_get(ida, 0, BIG, GFP_KERNEL);
	r |= ida_simple_get(ida, id_none, id_max, GFP_KERNEL);
	r |= ida_simple_get(ida, 4, id_none, GFP_KERNEL);
	r |= ida_simple_get(ida, 1, (~0U >> 1), GFP_KERNEL);
	r |= ida_simple_get(ida, 0, MY_INT_MAX, GFP_KERNEL);
	r |= ida_simple_get(ida, 0, lim, GFP_KERNEL);
	r |= ida_simple_get(ida, 0, n, GFP_KERNEL);
	r |= ida_simple_get(ida, 0, SHARED, GFP_KERNEL);
	return r;
}
EOT
cat >"$tree/drivers/misc/other.c" <<'EOT'
#include <linux/idr.h>
#include <linux/other-limits.h>

int other(struct ida *ida)
{
	return ida_simple_get(ida, 0, SHARED, GFP_KERNEL);
}
EOT
cp "$tree/drivers/misc/other.c" "$TMPDIR/other.expected"
sed 's/ida_simple_get(ida, 0, MY_LIMIT, GFP_KERNEL)/ida_alloc(ida, GFP_KERNEL)/
     s/ida_simple_get(ida, 0, BIG, GFP_KERNEL)/ida_alloc_max(ida, BIG - 1, GFP_KERNEL)/
     s/ida_simple_get(ida, id_none, id_max, GFP_KERNEL)/ida_alloc_max(ida, id_max - 1, GFP_KERNEL)/
     s/ida_simple_get(ida, 4, id_none, GFP_KERNEL)/ida_alloc_min(ida, 4, GFP_KERNEL)/
     s/ida_simple_get(ida, 1, (~0U >> 1), GFP_KERNEL)/ida_alloc_range(ida, 1, (~0U >> 1) - 1, GFP_KERNEL)/
     s/ida_simple_get(ida, 0, MY_INT_MAX, GFP_KERNEL)/ida_alloc_max(ida, MY_INT_MAX - 1, GFP_KERNEL)/' \
	"$tree/drivers/misc/user.c" >"$TMPDIR/user.expected"

km() {
	"$KMIGRATE" --migration ida-simple "$@" >"$out" 2>"$err"
	status=$?
}

# the semantic patch kmigrate cocci prints knows no tree's values
km cocci
check "cocci: no value_form rule without a tree's values" \
	'[ $status -eq 0 ] && ! grep -q value_form "$out"'

if ! command -v spatch >/dev/null 2>&1; then
	skip "case values: apply" "spatch is not installed"
	test_done
	exit
fi

# without libclang: nothing evaluated, nothing said, the calls left
KMIGRATE_LIBCLANG=/nonexistent/libclang.so "$KMIGRATE" \
	--migration ida-simple apply "$tree" >"$out" 2>"$err"
status=$?
check "no libclang: apply runs, a header's macro left as its value may be 0" \
	'[ $status -eq 1 ] && ! grep -q libclang "$err" &&
	 grep -q "argument 3 .MY_LIMIT. (end) may be 0 at run time" "$err" &&
	 grep -q "^apply: 0 files, 0 calls converted, 10 calls left (10 value unknown)" "$err"'

real=
for f in /usr/lib/llvm-*/lib/libclang.so.1 \
	 /usr/lib/*-linux-gnu/libclang-*.so.1; do
	[ -e "$f" ] && real=$f
done
if [ -z "$real" ]; then
	skip "case values: with libclang" "none installed"
	test_done
	exit
fi

km series --from "Tess Tester <tess@example.org>" --out "$TMPDIR/series" "$tree"
check "series: its patch converts by the values libclang knows" \
	'grep -qs "^+	r |= ida_alloc(ida, GFP_KERNEL);$" "$TMPDIR"/series/0001-*.patch &&
	 grep -qs "^+	r |= ida_alloc_range(ida, 1, (~0U >> 1) - 1, GFP_KERNEL);$" "$TMPDIR"/series/0001-*.patch'

km apply --in-place "$tree"
check "a header's macro, an enum constant, an expression: the case their value selects" \
	'cmp -s "$tree/drivers/misc/user.c" "$TMPDIR/user.expected"' ||
	{ diff "$TMPDIR/user.expected" "$tree/drivers/misc/user.c" >"$TMPDIR/diff"; show "$TMPDIR/diff" 20; }
check "a variable argument is left, named with what 0 would select" \
	'[ $status -eq 1 ] &&
	 grep -q "^drivers/misc/user.c:15:7: warning: not converted" "$err" &&
	 grep -q "argument 3 .lim. (end) may be 0 at run time, which selects ida_alloc()" "$err" &&
	 grep -q "^drivers/misc/user.c:16:7: warning: not converted" "$err" &&
	 grep -q "argument 3 .n. (end) may be 0 at run time" "$err"'
check "a name two files define differently is left in both" \
	'grep -q "^drivers/misc/user.c:17:7: warning: not converted" "$err" &&
	 grep -q "^drivers/misc/other.c:6:9: warning: not converted" "$err" &&
	 cmp -s "$tree/drivers/misc/other.c" "$TMPDIR/other.expected" &&
	 grep -q "^apply: 1 file, 6 calls converted, 4 calls left (4 value unknown)" "$err"'
# what is true of SHARED: not "may be 0", but two values
{ grep -A2 "^drivers/misc/\(user.c:17:7\|other.c:6:9\): warning" "$err" |
	tr -s ' \n' ' '; echo; } >"$TMPDIR/shared"
check "it is named as two files' values, each file's first" \
	'grep -q "user.c:17:7: warning: not converted argument 3 .SHARED. (end) has different values in drivers/misc/user.c (0) and drivers/misc/other.c (5), which one semantic patch cannot tell apart" "$TMPDIR/shared" &&
	 grep -q "other.c:6:9: warning: not converted argument 3 .SHARED. (end) has different values in drivers/misc/other.c (5) and drivers/misc/user.c (0)," "$TMPDIR/shared" &&
	 ! grep -q "SHARED. (end) may be" "$err"' ||
	{ echo "# expected: SHARED has different values in user.c (0) and other.c (5); got:"; show "$TMPDIR/shared"; }
km apply "$tree"
check "a second apply changes nothing" '[ ! -s "$out" ]'
test_done
