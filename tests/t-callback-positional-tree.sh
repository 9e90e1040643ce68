#!/bin/bash
# t-callback-positional-tree.sh - a function of the "callback" kind that
# one file gives in a positional initializer (which apply leaves) and
# another file gives to the designated member is left in both: converted
# in one file only, the positional element would hold a void function.
# The occurrences left for it are named with the file that leaves it.
# That holds whichever file defines it, and a static function of the
# same name in a third file is still converted.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh); spatch.
. "$(dirname "$0")/lib.sh"
M=platform-remove-void
uncached_scratch

if ! command -v spatch >/dev/null 2>&1; then
	skip "apply: a function given positionally in another file" \
		"spatch is not installed"
	test_done
	exit
fi

T=$scratch/tree
mkdir -p "$T/include/linux" "$T/drivers/pt"
cat >"$T/include/linux/platform_device.h" <<'C'
struct platform_device;
struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *);
};
C
cat >"$T/drivers/pt/pt.h" <<'C'
int pt_lib_remove(struct platform_device *pdev);
int pt_pos_remove(struct platform_device *pdev);
C
# pt_lib_remove: defined and given designated here, positional in pt-pos.c
cat >"$T/drivers/pt/pt-lib.c" <<'C'
#include <linux/platform_device.h>
#include "pt.h"

int pt_lib_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver pt_lib_driver = {
	.remove = pt_lib_remove,
};
C
# pt_pos_remove: defined and given positionally here, designated in
# pt-des.c
cat >"$T/drivers/pt/pt-pos.c" <<'C'
#include <linux/platform_device.h>
#include "pt.h"

int pt_pos_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver pt_pos_driver = { NULL, pt_pos_remove };
static struct platform_driver pt_lib_pos_driver = { NULL, pt_lib_remove };
C
cat >"$T/drivers/pt/pt-des.c" <<'C'
#include <linux/platform_device.h>
#include "pt.h"

static int pt_own_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver pt_des_driver = {
	.remove = pt_pos_remove,
};

static struct platform_driver pt_own_driver = {
	.remove = pt_own_remove,
};
C
cat >"$T/drivers/pt/pt-other.c" <<'C'
#include <linux/platform_device.h>

static int pt_lib_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver pt_other_driver = {
	.remove = pt_lib_remove,
};
C

"$KMIGRATE" --migration "$M" apply "$T" >"$out" 2>"$err"
status=$?
check "apply: positional elsewhere, the designated member is left" \
	'[ $status -eq 1 ] &&
	 ! grep -q "^[-+].*pt_pos_remove" "$out" &&
	 ! grep -q "^+++ b/drivers/pt/pt-pos.c" "$out" &&
	 ! grep -q "^+++ b/drivers/pt/pt.h" "$out" &&
	 diag_join "$err" | grep -q "^drivers/pt/pt-des.c:10:3: warning: not converted .*'"'"'pt_pos_remove'"'"' is not converted in drivers/pt/pt-pos.c"' ||
	{ cat "$err" >>"$out"; show "$out"; }
check "apply: positional elsewhere, the definition is left" \
	'! grep -q "^+++ b/drivers/pt/pt-lib.c" "$out" &&
	 diag_join "$err" | grep -q "^drivers/pt/pt-lib.c:10:3: warning: not converted .*'"'"'pt_lib_remove'"'"' is not converted in drivers/pt/pt-pos.c" &&
	 diag_join "$err" | grep -q "^drivers/pt/pt-lib.c:4:5: warning: not converted .*'"'"'pt_lib_remove'"'"' is not converted in drivers/pt/pt-pos.c"' ||
	{ cat "$err" >>"$out"; show "$out"; }
check "apply: a static function of one file is still converted" \
	'grep -q "^+	.remove_new = pt_own_remove," "$out" &&
	 grep -q "^+static void pt_own_remove" "$out" &&
	 grep -q "^+++ b/drivers/pt/pt-other.c" "$out"' || show "$out"
test_done
