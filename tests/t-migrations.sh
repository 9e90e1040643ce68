#!/bin/bash
# t-migrations.sh - every shipped migration on its fixture tree, and a
# migration made from nothing but a new folder.
#
# For class-device-parent (linux-2.6.14-mini), device-create-drvdata
# (linux-2.6.26-mini) and class-create-owner (linux-6.3-mini): apply's
# diff is the fixture's expected conversion byte for byte; no old-form
# call is left; a second apply changes nothing; check on the result has
# no error; check --patch on the fixture's hand conversion has exactly
# one error, its planted mistake; "kmigrate --migration NAME run" exits
# 0.  class-create-owner also on linux-6.3-macro, where class_create()
# is still the old macro: the expected conversion, and nothing against
# the tree's own API.  Then a made-up migration written into a fresh
# data directory (KMIGRATE_DATADIR): frob(count, label) becomes
# frob2(label, count), converted on a tiny tree.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
FIX=$SRCDIR/tree-fixtures

if ! command -v spatch >/dev/null 2>&1; then
	skip "the migrations on their fixtures" "spatch is not installed"
	test_done
	exit
fi

# km MIGRATION ARGS...: run kmigrate; $out, $err, $status
km() {
	local m=$1

	shift
	"$KMIGRATE" --migration "$m" "$@" >"$out" 2>"$err"
	status=$?
}

errors() { grep -c ': error: ' "$out"; }

# migration TREE EXPECTED-PATCH HAND-PATCH MISTAKE(FILE:LINE)
acceptance() {
	local m=$1 tree=$2 expected=$3 hand=$4 mistake=$5 copy

	copy=$TMPDIR/$m
	rm -rf "$copy" "$copy.pristine"
	cp -R "$tree" "$copy"
	cp -R "$tree" "$copy.pristine"
	km "$m" apply "$copy"
	check "$m: apply's diff is the expected conversion, byte for byte" \
		'cmp -s "$out" "$expected"' ||
		{ diff "$expected" "$out" >"$TMPDIR/diff"; show "$TMPDIR/diff"; }
	km "$m" apply --in-place "$copy"
	km "$m" scan "$copy"
	check "$m: no old-form call is left" \
		'grep -q " 0 old, " "$err" && ! grep -q ": old " "$out"'
	km "$m" apply "$copy"
	check "$m: a second apply changes nothing" '[ ! -s "$out" ]'
	km "$m" check "$copy"
	check "$m: check on the result has no error" \
		'[ "$(errors)" -eq 0 ] && [ $status -eq 0 ]' || show "$out"
	km "$m" check --patch "$hand" "$copy.pristine"
	check "$m: the planted mistake is the one error of check --patch" \
		'[ "$(errors)" -eq 1 ] && grep -q "^$mistake:[0-9]*: error: " "$out"' ||
		show "$out"
	km "$m" run --out "$TMPDIR/$m.series"
	check "$m: kmigrate --migration $m run exits 0" '[ $status -eq 0 ]'
}

acceptance class-device-parent "$FIX/linux-2.6.14-mini" \
	"$FIX/expected-conversion.patch" "$FIX/hand-conversion.patch" \
	drivers/s390/char/vmlogrdr.c:[0-9]*
acceptance device-create-drvdata "$FIX/linux-2.6.26-mini" \
	"$FIX/device-create-drvdata/expected-conversion.patch" \
	"$FIX/device-create-drvdata/hand-conversion.patch" fs/coda/psdev.c:29
acceptance class-create-owner "$FIX/linux-6.3-mini" \
	"$FIX/class-create-owner/expected-conversion.patch" \
	"$FIX/class-create-owner/hand-conversion.patch" drivers/scsi/sg.c:22

# the owner drm_sysfs.c passes is its own: converted, with a warning
rm -rf "$TMPDIR/owner" && cp -R "$FIX/linux-6.3-mini" "$TMPDIR/owner"
km class-create-owner apply "$TMPDIR/owner"
check "class-create-owner: a dropped owner that is no THIS_MODULE is named" \
	'grep -q "^drivers/gpu/drm/drm_sysfs.c:22:10: warning: converted, dropping argument 1 .owner." "$err" &&
	 [ "$(grep -c "warning: converted, dropping" "$err")" -eq 1 ]'

