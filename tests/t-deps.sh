#!/bin/bash
# t-deps.sh - 'make deps' names the exact apt-get line when it cannot
# install, and is silent when nothing is missing.
. "$(dirname "$0")/lib.sh"

# A make of its own: under "make -j2 check" the parent's jobserver is not
# this make's to use ("jobserver unavailable" would break the silence).
unset MAKEFLAGS MFLAGS MAKELEVEL

make -s -C "$SRCDIR" deps >"$TMPDIR/out" 2>&1
check "make deps with everything installed: exit 0, silent" \
	'[ $? -eq 0 ] && [ ! -s "$TMPDIR/out" ]'

# a user who is not root, and a package that is not installed
if [ "$(id -u)" = 0 ] && command -v su >/dev/null && id nobody >/dev/null 2>&1 &&
   su nobody -s /bin/sh -c "test -r '$SRCDIR/Makefile'" 2>/dev/null; then
	su nobody -s /bin/sh -c "make -s -C '$SRCDIR' deps \
		DEBIAN_PACKAGES='coccinelle kmigrate-no-such-package'" >"$TMPDIR/out" 2>&1
	status=$?
	check "not root, a package missing: fails and prints the apt-get line" \
		'[ $status -ne 0 ] && grep -qx "  sudo apt-get install kmigrate-no-such-package" "$TMPDIR/out"'
else
	skip "not root, a package missing" "needs root, su and a readable tree"
fi
test_done
