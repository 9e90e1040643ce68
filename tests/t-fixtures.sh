#!/bin/bash
# t-fixtures.sh - the linux-2.6.14-mini caller tree, the hand-written
# conversion patch and the expected conversion (tree-fixtures/README.md);
# then the trees of the other migrations (tests/fixture-trees.sh).
#
# Checks the fixtures themselves, not kmigrate: the 52 caller files and
# their 72 calls against seed patch 2/8, that both trees compile against
# their API, that both patches apply, and that the expected conversion is
# minimal and stays within 80 columns.  The seed patch is read from $SEEDS
# (default: $SRCDIR/../shared/seeds); without it the caller list comes
# from tree-fixtures/seed-callers.txt and the checks against the seed's
# text are skipped.  Needs gcc, git, awk, diff.
. "$(dirname "$0")/lib.sh"
FIXTURES=$SRCDIR/tree-fixtures
MINI=$FIXTURES/linux-2.6.14-mini
EXPECTED=$(expected_tree) || exit 1
HAND_PATCH=$FIXTURES/hand-conversion.patch
EXPECTED_PATCH=$FIXTURES/expected-conversion.patch
SEEDS=${SEEDS:-$SRCDIR/../shared/seeds}
SEED=$SEEDS/003-patch-driver-core-fix-up-all-callers-of-class-device-create
SEED=$SEED.patch
[ -r "$SEED" ] || SEED=

make_scratch
export LC_ALL=C

