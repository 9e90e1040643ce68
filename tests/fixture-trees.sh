# shellcheck shell=bash
# fixture-trees.sh - the part of t-fixtures.sh that checks the trees of the
# other migrations (tree-fixtures/README.md): linux-2.6.26-mini for
# device-create-drvdata, linux-6.3-mini and linux-6.3-macro for
# class-create-owner.  Sourced by t-fixtures.sh after its own checks; uses
# its FIXTURES, scratch, WIDTH_AWK, git_apply() and check_maintainers().
#
# For each tree: the occurrences of the migrated function outside include/
# are exactly the lines of its occurrences.txt (FILE:LINE:COL: KIND), the
# old-form calls number what the README says; the files compile against
# the API they are meant for; both patches apply; and the expected
# conversion turns every old-form call the tool converts (those not in
# apply-left.txt) into the new form, by the migration's map, and changes
# no other call.  Issue 12 wants every old-form call converted and a call
# inside a macro: so the tree's macro call is an argument of a macro's use
# (apply converts it), no old-form call is in a #define body (apply leaves
# those, hard-cases), and apply-left.txt holds the ambiguous calls only.

# The occurrences of the word NAME in C text, one line each: FILE:LINE:COL,
# a tab, KIND (comment, string, call or word); for a call a tab, the number
# of arguments and a tab, the arguments (blanks squeezed, comments and
# line continuations as one blank) separated by \037.
OCCURRENCES_AWK='
function is_word(c) { return c != "" && c ~ /[A-Za-z0-9_]/ }
function before(p) { return p > 1 ? substr(text, p - 1, 1) : "" }
function where(p,    k) {
	for (k = p - 1; k >= 1; k--)
		if (substr(text, k, 1) == "\n")
			break
	return path ":" line_of(p) ":" (p - k)
}
function line_of(p,    s) {
	s = substr(text, 1, p - 1)
	return gsub(/\n/, "", s) + 1
}
function is_name(p) {
	return substr(text, p, len) == name && !is_word(before(p)) &&
	       !is_word(substr(text, p + len, 1))
}
function words(from, to, kind,    p) {
	for (p = from; p + len <= to; p++)
		if (is_name(p))
			print where(p) "\t" kind
}
function squeeze(s) {
	gsub(/\\\n/, " ", s)
	gsub(/[ \t\n]+/, " ", s)
	sub(/^ /, "", s)
	sub(/ $/, "", s)
	return s
}
# the end of the comment or literal at p (just after it), or 0
function skip(p,    c, j) {
	c = substr(text, p, 2)
	if (c == "/*") {
		j = index(substr(text, p + 2), "*/")
		return j ? p + j + 3 : n + 1
	}
	if (c == "//") {
		j = index(substr(text, p), "\n")
		return j ? p + j - 1 : n + 1
	}
	c = substr(text, p, 1)
	if (c != "\"" && c != "\047")
		return 0
	for (j = p + 1; j <= n; j++) {
		if (substr(text, j, 1) == "\\")
			j++
		else if (substr(text, j, 1) == c)
			break
	}
	return j + 1
}
function call(p,    q, c, e, depth, cur, args, nargs) {
	for (q = p + len; substr(text, q, 1) ~ /[ \t]/; q++)
		;
	if (substr(text, q, 1) != "(") {
		print where(p) "\tword"
		return p + len
	}
	depth = 0
	cur = args = ""
	nargs = 0
	for (q++; q <= n; q++) {
		e = skip(q)
		if (e) {
			cur = cur (substr(text, q, 2) ~ /^\/[*\/]/ ? " " : \
				   substr(text, q, e - q))
			q = e - 1
			continue
		}
		c = substr(text, q, 1)
		if (c == "(")
			depth++
		else if (c == ")" && depth-- == 0)
			break
		if (c == "," && depth == 0) {
			args = args (nargs++ ? "\037" : "") squeeze(cur)
			cur = ""
		} else {
			cur = cur c
		}
	}
	if (nargs || squeeze(cur) != "")
		args = args (nargs++ ? "\037" : "") squeeze(cur)
	print where(p) "\tcall\t" nargs "\t" args
	return p + len
}
function flush(    p, e) {
	n = length(text)
	for (p = 1; p <= n; ) {
		e = skip(p)
		if (e) {
			words(p, e, substr(text, p, 1) == "/" ? "comment" : \
				    "string")
			p = e
		} else if (is_name(p)) {
			p = call(p)
		} else {
			p++
		}
	}
}
BEGIN { len = length(name) }
FNR == 1 { if (NR > 1) flush(); path = FILENAME; sub(/^\.\//, "", path)
	   text = "" }
{ text = text $0 "\n" }
END { if (NR) flush() }
'

# the occurrences in the .c and .h files of TREE outside include/
tree_occurrences() {
	(cd "$1" && find . -path ./include -prune -o \
		\( -name '*.c' -o -name '*.h' \) -print | sort | {
		mapfile -t files
		[ ${#files[@]} -eq 0 ] ||
			awk -v name="$2" "$OCCURRENCES_AWK" "${files[@]}"
	})
}

# Compares the calls of two trees (the occurrences above, file 2 and 3)
# by their order in each file.  File 1 is occurrences.txt and apply-left
# marked: a line "FILE:LINE:COL: KIND [left]".  Prints one line for each
# call whose arguments in the second tree are not those the map makes of
# the first tree's (for an old-form call not left) or not the same (any
# other call): "FILE:LINE: KIND: ARGS -> ARGS".  map is "insert N TEXT"
# or "drop N".
MAP_AWK='
BEGIN { FS = "\t"; split(map, m, " ") }
FILENAME == ARGV[1] {
	split($0, f, ": ")
	kind[f[1]] = f[2]
	next
}
$2 != "call" { next }
FILENAME == ARGV[2] {
	split($1, w, ":")
	k = w[1] SUBSEP (++nth[w[1]])
	key[k] = $1
	old[k] = $4
	next
}
{
	split($1, w, ":")
	k = w[1] SUBSEP (++nth2[w[1]])
	if (!(k in old)) {
		print $1 ": no such call before"
		next
	}
	want = old[k]
	if (kind[key[k]] == "old")
		want = apply(old[k])
	if ($4 != want)
		print key[k] ": " kind[key[k]] ": " show(old[k]) " -> " show($4)
	seen[k] = 1
}
END {
	for (k in old)
		if (!(k in seen))
			print key[k] ": gone"
}
function show(args) {
	gsub(/\037/, ", ", args)
	return "(" args ")"
}
function apply(args,    a, nr, i, out, sep) {
	nr = split(args, a, "\037")
	out = sep = ""
	for (i = 1; i <= nr + 1; i++) {
		if (m[1] == "insert" && i == m[2]) {
			out = out sep m[3]
			sep = "\037"
		}
		if (i > nr || (m[1] == "drop" && i == m[2]))
			continue
		out = out sep a[i]
		sep = "\037"
	}
	return out
}
'

# check_tree NAME TREE FUNCTION MAP: the checks every tree gets; leaves
# $scratch/NAME.{mini,expected,hand} (the trees) and .{mini,expected,hand}
# .occ, .kinds (occurrences.txt, left calls marked "left").
check_tree() {
	local name=$1 tree=$FIXTURES/$2 fn=$3 map=$4 dir=$FIXTURES/$1
	local s=$scratch/$1 t

	tree_occurrences "$tree" "$fn" >"$s.mini.occ"
	cut -f1-2 "$s.mini.occ" | sed 's/\t/: /; s/: call$//' >"$s.have"
	sed 's/: \(old\|new\|ambiguous\)$//' "$dir/occurrences.txt" \
		>"$s.want"
	check "$name: occurrences.txt lists every occurrence in $2" \
		'diff "$s.want" "$s.have" >"$scratch/out"' ||
		show "$scratch/out"
	grep -v ': \(comment\|string\)$' "$dir/occurrences.txt" |
		sed 's/: [a-z]*$//' >"$s.want"
	awk -F '\t' '$2 == "call" { print $1 }' "$s.mini.occ" >"$s.have"
	check "$name: every call occurrence is old, new or ambiguous" \
		'diff "$s.want" "$s.have" >"$scratch/out"' ||
		show "$scratch/out"
	awk -F ': ' 'FNR == NR { left[$1] = 1; next }
		     { print $0 ($1 in left ? " left" : "") }' \
		"$dir/apply-left.txt" "$dir/occurrences.txt" >"$s.kinds"

	for t in mini expected hand; do
		cp -R "$tree" "$s.$t"
	done
	check "$name: expected-conversion.patch applies" \
		'git_apply "$s.expected" "$dir/expected-conversion.patch" \
			2>"$scratch/out"' || show "$scratch/out"
	check "$name: hand-conversion.patch applies" \
		'git_apply "$s.hand" "$dir/hand-conversion.patch" \
			2>"$scratch/out"' || show "$scratch/out"
	cp -R "$tree" "$s.patched"
	(cd "$s.patched" && patch -p1 -s <"$dir/expected-conversion.patch") \
		>/dev/null 2>&1
	check "$name: patch -p1 makes the same tree of the expected one" \
		'diff -r "$s.patched" "$s.expected" >"$scratch/out"' ||
		show "$scratch/out"
	tree_occurrences "$s.expected" "$fn" >"$s.expected.occ"
	tree_occurrences "$s.hand" "$fn" >"$s.hand.occ"
	awk -v map="$map" "$MAP_AWK" "$s.kinds" "$s.mini.occ" \
		"$s.expected.occ" >"$scratch/out"
	check "$name: the expected conversion converts the old calls ($map)" \
		'[ ! -s "$scratch/out" ]' || show "$scratch/out"
	check "$name: the expected conversion pushes no line past 80 columns" \
		'awk "$WIDTH_AWK" "$dir/expected-conversion.patch" \
			>"$scratch/out" 2>&1' || show "$scratch/out"
	check_maintainers "$tree" "$s.callers" "$2"
}

# the files whose calls are all of KIND (file 1: occurrences.txt)
files_of() {
	awk -F ': ' -v kind="$2" '$2 != "comment" && $2 != "string" {
		split($1, w, ":"); all[w[1]] = 1
		if ($2 != kind) other[w[1]] = 1 }
		END { for (f in all) if (!(f in other)) print f }' "$1" | sort
}

# macro_calls TREE OCC: the calls of OCC (occurrences.txt) that are in a
# #define body ("FILE:LINE: body KIND") or an argument of the use of a
# function-like macro the file defines ("FILE:LINE: argument KIND": the
# text before the call on its line is NAME( and other arguments, NAME
# defined as #define NAME( in that file)
macro_calls() {
	local tree=$1 occ=$2 f
	grep -v ': \(comment\|string\)$' "$occ" | sed 's/:.*//' | sort -u |
	while read -r f; do
		awk -v path="$f" -v want="$(grep "^$f:" "$occ" |
			tr '\n' ' ')" '
		BEGIN { n = split(want, w, " ")
			for (i = 1; i < n; i += 2) {
				split(w[i], p, ":")
				kind[p[2]] = w[i + 1]; col[p[2]] = p[3]
			} }
		{ body[FNR] = /^[ \t]*#[ \t]*define/ || cont; cont = /\\$/
		  text[FNR] = $0
		  if (match($0, /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_0-9]+\(/)) {
			m = substr($0, RSTART, RLENGTH)
			sub(/^[ \t]*#[ \t]*define[ \t]+/, "", m)
			fnmacro[m] = 1
		  } }
		END { for (l in kind) {
			if (body[l]) {
				print path ":" l ": body " kind[l]
				continue
			}
			pre = substr(text[l], 1, col[l] - 1)
			if (match(pre, /[A-Za-z_][A-Za-z_0-9]*\([^()]*$/)) {
				m = substr(pre, RSTART, RLENGTH)
				sub(/\(.*/, "(", m)
				if (m in fnmacro)
					print path ":" l ": argument " kind[l]
			} } }' "$tree/$f"
	done | sort
}

# the calls of the hand-converted tree that differ from the expected
# tree's, "FILE:LINE:COL: : (ARGS) -> (ARGS)" at the expected tree's line
hand_differs() {
	awk -v map="drop 0" "$MAP_AWK" /dev/null "$scratch/$1.expected.occ" \
		"$scratch/$1.hand.occ"
}

for m in device-create-drvdata class-create-owner; do
	sed -n 's/:[0-9]*:[0-9]*: .*//p' "$FIXTURES/$m/occurrences.txt" |
		sort -u >"$scratch/$m.callers"
done

# --- device-create-drvdata: linux-2.6.26-mini

D=device-create-drvdata
check_tree $D linux-2.6.26-mini device_create "insert 4 NULL"
check "$D: 19 caller files" \
	'[ "$(wc -l <"$scratch/$D.callers")" -eq 19 ]'
check "$D: 22 calls: 20 old (one a macro's argument), 1 new, 1 ambiguous" \
	'[ "$(grep -c ": old$" "$FIXTURES/$D/occurrences.txt")" -eq 20 ] &&
	 [ "$(grep -c ": new$" "$FIXTURES/$D/occurrences.txt")" -eq 1 ] &&
	 [ "$(grep -c ": ambiguous$" "$FIXTURES/$D/occurrences.txt")" -eq 1 ]'
check "$D: apply leaves the ambiguous call only" \
	'[ "$(cut -d" " -f2 "$FIXTURES/$D/apply-left.txt" | sort |
	      tr "\n" " ")" = "ambiguous " ]'
macro_calls "$FIXTURES/linux-2.6.26-mini" "$FIXTURES/$D/occurrences.txt" \
	>"$scratch/have"
echo "drivers/block/paride/pt.c:44: argument old" >"$scratch/want"
check "$D: the macro call is a macro's argument, none in a #define body" \
	'diff "$scratch/want" "$scratch/have" >"$scratch/out"' ||
	show "$scratch/out"
check "$D: the expected conversion changes 17 files, +22 -16" \
	'[ "$(git_apply "$scratch/$D.mini" --numstat \
		"$FIXTURES/$D/expected-conversion.patch" |
	      awk "{ f++; a += \$1; d += \$2 } END { print f, a, d }")" = \
	   "17 22 16" ]'
grep '^+' "$FIXTURES/$D/expected-conversion.patch" | grep -v '^+++ ' |
	grep ',NULL' >"$scratch/out"
check "$D: the expected conversion has no ',NULL'" \
	'[ ! -s "$scratch/out" ]' || show "$scratch/out"
printf '%s\n' drivers/char/ipmi/ipmi_devintf.c:27 drivers/char/tty_io.c:48 \
	drivers/hwmon/hwmon.c:34 fs/coda/psdev.c:29 >"$scratch/want"
hand_differs $D | cut -d: -f1-2 | sort >"$scratch/have"
check "$D: the hand conversion differs in 4 calls (README)" \
	'diff "$scratch/want" "$scratch/have" >"$scratch/out"' ||
	show "$scratch/out"
printf 'fs/coda/psdev.c:29:3\tcall\t6\t%s\037%s\037%s\037%s\037%s\037%s\n' \
	coda_psdev_class NULL 'MKDEV(CODA_PSDEV_MAJOR, i)' '"cfs%d"' NULL i \
	>"$scratch/want"
check "$D: the planted mistake is the format in the drvdata slot" \
	'grep -qxFf "$scratch/want" "$scratch/$D.hand.occ"'

# --- class-create-owner: linux-6.3-mini and linux-6.3-macro

C=class-create-owner
check_tree $C linux-6.3-mini class_create "drop 1"
check "$C: 19 caller files" \
	'[ "$(wc -l <"$scratch/$C.callers")" -eq 19 ]'
check "$C: 20 calls: 18 old (one a macro's argument), 1 new, 1 ambiguous" \
	'[ "$(grep -c ": old$" "$FIXTURES/$C/occurrences.txt")" -eq 18 ] &&
	 [ "$(grep -c ": new$" "$FIXTURES/$C/occurrences.txt")" -eq 1 ] &&
	 [ "$(grep -c ": ambiguous$" "$FIXTURES/$C/occurrences.txt")" -eq 1 ]'
check "$C: apply leaves the ambiguous call only" \
	'[ "$(cut -d" " -f2 "$FIXTURES/$C/apply-left.txt" | sort |
	      tr "\n" " ")" = "ambiguous " ]'
macro_calls "$FIXTURES/linux-6.3-mini" "$FIXTURES/$C/occurrences.txt" \
	>"$scratch/have"
printf '%s\n' "drivers/hid/hidraw.c:27: argument old" \
	"drivers/isdn/capi/capi.c:17: body ambiguous" >"$scratch/want"
check "$C: the macro call is a macro's argument; a body holds no old call" \
	'diff "$scratch/want" "$scratch/have" >"$scratch/out"' ||
	show "$scratch/out"
check "$C: the expected conversion changes 17 files, +17 -19" \
	'[ "$(git_apply "$scratch/$C.mini" --numstat \
		"$FIXTURES/$C/expected-conversion.patch" |
	      awk "{ f++; a += \$1; d += \$2 } END { print f, a, d }")" = \
	   "17 17 19" ]'
