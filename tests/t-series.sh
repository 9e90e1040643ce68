#!/bin/bash
# t-series.sh - "kmigrate series": the conversion of the fixture tree as a
# git am-able patch series, in both split modes.
#
# Each case works on fresh copies of tree-fixtures/linux-2.6.14-mini.  The
# reference result is what "kmigrate apply --in-place" makes of a copy;
# applying the series with git am to a git copy of the tree must give
# exactly that tree.  Every mail must parse with git mailinfo, the
# subsystem split must follow the fixture's MAINTAINERS, the tree's own
# scripts/checkpatch.pl must be run with --checkpatch (only then: see
# t-security-scripts.sh), TREE must stay untouched, and a DIR
# holding other files must be refused.  A tree with nothing to convert
# gets a note (no call at all, or none converted) and no series.
#
# Environment: KMIGRATE is the binary under test (default $SRCDIR/kmigrate),
# SRCDIR the repository root, TMPDIR scratch space.  Prints "ok N - ..." /
# "not ok N - ..." per case, with "# ..." diagnostics after a failure; a
# missing binary or apply command fails the cases that need it.
. "$(dirname "$0")/lib.sh"
export LC_ALL=C

FIXTURE=$SRCDIR/tree-fixtures/linux-2.6.14-mini
FROM="Tess Tester <tess.tester@example.org>"
# reproducible dates, no identity from the user's own configuration
export SOURCE_DATE_EPOCH=1129169427
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export HOME=$TMPDIR XDG_CONFIG_HOME=$TMPDIR/.config

make_scratch
log=$scratch/log

# check_cmd DESCRIPTION COMMAND...: the case passes when the command does;
# its output follows a failure
check_cmd () {
	local what=$1
	shift
	if "$@" >"$log" 2>&1; then
		ok "$what"
	else
		not_ok "$what" "$log"
	fi
}

# status_is WANT GOT DESCRIPTION ERR: a command exits WANT (its stderr in ERR)
status_is () {
	if [ "$2" -eq "$1" ]; then
		ok "$3"
	else
		echo "exit $2" >>"$4"
		not_ok "$3" "$4"
	fi
}

# a fresh copy of the fixture tree at $1
copy_tree () {
	rm -rf "$1" && cp -R "$FIXTURE" "$1"
}

# a git repository at $1 holding the fixture tree, one commit
git_copy () {
	copy_tree "$1" && git -C "$1" init -q &&
	git -C "$1" add -A &&
	git -C "$1" -c user.name=t -c user.email=t@example.org \
		commit -q -m fixture
}

# git am every patch of DIR $2 but the cover letter onto the git copy $1
git_am () {
	local patches
	patches=$(ls "$2"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null |
		  grep -v /0000-) && [ -n "$patches" ] &&
	git -C "$1" -c user.name=t -c user.email=t@example.org \
		am -q --keep-cr $patches
}

# the patch of DIR $1 whose subject prefix is $2, or nothing
patch_for () {
	ls "$1" 2>/dev/null | grep -E "^[0-9]{4}-$2-" | grep -v '^0000-' |
		head -n 1
}

# an address header of mail $1 ($2: To or Cc), unfolded
header () {
	sed -n '/^$/q; p' "$1" 2>/dev/null |
		awk -v h="$2:" '$1 == h { on = 1; print; next }
				/^[ \t]/ && on { print; next } { on = 0 }' |
		tr -d '\n'
}

# the M: or L: values ($3) of MAINTAINERS entry $2 of tree $1
entry_field () {
	awk -v title="$2" -v f="$3:" '
		$0 == title { on = 1; next }
		/^$/ { on = 0 }
		on && $1 == f { sub(/^[A-Z]:[ \t]*/, ""); print }' \
		"$1/MAINTAINERS"
}

if ! "$KMIGRATE" apply --help >/dev/null 2>&1; then
	have_apply=0
else
	have_apply=1
fi

tree=$scratch/tree
copy_tree "$tree"

# --- no apply needed: the checks made before any work ---

mkdir -p "$scratch/busy"
echo "my notes" >"$scratch/busy/notes.txt"
"$KMIGRATE" series "$tree" --out "$scratch/busy" --from "$FROM" \
	>"$scratch/out" 2>"$log"
