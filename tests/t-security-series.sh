#!/bin/bash
# t-security-series.sh - the mail headers of "kmigrate series" are one
# line each, whatever the tree and the migration data hold (issue 26,
# point 7).
#
# Control characters (CR, LF, ESC...) reach a series' headers from
# directory names (a subsystem's subject prefix), MAINTAINERS (titles,
# M: and L: lines), the tree's scripts/get_maintainer.pl, the user's git
# identity (the author) and the migration's wording (its subject, which
# the loader already keeps to one line).  Each
# case builds such a tree here and asserts: every header of every mail
# is one "Name: value" line of the headers kmigrate writes (folds
# aside), with no control character; a warning names the source; git am
# takes the series and its commits' subjects hold no control character;
# a subject beyond ASCII is RFC 2047 encoded as git format-patch does
# and comes back whole from git am.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR, spatch, git, perl.
. "$(dirname "$0")/lib.sh"
export KMIGRATE_NO_CACHE=1
export LC_ALL=C
export SOURCE_DATE_EPOCH=1129169427
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
make_scratch
export HOME=$scratch XDG_CONFIG_HOME=$scratch/.config
mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini
out=$scratch/out err=$scratch/err
check_shows=$err
FROM="Tess Tester <tess@example.org>"
nl=$'\n' cr=$'\r' esc=$'\033'

if ! command -v spatch >/dev/null || ! command -v git >/dev/null; then
	echo "1..0 # SKIP needs spatch and git"
	exit 0
fi

# a tree at $1 with the new API declared and nothing else
new_tree() {
	rm -rf "$1"
	mkdir -p "$1/include/linux"
	cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
		"$mini/include/linux/kdev_t.h" "$1/include/linux/"
}

# a driver at $1 (its directories made) with one old-form call
old_call() {
	mkdir -p "$(dirname "$1")"
	printf '%s\n' '#include <linux/device.h>' \
		'static struct class *cls;' 'void f(int i)' '{' \
		'	class_device_create(cls, 0, NULL, "x%d", i);' \
		'}' >"$1"
}

# every header of the mail $1 is one known header on one line, folds
# aside, with no control character; no line injects another header
headers_ok() {
	awk '
		NR == 1 { if ($0 !~ /^From [0-9a-f]+ Mon Sep 17 /) bad = 1; next }
		/^$/ { done = 1; exit }
		/[\001-\037\177]/ { bad = 1 }
		/^[ ]/ { next }
		!/^(From|Date|Subject|To|Cc|MIME-Version|Content-Type|Content-Transfer-Encoding): / { bad = 1 }
		END { exit bad || !done }' "$1"
}