grep '^+' "$FIXTURES/$C/expected-conversion.patch" | grep -v '^+++ ' |
	grep 'THIS_MODULE' >"$scratch/out"
check "$C: the expected conversion adds no THIS_MODULE" \
	'[ ! -s "$scratch/out" ]' || show "$scratch/out"
printf '%s\n' drivers/char/ppdev.c:24 drivers/scsi/sg.c:22 >"$scratch/want"
hand_differs $C | cut -d: -f1-2 | sort >"$scratch/have"
check "$C: the hand conversion differs in 2 calls (README)" \
	'diff "$scratch/want" "$scratch/have" >"$scratch/out"' ||
	show "$scratch/out"
printf 'drivers/scsi/sg.c:22:19\tcall\t1\tTHIS_MODULE\n' >"$scratch/want"
check "$C: the planted mistake keeps the owner and drops the name" \
	'grep -qxFf "$scratch/want" "$scratch/$C.hand.occ"'

M=$FIXTURES/linux-6.3-macro
tree_occurrences "$M" class_create | cut -f1-2 |
	sed 's/\t/: /; s/: call$//' >"$scratch/have"
sed 's/: old$//' "$FIXTURES/$C/macro-occurrences.txt" >"$scratch/want"
check "$C: macro-occurrences.txt lists every occurrence in linux-6.3-macro" \
	'diff "$scratch/want" "$scratch/have" >"$scratch/out"' ||
	show "$scratch/out"