# The call sites of a C text: "FILE<TAB>N<TAB>1<TAB>text" for the Nth call
# in FILE, from the function name to the closing parenthesis, with every
# run of blanks and line breaks squeezed to one space.  Read from a seed
# patch (-v patch=1), only the old side of its hunks counts, and a call the
# hunk cuts off is printed with 0 instead of 1.
CALLS_AWK='
function is_word(c) { return c ~ /[A-Za-z0-9_]/ }
function find_call(s,    off, p, q) {
	off = 0
	while ((p = index(substr(s, off + 1), "class_device_create(")) > 0) {
		q = off + p
		if (q == 1 || !is_word(substr(s, q - 1, 1)))
			return q
		off = q
	}
	return 0
}
# counts parentheses outside strings; sets cut, returns 1 at the close
function scan(s,    i, c) {
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (instr) {
			if (c == "\\")
				i++
			else if (c == "\"")
				instr = 0
			continue
		}
		if (c == "\"")
			instr = 1
		else if (c == "(")
			depth++
		else if (c == ")" && --depth == 0) {
			cut = i
			return 1
		}
	}
	cut = length(s)
	return 0
}
function emit(complete) {
	gsub(/[ \t]+/, " ", buf)
	printf "%s\t%d\t%d\t%s\n", path, ++nth, complete, buf
	incall = 0
}
function add(line,    p) {
	if (!incall) {
		p = find_call(line)
		if (!p)
			return
		line = substr(line, p)
		buf = ""
		depth = instr = 0
		incall = 1
	} else {
		buf = buf " "
	}
	if (scan(line)) {
		buf = buf substr(line, 1, cut)
		emit(1)
	} else {
		buf = buf line
	}
}
patch && /^--- gregkh-2\.6\.orig\// {
	if (incall)
		emit(0)
	path = substr($0, 21)
	nth = inhunk = 0
	next
}
patch && /^@@ / { if (incall) emit(0); inhunk = 1; next }
patch && inhunk && /^[ -]/ && !/^-- ?$/ { add(substr($0, 2)); next }
patch && inhunk && /^\+/ { next }
patch { if (incall) emit(0); inhunk = 0; next }
FNR == 1 {
	if (incall)
		emit(0)
	path = FILENAME
	sub(/^\.\//, "", path)
	nth = 0
}
{ add($0) }
END { if (incall) emit(0) }
'

# Compares the calls of the tree (file 2) with the seed's (file 1): same
# files, same number of calls, same text (a prefix for cut-off calls).
COMPARE_AWK='
BEGIN { FS = "\t" }
FNR == NR { key = $1 SUBSEP $2; want[key] = $4; whole[key] = $3
	    order[++nwant] = key; next }
{ have[$1 SUBSEP $2] = $4; nhave++ }
END {
	for (i = 1; i <= nwant; i++) {
		k = order[i]
		split(k, part, SUBSEP)
		if (!(k in have)) {
			printf "%s: call %d missing\n", part[1], part[2]
			bad++
		} else if (have[k] != want[k] && (whole[k] ||
			   substr(have[k], 1, length(want[k])) != want[k])) {
			printf "%s: call %d is \"%s\"\n", part[1], part[2],
			       have[k]
			printf "  the seed has \"%s\"\n", want[k]
			bad++
		}
	}
	if (nhave != nwant) {
		printf "%d calls in the tree, %d in the seed\n", nhave, nwant
		bad++
	}
	exit bad != 0
}
'

# A unified diff on stdin: fails if a "+" line is wider than 80 columns
# (tabs to multiples of 8) while no "-" line of its change block was.
WIDTH_AWK='
function width(s,    i, w) {
	w = 0
	for (i = 1; i <= length(s); i++)
		w = substr(s, i, 1) == "\t" ? w + 8 - w % 8 : w + 1
	return w
}
function flush(    i) {
	for (i = 1; i <= nplus; i++)
		if (width(plus[i]) > 80 && !minus_long) {
			printf "%d columns: %s\n", width(plus[i]), plus[i]
			bad++
		}
	nplus = minus_long = 0
}
/^(\+\+\+|---) / { next }
/^-/ { if (width(substr($0, 2)) > 80) minus_long = 1; next }
/^\+/ { plus[++nplus] = substr($0, 2); next }
{ flush() }
END { flush(); exit bad != 0 }
'

# "FILE<TAB>line" for every changed line of a patch (seed or git style)
CHANGES_AWK='
/^--- gregkh-2\.6\.orig\// { path = substr($0, 21); next }
/^diff --git a\// { path = substr($3, 3); next }
/^(\+\+\+|---) / { next }
/^@@ / { inhunk = 1; next }
inhunk && /^[-+]/ && !/^-- ?$/ { print path "\t" $0; next }
!/^[ -+]/ { inhunk = 0 }
'

# the files holding a call, and how many calls, in a tree
CALL_RE='(^|[^A-Za-z0-9_])class_device_create\('
call_files() {
	(cd "$1" && grep -rlE --exclude-dir=include "$CALL_RE" . |
		sed 's|^\./||' | sort)
}
call_count() {
	(cd "$1" && grep -roE --exclude-dir=include "$CALL_RE" . | wc -l)
}

# prints the .c files of TREE that do not compile with the given flags
compile_tree() {
	local tree=$1
	shift
	(cd "$tree" && find . -name '*.c' | sort | while read -r f; do
		gcc -std=gnu89 -fsyntax-only -nostdinc -Iinclude "$@" "$f" \
			>/dev/null 2>&1 || echo "${f#./}"
	done)
}

# applies a patch inside a copy of a tree, never in an enclosing repository
git_apply() {
	local dir=$1
	shift
	(cd "$dir" && GIT_CEILING_DIRECTORIES=$(dirname "$dir") \
		git apply -p1 "$@")
}

# --- the caller files and their calls

if [ -n "$SEED" ]; then
	sed -n 's|^--- gregkh-2\.6\.orig/||p' "$SEED" | sort >"$scratch/callers"
	grep -v '^#' "$FIXTURES/seed-callers.txt" | sort >"$scratch/committed"
	check "seed-callers.txt lists the seed's 52 caller files" \
		'cmp -s "$scratch/callers" "$scratch/committed"'
else
	grep -v '^#' "$FIXTURES/seed-callers.txt" | sort >"$scratch/callers"
	skip "seed-callers.txt lists the seed's 52 caller files" "no seeds"
fi
mapfile -t callers <"$scratch/callers"
check "the seed names 52 caller files" '[ ${#callers[@]} -eq 52 ]'

for tree in mini expected; do
	dir=$MINI
	[ $tree = expected ] && dir=$EXPECTED
	call_files "$dir" >"$scratch/files.$tree"
	diff "$scratch/callers" "$scratch/files.$tree" >"$scratch/out"
	check "$tree: exactly the seed's 52 files hold calls" \
		'[ ! -s "$scratch/out" ]' || show "$scratch/out"
	check "$tree: the calls number 72" '[ "$(call_count "$dir")" -eq 72 ]'
done

if [ -n "$SEED" ]; then
	awk -v patch=1 "$CALLS_AWK" "$SEED" >"$scratch/seed.calls"
	(cd "$MINI" && awk "$CALLS_AWK" "${callers[@]}") >"$scratch/mini.calls"
	awk "$COMPARE_AWK" "$scratch/seed.calls" "$scratch/mini.calls" \
		>"$scratch/out" 2>&1
	status=$?
	check "mini: each call has the text of the seed's old lines" \
		'[ $status -eq 0 ] &&
		 [ "$(wc -l <"$scratch/seed.calls")" -eq 72 ]' ||
		show "$scratch/out"
	awk -F '\t' '$3 == 0 { print $1 }' "$scratch/seed.calls" \
		>"$scratch/cut"
	printf '%s\n' drivers/s390/char/tape_class.c \
		drivers/s390/char/vmlogrdr.c >"$scratch/cut.want"
	check "the seed cuts off exactly two calls (tape_class, vmlogrdr)" \
		'cmp -s "$scratch/cut" "$scratch/cut.want"'
else
	skip "mini: each call has the text of the seed's old lines" "no seeds"
	skip "the seed cuts off exactly two calls (tape_class, vmlogrdr)" \
		"no seeds"
fi

check "device.h offers the old prototype under KMIGRATE_OLD_API" \
	'grep -q "^#ifdef KMIGRATE_OLD_API" "$MINI/include/linux/device.h"'

# --- both trees compile against their API

if command -v gcc >/dev/null; then
	compile_tree "$MINI" -DKMIGRATE_OLD_API >"$scratch/out"
	check "mini: every .c compiles against the old prototype" \
		'[ ! -s "$scratch/out" ]' || show "$scratch/out"
	compile_tree "$EXPECTED" >"$scratch/out"
	check "expected: every .c compiles against the new prototype" \
		'[ ! -s "$scratch/out" ]' || show "$scratch/out"
else
	skip "mini: every .c compiles against the old prototype" "no gcc"
	skip "expected: every .c compiles against the new prototype" "no gcc"
fi

# --- the patches

cp -R "$MINI" "$scratch/hand"
check "hand-conversion.patch applies to the mini tree" \
	'git_apply "$scratch/hand" --check "$HAND_PATCH" 2>"$scratch/out"' ||
	show "$scratch/out"
git_apply "$scratch/hand" "$HAND_PATCH" 2>/dev/null
git_apply "$scratch/hand" --numstat "$HAND_PATCH" >"$scratch/numstat" 2>&1
check "hand-conversion.patch: 52 files, 86 insertions, 73 deletions" \
	'[ "$(awk "{ f++; a += \$1; d += \$2 } END { print f, a, d }" \
	      "$scratch/numstat")" = "52 86 73" ]'
if [ -n "$SEED" ]; then
	awk "$CHANGES_AWK" "$SEED" | sort >"$scratch/seed.changes"
	awk "$CHANGES_AWK" "$HAND_PATCH" | sort >"$scratch/hand.changes"
	check "hand-conversion.patch changes the lines the seed changes" \
		'[ -s "$scratch/seed.changes" ] &&
		 diff "$scratch/seed.changes" "$scratch/hand.changes" \
			>"$scratch/out"' || show "$scratch/out"
else
	skip "hand-conversion.patch changes the lines the seed changes" \
		"no seeds"
fi
if command -v gcc >/dev/null; then
	compile_tree "$scratch/hand" >"$scratch/out"
	check "the hand-converted tree compiles against the new prototype" \
		'[ ! -s "$scratch/out" ]' || show "$scratch/out"
else
	skip "the hand-converted tree compiles against the new prototype" \
		"no gcc"
fi

cp -R "$MINI" "$scratch/converted"
check "expected-conversion.patch applies to the mini tree" \
	'git_apply "$scratch/converted" --check "$EXPECTED_PATCH" \
		2>"$scratch/out"' || show "$scratch/out"
(cd "$scratch/converted" && patch -p1 -s <"$EXPECTED_PATCH") >/dev/null 2>&1
check "patch -p1 takes it too, and gives the same tree as git apply" \
	'diff -r "$scratch/converted" "$EXPECTED" >"$scratch/out"' ||
	show "$scratch/out"

(cd "$MINI" && find . -type f | sort | while read -r f; do
	cmp -s "$f" "$EXPECTED/$f" || echo "${f#./}"; done) >"$scratch/changed"
check "expected differs from mini in the 52 caller files only" \
	'cmp -s "$scratch/changed" "$scratch/callers"'

plus=$(grep '^+' "$EXPECTED_PATCH" | grep -vc '^+++ ')
check "the expected conversion adds at most 86 lines ($plus)" \
	'[ "$plus" -le 86 ]'
grep '^+' "$EXPECTED_PATCH" | grep -v '^+++ ' | grep -n ',NULL' \
	>"$scratch/out"
check "the expected conversion has no ',NULL'" \
	'[ ! -s "$scratch/out" ]' || show "$scratch/out"
check "the expected conversion pushes no line past 80 columns" \
	'awk "$WIDTH_AWK" "$EXPECTED_PATCH" >"$scratch/out" 2>&1' ||
	show "$scratch/out"
(cd "$EXPECTED" && awk "$CALLS_AWK" "${callers[@]}") \
	>"$scratch/expected.calls"
awk -F '\t' '$4 !~ /^class_device_create\([^,]*, NULL, / { print }' \
	"$scratch/expected.calls" >"$scratch/out"
check "expected: NULL is the second argument of all 72 calls" \
	'[ "$(wc -l <"$scratch/expected.calls")" -eq 72 ] &&
	 [ ! -s "$scratch/out" ]' || show "$scratch/out"

# --- MAINTAINERS

# check_maintainers TREE CALLERS: the tree's MAINTAINERS is well-formed and
# leaves at least one of the caller files (a list, one a line) uncovered
check_maintainers() {
	local tree=$1 callers=$2 label=${3:+$3: } status

	awk '
/^-+$/ { started = 1; next }
!started { next }
/^$/ { if (title != "" && !(m && l && s && f)) bad++; title = ""; next }
title == "" { title = $0; m = l = s = f = 0; next }
/^M:\t/ { m = 1 } /^L:\t/ { l = 1 } /^S:\t/ { s = 1 } /^F:\t/ { f = 1 }
END { if (title != "" && !(m && l && s && f)) bad++; exit bad != 0 }
' "$tree/MAINTAINERS"
	status=$?
	check "${label}MAINTAINERS: every entry has M:, L:, S: and F: lines" \
		'[ $status -eq 0 ]'
	awk -F '\t' '
FNR == NR { if ($1 == "F:") pat[$2] = 1; next }
{ for (p in pat)
	if ($0 == p || (p ~ /\/$/ && substr($0, 1, length(p)) == p))
		next
  uncovered++ }
END { exit !(uncovered >= 1) }
' "$tree/MAINTAINERS" "$callers"
	status=$?
	check "${label}MAINTAINERS leaves at least one caller file uncovered" \
		'[ $status -eq 0 ]'
}

check_maintainers "$MINI" "$scratch/callers"

. "$(dirname "$0")/fixture-trees.sh"

test_done
