#!/bin/bash
# t-check-base.sh - "kmigrate check --base REV" judges in proportion to
# the change (issue 30, goal 3): the files that differ from REV fully,
# with libclang and compared with REV's version; every other file that
# names the function from its text only, still scanned and accounted.
#
# The tree: string.h declares strscpy() alone; drivers/x/kept.c, the
# same at REV as in the work tree, holds an old-form strlcpy() call and
# a strscpy() call passing an int * as its source (an error only
# libclang's type makes); drivers/x/conv.c is converted in the work
# tree, uncommitted.  check --base HEAD: the old-form call in kept.c is
# an unconverted-call error (exit 1), the int * is no error (kept.c is
# not parsed: libclang analyses one call, conv.c's), the summary says
# one file was unchanged, in text and JSON.  The full check reports the
# int * as an error.  REV's version of conv.c is not parsed: the
# migration names no model entry point.  A changed header, a renamed file (a new path) and
# a change outside .c files make every file judged again, as the
# summary says.  A tracked .gitattributes filter is not run by the
# comparison: kmigrate hashes the files itself, as git hash-object
# --no-filters would, so an empty file, one with NUL bytes and one past
# the 64 KiB read buffer are unchanged, until a byte of one changes; the
# same in a repository of SHA-256 object names.
#
# Needs: $KMIGRATE, $TMPDIR, git (else skipped), libclang (else skipped).
. "$(dirname "$0")/lib.sh"

command -v git >/dev/null 2>&1 || { skip "check --base" "no git"; test_done; exit; }

t=$TMPDIR/base-tree
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err

git_in() { git -C "$t" -c user.name=t -c user.email=t@example.org \
	-c commit.gpgsign=false "$@" >/dev/null 2>&1; }

km() {
	"$KMIGRATE" --migration strlcpy-strscpy check "$@" >"$out" 2>"$err"
	status=$?
}

mkdir -p "$t/include/linux" "$t/drivers/x"
cat >"$t/include/linux/string.h" <<'EOF'
#ifndef STRING_H
#define STRING_H
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t strscpy(char *dest, const char *src, size_t count);
#endif
EOF
cat >"$t/drivers/x/kept.c" <<'EOF'
#include <linux/string.h>

struct board {
	char name[16];
	int *counts;
};

void name_board(struct board *b, const char *src)
{
	strlcpy(b->name, src, sizeof(b->name));
	strscpy(b->name, b->counts, sizeof(b->name));
}
EOF
cat >"$t/drivers/x/conv.c" <<'EOF'
#include <linux/string.h>

void name_it(char *dst, const char *src)
{
	strlcpy(dst, src, 8);
}
EOF
# files that are no source, hashed all the same
mkdir -p "$t/firmware"
: >"$t/firmware/empty"
printf 'one\0two\0\0three\n' >"$t/firmware/nul.bin"
head -c $((200 << 10)) /dev/urandom >"$t/firmware/big.bin"
git_in init -q && git_in add -A && git_in commit -q -m base
# the same tree in a repository of SHA-256 object names, if git makes one
t256=$TMPDIR/base-tree-256
cp -a "$t" "$t256" && rm -rf "$t256/.git"
git -C "$t256" init -q --object-format=sha256 >/dev/null 2>&1 &&
	git -C "$t256" add -A &&
	git -C "$t256" -c user.name=t -c user.email=t@example.org \
		-c commit.gpgsign=false commit -q -m base >/dev/null 2>&1 ||
	t256=
sed -i 's/strlcpy(dst/strscpy(dst/' "$t/drivers/x/conv.c" ${t256:+"$t256/drivers/x/conv.c"}

km "$t"
if grep -q "libclang" "$err" || ! grep -q "argument-type" "$out"; then
	skip "check --base" "libclang does not judge the fixture"
	test_done
	exit