check "$C: linux-6.3-macro defines class_create() as the old macro" \
	'grep -q "^#define class_create(owner, name)" \
		"$M/include/linux/device/class.h" &&
	 ! grep -q "KMIGRATE_OLD_API" "$M/include/linux/device/class.h"'
cp -R "$M" "$scratch/macro.mini"
cp -R "$M" "$scratch/macro.expected"
check "$C: macro-expected-conversion.patch applies to linux-6.3-macro" \
	'git_apply "$scratch/macro.expected" \
		"$FIXTURES/$C/macro-expected-conversion.patch" \
		2>"$scratch/out"' || show "$scratch/out"
tree_occurrences "$scratch/macro.mini" class_create >"$scratch/macro.mini.occ"
tree_occurrences "$scratch/macro.expected" class_create \
	>"$scratch/macro.expected.occ"
awk -v map="drop 1" "$MAP_AWK" "$FIXTURES/$C/macro-occurrences.txt" \
	"$scratch/macro.mini.occ" "$scratch/macro.expected.occ" \
	>"$scratch/out"
check "$C: it converts the 5 calls of linux-6.3-macro the same way" \
	'[ "$(grep -c ": old$" "$FIXTURES/$C/macro-occurrences.txt")" \
	   -eq 5 ] && [ ! -s "$scratch/out" ]' || show "$scratch/out"
