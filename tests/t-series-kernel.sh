#!/bin/bash
# t-series-kernel.sh - "kmigrate series --split subsystem" the way the
# kernel's own tools address and name patches: To and Cc from the tree's
# scripts/get_maintainer.pl with --get-maintainer (a stand-in here, which
# checks how it is called), --no-get-maintainer and a failing script
# falling back to MAINTAINERS; subject prefixes from the git log of the tree's own
# history (never from a repository above it); a MAINTAINERS without F:
# lines (trees before 2.6.30) split by directory, a catch-all entry
# ("THE REST") no subsystem of its own; and what checkpatch
# 6.1 holds a mail to that can be seen without it (message lines within
# 75 columns, a Signed-off-by matching From, list remarks out of Cc).
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (see lib.sh).
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
FIXTURE=$SRCDIR/tree-fixtures/linux-2.6.14-mini
FROM="Tess Tester <tess.tester@example.org>"
export SOURCE_DATE_EPOCH=1129169427
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export HOME=$TMPDIR XDG_CONFIG_HOME=$TMPDIR/.config
make_scratch
err=$scratch/err
check_shows=$err

if ! command -v spatch >/dev/null || ! command -v perl >/dev/null; then
	echo "1..0 # SKIP spatch or perl is not installed"
	exit 0
fi

copy_tree() { rm -rf "$1" && cp -R "$FIXTURE" "$1"; }

# series --split subsystem of tree $1 into $2, more options after
series() {
	local tree=$1 out=$2
	shift 2
	rm -rf "$out"
	"$KMIGRATE" series "$tree" --split subsystem --out "$out" \
		--from "$FROM" "$@" >/dev/null 2>"$err"
}

# the patch of DIR $1 whose files are under drivers/input/
input_patch() { grep -l '^+++ b/drivers/input/' "$1"/0[0-9][0-9][1-9]-*.patch \
	"$1"/0[0-9][1-9]0-*.patch 2>/dev/null | head -n 1; }

# --- To and Cc from the tree's get_maintainer.pl, with --get-maintainer ---
# The stand-in names people after the top directory of each file of the
# patch, and lists with a role: it must be run with perl in the tree, as
# "--no-git --no-git-fallback -- PATCH", PATCH a file of kmigrate's own
# scratch space (never a name from the tree), and logs each run.
gm=$scratch/gm
copy_tree "$gm"
mkdir -p "$gm/scripts"
cat >"$gm/scripts/get_maintainer.pl" <<EOF
#!/usr/bin/perl
open(my \$log, '>>', '$scratch/gm.log');
print \$log "@ARGV\n";
die "called wrongly: @ARGV\n" unless @ARGV == 4 &&
	"@ARGV[0..2]" eq '--no-git --no-git-fallback --' &&
	\$ARGV[3] =~ m{^/} && \$ARGV[3] !~ m{^\Q$gm\E} && -f 'MAINTAINERS';
open(my \$p, '<', \$ARGV[3]) or die "cannot open \$ARGV[3]\n";
my %seen;
while (<\$p>) {
	next unless m{^\+\+\+ b/([^/]+)/([^/]+)/};
	next if \$seen{"\$1/\$2"}++;
	print "Keeper of \$2 <\$2\@maintainers.example.org> (maintainer:\$2)\n";
	print "Reviewer of \$2 <r-\$2\@maintainers.example.org> (reviewer:\$2)\n";
	print "\$2-list\@lists.example.org (open list:\$2)\n";
}
print "all\@lists.example.org (open list)\n";
EOF
series "$gm" "$scratch/gm-out" --get-maintainer
status=$?
p=$(input_patch "$scratch/gm-out")
check "get_maintainer.pl in the tree: exit 0, a patch for drivers/input" \
	'[ $status -eq 0 ] && [ -n "$p" ]'
check "its maintainers are To, its reviewers and lists Cc" \
	'grep -qx "To: Keeper of input <input@maintainers.example.org>" "$p" &&
	 grep -qx "Cc: Reviewer of input <r-input@maintainers.example.org>," "$p" &&
	 grep -qx "    input-list@lists.example.org, all@lists.example.org" "$p"'
check "it ran once per patch, as the kernel's workflow runs it" \
	'[ "$(wc -l <"$scratch/gm.log")" -eq \
	   "$(ls "$scratch/gm-out" | grep -vc ^0000-)" ] &&
	 ! grep -q "called wrongly" "$err"'
