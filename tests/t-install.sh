#!/bin/bash
# t-install.sh - 'make install PREFIX=...' gives a kmigrate that finds its
# semantic patches and man page wherever the prefix is.
. "$(dirname "$0")/lib.sh"

prefix=$TMPDIR/prefix
make -s -C "$SRCDIR" install PREFIX="$prefix" >"$TMPDIR/install.log" 2>&1
check "make install PREFIX=... succeeds" '[ $? -eq 0 ]'
check "the binary is installed" '[ -x "$prefix/bin/kmigrate" ]'
check "the semantic patches are installed" \
	'[ -f "$prefix/share/kmigrate/semantic-patches/class-device-parent/migration" ]'
if [ -f "$SRCDIR/kmigrate.1" ]; then
	check "the man page is installed" '[ -f "$prefix/share/man/man1/kmigrate.1" ]'
fi

# moved elsewhere as a whole, it still finds its data beside itself
mv "$prefix" "$TMPDIR/moved"
(cd "$TMPDIR" && env -u KMIGRATE_DATADIR "$TMPDIR/moved/bin/kmigrate" -q scan \
	"$SRCDIR/tree-fixtures/linux-2.6.14-mini" >"$TMPDIR/scan.out" 2>"$TMPDIR/scan.err")
check "an installed kmigrate finds its migration after a move" \
	'[ $? -eq 0 ] && [ "$(grep -c ": old " "$TMPDIR/scan.out")" -eq 72 ]'
for m in device-create-drvdata class-create-owner; do
	(cd "$TMPDIR" && env -u KMIGRATE_DATADIR "$TMPDIR/moved/bin/kmigrate" \
		--migration "$m" -q scan "$TMPDIR/moved/share/kmigrate/$(sed -n \
		's/^demo-tree: *//p' "$SRCDIR/semantic-patches/$m/migration")" \
		>"$TMPDIR/scan.out" 2>"$TMPDIR/scan.err")
	check "an installed kmigrate has $m and its demo tree" \
		'[ $? -eq 0 ] && grep -q ": old " "$TMPDIR/scan.out"'
done

test_done
