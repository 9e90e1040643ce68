#!/bin/bash
# t-security-cache.sh - the result cache believes only what this user's
# kmigrate wrote (issue 26): a whole-run apply entry planted with text to
# inject is not believed, in the diff or in the tree; a check entry
# forged to hide swapped arguments does not turn the error into exit 0;
# a bit flipped in a genuine entry is a miss; a cache directory that
# others may write, or that another user owns, is one warning and the
# run goes on without it, writing nothing there; the user's key is made
# mode 0600, and one that others may read, another user's, a symbolic
# link or of the wrong size is refused the same way.
#
# Each forgery is what an attacker can do without the user's key: take
# an entry kmigrate wrote, change its payload, and write its header
# again with the new length and the SHA-256 of the new payload (the
# whole of an entry's header before the key).
#
# Environment: KMIGRATE (the binary under test), SRCDIR (the repository
# root), TMPDIR (scratch space).
. "$(dirname "$0")/lib.sh"

export LC_ALL=C
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
HARD=$SRCDIR/tree-fixtures/hard-cases
make_scratch
err=$scratch/err
check_shows=$err
export XDG_CACHE_HOME=$scratch/cache
cache=$XDG_CACHE_HOME/kmigrate

# forge ENTRY PERL: rewrite ENTRY's payload with the perl code PERL (on
# $_, which must die when it does not match), then its header's length
# and checksum as anyone could compute them
forge() {
	FORGE=$2 perl -0777 -pi -e '
		use Digest::SHA qw(sha256_hex);
		my ($head, $payload) = split /\n/, $_, 2;
		my @field = split / /, $head;
		$_ = $payload;
		eval $ENV{FORGE};
		die $@ if $@;
		$field[3] = length;
		$field[4] = sha256_hex($_);
		$_ = join(" ", @field) . "\n" . $_;' "$1"
}
entries() { find "$1" -type f 2>/dev/null | wc -l; }
# the lines of stderr about the cache
cache_lines() { grep -c 'result cache' "$err"; }
kcheck() {
	local name=$1
	shift
	"$KMIGRATE" check "$@" "$hand" >"$scratch/$name.out" 2>"$err"
	echo $? >"$scratch/$name.rc"
}

# --- (a) a planted whole run of apply ---------------------------------------

if command -v spatch >/dev/null; then
	still=$scratch/still
	cp -a "$HARD" "$still"
	cp -a "$HARD" "$scratch/expect"
	sleep 2 # a whole run is kept only for a tree unchanged for a second
	"$KMIGRATE" apply "$still" >"$scratch/genuine.diff" 2>"$err"
	(cd "$scratch/expect" && git apply "$scratch/genuine.diff")
	whole=$(grep -rlx 'kmigrate-apply-run [0-9]*' "$cache")
	check "a tree unchanged for a second is kept as a whole run" \
		'[ -n "$whole" ] && grep -q "^+.*NULL" "$scratch/genuine.diff"'
	# the span format-var.c's conversion inserts: "NULL, " and more
	inject='my $evil = "NULL, rootkit_install(), ";
		s/ 6:NULL, / " " . length($evil) . ":$evil"/e or die "no span"'
	forge "$whole" "$inject"
	"$KMIGRATE" apply "$still" >"$scratch/planted.diff" 2>"$err"
	check "a planted whole run injects nothing: the diff is kmigrate's own" \
		'! grep -q rootkit "$scratch/planted.diff" &&
		 cmp "$scratch/genuine.diff" "$scratch/planted.diff"' ||
		show "$scratch/planted.diff"
	whole=$(grep -rlx 'kmigrate-apply-run [0-9]*' "$cache")
	forge "$whole" "$inject"
	"$KMIGRATE" apply --in-place "$still" >/dev/null 2>"$err"
	check "nor into the tree: --in-place writes kmigrate's conversion" \
		'! grep -rq rootkit "$still" && diff -r "$scratch/expect" "$still"'
else
	skip "a planted whole run of apply is not believed" "spatch not found"
fi

# --- (b) a forged check entry, (c) a flipped bit ----------------------------

hand=$scratch/hand
cp -a "$MINI" "$hand"
(cd "$hand" && patch -s -p1 <"$SRCDIR/tree-fixtures/hand-conversion.patch")
# an hour old: check keeps nothing read from a file newer than its run
find "$hand" -exec touch -h -d '1 hour ago' {} +
swapped='drivers/s390/char/vmlogrdr.c:[0-9:]* error: arguments 1 and 2 appear swapped'
kcheck fresh --no-cache
kcheck genuine
vml=$(grep -rla '8:vmlogrdr' "$cache")
check "check finds vmlogrdr's swapped arguments and keeps their records" \
	'[ "$(cat "$scratch/fresh.rc")" = 1 ] &&
	 grep -q "$swapped" "$scratch/fresh.out" && [ -n "$vml" ]'
