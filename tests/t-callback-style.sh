#!/bin/bash
# t-callback-style.sh - the lines a callback conversion changes are held
# to the kernel's style, as checkpatch.pl reads a patch's added lines:
# on a definition's or declaration's line whose return type changes, a
# parameter's "struct platform_device* pdev" becomes "... *pdev"; an
# initializer's renamed member loses a space before a tab in the blanks
# up to its '=' (".remove\t   \t=" becomes ".remove_new\t\t=").  Lines
# the conversion does not change keep their bytes, and a second apply
# changes nothing.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
M=platform-remove-void
t=$TMPDIR/tree

mkdir -p "$t/include/linux" "$t/drivers/misc"
cp "$SRCDIR/tree-fixtures/$M/include/linux/platform_device.h" \
	"$t/include/linux/"
printf '%s\n' '#include <linux/platform_device.h>' '' \
	'static int odd_remove(struct platform_device* pdev);' '' \
	'static int odd_remove(struct platform_device* pdev)' '{' \
	'	struct platform_device* keep = pdev;' '' \
	'	(void)keep;' '	return 0;' '}' '' \
	'static struct platform_driver odd_driver = {' \
	'	.probe	= NULL,' \
	"$(printf '\t.remove\t   \t= odd_remove,')" \
	'};' >"$t/drivers/misc/odd.c"
printf '%s\n' '#include <linux/platform_device.h>' '' \
	'static void odd_remove(struct platform_device *pdev);' '' \
	'static void odd_remove(struct platform_device *pdev)' '{' \
	'	struct platform_device* keep = pdev;' '' \
	'	(void)keep;' '}' '' \
	'static struct platform_driver odd_driver = {' \
	'	.probe	= NULL,' \
	"$(printf '\t.remove_new\t\t= odd_remove,')" \
	'};' >"$TMPDIR/odd.expected"

"$KMIGRATE" --migration "$M" apply --in-place "$t" >"$out" 2>"$err"
status=$?
diff -u "$TMPDIR/odd.expected" "$t/drivers/misc/odd.c" >"$TMPDIR/diff"
check "apply: 'type* name' mended on the changed lines, no space before a tab" \
	'[ $status -eq 0 ] && [ ! -s "$TMPDIR/diff" ]' ||
	{ echo "# expected/got:"; show "$TMPDIR/diff" 30; }
"$KMIGRATE" --migration "$M" apply --in-place "$t" >"$out" 2>"$err"
check "a second apply changes nothing" \
	'cmp -s "$TMPDIR/odd.expected" "$t/drivers/misc/odd.c"' ||
	show "$err"
test_done
