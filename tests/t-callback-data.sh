#!/bin/bash
# t-callback-data.sh - the "callback" kind beyond its first migration:
# platform-remove-void's series split by subsystem, worded as the kernel's
# per-subsystem patches were ("<prefix>: Convert to platform remove
# callback returning void", the prefix from the tree's own git log or its
# MAINTAINERS entry, To and Cc from that entry), each patch building on
# its own since .remove stays beside .remove_new (git am of any one
# patch alone); and hv-remove-void, a second callback migration written
# as data only (the member keeps its name and changes its type in
# place): scan lists its members and leaves another struct's member of
# the same name, its semantic patch renames nothing, apply converts its
# fixture as expected, a second apply changes nothing, check has no
# error, and its split series says the tree builds only whole.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err
FIX=$SRCDIR/tree-fixtures
FROM="Tess Tester <tess.tester@example.org>"
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export HOME=$TMPDIR XDG_CONFIG_HOME=$TMPDIR/.config
export GIT_AUTHOR_NAME="A U Thor" GIT_AUTHOR_EMAIL=author@example.org
export GIT_COMMITTER_NAME="A U Thor" GIT_COMMITTER_EMAIL=author@example.org
export GIT_AUTHOR_DATE="2023-03-13 12:00:00 +0000"
export GIT_COMMITTER_DATE="2023-03-13 12:00:00 +0000"

km() {
	local m=$1
	shift
	"$KMIGRATE" --migration "$m" "$@" >"$out" 2>"$err"
	status=$?
}

# the subjects of the patches of a series folder, one a line
subjects() {
	local p
	for p in "$1"/0*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		awk '/^Subject: / { s = $0; more = 1; next }
		     more && /^[ \t]/ { s = s $0; next }
		     more { print s; exit }' "$p" |
			sed 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] *//; s/[ \t]\+/ /g'
	done
}

# --- hv-remove-void: scan and its semantic patch need no spatch ---
M=hv-remove-void
km "$M" -v scan "$FIX/$M"
check "hv: scan lists every member and function (7 old, 1 left)" \
	'[ $status -eq 0 ] &&
	 grep -q "9 occurrences in 4 files: 7 old, 0 new, 1 ambiguous" "$err"' ||
	show "$out"
check "hv: the assignment, the split definition, another struct's member" \
	'grep -q "hv-late.c:16:11: old .remove=late_remove" "$out" &&
	 grep -q "hv-keys.c:5:1: old static int keys_remove" "$out" &&
	 ! grep -q other_remove "$out" &&
	 grep -q "'"'"'bus_remove'"'"' returns an error at line 13" "$err"' ||
	show "$out"
km "$M" cocci
check "hv: its semantic patch changes the type, not the member's name" \
	'grep -q "^+void" "$out" && ! grep -q "^+\.remove" "$out" &&
	 grep -q "struct hv_driver d = { ..., .remove = fn, ... };" "$out"' ||
	show "$out"

if ! command -v spatch >/dev/null 2>&1 || ! command -v git >/dev/null; then
	skip "apply and series of the callback migrations" \
		"spatch or git is not installed"
	test_done
	exit
fi

copy=$TMPDIR/hv
cp -R "$FIX/$M" "$copy"
km "$M" apply "$copy"
check "hv: apply gives the expected conversion; the error return left" \
	'[ $status -eq 1 ] && cmp -s "$out" "$FIX/$M.expected"' ||
	{ show "$err"; diff -u "$FIX/$M.expected" "$out"; }
km "$M" apply --in-place "$copy"
km "$M" apply "$copy"
check "hv: a second apply changes nothing" '[ ! -s "$out" ]' || show "$out"
km "$M" check "$copy"
check "hv: check on the result has no error" \
	'[ $status -eq 0 ] && ! grep -q ": error: " "$out"' ||
	show "$out"