fi
check "full check: the int * in the unchanged file is an error" \
	'[ $status -eq 1 ] && grep -q "^drivers/x/kept.c:11:2: error: .*\[argument-type\]" "$out"'

# conv.c only renames its call: judged by REV's version unless
# --parse-renamed (t-check-renamed.sh); parsed here, as any change
km --base HEAD --parse-renamed "$t"
check "--base: the old-form call of the unchanged file is an error, exit 1" \
	'[ $status -eq 1 ] && grep -q "^drivers/x/kept.c:10:2: error: call still in the old form \[unconverted-call\]" "$out"'
check "--base: the unchanged file is not parsed (no libclang error in it)" \
	'! grep -q "^drivers/x/kept.c:11:2: error:" "$out"'
check "--base: the changed file is judged, no finding in it" \
	'! grep -q "^drivers/x/conv.c" "$out"'
check "--base: the summary counts the unchanged file" \
	'grep -qx "check: 3 call sites in 2 files: 1 error, 1 warning, 0 notes; 1 file unchanged since the base, not re-judged" "$err"'
# every file but conv.c hashed as git hashed it: none other changed
summary=$(tail -n 1 "$err")
cp "$out" "$TMPDIR/base.out"

# a byte more in the file past the read buffer: a file other than a .c
printf x >>"$t/firmware/big.bin"
km --base HEAD "$t"
check "--base: a changed byte past the 64 KiB read buffer is a change" \
	'grep -q "; a file other than a .c changed since the base: every file judged$" "$err"'
git_in checkout -q -- firmware/big.bin
printf '\0' >>"$t/firmware/nul.bin"
km --base HEAD "$t"
check "--base: a NUL byte more in a binary file is a change" \
	'grep -q "every file judged$" "$err"'
git_in checkout -q -- firmware/nul.bin

if [ -n "$t256" ]; then
	km --base HEAD --parse-renamed "$t256"
	check "--base, SHA-256 object names: the same findings and summary" \
		'[ $status -eq 1 ] && [ "$(tail -n 1 "$err")" = "$summary" ] &&
		 cmp -s "$out" "$TMPDIR/base.out"'
	printf x >>"$t256/firmware/big.bin"
	km --base HEAD "$t256"
	check "--base, SHA-256 object names: a changed byte is a change" \
		'grep -q "every file judged$" "$err"'
else
	skip "--base, SHA-256 object names" "git makes no SHA-256 repository"
fi

# REV's conv.c is not parsed either: strlcpy-strscpy names no model entry
# point, so nothing compares REV's calls beyond their text; libclang's
# records are kept (in the result cache) for conv.c's new text alone
# (the files aged: a header written as the run starts is never stored)
find "$t" -path "$t/.git" -prune -o -exec touch -h -d '1 hour ago' {} +
XDG_CACHE_HOME=$TMPDIR/base-cache km --base HEAD --parse-renamed "$t"
check "--base, a migration the model does not run: one text parsed, REV's not" \
	'[ $status -eq 1 ] && [ "$(find "$TMPDIR/base-cache" -type f ! -name "*.key" | wc -l)" -eq 1 ]' ||
	find "$TMPDIR/base-cache" -type f >&2

km --base HEAD --parse-renamed --format json "$t"
check "--base JSON: libclang analysed conv.c's call alone; one file unchanged" \
	'grep -q "\"analysed_by_libclang\": 1," "$out" && grep -q "\"base_judged\": \"changed\"," "$out" && grep -q "\"unchanged_files\": 1," "$out"'
km --base HEAD --format sarif "$t"
check "--base SARIF: the same counts" \
	'grep -q "\"base_judged\": \"changed\"" "$out" && grep -q "\"unchanged_files\": 1" "$out"'

# a changed call in conv.c is judged with libclang
sed -i 's/strscpy(dst, src, 8)/strscpy(dst, (int *)src, 8)/' "$t/drivers/x/conv.c"
km --base HEAD "$t"
check "--base: a bad call in the changed file is an error from libclang" \
	'[ $status -eq 1 ] && grep -q "^drivers/x/conv.c:5:2: error: .*\[argument-type\]" "$out"'
