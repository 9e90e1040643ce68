#!/bin/bash
# t-case-values-cache.sh - the values libclang gives case arguments, in
# the result cache: a second apply of a tree whose case is chosen by a
# header's macro gives the same result without loading libclang; a
# changed header that changes the value changes the case on the next
# apply; a header newer than the run keeps nothing; --no-cache neither
# reads nor writes.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"

export LC_ALL=C
make_scratch
err=$scratch/err
check_shows=$err
export XDG_CACHE_HOME=$scratch/cache
tree=$scratch/tree

if ! command -v spatch >/dev/null 2>&1; then
	echo "1..0 # SKIP spatch is not installed"
	exit 0
fi

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
printf '#define MY_LIMIT 0\n' >"$tree/include/linux/my-limits.h"
cat >"$tree/drivers/misc/user.c" <<'EOT'
#include <linux/idr.h>
#include <linux/my-limits.h>

int user(struct ida *ida)
{
	return ida_simple_get(ida, 0, MY_LIMIT, GFP_KERNEL);
}
EOT

# kapply NAME ARGS...: apply to the tree (-v), the diff in NAME.out,
# stderr in NAME.err, status in NAME.rc, what the dynamic loader opened
# in NAME.ld.*
kapply() {
	local name=$1
	shift
	LD_DEBUG=files LD_DEBUG_OUTPUT=$scratch/$name.ld \
		"$KMIGRATE" -v --migration ida-simple apply "$@" "$tree" \
		>"$scratch/$name.out" 2>"$scratch/$name.err"
	echo $? >"$scratch/$name.rc"
	cp "$scratch/$name.err" "$err"
}
loads_libclang() { cat "$scratch/$1.ld".* | grep -q 'file=[^ ]*libclang'; }
# the diff, status and stderr less the -v line on the cache
same() {
	cmp -s "$scratch/$1.out" "$scratch/$2.out" &&
		cmp -s "$scratch/$1.rc" "$scratch/$2.rc" &&
		cmp -s <(grep -v '^case values:' "$scratch/$1.err") \
			<(grep -v '^case values:' "$scratch/$2.err")
}
said() { grep -q "^case values: $2\$" "$scratch/$1.err"; }
converts() { grep -q "^+	return $2;\$" "$scratch/$1.out"; }
# an hour old: the cache keeps nothing read from a file newer than its run
age() { find "$tree" -exec touch -h -d '1 hour ago' {} +; }

age
kapply first
if grep -q 'libclang' "$scratch/first.err" || ! loads_libclang first; then
	echo "1..0 # SKIP libclang cannot be loaded"
	exit 0
fi
check "the first apply evaluates MY_LIMIT with libclang: ida_alloc()" \
	'said first "0 files from the cache, 1 evaluated" &&
	 converts first "ida_alloc(ida, GFP_KERNEL)"' ||
	show "$scratch/first.out"
kapply second
check "a second apply takes the value from the cache, loading no libclang" \
	'said second "1 files from the cache, 0 evaluated" &&
	 ! loads_libclang second'
check "and prints byte for byte the same, with the same status" \
	'same first second' ||
	{ diff "$scratch/first.out" "$scratch/second.out" >"$scratch/d"
	  show "$scratch/d" 20; }

printf '#define MY_LIMIT 0x100\n' >"$tree/include/linux/my-limits.h"
age
kapply changed
check "a header that changes the value: parsed again, the other case" \
	'said changed "0 files from the cache, 1 evaluated" &&
	 loads_libclang changed &&
	 converts changed "ida_alloc_max(ida, MY_LIMIT - 1, GFP_KERNEL)"' ||
	show "$scratch/changed.out"
kapply fresh --no-cache
check "as an apply without the cache says" 'same changed fresh'
kapply again
check "and the new value is cached in turn" \
	'said again "1 files from the cache, 0 evaluated" &&
	 ! loads_libclang again && same again fresh'

# dated after the run began, as a header written during it would be
rm -rf "$XDG_CACHE_HOME"
touch -d '+1 minute' "$tree/include/linux/my-limits.h"
kapply new
kapply new2
check "a header written since the run began keeps nothing" \
	'said new2 "0 files from the cache, 1 evaluated" &&
	 loads_libclang new2 && same new2 fresh'

rm -rf "$XDG_CACHE_HOME"
age
kapply nocache --no-cache
check "--no-cache writes nothing" \
	'[ -z "$(find "$XDG_CACHE_HOME" -type f 2>/dev/null)" ]'
kapply filled
kapply nocache2 --no-cache
check "and reads nothing" \
	'said nocache2 "0 files from the cache, 1 evaluated" &&
	 loads_libclang nocache2 && same nocache2 filled'
test_done
