#!/bin/bash
# t-migration-path.sh - a user's own migration, in a folder anywhere.
#
# "--migration PATH" loads a migration folder from outside the data
# directory (a value with a '/', or a folder the data directory has no
# migration of that name for), with the data directory's shared
# kernel-types: a made-up rename frob() -> frob2(), generated .cocci,
# run by scan, apply, check, series and cocci.  A folder whose name is not
# its "name:" and a path with no migration are refused.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
export SOURCE_DATE_EPOCH=1129169427
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export HOME=$TMPDIR XDG_CONFIG_HOME=$TMPDIR/.config
make_scratch
out=$scratch/out err=$scratch/err
check_shows=$err

# km MIGRATION ARGS...: run kmigrate; $out, $err, $status
km() {
	local m=$1

	shift
	"$KMIGRATE" --migration "$m" "$@" >"$out" 2>"$err"
	status=$?
}

mig=$scratch/mine/frob-rename
tree=$scratch/tree
mkdir -p "$mig" "$tree/include/linux" "$tree/drivers/misc"
cat >"$mig/migration" <<'EOF'
name: frob-rename
function: frob
new-function: frob2
header: include/linux/frob.h
old-prototype: int frob(struct device *dev, int count)
new-prototype: int frob2(struct device *dev, int count)
new-call: $1 $2
subject: misc: call frob2() instead of frob()
description: frob() is now called frob2().
EOF
cat >"$tree/include/linux/frob.h" <<'EOF'
struct device;
int frob2(struct device *dev, int count);
EOF
cat >"$tree/drivers/misc/widget.c" <<'EOF'
#include <linux/frob.h>

static int widget_probe(struct device *dev)
{
	return frob(dev, 3) + frob2(dev, 4);
}
EOF

if ! command -v spatch >/dev/null 2>&1; then
	skip "a migration folder given by its path" "spatch is not installed"
	test_done
	exit
fi

km "$mig" scan "$tree"
check "scan: the folder's migration, by its path" \
	'[ $status -eq 0 ] && grep -q " 1 old, 1 new, 0 ambiguous" "$err"'
km "$mig" cocci
check "cocci: the semantic patch generated from the folder's data" \
	'[ $status -eq 0 ] && grep -q "frob2" "$out"'
km "$mig" series --from "Tess Tester <tess@example.org>" "$tree" --out "$scratch/series"
check "series: the folder's subject in the patch" \
	'[ $status -eq 0 ] && grep -qs "call frob2() instead of frob()" "$scratch"/series/0001-*.patch'
km "$mig" apply --in-place "$tree"
check "apply: frob() becomes frob2()" \
	'[ $status -eq 0 ] && grep -q "return frob2(dev, 3) + frob2(dev, 4);" "$tree/drivers/misc/widget.c"'
km "$mig" check "$tree"
check "check: the converted tree has no error" \
	'[ $status -eq 0 ] && ! grep -q ": error: " "$out"'

# a bare name that is a folder here, and no migration of the data directory
(cd "$scratch/mine" && "$KMIGRATE" --migration frob-rename scan "$tree") \
	>"$out" 2>"$err"
check "a bare name that is only a folder here is that folder" \
	'[ $? -eq 0 ] && grep -q " 0 old, 2 new, 0 ambiguous" "$err"'

cp -R "$mig" "$scratch/mine/renamed"
km "$scratch/mine/renamed" scan "$tree"
check "a folder whose name is not its migration's is refused" \
	'[ $status -eq 2 ] && grep -q "bad field .name.: .frob-rename. is not its folder.s name .renamed." "$err"'
km "$scratch/mine/none" scan "$tree"
check "a path with no migration file is refused, naming where it looked" \
	'[ $status -eq 2 ] && grep -q "cannot read migration .*mine/none/migration" "$err"'
test_done