check "the cover letter says where To and Cc came from, and is sent to all" \
	'grep -q "^To and Cc of each patch from the tree'"'"'s" \
		"$scratch/gm-out/0000-cover-letter.patch" &&
	 grep -q "Keeper of input" "$scratch/gm-out/0000-cover-letter.patch"'

: >"$scratch/gm.log"
series "$gm" "$scratch/nogm-out" --no-get-maintainer
status=$?
p=$(input_patch "$scratch/nogm-out")
check "--no-get-maintainer: the script is not run, To/Cc from MAINTAINERS" \
	'[ $status -eq 0 ] && [ ! -s "$scratch/gm.log" ] &&
	 grep -qx "To: Mirela Stan <mirela.stan@example.org>" "$p" &&
	 grep -qx "Cc: input-devel@lists.example.org" "$p" &&
	 grep -q -e "--get-maintainer runs it)\.$" \
		"$scratch/nogm-out/0000-cover-letter.patch"'

printf 'print STDERR "Unknown option: git-fallback\\n"; exit 1;\n' \
	>"$gm/scripts/get_maintainer.pl"
series "$gm" "$scratch/badgm-out" --get-maintainer
status=$?
p=$(input_patch "$scratch/badgm-out")
check "a failing get_maintainer.pl: a warning, To/Cc from MAINTAINERS" \
	'[ $status -eq 0 ] &&
	 grep -q "^kmigrate: warning: '"'"'scripts/get_maintainer.pl'"'"' failed: perl scripts/get_maintainer.pl exits 1: Unknown option: git-fallback; To and Cc from MAINTAINERS instead$" "$err" &&
	 grep -qx "To: Mirela Stan <mirela.stan@example.org>" "$p"'

# --- subject prefixes from the tree's own history ---
hist=$scratch/hist
copy_tree "$hist"
(
	cd "$hist" && git init -q && git add -A &&
	git -c user.name=t -c user.email=t@example.org commit -q -m import &&
	for i in 1 2 3; do
		echo "/* $i */" >>drivers/input/evdev.c
		git -c user.name=t -c user.email=t@example.org commit -q -a \
			-m "Input: evdev - change $i"
	done &&
	echo "/* x */" >>drivers/char/mem.c &&
	git -c user.name=t -c user.email=t@example.org commit -q -a \
		-m "char: mem: once only"
) || not_ok "a git tree with history could be made"
series "$hist" "$scratch/hist-out"
status=$?
check "where the directory has history: its most common prefix" \
	'[ $status -eq 0 ] &&
	 ls "$scratch/hist-out" | grep -q "^00[0-9][0-9]-Input-pass-NULL" &&
	 grep -q "^Subject: \[PATCH [0-9]*/[0-9]*\] Input: pass NULL parent" \
		"$scratch/hist-out"/00*-Input-*.patch'
check "a prefix used once is no convention: char keeps its entry's name" \
	'ls "$scratch/hist-out" | grep -q "^00[0-9][0-9]-char-pass-NULL"'
check "the cover letter says which prefixes the history gave" \
	'grep -q "^The subject prefix of 1 of the" \
		"$scratch/hist-out/0000-cover-letter.patch"'

# a tree inside another repository has no history of its own
outer=$scratch/outer
rm -rf "$outer" && mkdir -p "$outer" && git -C "$outer" init -q &&
copy_tree "$outer/linux" &&
for i in 1 2; do
	echo "$i" >>"$outer/linux/drivers/input/evdev.c"
	git -C "$outer" add -A
	git -C "$outer" -c user.name=t -c user.email=t@example.org \
		commit -q -m "bogus: from the outer repository $i"
done
git -C "$outer" checkout -q -- . 2>/dev/null
cp "$FIXTURE/drivers/input/evdev.c" "$outer/linux/drivers/input/evdev.c"
series "$outer/linux" "$scratch/outer-out"
check "a repository above the tree gives it no prefix" \
	'[ $? -eq 0 ] && ! ls "$scratch/outer-out" | grep -q bogus &&
	 ls "$scratch/outer-out" | grep -q "^00[0-9][0-9]-input-pass-NULL"'

