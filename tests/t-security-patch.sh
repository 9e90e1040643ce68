#!/bin/bash
# t-security-patch.sh - check --patch accounts for every path a hostile
# patch touches: copies and renames are judged at their new path, a
# symbolic link, a ".git" path or a path outside the tree is refused in
# one line (exit 2) before anything is applied, binary patches, mode
# changes and deletions are accounted.  Every patch is written here, at
# run time, from tree-fixtures/hand-conversion.patch.
#
# The verdicts:
#	copy with old-form calls	exit 1, its calls unconverted-call
#					errors at the new path
#	rename keeping the calls	the same, at the new path only
#	rename converting, one swapped	swapped-arguments with the source's
#					"before" (its calls are paired)
#	symbolic link (new file mode,	refused, exit 2: never applied,
#	mode change, index mode)	never read
#	.git/..., ../x, /abs paths	refused, exit 2
#	"Binary files ... differ"	refused, exit 2 (no data to judge)
#	GIT binary patch		applied, the result judged: a file
#					that is no text and names the
#					function is binary-file, an error
#	mode change only		accounted, nothing to report: the
#					file's calls are judged as before
#	a deleted file with calls	fine: deleting is not an unconverted
#					call
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR; git for the GIT binary patch case
# (skipped without it).
. "$(dirname "$0")/lib.sh"

fixtures=$SRCDIR/tree-fixtures
hand=$fixtures/hand-conversion.patch
tree=$TMPDIR/mini
out=$TMPDIR/out err=$TMPDIR/err
zf=drivers/char/ftape/zftape/zftape-init.c
check_shows=$err

rm -rf "$tree"
cp -R "$fixtures/linux-2.6.14-mini" "$tree"