(cd "$scratch/$C.expected" && for f in $(cd "$M" && find . -name '*.c'); do
	diff "$f" "$scratch/macro.expected/$f" | grep '^[<>] .*class_create'
done) >"$scratch/out"
check "$C: its converted calls are those of linux-6.3-mini" \
	'[ ! -s "$scratch/out" ]' || show "$scratch/out"
sed -n 's/:[0-9]*:[0-9]*: .*//p' "$FIXTURES/$C/macro-occurrences.txt" |
	sort -u >"$scratch/macro.callers"
check_maintainers "$M" "$scratch/macro.callers" linux-6.3-macro
macro_calls "$M" "$FIXTURES/$C/macro-occurrences.txt" >"$scratch/out"
check "$C: no call of linux-6.3-macro is in a #define body" \
	'[ ! -s "$scratch/out" ]' || show "$scratch/out"

# the #define-body shape lives on in the per-rule inputs only
for m in $D:device_create $C:class_create; do
	fn=${m#*:} m=${m%%:*}
	tests=$SRCDIR/semantic-patches/$m/tests
	tree_occurrences "$tests" "$fn" | awk -F '\t' '$2 == "call" {
		print $1 ": call" }' >"$scratch/occ"
	check "$m: tests/macro-body.c holds calls in #define bodies" \
		'macro_calls "$tests" "$scratch/occ" |
		 grep -q "^macro-body\.c:[0-9]*: body call$"'