# --- series of the callback kind, on a git tree with history ---
# tree NAME MIGRATION: the migration's fixture as a git tree in
# $TMPDIR/NAME, with two commits per subsystem giving a subject prefix
# (not misc nor uio, which take their MAINTAINERS entry's) and a
# MAINTAINERS
tree() {
	local t=$TMPDIR/$1 d n
	rm -rf "$t" && cp -R "$FIX/$2" "$t" && mkdir -p "$t/extra" &&
	cat >"$t/MAINTAINERS" <<-'EOF'
	GPIO SUBSYSTEM
	M:	Gee Pio <gee.pio@example.org>
	L:	linux-gpio@example.org
	S:	Maintained
	F:	drivers/gpio/

	MMC SUBSYSTEM
	M:	Em Emcee <em.emcee@example.org>
	L:	linux-mmc@example.org
	S:	Maintained
	F:	drivers/mmc/

	MISC DRIVERS
	M:	Miss Kay <miss.kay@example.org>
	S:	Maintained
	F:	drivers/misc/

	HYPER-V CORE
	M:	Hy Pervee <hy.pervee@example.org>
	S:	Maintained
	F:	drivers/hv/
	F:	drivers/input/serio/hv-keys.c

	USERSPACE I/O (UIO)
	M:	You Io <you.io@example.org>
	S:	Maintained
	F:	drivers/uio/
	EOF
	git -C "$t" init -q && git -C "$t" add -A &&
	git -C "$t" commit -q -m "the fixture" || return 1
	for d in gpio mmc pinctrl rtc hv; do
		[ -d "$t/drivers/$d" ] || continue
		for n in 1 2; do
			echo "$n" >>"$t/drivers/$d/NOTES"
			git -C "$t" add -A && git -C "$t" commit -q \
				-m "$d: core: note $n" || return 1
		done
	done
}

tree prv platform-remove-void
km platform-remove-void series "$TMPDIR/prv" --split subsystem \
	--signoff --from "$FROM" --out "$TMPDIR/prv-series"
subjects "$TMPDIR/prv-series" >"$TMPDIR/subjects"
check "series: a patch per subsystem, in the kernel's words" \
	'[ $status -eq 0 ] && diff -u - "$TMPDIR/subjects" <<-EOF
	gpio: core: Convert to platform remove callback returning void
	misc: Convert to platform remove callback returning void
	mmc: core: Convert to platform remove callback returning void
	pinctrl: core: Convert to platform remove callback returning void
	EOF' || { show "$TMPDIR/subjects"; show "$err"; }
gpio=$(ls "$TMPDIR"/prv-series/0*gpio*.patch 2>/dev/null | head -n 1)
check "series: addressed from the MAINTAINERS entry of its files" \
	'grep -q "^To: Gee Pio <gee.pio@example.org>" "$gpio" &&
	 grep -q "^Cc: linux-gpio@example.org" "$gpio"' || show "$gpio"
check "series: .remove stays beside .remove_new: each patch builds alone" \
	'! grep -q "builds again" "$TMPDIR"/prv-series/0*.patch &&
	 grep -q "builds on its own" "$TMPDIR"/prv-series/0000-*.patch' ||
	show "$TMPDIR/prv-series/0000-cover-letter.patch"
# each patch alone on the unconverted tree: git am takes it
base=$(git -C "$TMPDIR/prv" rev-parse HEAD)
alone=0
for p in "$TMPDIR"/prv-series/000[1-9]-*.patch; do
	git -C "$TMPDIR/prv" checkout -q -f --detach "$base" &&
	git -C "$TMPDIR/prv" am -q "$p" >/dev/null 2>&1 &&
		alone=$((alone + 1))
	git -C "$TMPDIR/prv" am --abort >/dev/null 2>&1
done
check "series: git am takes each patch alone (4 of 4)" '[ $alone -eq 4 ]'

tree hv "$M"
km "$M" series "$TMPDIR/hv" --split subsystem --force \
	--from "$FROM" --out "$TMPDIR/hv-series"
subjects "$TMPDIR/hv-series" >"$TMPDIR/subjects"
printf '%s: Make remove callback of hyperv driver void returned\n' \
	"hv: core" uio >"$TMPDIR/subjects.expected"
check "hv series: its data's summary, and it builds only whole" \
	'[ $status -eq 0 ] &&
	 cmp -s "$TMPDIR/subjects.expected" "$TMPDIR/subjects" &&
	 grep -q "builds again" "$TMPDIR"/hv-series/0001-*.patch' ||
	{ show "$TMPDIR/subjects"; show "$err"; }

test_done
