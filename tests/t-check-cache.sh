#!/bin/bash
# t-check-cache.sh - check's result cache end to end, on a copy of the
# mini tree: a second check gives the same report without loading
# libclang; a class created under a new name in another file is seen by
# the name; a changed header parses again and reports as a check without
# the cache does; damaged entries are ignored and written again; two
# checks at once agree; a header newer than the run keeps nothing; and
# --no-cache neither reads nor writes.
#
# Environment: KMIGRATE (the binary under test), SRCDIR (the repository
# root), TMPDIR (scratch space).
. "$(dirname "$0")/lib.sh"

export LC_ALL=C
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
scratch=$(mktemp -d "$TMPDIR/t-check-cache.XXXXXX") || exit 2
trap 'rm -rf "$scratch"' EXIT
err=$scratch/err
check_shows=$err
export XDG_CACHE_HOME=$scratch/cache
cache=$XDG_CACHE_HOME/kmigrate
tree=$scratch/tree

# kcheck NAME ARGS...: check the tree, report in NAME.out, status in
# NAME.rc, what the dynamic loader opened in NAME.ld
kcheck() {
	local name=$1
	shift
	LD_DEBUG=files LD_DEBUG_OUTPUT=$scratch/$name.ld \
		"$KMIGRATE" check "$@" "$tree" >"$scratch/$name.out" 2>"$err"
	echo $? >"$scratch/$name.rc"
}
loads_libclang() { cat "$scratch/$1.ld".* | grep -q 'file=[^ ]*libclang'; }
same() { cmp "$scratch/$1.out" "$scratch/$2.out" &&
	cmp "$scratch/$1.rc" "$scratch/$2.rc"; }
entries() { find "$cache" -type f ! -name '.*' 2>/dev/null | wc -l; }
# an hour old: the cache keeps nothing read from a file newer than its run
age() { find "$tree" -exec touch -h -d '1 hour ago' {} +; }

cp -a "$MINI" "$tree"
age
kcheck first
check "the first check loads libclang and fills the cache" \
	'loads_libclang first && [ "$(entries)" -gt 0 ]'
kcheck second
check "a second check does not load libclang" '! loads_libclang second'
check "and reports byte for byte the same, with the same status" \
	'same first second'
kcheck json --format json
kcheck json2 --format json
check "the same in JSON" '! loads_libclang json2 && same json json2'

sed -i 's/class_create(THIS_MODULE, "sound")/class_create(THIS_MODULE, "snd")/' \
	"$tree/sound/sound_core.c"
age
kcheck renamed --format json
check "a class created under another name in another file: the new name" \
	'grep -q "/sys/class/snd/" "$scratch/renamed.out" &&
	 ! grep -q "/sys/class/sound/" "$scratch/renamed.out"'

printf '/* a comment */\n' >>"$tree/include/linux/device.h"
age
kcheck changed
check "a changed header parses again" 'loads_libclang changed'
kcheck fresh --no-cache
check "and reports as a check without the cache does" 'same changed fresh'

for e in $(find "$cache" -type f); do
	printf 'X' | dd of="$e" bs=1 seek=120 conv=notrunc 2>/dev/null
done
kcheck damaged
check "damaged entries are ignored: the report is right" \
	'loads_libclang damaged && same damaged fresh'
kcheck repaired
check "and are written again" '! loads_libclang repaired &&
	same repaired fresh'

rm -rf "$cache"
"$KMIGRATE" check "$tree" >"$scratch/c1.out" 2>/dev/null &
"$KMIGRATE" check "$tree" >"$scratch/c2.out" 2>/dev/null &
wait
check "two checks at once agree, with a check without the cache" \
	'cmp "$scratch/c1.out" "$scratch/c2.out" &&
	 cmp "$scratch/c1.out" "$scratch/fresh.out"'
check "and leave no temporary file in the cache" \
	'[ -z "$(find "$cache" -name ".*" -type f)" ]'

# dated after the run began, as a header written during it would be (a
# write just before it counts too, but would race the clock here)
rm -rf "$cache"
touch -d '+1 minute' "$tree/include/linux/device.h"
kcheck new
kcheck new2
check "a header written since the run began keeps nothing" \
	'loads_libclang new2 && same new fresh && same new2 fresh'

rm -rf "$cache"
age
kcheck nocache --no-cache
check "--no-cache writes nothing" '[ "$(entries)" -eq 0 ]'
kcheck filled
kcheck nocache2 --no-cache
check "and reads nothing" 'loads_libclang nocache2 && same nocache2 filled'
test_done