status=$?
if [ $status -eq 2 ] &&
   grep -qx "kmigrate: '$scratch/busy' holds files that are not a patch series; use an empty directory" "$log" &&
   [ "$(cat "$scratch/busy/notes.txt")" = "my notes" ] &&
   [ "$(ls -A "$scratch/busy")" = notes.txt ] && [ ! -s "$scratch/out" ]
then
	ok "a DIR with an unrelated file is refused (exit 2), the file untouched"
else
	not_ok "a DIR with an unrelated file is refused (exit 2), the file untouched" "$log"
fi

"$KMIGRATE" series "$tree" --out "$scratch/noid" >"$scratch/out" 2>"$log"
status=$?
if [ $status -eq 2 ] &&
   grep -qx 'kmigrate: no identity for the patches: use --from "Name <email>"' "$log" &&
   [ ! -e "$scratch/noid" ]; then
	ok "no --from and no git identity: exit 2, nothing written"
else
	not_ok "no --from and no git identity: exit 2, nothing written" "$log"
fi

"$KMIGRATE" series "$tree" --out "$scratch/badfrom" --from "nobody" \
	>"$scratch/out" 2>"$log"
check_cmd "a --from without an address is a usage error" \
	test $? -eq 2 -a "$(wc -l <"$log")" -eq 1 -a ! -e "$scratch/badfrom"

if [ $have_apply = 0 ]; then
	for what in "atomic: one patch and the cover letter" \
		    "subsystem: one patch per MAINTAINERS entry" \
		    "git am of the series gives apply's tree" \
		    "the tree's checkpatch verdict is in the cover letter"; do
		not_ok "$what (kmigrate has no apply command)"
	done
	test_done
	exit
fi

# --- the reference: apply --in-place on a copy ---

ref=$scratch/ref
copy_tree "$ref"
"$KMIGRATE" apply --in-place "$ref" >"$log" 2>&1
status=$?
check_cmd "apply --in-place converts a copy (the reference)" \
	test $status -eq 0 -o $status -eq 1

# --- atomic ---

out=$scratch/atomic
"$KMIGRATE" series "$tree" --out "$out" --from "$FROM" --signoff \
	--to "Linus Tester <linus@example.org>" \
	--cc "linux-kernel@lists.example.org" >"$scratch/stdout" 2>"$scratch/err"
status_is 0 $? "atomic: exit 0" "$scratch/err"
check_cmd "atomic: stdout lists the files written, like format-patch" \
	diff <(ls "$out" 2>/dev/null | sed "s|^|$out/|") "$scratch/stdout"
check_cmd "atomic: one patch plus the cover letter" \
	test "$(ls "$out" | wc -l)" -eq 2 -a -f "$out/0000-cover-letter.patch"
check_cmd "atomic: the cover letter's diffstat says 52 files changed" \
	grep -Eq '^ 52 files changed, [0-9]+ insertions\(\+\), [0-9]+ deletions\(-\)$' \
	"$out/0000-cover-letter.patch"
check_cmd "atomic: subjects are numbered [PATCH n/N]" \
	grep -q '^Subject: \[PATCH 1/1\] ' "$out"/0001-*.patch
check_cmd "atomic: --signoff adds the identity's Signed-off-by" \
	grep -qx "Signed-off-by: $FROM" "$out"/0001-*.patch
check_cmd "atomic: --to and --cc address every mail" \
	test "$(grep -l '^To: Linus Tester <linus@example.org>' "$out"/* 2>/dev/null | wc -l)" -eq 2 -a \
	     "$(grep -l '^Cc: linux-kernel@lists.example.org' "$out"/* 2>/dev/null | wc -l)" -eq 2
check_cmd "atomic: the cover letter says why there is one patch" \
	grep -q 'must build' "$out/0000-cover-letter.patch"

gitcopy=$scratch/git-atomic
git_copy "$gitcopy" >"$log" 2>&1
check_cmd "atomic: git am of 0001 onto a git copy of the tree succeeds" \
	git_am "$gitcopy" "$out"
check_cmd "atomic: the result is exactly apply --in-place's tree" \
	diff -r --exclude=.git "$ref" "$gitcopy"

# --- subsystem ---

sub=$scratch/subsystem
"$KMIGRATE" series "$tree" --out "$sub" --from "$FROM" --split subsystem \
	>"$scratch/stdout" 2>"$scratch/err"