# the patch FILE checked, in at most 20 s and (the plain binary: a
# sanitizer's shadow memory needs terabytes of address space) 2 GiB
vlimit=unlimited
[ "$KMIGRATE" = "${KMIGRATE_PLAIN:-}" ] && vlimit=2097152
run_check() {
	(ulimit -v $vlimit && exec timeout 20 "$KMIGRATE" check --patch \
		"$1" "$tree") >"$out" 2>"$err"
	status=$?
}
errors() { grep -c ': error: ' "$out"; }
refused() {
	[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && [ ! -s "$out" ] &&
		grep -q "cannot use patch .*$1" "$err"
}
unchanged() { diff -r "$fixtures/linux-2.6.14-mini" "$tree" >/dev/null; }

# the hand conversion without its hunks for zftape-init.c, and those alone
awk -v f="$zf" '/^diff --git /{ skip = index($0, f) } !skip' "$hand" \
	>"$TMPDIR/hand-nozf.patch"
awk -v f="$zf" '/^diff --git /{ keep = index($0, f) } keep' "$hand" \
	>"$TMPDIR/zf.patch"

# --- copies and renames -------------------------------------------------------

# the header names mem.c; only the copy lines name the copy
{ cat "$hand"; cat <<EOF; } >"$TMPDIR/copy.patch"
diff --git a/drivers/char/mem.c b/drivers/char/mem.c
similarity index 100%
copy from $zf
copy to drivers/char/ftape/zftape/zftape-copy.c
EOF
run_check "$TMPDIR/copy.patch"
check "a copy of a file with six old-form calls: exit 1, six errors at the copy" \
	'[ $status -eq 1 ] && [ "$(errors)" -eq 7 ] && [ "$(diag_join "$out" | grep -c "^drivers/char/ftape/zftape/zftape-copy.c:[0-9]*:[0-9]*: error: call still in the old form \[unconverted-call\] ")" -eq 6 ]' ||
	show "$out"

{ cat "$TMPDIR/hand-nozf.patch"; cat <<EOF; } >"$TMPDIR/rename.patch"
diff --git a/$zf b/drivers/char/ftape/zftape/zftape-renamed.c
similarity index 100%
rename from $zf
rename to drivers/char/ftape/zftape/zftape-renamed.c
EOF
run_check "$TMPDIR/rename.patch"
check "a rename keeping the old-form calls: judged at the new path only" \
	'[ $status -eq 1 ] && [ "$(diag_join "$out" | grep -c "^drivers/char/ftape/zftape/zftape-renamed.c:.*\[unconverted-call\] ")" -eq 6 ] && ! grep -q "zftape-init.c" "$out"' ||
	show "$out"

# the rename converts, one call swapped: its "before" is the source's
{
	cat "$TMPDIR/hand-nozf.patch"
	echo "diff --git a/$zf b/drivers/char/ftape/zftape/zftape-renamed.c"
	echo "similarity index 90%"
	echo "rename from $zf"
	echo "rename to drivers/char/ftape/zftape/zftape-renamed.c"
	sed -e '1d' -e "s|^+++ b/.*|+++ b/drivers/char/ftape/zftape/zftape-renamed.c|" \
		-e '/^+.*"qft%i"/s/(zft_class, NULL,/(NULL, zft_class,/' \
		"$TMPDIR/zf.patch"
} >"$TMPDIR/rename-swap.patch"
run_check "$TMPDIR/rename-swap.patch"
check "a renamed, converted file: judged with its source's calls as before" \
	'[ $status -eq 1 ] && [ "$(errors)" -eq 2 ] && diag_join "$out" | grep -q "^drivers/char/ftape/zftape/zftape-renamed.c:34:[0-9]*: error: arguments 1 and 2 appear swapped \[swapped-arguments\] .*before the change the call registered /sys/class/zft/qft<i> (dev)"' ||
	show "$out"
check "copies and renames: the tree is unchanged" unchanged

# --- symbolic links --------------------------------------------------------------

# link PATH TARGET: a patch making PATH a link to TARGET
link() {
	printf '%s\n' "diff --git a/$1 b/$1" "new file mode 120000" \
		"index 0000000..1234567" "--- /dev/null" "+++ b/$1" \
		"@@ -0,0 +1 @@" "+$2" '\ No newline at end of file'
}
link drivers/char/passwd.c /etc/passwd >"$TMPDIR/passwd.patch"
run_check "$TMPDIR/passwd.patch"
check "a patch making a link to /etc/passwd: refused, exit 2" \
	'refused "a symbolic link"' || show "$out"

link drivers/char/zero.c /dev/zero >"$TMPDIR/zero.patch"
start=$SECONDS
run_check "$TMPDIR/zero.patch"
check "a link to /dev/zero: refused at once, no memory exhausted" \
	'refused "a symbolic link" && [ $((SECONDS - start)) -lt 10 ]' ||
	show "$out"

cat >"$TMPDIR/index-link.patch" <<'EOF'
diff --git a/drivers/char/mem.c b/drivers/char/mem.c
index 1234567..89abcde 120000
--- a/drivers/char/mem.c
+++ b/drivers/char/mem.c
@@ -1 +1 @@
-/*
+/dev/zero
EOF
run_check "$TMPDIR/index-link.patch"
check "a file made a link by its index line: refused" \
	'refused "a symbolic link"'
printf '%s\n' "diff --git a/drivers/char/mem.c b/drivers/char/mem.c" \
	"old mode 100644" "new mode 120000" >"$TMPDIR/mode-link.patch"
run_check "$TMPDIR/mode-link.patch"
check "a mode change to 120000: refused" 'refused "a symbolic link"'
check "links: the tree is unchanged" unchanged

# --- paths that are not the tree's ------------------------------------------------

mkdir -p "$tree/.git/hooks"
printf '%s\n' "diff --git a/.git/config b/.git/config" "new file mode 100644" \
	"--- /dev/null" "+++ b/.git/config" "@@ -0,0 +1,2 @@" \
	"+[core]" "+	fsmonitor = touch $TMPDIR/pwned" >"$TMPDIR/git-config.patch"
run_check "$TMPDIR/git-config.patch"
check "a patch writing .git/config: refused" "refused \"inside '.git'\""
sed 's|\.git/config|.git/hooks/x|g' "$TMPDIR/git-config.patch" \
	>"$TMPDIR/git-hook.patch"
run_check "$TMPDIR/git-hook.patch"
check "a patch writing .git/hooks/x: refused" "refused \"inside '.git'\""
sed 's|\.git/config|drivers/.GIT/config|g' "$TMPDIR/git-config.patch" \
	>"$TMPDIR/git-upper.patch"
run_check "$TMPDIR/git-upper.patch"
check "... and drivers/.GIT/config" "refused \"inside '.git'\""
printf '%s\n' "diff --git a/drivers/char/mem.c b/drivers/char/mem.c" \
	"similarity index 100%" "copy from drivers/char/mem.c" \
	"copy to .git/hooks/pre-commit" >"$TMPDIR/git-copy.patch"
run_check "$TMPDIR/git-copy.patch"
check "... and a copy to .git/hooks/pre-commit" "refused \"inside '.git'\""
check "nothing was written in .git" \
	'[ -z "$(ls -A "$tree/.git/hooks")" ] && [ ! -e "$tree/.git/config" ] && [ ! -e "$TMPDIR/pwned" ]'
rm -rf "$tree/.git"

sed 's|^copy to .*|copy to ../outside.c|' "$TMPDIR/git-copy.patch" \
	>"$TMPDIR/copy-out.patch"
run_check "$TMPDIR/copy-out.patch"
check "a copy to ../outside.c: refused" 'refused "outside the tree"'
printf '%s\n' "diff --git a/drivers/char/mem.c b/drivers/char/mem.c" \
	"rename from /etc/passwd" "rename to drivers/char/mem.c" \
	>"$TMPDIR/rename-abs.patch"
run_check "$TMPDIR/rename-abs.patch"
check "a rename from /etc/passwd: refused" 'refused "outside the tree"'
check "outside paths: nothing written there" \
	'[ ! -e "$TMPDIR/outside.c" ] && [ ! -e "$SRCDIR/../outside.c" ] && unchanged'

# --- binary patches, mode changes, deletions ----------------------------------------

printf '%s\n' "diff --git a/drivers/char/mem.c b/drivers/char/mem.c" \
	"index 1234567..89abcde 100644" \
	"Binary files a/drivers/char/mem.c and b/drivers/char/mem.c differ" \
	>"$TMPDIR/binary-nodata.patch"
run_check "$TMPDIR/binary-nodata.patch"
check "'Binary files ... differ': refused, the data is not there to judge" \
	'refused "binary data it does not hold"'

if command -v git >/dev/null 2>&1; then
	repo=$TMPDIR/binrepo
	rm -rf "$repo" && mkdir -p "$repo/drivers/char"
	head -c 4000 /dev/zero >"$repo/drivers/char/blob.c"
	echo 'class_device_create(c, MKDEV(1, 2), NULL, "x");' \
		>>"$repo/drivers/char/blob.c"
	git -C "$repo" init -q && git -C "$repo" add -A &&
		git -C "$repo" diff --cached --binary >"$TMPDIR/git-binary.patch"
	{ cat "$hand" "$TMPDIR/git-binary.patch"; } >"$TMPDIR/hand-binary.patch"
	run_check "$TMPDIR/hand-binary.patch"
	check "a GIT binary patch: applied, its result a binary-file error" \
		'[ $status -eq 1 ] && [ "$(errors)" -eq 2 ] && grep -q "^drivers/char/blob.c:1:1: error: .*\[binary-file\]$" "$out"' ||
		show "$out"
else
	skip "a GIT binary patch" "git is not installed"
fi

{
	cat "$TMPDIR/hand-nozf.patch"
	printf '%s\n' "diff --git a/$zf b/$zf" "old mode 100644" "new mode 100755"
} >"$TMPDIR/mode.patch"
run_check "$TMPDIR/mode.patch"
check "a mode change only: accounted, the file's old-form calls still errors" \
	'[ $status -eq 1 ] && [ "$(grep -c "^$zf:.*\[unconverted-call\]$" "$out")" -eq 6 ]' ||
	show "$out"

{
	cat "$TMPDIR/hand-nozf.patch"
	printf '%s\n' "diff --git a/$zf b/$zf" "deleted file mode 100644" \
		"--- a/$zf" "+++ /dev/null" \
		"@@ -1,$(wc -l <"$tree/$zf") +0,0 @@"
	sed 's/^/-/' "$tree/$zf"
} >"$TMPDIR/delete.patch"
run_check "$TMPDIR/delete.patch"
check "a deleted file with old-form calls: fine, only the hand patch's error" \
	'[ $status -eq 1 ] && [ "$(errors)" -eq 1 ] && ! grep -q zftape "$out" && grep -q "\[swapped-arguments\]$" "$out"' ||
	show "$out"
check "binary, mode, deletion: the tree is unchanged" unchanged

test_done
