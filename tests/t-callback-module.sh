#!/bin/bash
# t-callback-module.sh - the "callback" kind through the module_*_driver()
# helpers: a driver registered by module_platform_driver(),
# module_platform_driver_probe() or builtin_platform_driver() is still
# a variable with a designated initializer, so its .remove is found,
# converted and left as any other; the helper's line stays as it is.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
M=platform-remove-void
T=$TMPDIR/tree

km() {
	"$KMIGRATE" --migration "$M" "$@" >"$out" 2>"$err"
	status=$?
}

mkdir -p "$T/include/linux" "$T/drivers/mod"
cat >"$T/include/linux/platform_device.h" <<'C'
struct platform_device;
struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *);
};
C
cat >"$T/drivers/mod/mod-plain.c" <<'C'
#include <linux/platform_device.h>

static int plain_remove(struct platform_device *pdev)
{
	plain_stop(pdev);
	return 0;
}

static struct platform_driver plain_driver = {
	.remove = plain_remove,
};
module_platform_driver(plain_driver);
C
cat >"$T/drivers/mod/mod-probe.c" <<'C'
#include <linux/platform_device.h>

static int probe_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver probe_driver = {
	.remove = __exit_p(probe_remove),
};
module_platform_driver_probe(probe_driver, probe_probe);
C
cat >"$T/drivers/mod/mod-builtin.c" <<'C'
#include <linux/platform_device.h>

static int builtin_remove(struct platform_device *pdev)
{
	if (builtin_busy(pdev))
		return -EBUSY;
	return 0;
}

static struct platform_driver builtin_driver = {
	.remove = builtin_remove,
};
builtin_platform_driver(builtin_driver);
C

km -v scan "$T"
check "scan: each helper's driver has its member and its function" \
	'[ $status -eq 0 ] &&
	 grep -q "mod-plain.c:10:3: old .remove=plain_remove" "$out" &&
	 grep -q "mod-plain.c:3:12: old static int plain_remove" "$out" &&
	 grep -q "mod-probe.c:9:3: old .remove=__exit_p(probe_remove)" "$out" &&
	 grep -q "mod-builtin.c:11:3: ambiguous .remove=builtin_remove" "$out" &&
	 grep -q "'"'"'builtin_remove'"'"' returns an error at line 6" "$err"' ||
	show "$out"

if ! command -v spatch >/dev/null 2>&1; then
	skip "apply through the module_*_driver() helpers" \
		"spatch is not installed"
	test_done
	exit
fi

km apply "$T"
check "apply: the helpers' drivers converted, the helper lines kept" \
	'[ $status -eq 1 ] &&
	 grep -q "^+	.remove_new = plain_remove," "$out" &&
	 grep -q "^+	.remove_new = __exit_p(probe_remove)," "$out" &&
	 grep -q "^+static void probe_remove(struct platform_device \*pdev)$" \
		"$out" &&
	 ! grep -q "^[-+]module_platform_driver" "$out" &&
	 ! grep -q builtin_ "$out" &&
	 grep -q "apply: 2 files, 4 calls converted, 1 call left (1 ambiguous)" "$err"' ||
	{ cat "$err" >>"$out"; show "$out"; }
km apply --in-place "$T"
km apply "$T"
check "a second apply changes nothing" '[ ! -s "$out" ]' || show "$out"
test_done