# the records of arguments 1 and 2 exchanged, their positions kept: the
# class where the class goes, NULL for the parent
forge "$vml" 's/^arg (\d+) (\d) (\d) (\d+ \d+) (.*)\narg (\d+) (\d) (\d) (\d+ \d+) (.*8:vmlogrdr)$/arg $6 $7 $8 $4 $10\narg $1 $2 $3 $9 $5/m or die "no call"'
kcheck forged
check "a forged check entry: the swap is still an error, exit 1" \
	'[ "$(cat "$scratch/forged.rc")" = 1 ] &&
	 cmp "$scratch/fresh.out" "$scratch/forged.out"' ||
	show "$scratch/forged.out"

kcheck rewritten
vml=$(grep -rla '8:vmlogrdr' "$cache")
# one bit of "8:vmlogrdr" flipped: "8:vmlogrdr" becomes "8:vmlogrds"
perl -0777 -pi -e 's/8:vmlogrdr/8:vmlogrds/ or die' "$vml"
kcheck flipped
check "a bit flipped in a genuine entry is a miss: the report is right" \
	'[ "$(cat "$scratch/flipped.rc")" = 1 ] &&
	 cmp "$scratch/fresh.out" "$scratch/flipped.out" &&
	 ! grep -rq "8:vmlogrds" "$cache"'

# --- (d) a cache directory others may write, or another user owns ----------

check "the cache is made mode 0700, its key 0600, beside it" \
	'[ "$(stat -c %a "$cache")" = 700 ] &&
	 [ "$(stat -c %a "$cache.key")" = 600 ] &&
	 [ "$(stat -c %s "$cache.key")" = 32 ]'

open=$scratch/open
mkdir -p "$open/kmigrate"
chmod 0777 "$open/kmigrate"
XDG_CACHE_HOME=$open kcheck open
check "a cache directory writable by others: one warning, the right report" \
	'[ "$(cache_lines)" = 1 ] &&
	 grep -q "ignoring the result cache .*: writable by group or others" "$err" &&
	 [ "$(cat "$scratch/open.rc")" = 1 ] &&
	 cmp "$scratch/fresh.out" "$scratch/open.out"'
check "and nothing written into it or beside it" \
	'[ "$(entries "$open")" = 0 ]'

if [ "$(id -u)" = 0 ]; then
	theirs=$scratch/theirs
	mkdir -p "$theirs/kmigrate"
	chmod 0700 "$theirs/kmigrate"
	chown nobody "$theirs/kmigrate"
	XDG_CACHE_HOME=$theirs kcheck theirs
	check "a cache directory another user owns: one warning, the right report" \
		'[ "$(cache_lines)" = 1 ] &&
		 grep -q "ignoring the result cache .*: owned by another user" "$err" &&
		 cmp "$scratch/fresh.out" "$scratch/theirs.out" &&
		 [ "$(entries "$theirs")" = 0 ]'
else
	skip "a cache directory another user owns" "not root: cannot chown"
fi

# --- (e) the user's key ------------------------------------------------------

# kkey NAME: check with the cache emptied, its key as the caller left it
kkey() {
	rm -rf "$cache"
	kcheck "$1"
}
refused() {
	[ "$(cache_lines)" = 1 ] && grep -q "its key '$cache.key': $1" "$err" &&
		cmp "$scratch/fresh.out" "$scratch/$2.out" &&
		[ "$(entries "$cache")" = 0 ]
}
chmod 0644 "$cache.key"
kkey readable
check "a key others may read is refused: one warning, nothing kept" \
	'refused "readable or writable by group or others" readable'
chmod 0600 "$cache.key"
mv "$cache.key" "$scratch/key"
ln -s "$scratch/key" "$cache.key"
kkey link
check "a key that is a symbolic link is refused" \
	'refused "Too many levels of symbolic links" link'
rm "$cache.key"
head -c 16 "$scratch/key" >"$cache.key"
chmod 0600 "$cache.key"
kkey short
check "a key of the wrong size is refused" 'refused "not a key of 32 bytes" short'
if [ "$(id -u)" = 0 ]; then
	mv "$scratch/key" "$cache.key"
	chown nobody "$cache.key"
	kkey nobody
	check "another user's key is refused" \
		'refused "owned by another user" nobody'
else
	skip "another user's key is refused" "not root: cannot chown"
fi
test_done
