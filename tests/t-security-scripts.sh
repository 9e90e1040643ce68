#!/bin/bash
# t-security-scripts.sh - kmigrate runs a tree's own scripts only when
# asked (issue 26): series runs the tree's scripts/checkpatch.pl with
# --checkpatch and its scripts/get_maintainer.pl with --get-maintainer,
# never by default, and check never runs either.
#
# The tree built here has two drivers in two MAINTAINERS entries and a
# checkpatch.pl and a get_maintainer.pl that each leave a canary file
# when run.  series --split subsystem without the options must leave no
# canary, take To and Cc from MAINTAINERS and say in the cover letter
# that checkpatch was not run and how to ask for it; with both options
# both scripts run; --no-checkpatch and --no-get-maintainer after them
# undo them; check and check --patch leave no canary.  --help names the
# two options.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR, spatch, perl.
. "$(dirname "$0")/lib.sh"
export KMIGRATE_NO_CACHE=1
export LC_ALL=C
export SOURCE_DATE_EPOCH=1129169427
make_scratch
mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini
out=$scratch/out err=$scratch/err
check_shows=$err
FROM="A U Thor <author@example.org>"
cp_canary=$scratch/checkpatch-ran
gm_canary=$scratch/get-maintainer-ran

km() {
	"$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

# no canary yet; lists the ones there on stderr's file for a failure
no_canary() {
	ls "$cp_canary" "$gm_canary" >>"$err" 2>/dev/null
	[ ! -e "$cp_canary" ] && [ ! -e "$gm_canary" ]
}

t=$scratch/tree
mkdir -p "$t/include/linux" "$t/drivers/x" "$t/drivers/y" "$t/scripts"
cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
	"$mini/include/linux/kdev_t.h" "$t/include/linux/"
for d in x y; do
	printf '%s\n' '#include <linux/device.h>' \
		'static struct class *cls;' 'void f(int i)' '{' \
		"	class_device_create(cls, 0, NULL, \"$d%d\", i);" \
		'}' >"$t/drivers/$d/$d.c"
done
printf '%s\n' 'X DRIVER' 'M:	Xavier <x@example.org>' 'F:	drivers/x/' '' \
	'Y DRIVER' 'M:	Yvonne <y@example.org>' 'F:	drivers/y/' \
	>"$t/MAINTAINERS"
cat >"$t/scripts/checkpatch.pl" <<EOF
#!/usr/bin/perl
# code from the tree: it leaves a canary when it runs
open(my \$f, '>>', '$cp_canary') or die; print \$f "ran\\n";
print "total: 0 errors, 0 warnings, 1 lines checked\\n";
EOF
cat >"$t/scripts/get_maintainer.pl" <<EOF
#!/usr/bin/perl
# code from the tree: it leaves a canary when it runs
open(my \$f, '>>', '$gm_canary') or die; print \$f "ran\\n";
print "Gerald <gm\@example.org> (maintainer:X)\\n";
EOF
chmod +x "$t/scripts/checkpatch.pl" "$t/scripts/get_maintainer.pl"

km series --help
check "--help names --checkpatch and --get-maintainer, and the default" \
	'grep -q "^ *--checkpatch  " "$out" &&
	 grep -q "^ *--get-maintainer  " "$out" &&
	 grep -q "No code from TREE" "$out"'

km series "$t" --split subsystem --out "$scratch/s1" --from "$FROM"
check "series --split subsystem: exit 0, two patches" \
	'[ $status -eq 0 ] && [ "$(ls "$scratch/s1" | wc -l)" -eq 3 ]'
check "series by default runs neither script of the tree" no_canary
check "by default To comes from MAINTAINERS, read by kmigrate" \
	'grep -qx "To: Xavier <x@example.org>" "$scratch"/s1/000[12]-*.patch &&
	 ! grep -q "Gerald" "$scratch"/s1/*.patch'
check "the cover letter says checkpatch was not run, and how to ask" \
	'grep -qx "checkpatch: not run, it is the tree.s code (series --checkpatch runs it)." \
		"$scratch/s1/0000-cover-letter.patch" &&
	 grep -q "^--get-maintainer runs it)\.$" \
		"$scratch/s1/0000-cover-letter.patch"'

km series "$t" --split subsystem --out "$scratch/s2" --from "$FROM" \
	--checkpatch --get-maintainer --no-checkpatch --no-get-maintainer
check "--no-checkpatch --no-get-maintainer undo the earlier opt-ins" \
	'[ $status -eq 0 ] && no_canary'

km series "$t" --split subsystem --out "$scratch/s3" --from "$FROM" \
	--checkpatch --get-maintainer
check "--checkpatch --get-maintainer: both scripts of the tree run" \
	'[ $status -eq 0 ] && [ -s "$cp_canary" ] && [ -s "$gm_canary" ]'
check "... and their results are in the series" \
	'grep -qx "To: Gerald <gm@example.org>" "$scratch"/s3/0001-*.patch &&
	 grep -q "^    0001-.*: clean$" \
		"$scratch/s3/0000-cover-letter.patch"'
rm -f "$cp_canary" "$gm_canary"

km check "$t"
check "check runs no script of the tree" \
	'[ $status -eq 1 ] && no_canary'
sed 's/cls, 0, NULL/cls, NULL, 0, NULL/' "$t/drivers/x/x.c" >"$scratch/x.new"
diff -u --label a/drivers/x/x.c --label b/drivers/x/x.c \
	"$t/drivers/x/x.c" "$scratch/x.new" >"$scratch/x.diff"
km check --patch "$scratch/x.diff" "$t"
check "check --patch runs no script of the tree" \
	'[ $status -le 1 ] && [ -s "$out" ] && no_canary'

test_done
