#!/bin/bash
# t-security-data.sh - a hostile migration folder is refused (issue 26,
# point 4): the data a migration's folder holds goes into a generated
# semantic patch that spatch runs, into paths kmigrate writes, and names
# files kmigrate reads.
#
# Each case writes the shipped class-device-parent's migration file,
# one field edited, into a folder of a scratch data directory
# (KMIGRATE_DATADIR), and runs "kmigrate --migration NAME cocci --generated" (and apply on a
# copy of its fixture tree for the injection): kmigrate must exit 2 with
# one error line naming the file, the field and the reason, print no
# semantic patch, run nothing and write nothing outside its scratch
# directory.  The shipped migrations still load.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
make_scratch
data=$scratch/data sp=$scratch/data/semantic-patches
out=$scratch/out err=$scratch/err
check_shows=$err
mkdir -p "$sp" "$scratch/tmp"
cp "$SRCDIR/semantic-patches/kernel-types" "$sp/"

# hostile FOLDER KEY LINE...: class-device-parent's migration file in
# FOLDER, named FOLDER, and its KEY field (with its continuation lines)
# replaced by the lines given
hostile() {
	local dir=$sp/$1 key=$2

	shift 2
	rm -rf "$dir"
	mkdir "$dir"
	printf '%s\n' "$@" >"$scratch/replacement"
	awk -v folder="${dir##*/}" -v key="$key" -v repl="$scratch/replacement" '
		skip && /^[ \t]/ { next }
		{ skip = 0 }
		$0 ~ "^" key ":" {
			while ((getline line <repl) > 0)
				print line
			skip = 1
			next
		}
		/^name:/ { print "name: " folder; next }
		{ print }' "$SRCDIR/semantic-patches/class-device-parent/migration" \
		>"$dir/migration"
}

# km FOLDER ARGS...: kmigrate on the scratch data; $out, $err, $status
km() {
	local m=$1

	shift
	KMIGRATE_DATADIR=$data TMPDIR=$scratch/tmp \
		"$KMIGRATE" --migration "$m" "$@" >"$out" 2>"$err"
	status=$?
}

# refused DESC FOLDER FIELD REASON: "cocci --generated" exits 2 with one
# line naming the migration file, the field and the reason, and prints
# nothing
refused() {
	folder=$2 field=$3 reason=$4
	km "$folder" cocci --generated
	check "$1: exit 2, one line naming the file, '$field' and the reason" \
		'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		 grep -qF "$sp/$folder/migration" "$err" &&
		 grep -qF "bad field '"'"'$field'"'"'" "$err" &&
		 grep -qF "$reason" "$err" && [ ! -s "$out" ]' || show "$out" 5
}

hostile good none
km good cocci --generated
check "a faithful copy loads and generates its semantic patch" \
	'[ $status -eq 0 ] && grep -q "^@script:python depends on report@" "$out"'

# --- the name ---------------------------------------------------------------

# a name continued over lines: a rule of its own in the generated .cocci,
# whose Python spatch runs (the rest of the header goes into a rule that
# never runs)
hostile inject name 'name: inject' ' virtual patch' ' virtual context' \
	' virtual org' ' virtual report' ' virtual nope' ' @initialize:python@' \
	' @@' " open('$scratch/PWNED', 'w')" ' @script:python depends on nope@' \
	' @@' ' #'
refused "a multi-line name injecting @initialize:python@" inject name \
	"more than one line"
check "the injected rule is in no semantic patch kmigrate printed" \
	'! grep -q "initialize:python" "$out"'
if command -v spatch >/dev/null 2>&1; then
	rm -rf "$scratch/tree" && cp -R "$SRCDIR/tree-fixtures/linux-2.6.14-mini" "$scratch/tree"
	km inject apply --in-place "$scratch/tree"
	check "apply with the injected name: exit 2, tree untouched" \
		'[ $status -eq 2 ] &&
		 diff -r "$SRCDIR/tree-fixtures/linux-2.6.14-mini" "$scratch/tree" >/dev/null'
	check "apply with the injected name: the injected Python never ran" \
		'[ ! -e "$scratch/PWNED" ]'
	check "no semantic patch holding the injected rule was written" \
		'! grep -rlq "initialize:python" "$scratch/tmp"'
else
	skip "apply with the injected name" "spatch is not installed"
fi

# "../" in a name: apply wrote NAME.cocci beside its scratch directory
hostile dotdot name 'name: ../written-outside'
refused "a name with ../" dotdot name "not a migration name"
km dotdot apply "$SRCDIR/tree-fixtures/linux-2.6.14-mini"
check "apply with ../ in the name: exit 2, nothing written outside its scratch" \
	'[ $status -eq 2 ] && [ ! -e "$scratch/tmp/written-outside.cocci" ] &&
	 [ ! -e "$scratch/tmp/written-outside.iso" ]'

hostile other name 'name: good'
refused "a name that is not its folder's" other name "not its folder's name"
hostile upper name 'name: Upper'
refused "an uppercase name" upper name "not a migration name"
hostile dash name 'name: -dash'
refused "a name with a leading dash" dash name "not a migration name"
km Upper cocci --generated
check "--migration with an uppercase name: exit 2, one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	 grep -q "not a migration name" "$err"'