# every mail of the series in $1
all_headers_ok() {
	local f any=
	for f in "$1"/*.patch; do
		[ -f "$f" ] || return 1
		headers_ok "$f" || { echo "bad headers: $f" >>"$err"; return 1; }
		any=1
	done
	[ -n "$any" ]
}

# git am of the series $2 onto a git copy of the tree $1 (at $1.am):
# its commits' subjects, one a line, in $scratch/subjects
am_series() {
	rm -rf "$1.am" && cp -a "$1" "$1.am" &&
	git -C "$1.am" init -q && git -C "$1.am" add -A &&
	git -C "$1.am" -c user.name=t -c user.email=t@example.org \
		commit -q -m base &&
	git -C "$1.am" -c user.name=t -c user.email=t@example.org \
		am -q $(ls "$2"/*.patch | grep -v /0000-) >>"$err" 2>&1 &&
	git -C "$1.am" log --format=%s -n "$(ls "$2" | grep -vc ^0000-)" \
		>"$scratch/subjects"
}

no_control() {
	! grep -q '[[:cntrl:]]' "$1"
}

km() {
	"$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

# --- directory names with a newline and a CR ------------------------------
t=$scratch/dirs
new_tree "$t"
old_call "$t/drivers/evil${nl}Bcc: victim@example.org/a.c"
old_call "$t/drivers/cr${cr}Subject: owned${esc}[2J/b.c"
km series "$t" --out "$scratch/dirs.out" --split subsystem \
	--no-checkpatch --no-get-maintainer --from "$FROM"
check "dirs: the series is written and verified" \
	'[ $status -eq 0 ] && grep -q "verified$" "$err"'
check "dirs: every header of every mail is one line" \
	'all_headers_ok "$scratch/dirs.out"'
check "dirs: no mail has a Bcc or a second Subject header" \
	'! grep -l "^Bcc:" "$scratch/dirs.out"/*.patch >/dev/null &&
	 [ "$(grep -c "^Subject:" "$scratch/dirs.out"/0001-*.patch)" -eq 1 ]'
check "dirs: a warning names the directory" \
	'grep -q "^kmigrate: warning: control character removed from the subject prefix of directory \"drivers/evil\\\\nBcc: victim@example.org\"$" "$err" &&
	 grep -q "^kmigrate: warning: control character removed from the subject prefix of directory \"drivers/cr\\\\rSubject: owned\\\\033\[2J\"$" "$err"'
check "dirs: git am takes the series, the subjects hold no control character" \
	'am_series "$t" "$scratch/dirs.out" && [ -s "$scratch/subjects" ] &&
	 no_control "$scratch/subjects" &&
	 grep -q "^evil Bcc: victim@example.org: " "$scratch/subjects"'

# --- MAINTAINERS: a CR in M:, a line break into Bcc, ESC in L: and a title --
t=$scratch/maint
new_tree "$t"
old_call "$t/drivers/x/a.c"
old_call "$t/drivers/y/b.c"
printf '%s\n' 'List of maintainers' '' \
	"X DRIVER${esc}]0;pwned${esc}\\" \
	"M:	Evil <evil@example.org>${cr}Bcc: victim@example.org" \
	"L:	list@example.org${esc}[31m" \
	'F:	drivers/x/' '' \
	'Y DRIVER' \
	"M:	Ygor <ygor@example.org>${cr}" \
	"M:	Other <other@example.org>${cr}${nl}Bcc: victim@example.org" \
	'F:	drivers/y/' >"$t/MAINTAINERS"
km series "$t" --out "$scratch/maint.out" --split subsystem \
	--no-checkpatch --no-get-maintainer --from "$FROM"
check "MAINTAINERS: the series is written" '[ $status -eq 0 ]'
check "MAINTAINERS: every header of every mail is one line" \
	'all_headers_ok "$scratch/maint.out"'
check "MAINTAINERS: the addresses are there, no Bcc header" \
	'grep -q "^To: Evil <evil@example.org> Bcc: victim@example.org" "$scratch/maint.out"/0001-*.patch &&
	 grep -q "^Cc: list@example.org" "$scratch/maint.out"/0001-*.patch &&
	 ! grep -l "^Bcc:" "$scratch/maint.out"/*.patch >/dev/null'
check "MAINTAINERS: warnings name the line and the field" \
	'grep -q "^kmigrate: warning: $t/MAINTAINERS:4: control character removed from .M:. address$" "$err" &&
	 grep -q "^kmigrate: warning: $t/MAINTAINERS:5: control character removed from .L:. list$" "$err" &&
	 grep -q "^kmigrate: warning: $t/MAINTAINERS:3: control character removed from entry title$" "$err"'
check "MAINTAINERS: a CRLF line end is no warning" \
	'! grep -q "MAINTAINERS:9:" "$err"'
check "MAINTAINERS: git am takes the series" \
	'am_series "$t" "$scratch/maint.out" && no_control "$scratch/subjects"'

# --- get_maintainer.pl and the user's git identity ----------------------------
if command -v perl >/dev/null; then
	t=$scratch/script
	new_tree "$t"
	old_call "$t/drivers/x/a.c"
	printf '%s\n' 'X DRIVER' 'M:	X <x@example.org>' 'F:	drivers/x/' \
		>"$t/MAINTAINERS"
	mkdir -p "$t/scripts"
	printf '%s\n' \
		'print "Evil <evil\@example.org>\rBcc: victim\@example.org (maintainer:X)\n";' \
		'print "list\@example.org\e[31m (open list:X)\n";' \
		>"$t/scripts/get_maintainer.pl"
	git -C "$t" init -q
	printf '[user]\n\tname = "A%sBcc: victim@example.org"\n\temail = a@example.org\n' \
		"$cr" >"$scratch/user.gitconfig"
	GIT_CONFIG_GLOBAL=$scratch/user.gitconfig km series "$t" --out "$scratch/script.out" --split subsystem \
		--get-maintainer
	check "get_maintainer.pl, user identity: the series is written" \
		'[ $status -eq 0 ]'
	check "get_maintainer.pl, user identity: every header is one line" \
		'all_headers_ok "$scratch/script.out" &&
		 grep -q "^To: Evil <evil@example.org> Bcc: victim@example.org" "$scratch/script.out"/0001-*.patch &&
		 grep -q "^From: \"A Bcc: victim@example.org\" <a@example.org>" "$scratch/script.out"/0001-*.patch'
	check "get_maintainer.pl, user identity: warnings name them" \
		'grep -q "^kmigrate: warning: scripts/get_maintainer.pl: control character removed from the address .Evil <evil@example.org> Bcc: victim@example.org.$" "$err" &&
		 grep -q "^kmigrate: warning: control character removed from the author (--from or your git identity)$" "$err"'
else
	skip "get_maintainer.pl, user identity" "no perl"
fi

# --- the migration's wording: one line, beyond ASCII -----------------------
#
# The loader refuses a subject of two lines or with a control character
# (t-security-data.sh); mbox.c's cleaning stays the last defence, tested
# in test-mbox.  What reaches the mails is one line, RFC 2047 encoded.
data=$scratch/data
mkdir -p "$data"
cp -R "$SRCDIR/semantic-patches" "$data/"
m=$data/semantic-patches/class-device-parent/migration
cp "$m" "$scratch/migration.orig"
t=$scratch/wording
new_tree "$t"
old_call "$t/drivers/x/a.c"
awk -v esc="$esc" '/^subject:/ {
	print "subject: driver core: caf\303\251 fix up all" esc "[2J"
	print " callers of class_device_create()"; next } { print }' \
	"$scratch/migration.orig" >"$m"
KMIGRATE_DATADIR=$data km series "$t" --out "$scratch/wording2.out" \
	--no-checkpatch --from "$FROM"
check "wording: a subject of two lines with ESC is refused" \
	'[ $status -eq 2 ] && [ ! -e "$scratch/wording2.out" ] &&
	 grep -q "bad field .subject.:" "$err"'
awk '/^subject:/ {
	print "subject: driver core: caf\303\251 fix up all callers of class_device_create()"
	next } { print }' "$scratch/migration.orig" >"$m"
KMIGRATE_DATADIR=$data km series "$t" --out "$scratch/wording.out" \
	--no-checkpatch --from "$FROM"
check "wording: the series is written and verified" \
	'[ $status -eq 0 ] && grep -q "verified$" "$err"'
check "wording: every header of every mail is one line" \
	'all_headers_ok "$scratch/wording.out"'
check "wording: the subject is RFC 2047 encoded after [PATCH n/N]" \
	'grep -q "^Subject: \[PATCH 1/1\] =?UTF-8?q?driver=20core:=20caf=C3=A9=20" "$scratch/wording.out"/0001-*.patch'
check "wording: git am gives the subject back whole, on one line" \
	'am_series "$t" "$scratch/wording.out" &&
	 [ "$(cat "$scratch/subjects")" = "driver core: café fix up all callers of class_device_create()" ]'

test_done
