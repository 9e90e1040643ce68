#!/bin/bash
# t-hand-cocci.sh - a hand-written semantic patch (the "cocci:" key)
# that does more than rewrite calls.
#
# devm-platform-ioremap fuses platform_get_resource() and
# devm_ioremap_resource() into devm_platform_ioremap_resource() and
# removes the resource's variable: on a small tree apply converts the
# calls of the pattern and names each one left, the result is what the
# folder's tests say, a second apply changes nothing and check finds no
# error.  A made-up migration whose semantic patch also changes a
# function that holds no call of the old function, or a line outside
# any function, is refused, and the failure names the line and the
# function.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err

if ! command -v spatch >/dev/null 2>&1; then
	skip "hand-written semantic patches" "spatch is not installed"
	test_done
	exit
fi

km() {
	"$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

SP=$SRCDIR/semantic-patches/devm-platform-ioremap
tree=$TMPDIR/tree
mkdir -p "$tree/include/linux" "$tree/drivers/misc"
cat >"$tree/include/linux/device.h" <<'EOF'
struct device;
struct resource;
void __iomem *devm_ioremap_resource(struct device *dev,
				    const struct resource *res);
EOF
cat >"$tree/include/linux/platform_device.h" <<'EOF'
#include <linux/device.h>
struct platform_device {
	struct device dev;
};
struct resource *platform_get_resource(struct platform_device *pdev,
				       unsigned int type, unsigned int num);
void __iomem *devm_platform_ioremap_resource(struct platform_device *pdev,
					     unsigned int index);
EOF
cp "$SP/tests/fuse.c" "$tree/drivers/misc/fuse.c"
cp "$SP/tests/left.c" "$tree/drivers/misc/left.c"
cp "$SP/tests/alias.c" "$tree/drivers/misc/alias.c"

km --migration devm-platform-ioremap apply --in-place "$tree"
check "devm: apply converts the pattern's calls and names the others" \
	'grep -q "11 calls converted, 8 calls left (8 not matched)" "$err" &&
	 [ "$(grep -c "left.c:[0-9]*:[0-9]*: warning: not converted" "$err")" -eq 4 ] &&
	 [ "$(grep -c "alias.c:[0-9]*:[0-9]*: warning: not converted" "$err")" -eq 3 ] &&
	 [ "$(grep -c "fuse.c:[0-9]*:[0-9]*: warning: not converted" "$err")" -eq 1 ]' ||
	show "$err"
# the semantic patch's own reasons (virtual left), each at its call
reason() {
	grep -A1 "^drivers/misc/$1: warning: not converted" "$err" |
		grep -qF "not matched: $2"
}
check "devm: each call left is named with the semantic patch's reason" \
	'reason left.c:11:9 "'"'res'"' is read after the mapping" &&
	 reason left.c:24:9 "the resource is looked up by name" &&
	 reason left.c:36:9 "the device '"'dev'"' is not known to be" &&
	 reason left.c:47:9 "the resource is looked up with IORESOURCE_IO" &&
	 reason alias.c:51:9 "'"'res'"' is read between platform_get_resource" &&
	 reason alias.c:87:23 "no platform_get_resource(pdev, IORESOURCE_MEM" &&
	 reason fuse.c:52:11 "'"'res'"' is read after the mapping"' || show "$err"
check "devm: the statements fused, the variables gone, as the tests say" \
	'cmp -s "$tree/drivers/misc/fuse.c" "$SP/tests/fuse.res" &&
	 cmp -s "$tree/drivers/misc/left.c" "$SP/tests/left.res" &&
	 cmp -s "$tree/drivers/misc/alias.c" "$SP/tests/alias.res"'
km --migration devm-platform-ioremap apply "$tree"
check "devm: a second apply changes nothing" '[ ! -s "$out" ]'
km --migration devm-platform-ioremap check "$tree"
check "devm: check on the result finds no error" \
	'! grep -q ": error: " "$out"' || show "$out"

# --- a semantic patch that changes more than the functions with a call ----

data=$TMPDIR/data
mig=$data/semantic-patches/frob-wide
mkdir -p "$mig" "$TMPDIR/frob/include/linux" "$TMPDIR/frob/drivers/misc"
cp "$SRCDIR/semantic-patches/kernel-types" "$data/semantic-patches/"
cat >"$mig/migration" <<'EOF'
name: frob-wide
function: frob
new-function: frob2
header: include/linux/frob.h
old-prototype: int frob(int count)
new-prototype: int frob2(int count)
new-call: $1
cocci: frob.cocci
subject: misc: frob2()
description: frob() became frob2().
EOF
cat >"$TMPDIR/frob/include/linux/frob.h" <<'EOF'
int frob2(int count);
EOF
cat >"$TMPDIR/frob/drivers/misc/widget.c" <<'EOF'
#include <linux/frob.h>

static int widget_count = 1;

static int widget_init(void)
{
	int n = frob(3);

	n += widget_count;
	return n;
}

static void *widget_exit(void)
{
	return widget_count ? (void *)frob : NULL;
}
EOF
write_cocci() {
	cat >"$mig/frob.cocci" <<EOF
// Options: --no-includes --include-headers
virtual patch

@depends on patch@
expression e;
@@
- frob(e)
+ frob2(e)

@depends on patch@
@@
$1
EOF
}
write_cocci '- widget_count
+ widget_total'
KMIGRATE_DATADIR=$data km --migration frob-wide apply "$TMPDIR/frob"
check "a change in a function with no call is refused, line and function named" \
	'grep -q "drivers/misc/widget.c: .*spatch changed line 15, in widget_exit(), which holds no call of frob()" "$err" &&
	 [ ! -s "$out" ]' || show "$err"
write_cocci '- static int widget_count = 1;
+ static int widget_count = 2;'
KMIGRATE_DATADIR=$data km --migration frob-wide apply "$TMPDIR/frob"
check "a change outside any function is refused, its line named" \
	'grep -q "drivers/misc/widget.c: .*spatch changed line 3, outside the functions that hold a call of frob()" "$err" &&
	 [ ! -s "$out" ]' || show "$err"

# --- a declaration the conversion left unused may go, at file scope too ----

mkdir -p "$TMPDIR/gadget/include/linux" "$TMPDIR/gadget/drivers/misc"
cp "$TMPDIR/frob/include/linux/frob.h" "$TMPDIR/gadget/include/linux/"
cat >"$TMPDIR/gadget/drivers/misc/gadget.c" <<'EOF'
#include <linux/frob.h>

static int gadget_scale = 3;
static int gadget_total;

static int gadget_init(void)
{
	int unused_now = gadget_scale;

	return frob(unused_now);
}

static int gadget_exit(void)
{
	return gadget_total;
}
EOF
gadget_cocci() {
	cat >"$mig/frob.cocci" <<EOF
// Options: --no-includes --include-headers
virtual patch

@r depends on patch@
identifier v, s;
@@
- int v = s;
  ...
- frob(v)
+ frob2(3)

@depends on patch@
identifier r.s;
@@
- static int s = 3;

$1
EOF
}
gadget_cocci ''
KMIGRATE_DATADIR=$data km --migration frob-wide apply "$TMPDIR/gadget"
check "a file-scope declaration left unused by the conversion goes" \
	'grep -q "^-static int gadget_scale = 3;" "$out" &&
	 grep -q "^-	int unused_now = gadget_scale;" "$out" &&
	 grep -q "^+	return frob2(3);" "$out" &&
	 grep -q "1 calls* converted, 0 calls left" "$err"' || { show "$out"; show "$err"; }
gadget_cocci '@depends on patch@
@@
- static int gadget_total;'
KMIGRATE_DATADIR=$data km --migration frob-wide apply "$TMPDIR/gadget"
check "one still used in a function with no call is refused, its line named" \
	'grep -q "drivers/misc/gadget.c: .*spatch changed line 4, outside the functions that hold a call of frob()" "$err" &&
	 [ ! -s "$out" ]' || { show "$out"; show "$err"; }
test_done
