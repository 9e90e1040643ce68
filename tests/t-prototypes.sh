#!/bin/bash
# t-prototypes.sh - a migration whose prototypes C and the kernel really
# write: a function-pointer parameter, size_t, a typedef name, an array,
# __iomem and __must_check (semantic-patches/kernel-types' attributes).
#
# The semantic patch generated from it parses (spatch --parse-cocci)
# and converts a small fixture; scan tells its calls' forms, apply
# converts exactly the old ones and a second apply changes nothing.  A
# prototype that is no declaration is refused with the reason and the
# token: "FILE:LINE: bad field 'old-prototype': ..., at 'TOKEN'".
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err

km() {
	KMIGRATE_DATADIR=$data "$KMIGRATE" --migration netdev-flags "$@" \
		>"$out" 2>"$err"
	status=$?
}

data=$TMPDIR/data
mig=$data/semantic-patches/netdev-flags
tree=$TMPDIR/tree
mkdir -p "$mig" "$tree/include/linux" "$tree/drivers/net"
cp "$SRCDIR/semantic-patches/kernel-types" "$data/semantic-patches/"
write_migration() {
	cat >"$mig/migration" <<EOF
name: netdev-flags
function: make_netdev
header: include/linux/mknetdev.h
old-prototype: $1
new-prototype: struct net_device __iomem * __must_check make_netdev(const char name[], size_t priv, void (*setup)(struct net_device *), loff_t *pos, gfp_t gfp)
new-call: \$2 \$1 \$3 \$4 GFP_KERNEL
subject: net: make_netdev() takes the name first, and a gfp_t
description: make_netdev() takes the name first; callers pass GFP_KERNEL.
EOF
}
write_migration 'struct net_device __iomem * __must_check make_netdev(size_t priv, const char name[], void (*setup)(struct net_device *), loff_t *pos)'

km cocci
check "prototypes: the semantic patch is generated" '[ $status -eq 0 ]'
cp "$out" "$TMPDIR/gen.cocci"
if command -v spatch >/dev/null 2>&1; then
	spatch --parse-cocci -D patch "$TMPDIR/gen.cocci" >"$TMPDIR/parse" 2>&1
	check "prototypes: spatch parses the generated semantic patch" \
		'[ $? -eq 0 ] && ! grep -q "parse error" "$TMPDIR/parse"' ||
		show "$TMPDIR/parse"
	check "prototypes: size_t is no typedef of the rule header, gfp_t is" \
		'! grep -q "typedef size_t;" "$TMPDIR/gen.cocci" &&
		 grep -q "^size_t x" "$TMPDIR/gen.cocci" &&
		 grep -q "typedef gfp_t;" "$TMPDIR/gen.cocci"'
fi

cat >"$tree/include/linux/mknetdev.h" <<'EOF'
struct net_device;
struct net_device *make_netdev(const char name[], size_t priv,
			       void (*setup)(struct net_device *),
			       loff_t *pos, gfp_t gfp);
EOF
cat >"$tree/drivers/net/dummy.c" <<'EOF'
#include <linux/mknetdev.h>

static void dummy_setup(struct net_device *dev)
{
}

static struct net_device *dummy_make(size_t len, loff_t *pos)
{
	struct net_device *a, *b;

	a = make_netdev(len, "dummy%d", dummy_setup, pos);
	b = make_netdev("dummy", len, NULL, NULL, GFP_ATOMIC);
	return a ? a : b;
}
EOF
cat >"$TMPDIR/dummy.expected" <<'EOF'
#include <linux/mknetdev.h>

static void dummy_setup(struct net_device *dev)
{
}

static struct net_device *dummy_make(size_t len, loff_t *pos)
{
	struct net_device *a, *b;

	a = make_netdev("dummy%d", len, dummy_setup, pos, GFP_KERNEL);
	b = make_netdev("dummy", len, NULL, NULL, GFP_ATOMIC);
	return a ? a : b;
}
EOF
km scan "$tree"
check "prototypes: scan tells the old call from the new" \
	'grep -q " 1 old, 1 new, 0 ambiguous" "$err"'
if command -v spatch >/dev/null 2>&1; then
	km apply --in-place "$tree"
	check "prototypes: apply converts the old call, with the generated patch" \
		'[ $status -eq 0 ] && cmp -s "$tree/drivers/net/dummy.c" "$TMPDIR/dummy.expected"' ||
		show "$err"
	km apply "$tree"
	check "prototypes: a second apply changes nothing" \
		'[ $status -eq 0 ] && [ ! -s "$out" ]'
else
	skip "prototypes: apply" "spatch is not installed"
fi

# a prototype that is no declaration: the reason, at which token
write_migration 'int make_netdev(size_t priv, const char *name gfp_t gfp)'
km scan "$tree"
check "prototypes: a bad prototype says why, at which token" \
	'[ $status -ne 0 ] &&
	 grep -q "/netdev-flags/migration:4: bad field .old-prototype.: expected .,. or .). after a parameter, at .gfp_t.$" "$err"'
write_migration 'int make_netdev(size_t priv, void (*)(int))'
km scan "$tree"
check "prototypes: a parameter without a name is refused, named" \
	'[ $status -ne 0 ] &&
	 grep -q "bad field .old-prototype.: parameter 2 (.void (\*)(int).) has no name" "$err"'
test_done