# before 6.4: class_create() is a macro around __class_create()
rm -rf "$TMPDIR/macro" && cp -R "$FIX/linux-6.3-macro" "$TMPDIR/macro"
km class-create-owner scan "$TMPDIR/macro"
check "linux-6.3-macro: the header's #define is the API, no call shadowed" \
	'grep -q "^include/linux/device/class.h:[0-9]*:[0-9]*: definition class_create(owner, name)" "$out" &&
	 grep -q " 5 old, 0 new, 0 ambiguous" "$err" && ! grep -q shadowed "$out"'
km class-create-owner check --format json "$TMPDIR/macro"
check "linux-6.3-macro: check sees every call through the macro, old API, no finding" \
	'grep -q "\"api\": \"old\"" "$out" && grep -q "\"analysed_by_libclang\": 5" "$out" &&
	 grep -q "\"findings\": \[\]" "$out"'
km class-create-owner apply "$TMPDIR/macro"
check "linux-6.3-macro: apply's diff is the expected conversion" \
	'cmp -s "$out" "$FIX/class-create-owner/macro-expected-conversion.patch"'

# --- a migration from nothing but a new folder --------------------------------

data=$TMPDIR/data
mig=$data/semantic-patches/frob-swap
mkdir -p "$mig" "$TMPDIR/frob/include/linux" "$TMPDIR/frob/drivers/misc"
cp "$SRCDIR/semantic-patches/kernel-types" "$data/semantic-patches/"
cat >"$mig/migration" <<'EOF'
name: frob-swap
function: frob
new-function: frob2
header: include/linux/frobnicate.h
old-prototype: int frob(int count, const char *label)
new-prototype: int frob2(const char *label, int count)
new-call: $2 $1
cocci: frob.cocci
subject: misc: frob2() takes the label first
description: frob() became frob2(), with the label first.
EOF
cat >"$mig/frob.cocci" <<'EOF'
// Options: --no-includes --include-headers --smpl-spacing
virtual patch

@depends on patch@
expression count, label;
@@

- frob(count, label)
+ frob2(label, count)
EOF
cat >"$TMPDIR/frob/include/linux/frobnicate.h" <<'EOF'
int frob2(const char *label, int count);
EOF
cat >"$TMPDIR/frob/drivers/misc/widget.c" <<'EOF'
#include <linux/frobnicate.h>

static int widget_init(void)
{
	int n = frob(3, "three");

	n += frob(n,
		  "wrapped");
	return n + frob2("done", 1);
}
EOF
cat >"$TMPDIR/frob.expected" <<'EOF'
#include <linux/frobnicate.h>

static int widget_init(void)
{
	int n = frob2("three", 3);

	n += frob2("wrapped",
		   n);
	return n + frob2("done", 1);
}
EOF
KMIGRATE_DATADIR=$data km frob-swap scan "$TMPDIR/frob"
check "a new folder: scan tells old calls by the old name, new by the new" \
	'grep -q " 2 old, 1 new, 0 ambiguous" "$err"'
KMIGRATE_DATADIR=$data km frob-swap apply --in-place "$TMPDIR/frob"
check "a new folder: apply renames and swaps, aligned as before" \
	'[ $status -eq 0 ] && cmp -s "$TMPDIR/frob/drivers/misc/widget.c" "$TMPDIR/frob.expected"' ||
	{ diff "$TMPDIR/frob.expected" "$TMPDIR/frob/drivers/misc/widget.c" >"$TMPDIR/diff"; show "$TMPDIR/diff"; }
KMIGRATE_DATADIR=$data km frob-swap check "$TMPDIR/frob"
check "a new folder: check on the result has no error" \
	'[ $status -eq 0 ] && [ "$(errors)" -eq 0 ]'
test_done