status_is 0 $? "subsystem: exit 0" "$scratch/err"
for prefix in input tty char usb scsi s390 sound ieee1394; do
	check_cmd "subsystem: a patch for '$prefix'" \
		test -n "$(patch_for "$sub" $prefix)"
done
for pair in "input:INPUT DRIVERS" "tty:TTY LAYER" "usb:USB CORE" \
	    "ieee1394:IEEE 1394 SUBSYSTEM" "sound:SOUND"; do
	prefix=${pair%%:*} title=${pair#*:}
	mail=$sub/$(patch_for "$sub" "$prefix")
	to=$(header "$mail" To) cc=$(header "$mail" Cc)
	ok=1
	while read -r addr; do
		case $to in *"$addr"*) ;; *) ok=0 ;; esac
	done < <(entry_field "$FIXTURE" "$title" M)
	while read -r addr; do
		case $cc in *"$addr"*) ;; *) ok=0 ;; esac
	done < <(entry_field "$FIXTURE" "$title" L)
	[ -n "$(entry_field "$FIXTURE" "$title" M)" ] || ok=0
	check_cmd \
		"subsystem: the $prefix patch goes to its maintainers and list" \
		test $ok -eq 1
done
nr=$(ls "$sub" 2>/dev/null | grep -vc '^0000-')
check_cmd "subsystem: every patch is [PATCH n/$nr], the cover [PATCH 0/$nr]" \
	test "$nr" -gt 0 -a "$(grep -l "^Subject: \[PATCH [0-9]*/$nr\] " \
	     "$sub"/* 2>/dev/null | wc -l)" -eq $((nr + 1))
check_cmd "subsystem: uncovered files go to a last treewide patch" \
	test -n "$(ls "$sub" 2>/dev/null | grep -E "^$(printf %04d "$nr")-treewide-")"
check_cmd "subsystem: the cover letter says the series must be applied whole" \
	grep -q 'bisectable when applied whole' "$sub/0000-cover-letter.patch"
gitcopy=$scratch/git-subsystem
git_copy "$gitcopy" >"$log" 2>&1
check_cmd "subsystem: git am of 0001... onto a git copy succeeds" \
	git_am "$gitcopy" "$sub"
check_cmd "subsystem: the result is exactly apply --in-place's tree" \
	diff -r --exclude=.git "$ref" "$gitcopy"

# --- every mail parses ---

