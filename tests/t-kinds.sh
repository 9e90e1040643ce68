#!/bin/bash
# t-kinds.sh - a migration's kind of change (issue 27): the "kind:" key
# chooses it, "call" when there is none, and an unknown kind is refused.
#
# Each case writes the shipped class-device-parent's migration file, a
# "kind:" line added after its name, into a folder of a scratch data
# directory (KMIGRATE_DATADIR) and runs "kmigrate --migration NAME cocci
# --generated": "kind: call" generates the semantic patch the file
# without the key does; an unknown kind exits 2 with one line naming the
# file, the line, the field and the kinds there are.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
make_scratch
data=$scratch/data sp=$scratch/data/semantic-patches
out=$scratch/out err=$scratch/err
check_shows=$err
mkdir -p "$sp"
cp "$SRCDIR/semantic-patches/kernel-types" "$sp/"

# with_kind FOLDER LINE...: class-device-parent's migration file in
# FOLDER, named FOLDER, the lines given after its name
with_kind() {
	local dir=$sp/$1

	shift
	mkdir -p "$dir"
	awk -v folder="${dir##*/}" -v lines="$(printf '%s\n' "$@")" '
		/^name:/ { print "name: " folder; if (lines != "") print lines; next }
		{ print }' "$SRCDIR/semantic-patches/class-device-parent/migration" \
		>"$dir/migration"
}

# km FOLDER ARGS...: kmigrate on the scratch data; $out, $err, $status
km() {
	local m=$1

	shift
	KMIGRATE_DATADIR=$data "$KMIGRATE" --migration "$m" "$@" \
		>"$out" 2>"$err"
	status=$?
}

with_kind plain
km plain cocci --generated
check "no kind: a call, its semantic patch generated" \
	'[ $status -eq 0 ] && [ ! -s "$err" ] && grep -q "^@" "$out"'
cp "$out" "$scratch/plain.cocci"

with_kind call 'kind: call'
km call cocci --generated
sed 's,semantic-patches/call/,semantic-patches/plain/,' "$out" \
	>"$scratch/call.cocci"
check "kind: call generates what no kind does" \
	'[ $status -eq 0 ] && [ ! -s "$err" ] &&
	 cmp -s "$scratch/call.cocci" "$scratch/plain.cocci"' ||
	show "$out" 5

with_kind bogus 'kind: bogus'
km bogus cocci --generated
check "kind: bogus: exit 2, one line naming the file, line and kinds" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && [ ! -s "$out" ] &&
	 grep -qxF "kmigrate: error: $sp/bogus/migration:9: bad field '"'"'kind'"'"': unknown kind '"'"'bogus'"'"' (known: call, callback)" "$err"'

with_kind twice 'kind: call' 'kind: call'
km twice cocci --generated
check "kind given twice: exit 2, one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	 grep -qF "twice/migration:10: bad field '"'"'kind'"'"': given twice" "$err"'

test_done
