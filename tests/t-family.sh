#!/bin/bash
# t-family.sh - a migration of two functions at once (a family): each
# "function:" line starts a member with its own prototypes and map.
#
# A made-up pool API: pool_get(pool, flags) becomes pool_take(pool,
# flags) and pool_put(pool, item) becomes pool_give(item, pool).  Scan
# finds the calls of both names, old and new; cocci prints one semantic
# patch per member; apply converts both in one diff; a second apply
# changes nothing; a family whose member lacks a key, or that mixes a
# case into a member with one form, is refused with the reason.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err

data=$TMPDIR/data
mig=$data/semantic-patches/pool-family
mkdir -p "$mig" "$TMPDIR/tree/include/linux" "$TMPDIR/tree/drivers/misc"
cp "$SRCDIR/semantic-patches/kernel-types" "$data/semantic-patches/"
cat >"$mig/migration" <<'EOF'
name: pool-family
subject: pool: take and give instead of get and put
description: pool_get() and pool_put() are renamed, and pool_give()
 takes the item first.
function: pool_get
new-function: pool_take
header: include/linux/pool.h
old-prototype: void *pool_get(struct pool *pool, int flags)
new-prototype: void *pool_take(struct pool *pool, int flags)
new-call: $1 $2
function: pool_put
new-function: pool_give
header: include/linux/pool.h
old-prototype: void pool_put(struct pool *pool, void *item)
new-prototype: void pool_give(void *item, struct pool *pool)
new-call: $2 $1
EOF
cat >"$TMPDIR/tree/include/linux/pool.h" <<'EOF'
struct pool;
void *pool_get(struct pool *pool, int flags);
void pool_put(struct pool *pool, void *item);
EOF
cat >"$TMPDIR/tree/drivers/misc/user.c" <<'EOF'
#include <linux/pool.h>

static void *user(struct pool *p)
{
	void *a = pool_get(p, 0);

	pool_put(p, a);
	return pool_take(p, 1);
}
EOF
cat >"$TMPDIR/expected" <<'EOF'
#include <linux/pool.h>

static void *user(struct pool *p)
{
	void *a = pool_take(p, 0);

	pool_give(a, p);
	return pool_take(p, 1);
}
EOF

km() {
	KMIGRATE_DATADIR=$data "$KMIGRATE" --migration "$@" >"$out" 2>"$err"
	status=$?
}

km pool-family scan "$TMPDIR/tree"
check "family: scan finds both functions, old and new" \
	'grep -q " 2 old, 1 new, " "$err" &&
	 grep -q ": old pool_get(p, 0)" "$out" &&
	 grep -q ": old pool_put(p, a)" "$out"'
km pool-family cocci
check "family: cocci prints one semantic patch holding both functions' rules" \
	'[ "$(grep -c "^virtual patch" "$out")" -eq 1 ] &&
	 [ "$(grep -c "^// ---- [12] of 2 ----$" "$out")" -eq 2 ] &&
	 grep -q "^@old_form_2 " "$out" &&
	 grep -q "^+ pool_take" "$out" && grep -q "^+ pool_give" "$out"'

if command -v spatch >/dev/null 2>&1; then
	km pool-family apply --in-place "$TMPDIR/tree"
	check "family: apply converts the calls of both functions" \
		'[ $status -eq 0 ] && cmp -s "$TMPDIR/tree/drivers/misc/user.c" "$TMPDIR/expected"' ||
		{ diff "$TMPDIR/expected" "$TMPDIR/tree/drivers/misc/user.c" >"$TMPDIR/diff"; show "$TMPDIR/diff"; }
	km pool-family apply "$TMPDIR/tree"
	check "family: a second apply changes nothing" '[ ! -s "$out" ]'
else
	skip "family: apply" "spatch is not installed"
fi

# a member without its map, a second form without "case:"
mkdir -p "$data/semantic-patches/pool-bad"
sed 's/^name: pool-family/name: pool-bad/; /^new-call: \$2 \$1$/d' \
	"$mig/migration" >"$data/semantic-patches/pool-bad/migration"
km pool-bad scan "$TMPDIR/tree"
check "family: a member without new-call is refused" \
	'[ $status -eq 2 ] && grep -q "no .new-call. field" "$err"'
sed 's/^name: pool-family/name: pool-bad/; s/^function: pool_put$/function: pool_put\ncase: $2 == 0/' \
	"$mig/migration" >"$data/semantic-patches/pool-bad/migration"
km pool-bad scan "$TMPDIR/tree"
check "family: a function's keys after its first case are refused" \
	'[ $status -eq 2 ] && grep -q "bad field .header.: not a key of a case" "$err"'
test_done