bad=0
for mail in "$out"/*.patch "$sub"/*.patch; do
	[ -f "$mail" ] || { bad=1; continue; }
	git mailinfo "$scratch/msg" "$scratch/patch" <"$mail" >"$scratch/info" 2>>"$log" &&
	grep -q '^Subject: ' "$scratch/info" &&
	grep -qx "Author: Tess Tester" "$scratch/info" &&
	grep -qx "Email: tess.tester@example.org" "$scratch/info" &&
	[ -s "$scratch/msg" ] || { bad=1; echo "$mail" >>"$log"; }
done
check_cmd "git mailinfo finds Subject, Author and a body in every mail" \
	test $bad -eq 0

# --- the tree stays as it was ---

check_cmd "TREE is unchanged afterwards" diff -r "$FIXTURE" "$tree"

# --- a previous series is replaced whole ---

"$KMIGRATE" series "$tree" --out "$sub" --from "$FROM" >/dev/null \
	2>"$scratch/err"
status_is 0 $? "a new series into the DIR of a previous one: exit 0" \
	"$scratch/err"
check_cmd "a previous series in DIR is replaced whole" \
	test "$(ls "$sub" | wc -l)" -eq 2

# --- nothing to convert: no series, DIR untouched ---

# the fixture's headers (which declare the function) and a driver that
# never calls it
none=$scratch/no-calls
mkdir -p "$none/drivers/misc"
cp -R "$FIXTURE/include" "$FIXTURE/MAINTAINERS" "$none/"
printf 'int quiet_init(void)\n{\n\treturn 0;\n}\n' >"$none/drivers/misc/quiet.c"
"$KMIGRATE" series "$none" --out "$scratch/none-out" --from "$FROM" \
	>"$scratch/stdout" 2>"$scratch/err"
status_is 0 $? "a tree with no call at all: exit 0" "$scratch/err"
if grep -qx "kmigrate: note: no call of 'class_device_create' found in '$none': no series written" "$scratch/err" &&
   [ ! -s "$scratch/stdout" ] && [ ! -e "$scratch/none-out" ]; then
	ok "a tree with no call at all: the note says so, nothing is written"
else
	not_ok "a tree with no call at all: the note says so, nothing is written" "$scratch/err"
fi
# a tree that does not even name the function, and a previous series
bare=$scratch/no-mention
mkdir -p "$bare/drivers/misc" "$scratch/none-old"
cp "$none/drivers/misc/quiet.c" "$bare/drivers/misc/"
echo "an old series" >"$scratch/none-old/0001-old.patch"
"$KMIGRATE" series "$bare" --out "$scratch/none-old" --from "$FROM" \
	>/dev/null 2>"$scratch/err"
status=$?
if [ $status -eq 0 ] &&
   grep -qx "kmigrate: note: no call of 'class_device_create' found in '$bare': no series written" "$scratch/err" &&
   [ "$(ls -A "$scratch/none-old")" = 0001-old.patch ] &&
   [ "$(cat "$scratch/none-old/0001-old.patch")" = "an old series" ]; then
	ok "a tree that never names the function leaves DIR's series as it was"
else
	echo "exit $status" >>"$scratch/err"
	not_ok "a tree that never names the function leaves DIR's series as it was" "$scratch/err"
fi
"$KMIGRATE" series "$ref" --out "$scratch/ref-out" --from "$FROM" \
	>"$scratch/stdout" 2>"$scratch/err"
status_is 0 $? "a tree already converted: exit 0" "$scratch/err"
if grep -qx "kmigrate: nothing converted in '$ref': no series written" "$scratch/err" &&
   ! grep -q "no call of" "$scratch/err" &&
   [ ! -s "$scratch/stdout" ] && [ ! -e "$scratch/ref-out" ]; then
	ok "a tree already converted: the note says nothing was converted"
else
	not_ok "a tree already converted: the note says nothing was converted" "$scratch/err"
fi

# --- identity from the user's git config, never the tree's ---

"$KMIGRATE" series "$gitcopy" --out "$scratch/noident" >/dev/null \
	2>"$scratch/err"
status_is 2 $? "without --from, a git tree with no identity is refused" \
	"$scratch/err"
git_copy "$scratch/ident" >/dev/null 2>&1
printf '[user]\n\tname = Cfg Person\n\temail = cfg@example.org\n' \
	>"$scratch/user.gitconfig"
GIT_CONFIG_GLOBAL=$scratch/user.gitconfig \
	"$KMIGRATE" series "$scratch/ident" --out "$scratch/ident-out" \
	>/dev/null 2>"$scratch/err"
status_is 0 $? "without --from, a user with a git identity: exit 0" \
	"$scratch/err"
check_cmd "without --from the user's git config names the author" \
	grep -qx 'From: Cfg Person <cfg@example.org>' \
	"$scratch/ident-out/0000-cover-letter.patch"

# --- where the series applies: base-commit, as git format-patch --base ---

check_cmd "a git work tree: the cover letter records base-commit: HEAD" \
	grep -qx "base-commit: $(git -C "$scratch/ident" rev-parse HEAD)" \
	"$scratch/ident-out/0000-cover-letter.patch"
check_cmd "a tree that is no git work tree: no base-commit" \
	test "$(grep -c '^base-commit:' "$out/0000-cover-letter.patch")" -eq 0
mkdir -p "$scratch/outer" && git -C "$scratch/outer" init -q &&
	copy_tree "$scratch/outer/linux" &&
	git -C "$scratch/outer" add -A &&
	git -C "$scratch/outer" -c user.name=t -c user.email=t@example.org \
		commit -q -m outer
"$KMIGRATE" series "$scratch/outer/linux" --out "$scratch/outer-out" \
	--from "$FROM" >/dev/null 2>"$scratch/err"
check_cmd "a folder inside another repository: no base-commit" \
	test -f "$scratch/outer-out/0000-cover-letter.patch" -a \
	"$(grep -c '^base-commit:' "$scratch/outer-out/0000-cover-letter.patch")" -eq 0

# --- the tree's own checkpatch ---

cp_tree=$scratch/checkpatch-tree
copy_tree "$cp_tree"
mkdir -p "$cp_tree/scripts"
cat >"$cp_tree/scripts/checkpatch.pl" <<'EOF'
#!/usr/bin/perl
# a stand-in: the verdict depends on being called as kmigrate must:
# --no-signoff when the patches carry no Signed-off-by
if (@ARGV == 3 && $ARGV[0] eq "--no-tree" && $ARGV[1] eq "--no-signoff" &&
    -f $ARGV[2] && -f "MAINTAINERS") {
	print "WARNING: stand-in warning\n";
	print "total: 0 errors, 3 warnings, 77 lines checked\n";
} elsif (@ARGV == 2 && $ARGV[0] eq "--no-tree" && -f $ARGV[1] &&
	 -f "MAINTAINERS") {
	print "total: 0 errors, 2 warnings, 66 lines checked\n";
} else {
	print "total: 9 errors, 9 warnings, 0 lines checked (called wrongly)\n";
}
exit 1;
EOF
"$KMIGRATE" series "$cp_tree" --out "$scratch/cp-out" --from "$FROM" \
	--checkpatch >/dev/null 2>"$scratch/err"
status_is 0 $? "a tree with its own checkpatch: exit 0" "$scratch/err"
check_cmd "the tree's checkpatch verdict is in the cover letter" \
	grep -q "0001-.*: total: 0 errors, 3 warnings, 77 lines checked" \
	"$scratch/cp-out/0000-cover-letter.patch"
check_cmd "without --signoff, checkpatch runs with --no-signoff, and says so" \
	grep -q "^scripts/checkpatch.pl --no-tree --no-signoff on each patch" \
	"$scratch/cp-out/0000-cover-letter.patch"
"$KMIGRATE" series "$cp_tree" --out "$scratch/cp-so" --from "$FROM" \
	--signoff --checkpatch >/dev/null 2>"$scratch/err"
check_cmd "with --signoff, checkpatch checks the Signed-off-by too" \
	grep -q "0001-.*: total: 0 errors, 2 warnings, 66 lines checked" \
	"$scratch/cp-so/0000-cover-letter.patch"
check_cmd "without --checkpatch the cover letter says how to ask for it" \
	grep -qx "checkpatch: not run, it is the tree's code (series --checkpatch runs it)." \
	"$out/0000-cover-letter.patch"
"$KMIGRATE" series "$tree" --out "$scratch/nocp-out" --from "$FROM" \
	--checkpatch >/dev/null 2>"$scratch/err"
check_cmd "--checkpatch on a tree without scripts/checkpatch.pl says so" \
	grep -qx "checkpatch: not run, the tree has no scripts/checkpatch.pl." \
	"$scratch/nocp-out/0000-cover-letter.patch"

# --- check's errors block the series; --force writes it (CRLF included) ---

hard=$scratch/hard
rm -rf "$hard" && cp -R "$SRCDIR/tree-fixtures/hard-cases" "$hard"
mkdir -p "$scratch/hard-out"
echo "an old series" >"$scratch/hard-out/0001-old.patch"
"$KMIGRATE" series "$hard" --out "$scratch/hard-out" --from "$FROM" \
	>"$scratch/stdout" 2>"$scratch/err"
status_is 1 $? "errors of check block the series (exit 1)" "$scratch/err"
check_cmd "the errors are on stderr" grep -q 'error: .*\[unconverted-call\]$' \
	"$scratch/err"
check_cmd "a blocked series leaves DIR as it was" \
	test "$(ls -A "$scratch/hard-out")" = 0001-old.patch -a \
	     "$(cat "$scratch/hard-out/0001-old.patch")" = "an old series"
"$KMIGRATE" series "$hard" --out "$scratch/hard-out" --from "$FROM" --force \
	>"$scratch/stdout" 2>"$scratch/err"
status_is 0 $? "--force writes it anyway (and git am verifies CRLF files)" \
	"$scratch/err"
check_cmd "--force: the cover letter lists the errors" \
	grep -q 'error: .*\[unconverted-call\]$' \
	"$scratch/hard-out/0000-cover-letter.patch"
check_cmd "--force: the CRLF lines reach the patch" \
	grep -q $'\r$' "$scratch"/hard-out/0001-*.patch
check_cmd "--force: the old series is gone" \
	test ! -e "$scratch/hard-out/0001-old.patch"

test_done