# --- values that go into the semantic patch ----------------------------------

hostile at new-call 'new-call: $1 NULL@x $2 $3 $4 ...'
refused "a new-call value with '@'" at new-call "'@'"
hostile atat new-call 'new-call: $1, f(@@), $2, $3, $4, ...'
refused "a new-call value with '@@'" atat new-call "'@'"
hostile paren new-call 'new-call: $1 NULL) $2 $3 $4 ...'
refused "a new-call value with an unbalanced bracket" paren new-call \
	"unbalanced ')'"
hostile newline new-call 'new-call: $1, NULL' ' @@, $2, $3, $4, ...'
refused "a new-call value over two lines" newline new-call "more than one line"
hostile line-comment new-call 'new-call: $1, NULL // x, $2, $3, $4, ...'
refused "a new-call value with a // comment" line-comment new-call "a comment"
hostile block-comment new-call 'new-call: $1 NULL/*x*/ $2 $3 $4 ...'
refused "a new-call value with a /* comment" block-comment new-call "a comment"
hostile drop new-call 'new-call: $1 NULL $2 $3 $4 ...' 'drop: 1 THIS_MODULE/*'
refused "a drop value with a /* comment" drop drop "a comment"
hostile proto old-prototype \
	'old-prototype: struct class_device *class_device_create(struct class *cls, dev_t devt, struct device *device, char *fmt, ...) @@'
refused "an old-prototype with '@@' after it" proto old-prototype "'@'"
hostile subject subject "$(printf 'subject: a\rb: c')"
refused "a subject with a carriage return" subject subject "control character"

# --- paths -------------------------------------------------------------------

hostile header-dotdot header 'header: ../../etc/passwd'
refused "a header with .." header-dotdot header "climbs out"
hostile header-abs header 'header: /etc/passwd'
refused "an absolute header" header-abs header "absolute path"
hostile cocci-dotdot new-call 'new-call: $1 NULL $2 $3 $4 ...' \
	'cocci: ../../outside.cocci'
refused "a cocci file with .." cocci-dotdot cocci "climbs out"
hostile cocci-abs new-call 'new-call: $1 NULL $2 $3 $4 ...' 'cocci: /etc/passwd'
refused "an absolute cocci file" cocci-abs cocci "absolute path"

# a symbolic link out of the folder: kmigrate cocci printed the file
printf '%s\n' '// OUTSIDE THE FOLDER' 'virtual patch' >"$scratch/outside.cocci"
hostile cocci-link new-call 'new-call: $1 NULL $2 $3 $4 ...' 'cocci: mine.cocci'
ln -s "$scratch/outside.cocci" "$sp/cocci-link/mine.cocci"
km cocci-link cocci
check "a cocci file that links out of the folder: exit 2, one line, not read" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	 grep -qF "bad field '"'"'cocci'"'"'" "$err" && grep -q "leads out of" "$err" &&
	 ! grep -q OUTSIDE "$out"'
# and an X.iso beside it, which spatch reads with it
hostile iso-link new-call 'new-call: $1 NULL $2 $3 $4 ...' 'cocci: mine.cocci'
cp "$scratch/outside.cocci" "$sp/iso-link/mine.cocci"
ln -s /etc/passwd "$sp/iso-link/mine.iso"
refused "an X.iso beside a cocci file that links out" iso-link cocci "leads out of"

hostile demo-dotdot demo-tree 'demo-tree: ../../outside'
refused "a demo-tree with .." demo-dotdot demo-tree "climbs out"
mkdir -p "$scratch/outside-tree"
ln -s "$scratch/outside-tree" "$data/tree-link"
hostile demo-link demo-tree 'demo-tree: tree-link'
refused "a demo-tree that links out of the data directory" demo-link \
	demo-tree "leads out of"

# --- kernel-types --------------------------------------------------------------

data_good=$data
data=$scratch/data-kernel
mkdir -p "$data/semantic-patches"
cp -R "$sp/good" "$data/semantic-patches/"
sed 's/^macro: NULL void \* null$/macro: NULL@ void * null/' \
	"$SRCDIR/semantic-patches/kernel-types" >"$data/semantic-patches/kernel-types"
km good cocci --generated
check "kernel-types: a macro name with '@': exit 2, one line naming the field" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
	 grep -qF "semantic-patches/kernel-types:" "$err" &&
	 grep -qF "bad field '"'"'macro'"'"'" "$err" && [ ! -s "$out" ]'
data=$data_good

# --- the shipped migrations ----------------------------------------------------

for dir in "$SRCDIR"/semantic-patches/*/; do
	m=$(basename "$dir")
	"$KMIGRATE" --migration "$m" cocci --generated >"$out" 2>"$err"
	status=$?
	shipped=$(grep -l "^// Generated by 'kmigrate cocci'" "$dir"*.cocci 2>/dev/null)
	check "the shipped $m loads and generates its shipped .cocci" \
		'[ $status -eq 0 ] && { [ -z "$shipped" ] || cmp -s "$out" "$shipped"; }'
done
test_done