git_in checkout -q -- drivers/x/conv.c
sed -i 's/strlcpy(dst/strscpy(dst/' "$t/drivers/x/conv.c"

# a changed header: every file judged fully
echo '/* a comment */' >>"$t/include/linux/string.h"
km --base HEAD "$t"
check "--base with a changed header: the unchanged file is judged fully" \
	'[ $status -eq 1 ] && grep -q "^drivers/x/kept.c:11:2: error: .*\[argument-type\]" "$out"'
check "--base with a changed header: the summary says every file was judged" \
	'grep -q "; a file other than a .c changed since the base: every file judged$" "$err"'
km --base HEAD --format json "$t"
check "--base with a changed header, JSON: base_judged all" \
	'grep -q "\"base_judged\": \"all\"," "$out"'
git_in checkout -q -- include/linux/string.h

# a new untracked .c file is judged fully; a new Makefile makes it all
cp "$t/drivers/x/kept.c" "$t/drivers/x/copy.c"
km --base HEAD "$t"
check "--base: an untracked .c file is judged fully, the rest is not" \
	'grep -q "^drivers/x/copy.c:11:2: error: .*\[argument-type\]" "$out" && ! grep -q "^drivers/x/kept.c:11:2: error:" "$out"'
rm "$t/drivers/x/copy.c"
echo 'obj-y += conv.o' >"$t/drivers/x/Makefile"
km --base HEAD "$t"
check "--base with a new Makefile: every file judged" \
	'grep -q "^drivers/x/kept.c:11:2: error: .*\[argument-type\]" "$out" && grep -q "every file judged$" "$err"'
rm "$t/drivers/x/Makefile"

# the comparison runs no filter the tree names
printf '*.c filter=canary\n' >"$t/.gitattributes"
git_in add .gitattributes && git_in commit -q -m attributes
git -C "$t" config filter.canary.clean "touch $TMPDIR/canary; cat"
touch "$t/drivers/x/kept.c"
km --base HEAD "$t"
check "--base: no clean filter of the tree runs" \
	'[ ! -e "$TMPDIR/canary" ] && [ $status -eq 1 ] && grep -q "1 file unchanged since the base" "$err"'


# a file over GIT_BLOB_MAX (64 MiB) at REV: refused only where its
# contents are needed (REV's version of a changed file), never listed
# with sizes: the unchanged one does not stop the check
head -c $((65 << 20)) /dev/zero | tr '\0' 'x' >"$t/blob.bin"
{ echo '/* big */'; head -c $((65 << 20)) /dev/zero | tr '\0' ' '; } \
	>"$t/drivers/x/huge.c"
git_in add blob.bin drivers/x/huge.c && git_in commit -q -m big
km --base HEAD "$t"
check "--base: a file over 64 MiB, unchanged, is no reason to stop" \
	'[ $status -eq 1 ] && grep -q "; 1 file unchanged since the base, not re-judged;" "$err"' ||
	cat "$err" >&2
echo '/* small */' >"$t/drivers/x/huge.c"
km --base HEAD "$t"
check "--base: REV's version over 64 MiB of a changed .c file is refused, exit 2" \
	'[ $status -eq 2 ] && grep -q "'"'"'drivers/x/huge.c'"'"' is larger than 64 MiB" "$err"' ||
	cat "$err" >&2
git_in checkout -q -- drivers/x/huge.c
echo x >>"$t/blob.bin"
km --base HEAD "$t"
check "--base: a changed file over 64 MiB, the whole of REV needed, is refused" \
	'[ $status -eq 2 ] && grep -q "'"'"'blob.bin'"'"' is larger than 64 MiB" "$err"' ||
	cat "$err" >&2

test_done
