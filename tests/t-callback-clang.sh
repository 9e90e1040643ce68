#!/bin/bash
# t-callback-clang.sh - check of a callback migration judges each member
# with libclang, by the types the tree's own header declares, on small
# trees written here: platform-remove-void (the member renamed,
# .remove -> .remove_new) and hv-remove-void (.remove made void in
# place).  A converted tree has no error, the function given through a
# wrapper that expands to NULL (__exit_p() built in) found by its name;
# an int function under the void member (through that wrapper), a
# converted function under the old member, an assignment of an int
# function and a kept "return 0;" are each an error naming the file,
# line, function and types; a
# second check gives the same from the result cache; a tree whose
# struct lacks the new member is one line and exit 2; without libclang
# the scan's verdicts judge the members, with a note.
#
# Needs: $KMIGRATE (with libclang, as t-check.sh), $TMPDIR.
. "$(dirname "$0")/lib.sh"

out=$TMPDIR/cb.out err=$TMPDIR/cb.err
export KMIGRATE_CACHE=$TMPDIR/cb-cache

km() {
	"$KMIGRATE" --migration "$M" "$@" >"$out" 2>"$err"
	status=$?
}

errors() { grep -c ': error: ' "$out"; }

# --- platform-remove-void: .remove_new beside .remove --------------------

M=platform-remove-void
t=$TMPDIR/platform
mkdir -p "$t/include/linux" "$t/drivers/gpio"
cat >"$t/include/linux/platform_device.h" <<'EOF'
#ifndef PLATFORM_DEVICE_H
#define PLATFORM_DEVICE_H
#define __exit_p(x) NULL
#define NULL ((void *)0)
struct platform_device {
	int id;
};
struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *);
};
void stop(struct platform_device *pdev);
#endif
EOF
cat >"$t/drivers/gpio/gpio-good.c" <<'EOF'
#include <linux/platform_device.h>

static void good_remove(struct platform_device *pdev)
{
	if (!pdev->id)
		return;
	stop(pdev);
}

static struct platform_driver good_driver = {
	.remove_new = __exit_p(good_remove),
};

static void late_remove(struct platform_device *pdev)
{
	stop(pdev);
}

void good_setup(struct platform_driver *drv)
{
	drv->remove_new = late_remove;
}
EOF

km check "$t"
check "converted: 0 errors, every member seen by libclang" \
	'[ $status -eq 0 ] && [ "$(errors)" -eq 0 ]' || show "$out"
km check --format json "$t"
check "converted: libclang analysed both members" \
	'grep -q "\"analysed_by_libclang\": 2" "$out"' || show "$out"

cat >"$t/drivers/gpio/gpio-bad.c" <<'EOF'
#include <linux/platform_device.h>

static void kept_remove(struct platform_device *pdev)
{
	stop(pdev);
	return 0;
}

static int int_remove(struct platform_device *pdev)
{
	stop(pdev);
	return 0;
}

static void old_remove(struct platform_device *pdev)
{
	stop(pdev);
}

static int assigned_remove(struct platform_device *pdev)
{
	stop(pdev);
	return 0;
}

static struct platform_driver kept_driver = {
	.remove_new = kept_remove,
};

static struct platform_driver int_driver = {
	.remove_new = __exit_p(int_remove),
};

static struct platform_driver old_driver = {
	.remove = old_remove,
};

void bad_setup(struct platform_driver *drv)
{
	drv->remove_new = assigned_remove;
}
EOF

km check "$t"
check "wrongly converted: 4 errors, exit 1" \
	'[ $status -eq 1 ] && [ "$(errors)" -eq 4 ]' || show "$out"
check "a kept 'return 0;' in a void function: the line, the value's type" \
	'grep -q "gpio-bad.c:27:3: error: .kept_remove. returns a value at line 6 (.return" "$out" &&
	 grep -q "callback-value-return" "$out"' || show "$out"
check "an int function under the void member: both types" \
	'tr -s "\n " " " <"$out" |
	 grep -q "gpio-bad.c:31:3: error: .int_remove. of type .int (struct platform_device \*). is given to .remove_new of struct platform_driver, of type .void (\*)(struct platform_device \*). \[callback-type\]"' ||
	show "$out"
check "a converted function under the old member of the renamed one" \
	'tr -s "\n " " " <"$out" |
	 grep -q "gpio-bad.c:35:3: error: .old_remove. of type .void (struct platform_device \*). is given to .remove of struct platform_driver, of type .int (\*)(struct platform_device \*)."' ||
	show "$out"
check "an assignment: the member's declaration in the tree's header" \
	'grep -q "gpio-bad.c:40:7: error: .assigned_remove. of type" "$out" &&
	 grep -q "the member is declared at include/linux/platform_device.h:11" "$out"' ||
	show "$out"
cp "$out" "$TMPDIR/cb.first"
km check "$t"
check "a second check: the same findings, from the result cache" \
	'[ $status -eq 1 ] && cmp -s "$out" "$TMPDIR/cb.first"' ||
	show "$out"

KMIGRATE_LIBCLANG=/nonexistent/libclang.so km check "$t"
check "without libclang: the scan's verdicts, with a note, exit 1" \
	'[ $status -eq 1 ] && grep -q "libclang cannot be loaded" "$err" &&
	 grep -q "gpio-bad.c:35:3: error: .old_remove. is given to the old member" "$out"' ||
	show "$out"

sed -i "/remove_new/d" "$t/include/linux/platform_device.h"
km check "$t"
check "a struct without the new member: one line, exit 2" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && [ ! -s "$out" ] &&
	 grep -q "declares no member .remove_new. in struct platform_driver" "$err"' ||
	show "$err"

# --- hv-remove-void: .remove made void in place --------------------------

M=hv-remove-void
t=$TMPDIR/hv
mkdir -p "$t/include/linux" "$t/drivers/hv"
cat >"$t/include/linux/hyperv.h" <<'EOF'
#ifndef HYPERV_H
#define HYPERV_H
struct hv_device {
	int id;
};
struct hv_driver {
	void (*remove)(struct hv_device *);
};
void hv_stop(struct hv_device *dev);
#endif
EOF
cat >"$t/drivers/hv/hv-good.c" <<'EOF'
#include <linux/hyperv.h>

static void good_remove(struct hv_device *dev)
{
	hv_stop(dev);
}

static struct hv_driver good_drv = {
	.remove = good_remove,
};
EOF
km check "$t"
check "hv converted: 0 errors" '[ $status -eq 0 ] && [ "$(errors)" -eq 0 ]' ||
	show "$out"
cat >"$t/drivers/hv/hv-bad.c" <<'EOF'
#include <linux/hyperv.h>

static void kept_remove(struct hv_device *dev)
{
	hv_stop(dev);
	return 0;
}

static struct hv_driver kept_drv = {
	.remove = kept_remove,
};
EOF
km check "$t"
check "hv: a kept 'return 0;' is an error at the member" \
	'[ $status -eq 1 ] && [ "$(errors)" -eq 1 ] &&
	 grep -q "hv-bad.c:10:3: error: .kept_remove. returns a value at line 6" "$out"' ||
	show "$out"

test_done