# --- 6.1's "THE REST" (F: * and F: */) is no subsystem of its own ---
rest=$scratch/rest
copy_tree "$rest"
printf '\nTHE REST\nM:\tLast Resort <rest@example.org>\nL:\tall@lists.example.org\nS:\tBuried alive in reporters\nF:\t*\nF:\t*/\n' \
	>>"$rest/MAINTAINERS"
series "$rest" "$scratch/rest-out" --no-get-maintainer
check "files only a catch-all entry covers go into the treewide patch" \
	'[ $? -eq 0 ] && ! ls "$scratch/rest-out" | grep -q -- "-the-" &&
	 grep -l "^+++ b/drivers/macintosh/adb.c" "$scratch"/rest-out/0*.patch |
		grep -q -- "-treewide-" &&
	 tr "\n" " " <"$scratch/rest-out/0000-cover-letter.patch" |
		grep -q "The new prototype breaks every caller"'

# --- a MAINTAINERS without F: lines, as before 2.6.30 ---
old=$scratch/old
copy_tree "$old"
grep -v '^[FX]:' "$FIXTURE/MAINTAINERS" >"$old/MAINTAINERS"
series "$old" "$scratch/old-out"
status=$?
nr=$(ls "$scratch/old-out" | grep -vc '^0000-')
cover=$scratch/old-out/0000-cover-letter.patch
check "no F: lines: split by directory, several patches" \
	'[ $status -eq 0 ] && [ "$nr" -gt 1 ] &&
	 ! ls "$scratch/old-out" | grep -q treewide &&
	 ls "$scratch/old-out" | grep -q "^00[0-9][0-9]-input-pass-NULL"'
check "no F: lines: stderr and the cover letter say so" \
	'grep -q "has no F: patterns (a tree before 2.6.30): split by directory" \
		"$err" &&
	 tr "\n" " " <"$cover" | grep -q "MAINTAINERS has no F: patterns, as before 2.6.30" &&
	 ! grep -q "all 1 patches" "$cover"'

# --- a subsystem split that is one patch says so ---
one=$scratch/one
mkdir -p "$one/include/linux" "$one/drivers/input"
cp "$FIXTURE/include/linux/device.h" "$one/include/linux/"
cp "$FIXTURE/drivers/input/evdev.c" "$one/drivers/input/"
cp "$FIXTURE/MAINTAINERS" "$one/"
series "$one" "$scratch/one-out"
check "one subsystem: one patch, and the cover letter does not say 'all 1'" \
	'[ $? -eq 0 ] && [ "$(ls "$scratch/one-out" | wc -l)" -eq 2 ] &&
	 grep -q "so the series is one patch" \
		"$scratch/one-out/0000-cover-letter.patch" &&
	 ! grep -q "all 1 patches" "$scratch/one-out/0000-cover-letter.patch"'

# --- what checkpatch 6.1 holds a mail to ---
series "$gm" "$scratch/cp-out" --signoff --no-get-maintainer \
	--cc "Ann <ann@example.org>"
status=$?
# the message of a mail: after its headers, up to the "---" line
message() { awk 'body && /^---$/ { exit } body { print } /^$/ { body = 1 }' "$1"; }
long=$(for f in "$scratch"/cp-out/0[0-9][0-9][1-9]-*.patch; do
	message "$f" | awk 'length > 75'
done)
check "every commit message line within 75 columns" \
	'[ $status -eq 0 ] && [ -z "$long" ]'
bad=$(for f in "$scratch"/cp-out/0[0-9][0-9][1-9]-*.patch; do
	from=$(sed -n 's/^From: //p' "$f")
	grep -qx "Signed-off-by: $from" "$f" || echo "$f"
done)
check "--signoff: each patch signed off by its From" '[ -z "$bad" ]'
sed -i 's/^L:\talsa-devel@lists.example.org$/& (moderated for non-subscribers)/' \
	"$gm/MAINTAINERS"
series "$gm" "$scratch/remark-out" --no-get-maintainer
sound=$(grep -l '^+++ b/sound/' "$scratch"/remark-out/0*.patch | grep -v 0000- |
	head -n 1)
check "a list's remark in MAINTAINERS stays out of Cc" \
	'grep -q "(moderated for non-subscribers)" "$gm/MAINTAINERS" &&
	 [ -n "$sound" ] && grep -qx "Cc: alsa-devel@lists.example.org" "$sound" &&
	 ! grep -q "moderated" "$sound"'

test_done