done

# --- the trees compile against the API they are meant for

# compile_files TREE FLAGS... <FILES: the files that do not compile
compile_files() {
	local tree=$1 f
	shift
	while read -r f; do
		(cd "$tree" && gcc -std=gnu11 -fsyntax-only -nostdinc "$@" \
			-Iinclude "$f" >/dev/null 2>&1) || echo "$f"
	done
}

if command -v gcc >/dev/null; then
	for m in $D $C; do
		occ=$FIXTURES/$m/occurrences.txt
		files_of "$occ" new >"$scratch/new-only"
		grep -vxFf "$scratch/new-only" "$scratch/$m.callers" |
			compile_files "$scratch/$m.mini" -DKMIGRATE_OLD_API \
			>"$scratch/out"
		check "$m: the unconverted callers compile (old API)" \
			'[ ! -s "$scratch/out" ]' || show "$scratch/out"
		compile_files "$scratch/$m.mini" <"$scratch/new-only" \
			>"$scratch/out"
		check "$m: the callers already converted compile (new API)" \
			'[ -s "$scratch/new-only" ] &&
			 [ ! -s "$scratch/out" ]' || show "$scratch/out"
		sed 's/:.*//' "$FIXTURES/$m/apply-left.txt" >"$scratch/left"
		grep -vxFf "$scratch/left" "$scratch/$m.callers" |
			compile_files "$scratch/$m.expected" >"$scratch/out"
		check "$m: expected: all but apply-left.txt compile (new API)" \
			'[ ! -s "$scratch/out" ]' || show "$scratch/out"
		compile_files "$scratch/$m.hand" -Werror=int-conversion \
			-Werror=incompatible-pointer-types \
			<"$scratch/$m.callers" >"$scratch/$m.hand.fails"
	done
	check "$D: hand: everything compiles, the planted mistake too" \
		'[ ! -s "$scratch/$D.hand.fails" ]' ||
		show "$scratch/$D.hand.fails"
	check "$C: hand: only the planted mistake is a compiler error" \
		'[ "$(cat "$scratch/$C.hand.fails")" = drivers/scsi/sg.c ]' ||
		show "$scratch/$C.hand.fails"
	compile_files "$scratch/macro.mini" <"$scratch/macro.callers" \
		>"$scratch/out"
	check "$C: linux-6.3-macro compiles against its old macro" \
		'[ ! -s "$scratch/out" ]' || show "$scratch/out"
	compile_files "$scratch/macro.expected" \
		-I"$FIXTURES/linux-6.3-mini/include" <"$scratch/macro.callers" \
		>"$scratch/out"
	check "$C: converted, its callers compile against the new API" \
		'[ ! -s "$scratch/out" ]' || show "$scratch/out"
else
	skip "the new trees compile against their APIs" "no gcc"
fi
