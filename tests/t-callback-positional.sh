#!/bin/bash
# t-callback-positional.sh - the "callback" kind's positional
# initializers: "{ foo_probe, foo_remove }" gives foo_remove to the
# member at its place in the struct, which scan reads from the tree's
# definition of the struct.  Such an element is listed and left, named
# (the member's name cannot change there: it is made designated by
# hand), and so is its function; an element at the new member's place
# is new; a file that names the member nowhere else is read too; a
# positional initializer of a tree that does not define the struct is
# left at its brace, named; apply converts none of them, and the rest of
# the file as before.
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

mkdir -p "$T/include/linux" "$T/drivers/pos"
cat >"$T/include/linux/platform_device.h" <<'C'
struct platform_device;
struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *);
	void (*shutdown)(struct platform_device *);
};
C
cat >"$T/drivers/pos/pos.c" <<'C'
#include <linux/platform_device.h>

static int pos_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver pos_driver = { pos_probe, pos_remove };

static int arr_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver arr_drivers[] = {
	{ arr_probe, __exit_p(arr_remove), },
	{ .probe = arr_probe, .shutdown = arr_shutdown },
};

static void new_remove(struct platform_device *pdev)
{
}

static struct platform_driver new_driver = { new_probe, NULL, new_remove };

static int plain_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver plain_driver = { .remove = plain_remove };
C

cat >"$T/drivers/pos/pos-only.c" <<'C'
#include <linux/platform_device.h>

static int only_exit(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver only_driver = { only_probe, only_exit };
C

mkdir -p "$TMPDIR/only/drivers/pos" "$TMPDIR/only/include/linux"
cp "$T/drivers/pos/pos-only.c" "$TMPDIR/only/drivers/pos/"
cp "$T/include/linux/platform_device.h" "$TMPDIR/only/include/linux/"
km -v scan "$TMPDIR/only"
check "scan: a tree whose only driver names the member nowhere" \
	'grep -q "pos-only.c:8:59: ambiguous only_exit" "$out"' || show "$out"

km -v scan "$T"
check "scan: a positional element at the member's place, left, named" \
	'[ $status -eq 0 ] &&
	 grep -q "pos.c:8:57: ambiguous pos_remove" "$out" &&
	 grep -q "'"'"'pos_remove'"'"' is given in a positional initializer" \
		"$err"' || { cat "$err" >>"$out"; show "$out"; }
check "scan: in an array, through the wrapper" \
	'grep -q "pos.c:16:15: ambiguous __exit_p(arr_remove)" "$out"' ||
	show "$out"
check "scan: at the new member's place it is new" \
	'grep -q "pos.c:24:63: new new_remove" "$out"' || show "$out"
check "scan: a designated initializer beside them is to convert" \
	'grep -q "pos.c:31:49: old .remove=plain_remove" "$out"' || show "$out"

mkdir -p "$TMPDIR/bare/drivers/pos"
cp "$T/drivers/pos/pos.c" "$TMPDIR/bare/drivers/pos/"
km -v scan "$TMPDIR/bare"
check "scan: no definition of the struct: left at the brace, named" \
	'[ $status -eq 0 ] &&
	 grep -q "pos.c:8:44: ambiguous {pos_probe,pos_remove}" "$out" &&
	 grep -q "a positional initializer of struct platform_driver" "$err"' ||
	{ cat "$err" >>"$out"; show "$out"; }

if ! command -v spatch >/dev/null 2>&1; then
	skip "apply with positional initializers" "spatch is not installed"
	test_done
	exit
fi

km apply "$T"
check "apply: the positional ones left, the designated one converted" \
	'[ $status -eq 1 ] &&
	 grep -q "^+static void plain_remove" "$out" &&
	 grep -q "^+static struct platform_driver plain_driver = { .remove_new = plain_remove };" "$out" &&
	 ! grep -q "^[-+].*pos_remove" "$out" &&
	 ! grep -q "^[-+].*arr_remove" "$out" && ! grep -q only_exit "$out" &&
	 grep -q "2 calls converted, 3 calls left (3 ambiguous)" "$err"' ||
	{ cat "$err" >>"$out"; show "$out"; }
test_done
