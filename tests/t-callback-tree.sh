#!/bin/bash
# t-callback-tree.sh - the "callback" kind across files: a function given
# to .remove in one file and defined in another, declared in a header.
# scan decides it where it is defined and lists its definition and
# declaration beside the member; apply converts the three together (the
# generated semantic patch sees, after each file, what the other files
# hold); a function that returns an error there, that another file calls
# using its result, that two files define, or that no file defines but
# as its own static function, is left and named so, and so is a member
# given inside a macro definition; a second apply
# changes nothing.
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

mkdir -p "$T/include/linux" "$T/drivers/wid" "$T/drivers/gad"
cat >"$T/include/linux/platform_device.h" <<'C'
struct platform_device;
struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *);
};
C
cat >"$T/drivers/wid/wid-lib.h" <<'C'
int wid_lib_remove(struct platform_device *pdev);
int wid_err_remove(struct platform_device *pdev);
int wid_pair_remove(struct platform_device *pdev);
int wid_used_remove(struct platform_device *pdev);
C
cat >"$T/drivers/wid/wid-lib.c" <<'C'
#include "wid-lib.h"

int wid_lib_remove(struct platform_device *pdev)
{
	wid_stop(pdev);
	return 0;
}

int wid_err_remove(struct platform_device *pdev)
{
	if (wid_stuck(pdev))
		return -EIO;
	return 0;
}

int wid_used_remove(struct platform_device *pdev)
{
	return 0;
}

#ifdef CONFIG_WID_V1
int wid_pair_remove(struct platform_device *pdev)
{
	return 0;
}
#endif
C
cat >"$T/drivers/wid/wid-v2.c" <<'C'
int wid_pair_remove(struct platform_device *pdev)
{
	wid_v2_stop(pdev);
	return 0;
}
C
cat >"$T/drivers/wid/wid-board.c" <<'C'
#include <linux/platform_device.h>
#include "wid-lib.h"

static struct platform_driver wid_driver = {
	.remove = wid_lib_remove,
};

static struct platform_driver wid_err_driver = {
	.remove = wid_err_remove,
};

static struct platform_driver wid_pair_driver = {
	.remove = wid_pair_remove,
};

static struct platform_driver wid_used_driver = {
	.remove = wid_used_remove,
};

static struct platform_driver wid_lost_driver = {
	.remove = wid_lost_remove,
};

static struct platform_driver wid_none_driver = {
	.remove = NULL,
};
C
cat >"$T/drivers/gad/gad.c" <<'C'
static int wid_lost_remove(struct platform_device *pdev)
{
	return 0;
}

static int gad_remove(struct platform_device *pdev)
{
	return wid_used_remove(pdev);
}
C

cat >"$T/drivers/gad/gad-macro.h" <<'C'
#define GAD_DRIVER(_name)						\
static int gad_m_remove(struct platform_device *pdev)			\
{									\
	return 0;							\
}									\
static struct spi_driver gad_spi = {					\
	.remove = gad_spi_remove,					\
};									\
static struct platform_driver gad_m_driver = {				\
	.remove = gad_m_remove,						\
};
C

km -v scan "$T"
check "scan: the members, their functions' definitions and declarations" \
	'[ $status -eq 0 ] &&
	 grep -q "wid-board.c:5:3: old .remove=wid_lib_remove" "$out" &&
	 grep -q "wid-lib.c:3:5: old int wid_lib_remove" "$out" &&
	 grep -q "wid-lib.h:1:5: old int wid_lib_remove" "$out" &&
	 grep -q "wid-lib.c:9:5: definition int wid_err_remove" "$out" &&
	 grep -q "wid-lib.h:2:5: declaration int wid_err_remove" "$out"' ||
	show "$out"
check "scan: a static function of another file is not the one given" \
	'! grep -q "gad.c" "$out"' || show "$out"
check "scan: a member given NULL gives no function" \
	'! grep -q "NULL" "$out"' || show "$out"
check "scan: a member given inside a macro definition is left, named" \
	'grep -q "gad-macro.h:10:3: ambiguous .remove=gad_m_remove" "$out" &&
	 ! grep -q gad_spi_remove "$out" &&
	 grep -q "'"'"'gad_m_remove'"'"' is given inside a macro definition" \
		"$err"' || show "$out"
check "scan -v: each function left with the tree's reason" \
	'grep -q "'"'"'wid_err_remove'"'"' returns an error at line 12" "$err" &&
	 grep -q "'"'"'wid_pair_remove'"'"' is defined in 2 files" "$err" &&
	 grep -q "'"'"'wid_used_remove'"'"' is also called and its result used" "$err" &&
	 grep -q "'"'"'wid_lost_remove'"'"' is not defined in the tree" "$err"'

if ! command -v spatch >/dev/null 2>&1; then
	skip "apply of a function defined in another file" \
		"spatch is not installed"
	test_done
	exit
fi

km apply "$T"
check "apply: the member, the definition and the declaration together" \
	'[ $status -eq 1 ] &&
	 grep -q "^+	.remove_new = wid_lib_remove," "$out" &&
	 grep -q "^+void wid_lib_remove(struct platform_device \*pdev)$" "$out" &&
	 grep -q "^+void wid_lib_remove(struct platform_device \*pdev);" "$out" &&
	 grep -q "^-	return 0;" "$out" &&
	 [ $(grep -c "^[-+][^-+]" "$out") -eq 7 ] &&
	 grep -q "apply: 3 files, 3 calls converted, 5 calls left" "$err"' ||
	show "$out"
check "apply: nothing of what spatch was given beside a file" \
	'! grep -q kmigrate "$out"' || show "$out"
km apply --in-place "$T"
km apply "$T"
check "a second apply changes nothing" \
	'[ ! -s "$out" ] && grep -q "0 calls converted" "$err"' || show "$out"
test_done
