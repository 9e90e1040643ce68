#!/bin/bash
# t-check-renamed.sh - check --base judges by its base a changed file
# whose only change is calls renamed, their arguments as they were, by a
# migration whose parameters keep their types (check-renamed.h): no
# libclang parse, so a missing libclang is no error; every other change
# is parsed, so without libclang check stops (exit 2).
#
# strlcpy-strscpy only renames: the same parameter types, a result of
# another type but converted only where it is unused.  The cases parsed
# all the same: an argument changed too, another byte of the file
# changed, a file that names strscpy outside its calls, one including with
# "..." a header that names strscpy (or one found nowhere, when
# compile_commands.json gives libclang its -I), a call whose result is used
# renamed by hand, a migration whose new parameter has another type;
# and any file with --parse-renamed.
#
# Needs: $KMIGRATE, $TMPDIR, git (else skipped).
. "$(dirname "$0")/lib.sh"

command -v git >/dev/null 2>&1 || { skip "check --base" "no git"; test_done; exit; }

t=$TMPDIR/renamed-tree
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
migration=strlcpy-strscpy

git_in() { git -C "$t" -c user.name=t -c user.email=t@example.org \
	-c commit.gpgsign=false "$@" >/dev/null 2>&1; }

# check --base HEAD without libclang: 2 when a file had to be parsed
km_no_clang() {
	KMIGRATE_LIBCLANG=$TMPDIR/no-libclang.so "$KMIGRATE" \
		--migration "$migration" check --base HEAD "$@" "$t" \
		>"$out" 2>"$err"
	status=$?
}

mkdir -p "$t/include/linux" "$t/drivers/x"
cat >"$t/include/linux/string.h" <<'EOF'
#ifndef STRING_H
#define STRING_H
typedef unsigned long size_t;
typedef long ssize_t;
size_t strlcpy(char *dest, const char *src, size_t size);
ssize_t strscpy(char *dest, const char *src, size_t count);
#endif
EOF
cat >"$t/drivers/x/local.h" <<'EOF'
#define strscpy(d, s, n) my_copy(d, s, n)
EOF
cat >"$t/drivers/x/a.c" <<'EOF'
#include <linux/string.h>

struct board {
	char name[16];
};

void name_board(struct board *b, const char *src)
{
	strlcpy(b->name, src, sizeof(b->name));
	if (src[0])
		strlcpy(b->name, "?", sizeof(b->name));
}
EOF
cp "$t/drivers/x/a.c" "$t/drivers/x/b.c"
git_in init -q && git_in add -A && git_in commit -q -m base

# a.c: the calls renamed and nothing else
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/a.c"
km_no_clang
check "only renamed: judged by the base, libclang never loaded, exit 0" \
	'[ $status -eq 0 ] && ! grep -q libclang "$err"'
check "only renamed: the summary says so" \
	'grep -q "^check: 4 call sites in 2 files: 0 errors, 0 warnings, 0 notes; 1 file unchanged since the base, not re-judged; 1 changed only by calls renamed with their arguments and parameter types kept, judged by the base$" "$err"'
KMIGRATE_LIBCLANG=$TMPDIR/no-libclang.so "$KMIGRATE" --migration "$migration" \
	check --base HEAD --format json "$t" >"$out" 2>"$err"
check "only renamed, JSON: by_base_files 1" \
	'grep -q "\"by_base_files\": 1" "$out"'
km_no_clang --parse-renamed
check "--parse-renamed: the renamed file is parsed (no libclang: exit 2)" \
	'[ $status -eq 2 ] && grep -q "cannot load libclang" "$err"'

# every other change needs a parse (b.c is a copy of a.c at the base)
parsed() {
	local what=$1 edit=$2

	git_in checkout -q -- drivers/x/b.c
	sed -i "$edit" "$t/drivers/x/b.c"
	km_no_clang
	check "$what: parsed (no libclang: exit 2)" \
		'[ $status -eq 2 ] && grep -q "cannot load libclang" "$err"'
}
parsed "an argument changed too" \
	's/strlcpy(b->name, src,/strscpy(b->name, src + 1,/'
parsed "another byte of the file changed" \
	's/strlcpy(/strscpy(/; s/src\[0\]/src[1]/'
parsed "the file names strscpy outside its calls" \
	's/strlcpy(/strscpy(/; 1a /* copies with strscpy() */'
parsed "a header included with \"...\" names strscpy" \
	's/strlcpy(/strscpy(/; 1a #include "local.h"'
git_in checkout -q -- drivers/x/b.c
sed -i '1a #include "local.h"' "$t/drivers/x/b.c"
git_in commit -q -m local drivers/x/b.c
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/b.c"
km_no_clang
check "an unchanged \"...\" include naming strscpy: parsed (exit 2)" \
	'[ $status -eq 2 ] && grep -q "cannot load libclang" "$err"'
git_in checkout -q -- drivers/x/b.c
git_in reset -q --hard HEAD~1
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/a.c"

# an #include through a macro may name any header: parsed
sed -i '1a #define LOCAL "local.h"\n#include LOCAL' "$t/drivers/x/b.c"
git_in commit -q -m macro drivers/x/b.c
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/b.c"
km_no_clang
check "an #include through a macro: parsed (exit 2)" \
	'[ $status -eq 2 ] && grep -q "cannot load libclang" "$err"'
git_in checkout -q -- drivers/x/b.c
git_in reset -q --hard HEAD~1
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/a.c"

# a "..." header found nowhere (a Makefile's -I): libclang could not
# read it either, the base tells more; unless compile_commands.json
# gives libclang the -I
sed -i '1a #include "elsewhere.h"' "$t/drivers/x/b.c"
echo '[]' >"$t/compile_commands.json"
git_in add compile_commands.json
git_in commit -q -m elsewhere drivers/x/b.c compile_commands.json
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/b.c"
km_no_clang
check "a \"...\" header found nowhere, compile_commands.json: parsed (exit 2)" \
	'[ $status -eq 2 ] && grep -q "cannot load libclang" "$err"'
git_in checkout -q -- drivers/x/b.c
git_in rm -q compile_commands.json
git_in commit -q -m no-db
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/b.c"
km_no_clang
check "a \"...\" header found nowhere: judged by the base, exit 0" \
	'[ $status -eq 0 ] && grep -q "; 2 changed only by calls renamed" "$err"'
git_in checkout -q -- drivers/x/b.c
sed -i 's/^\tstrlcpy(b->name, src,/\tif (strlcpy(b->name, src,/; s/sizeof(b->name));$/sizeof(b->name)) > 4) return;/' \
	"$t/drivers/x/b.c"
git_in commit -q -m used drivers/x/b.c
sed -i 's/strlcpy(/strscpy(/' "$t/drivers/x/b.c"
km_no_clang
check "a call whose result is used, renamed by hand: parsed (exit 2)" \
	'[ $status -eq 2 ] && grep -q "cannot load libclang" "$err"'
git_in checkout -q -- drivers/x/b.c

# a migration whose new parameter has another type: parsed
mkdir -p "$TMPDIR/other-type/strlcpy-strscpy"
sed 's/size_t count)$/int count)/' \
	"$SRCDIR/semantic-patches/strlcpy-strscpy/migration" \
	>"$TMPDIR/other-type/strlcpy-strscpy/migration"
migration=$TMPDIR/other-type/strlcpy-strscpy
km_no_clang
check "new parameter of another type: parsed (exit 2)" \
	'[ $status -eq 2 ] && grep -q "cannot load libclang" "$err"'

test_done
