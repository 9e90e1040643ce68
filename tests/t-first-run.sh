#!/bin/bash
# t-first-run.sh - a newcomer's first mistakes each get one clear line
# and the right exit code: no spatch, no Python library for spatch, no
# libclang, a TREE that does not exist, a TREE that is not a kernel tree,
# a read-only TREE.
. "$(dirname "$0")/lib.sh"
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
one_line() { [ "$(grep -c . "$err")" -eq 1 ]; }

# no spatch: a PATH with what kmigrate needs but spatch
nospatch=$TMPDIR/nospatch
mkdir -p "$nospatch"
for tool in cp git sh rm perl; do
	p=$(command -v $tool) && ln -s "$p" "$nospatch/$tool"
done
cp -a "$MINI" "$TMPDIR/tree"
PATH=$nospatch "$KMIGRATE" apply "$TMPDIR/tree" >"$out" 2>"$err"
status=$?
check "no spatch: apply exits 2 with one line naming the package" \
	'[ $status -eq 2 ] && one_line && grep -q "apt-get install coccinelle" "$err"'
PATH=$nospatch "$KMIGRATE" run --out "$TMPDIR/series" >"$out" 2>"$err"
status=$?
check "no spatch: run exits 2 with the same line" \
	'[ $status -eq 2 ] && one_line && grep -q "apt-get install coccinelle" "$err"'

# spatch without its Python library (Debian's libpython3-dev missing):
# a python3 whose version names a library that is nowhere, as spatch
# finds it on a machine without libpython3.X.so
nopython=$TMPDIR/nopython
mkdir -p "$nopython"
printf '%s\n' '#!/bin/sh' \
	'[ "$1" = --version ] && { echo "Python 3.99.0"; exit 0; }' \
	'exit 1' >"$nopython/python3"
chmod +x "$nopython/python3"
for mode in report org; do
	PATH=$nopython:$PATH "$KMIGRATE" cocci --mode $mode "$TMPDIR/tree" \
		>"$out" 2>"$err"
	status=$?
	check "no Python library for spatch: cocci --mode $mode exits 2, one line naming the package" \
		'[ $status -eq 2 ] && one_line && grep -q "Python library" "$err" &&
		 grep -q "apt-get install libpython3-dev" "$err" && [ ! -s "$out" ]'
done
PATH=$nopython:$PATH "$KMIGRATE" apply "$TMPDIR/tree" >"$out" 2>"$err"
status=$?
check "no Python library: apply (patch mode runs no Python) still converts" \
	'[ $status -eq 0 ] && grep -q "^+.*class_device_create(" "$out"'

# no libclang
KMIGRATE_LIBCLANG=/nonexistent/libclang.so "$KMIGRATE" check "$TMPDIR/tree" >"$out" 2>"$err"
status=$?
check "no libclang: check exits 2 with one line naming the package" \
	'[ $status -eq 2 ] && one_line && grep -q "libclang" "$err" && grep -q "apt-get install libclang-dev" "$err"'

# a TREE that does not exist
for cmd in scan apply check "series --out $TMPDIR/s --from a<a@example.org>"; do
	$KMIGRATE $cmd "$TMPDIR/no-such-tree" >"$out" 2>"$err"
	status=$?
	check "${cmd%% *} on a missing TREE: exit 2, one line naming it" \
		'[ $status -eq 2 ] && one_line && grep -q "no-such-tree" "$err"'
done

# a TREE that is not a kernel tree: no callers, said once, exit 0
mkdir -p "$TMPDIR/notkernel/src"
echo 'int main(void) { return 0; }' >"$TMPDIR/notkernel/src/main.c"
for cmd in scan apply check; do
	"$KMIGRATE" $cmd "$TMPDIR/notkernel" >"$out" 2>"$err"
	status=$?
	check "$cmd on a tree without callers: exit 0 and a note saying so" \
		'[ $status -eq 0 ] && grep -q "note: no call of .class_device_create. found" "$err"'
done
"$KMIGRATE" series "$TMPDIR/notkernel" --out "$TMPDIR/s2" --from "a <a@example.org>" >"$out" 2>"$err"
status=$?
check "series on a tree without callers: exit 0, nothing written, said so" \
	'[ $status -eq 0 ] && [ ! -e "$TMPDIR/s2/0001"* ] && grep -q "no series written" "$err"'

# a read-only TREE with --in-place
cp -a "$MINI" "$TMPDIR/ro"
if [ "$(id -u)" = 0 ]; then
	chattr -R +i "$TMPDIR/ro" 2>/dev/null || skip=1
else
	chmod -R a-w "$TMPDIR/ro"
fi
if [ -z "${skip:-}" ]; then
	"$KMIGRATE" apply --in-place "$TMPDIR/ro" >"$out" 2>"$err"
	status=$?
	chattr -R -i "$TMPDIR/ro" 2>/dev/null
	chmod -R u+w "$TMPDIR/ro"
	check "a read-only TREE with --in-place: exit 2, one line" \
		'[ $status -eq 2 ] && one_line && grep -q "ro" "$err"'
	check "a read-only TREE is left as it was" 'diff -r "$MINI" "$TMPDIR/ro" >/dev/null'
else
	skip "read-only TREE" "chattr does not work here"
fi
test_done
