#!/bin/bash
# t-callback-atomic.sh - the "callback" kind converts a function defined
# in one file and given in another whole or not at all.  A fake spatch
# fails on one file (a marker in it); when that file defines the
# function, the member of the other file and the declaration in the
# header are left, each named with the failed file; when it holds the
# member, the definition and the declaration are left.  A function of
# another file that is not given across files is still converted.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh); spatch.
. "$(dirname "$0")/lib.sh"
M=platform-remove-void
uncached_scratch

real_spatch=$(command -v spatch) || {
	skip "apply: a function given across files, spatch failing" \
		"spatch is not installed"
	test_done
	exit
}
mkdir -p "$scratch/bin" "$scratch/tmp"
{ fake_spatch_head "$real_spatch"; cat <<END_OF_FAKE; } >"$scratch/bin/spatch"
for f in \$files; do
	grep -q FAIL-SPATCH-HERE "\$f" && { echo "fake failure" >&2; exit 3; }
done
exec "$real_spatch" "\$@"
END_OF_FAKE
chmod +x "$scratch/bin/spatch"

# make_tree DIR: a function given in one file, defined in another
make_tree() {
	mkdir -p "$1/include/linux" "$1/drivers/wid"
	cat >"$1/include/linux/platform_device.h" <<'C'
struct platform_device;
struct platform_driver {
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *);
};
C
	cat >"$1/drivers/wid/wid-lib.h" <<'C'
int wid_lib_remove(struct platform_device *pdev);
C
	cat >"$1/drivers/wid/wid-lib.c" <<'C'
#include "wid-lib.h"

int wid_lib_remove(struct platform_device *pdev)
{
	wid_stop(pdev);
	return 0;
}
C
	cat >"$1/drivers/wid/wid-board.c" <<'C'
#include <linux/platform_device.h>
#include "wid-lib.h"

static int wid_own_remove(struct platform_device *pdev)
{
	return 0;
}

static struct platform_driver wid_driver = {
	.remove = wid_lib_remove,
};

static struct platform_driver wid_own_driver = {
	.remove = wid_own_remove,
};
C
}

# fail_on FILE: apply with spatch failing on FILE of a fresh tree
fail_on() {
	rm -rf "$scratch/tree"
	make_tree "$scratch/tree"
	echo '/* FAIL-SPATCH-HERE */' >>"$scratch/tree/$1"
	TMPDIR=$scratch/tmp PATH=$scratch/bin:$PATH "$KMIGRATE" \
		--migration "$M" apply "$scratch/tree" >"$out" 2>"$err"
	status=$?
}

fail_on drivers/wid/wid-lib.c
check "definition's file fails: the member and the declaration are left" \
	'[ $status -eq 1 ] && ! grep -q "wid_lib_remove" "$out" &&
	 ! grep -q "^+++ b/drivers/wid/wid-lib.h" "$out" &&
	 diag_join "$err" | grep -q "^drivers/wid/wid-board.c:10:3: warning: not converted .*'"'"'wid_lib_remove'"'"' is not converted in drivers/wid/wid-lib.c" &&
	 diag_join "$err" | grep -q "^drivers/wid/wid-lib.h:1:5: warning: not converted .*'"'"'wid_lib_remove'"'"' is not converted in drivers/wid/wid-lib.c"' ||
	{ cat "$err" >>"$out"; show "$out"; }
check "definition's file fails: a function of one file is still converted" \
	'grep -q "^+	.remove_new = wid_own_remove," "$out" &&
	 grep -q "^+static void wid_own_remove" "$out"' || show "$out"

fail_on drivers/wid/wid-board.c
check "member's file fails: the definition and the declaration are left" \
	'[ $status -eq 1 ] && [ ! -s "$out" ] &&
	 diag_join "$err" | grep -q "^drivers/wid/wid-lib.c:3:5: warning: not converted .*'"'"'wid_lib_remove'"'"' is not converted in drivers/wid/wid-board.c" &&
	 diag_join "$err" | grep -q "^drivers/wid/wid-lib.h:1:5: warning: not converted .*'"'"'wid_lib_remove'"'"' is not converted in drivers/wid/wid-board.c"' ||
	{ cat "$err" >>"$out"; show "$out"; }

fail_on drivers/wid/wid-lib.h
check "header fails: the definition and the member are left" \
	'[ $status -eq 1 ] && ! grep -q "wid_lib_remove" "$out" &&
	 grep -q "^+	.remove_new = wid_own_remove," "$out"' ||
	{ cat "$err" >>"$out"; show "$out"; }
test_done
