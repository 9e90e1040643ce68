#!/bin/bash
# tests/realtree/check.sh - "make check-realtree": the whole job of a
# migration on Debian's linux-source-6.1 (tree.sh makes the tree, or
# resets it), each point with its figure and its time.  Not part of make
# check.
#
#	[MIGRATION=NAME|PATH] tests/realtree/check.sh
#
# class-create-owner (the default) starts from the commit with the 6.4
# prototype of class_create() (kmigrate-prototype); a migration whose
# folder holds its API change (api-change.patch, tree.sh) from that
# change committed on the tree as Debian ships it (kmigrate-NAME); any
# other from the tree as Debian ships it (kmigrate-debian).  "The start
# commit" below is that one.
#
# The points, in the order a maintainer works:
#	tree       tree.sh: the tree at the start commit
#	scan       every line git grep -w finds the migration's function on
#	           (its function: and new-function: names) is accounted for
#	           (listed, or in a file scan notes as excluded); for a
#	           migration of kind callback, every line that gives a
#	           function to the member (field: or new-field:) in an
#	           initializer of the struct, or by an assignment of a
#	           function of the member's prototype (members.pl)
#	series     series --split subsystem --signoff, on the unconverted tree,
#	           with --checkpatch --get-maintainer (the tree is the
#	           user's own checkout, trusted to run its scripts)
#	checkpatch the tree's scripts/checkpatch.pl, as a maintainer runs it
#	           in the tree, on each patch: no error, no warning (but
#	           that a file is in a MAINTAINERS section marked obsolete,
#	           counted apart: it asks for no unnecessary change, and an
#	           API change is necessary)
#	apply      apply --in-place converts every call (exit 0), or
#	           leaves some and names each (exit 1, as
#	           Documentation/kmigrate-apply.md says): every call
#	           left is "FILE:LINE:COL: warning|note: not converted"
#	           with its reason on the next line, at an old call of the
#	           scan, and a scan of the converted tree finds in each file
#	           as many calls still old (or ambiguous, shadowed) as apply
#	           named there
#	owners     class-create-owner only (skipped for another): each call
#	           whose owner is not THIS_MODULE has a warning naming the
#	           call and its owner
#	again      a second apply changes nothing (its exit status the
#	           first's: 1 when it names the same calls left)
#	check      check on the converted tree: 0 errors
#	git-am     git am of the series onto the start commit gives
#	           apply's tree, byte for byte (git diff of the two commits)
#	coccicheck make coccicheck MODE=patch and MODE=report with the
#	           migration's .cocci (kmigrate cocci) on $COCCI_DIR (default:
#	           drivers/char for class-create-owner, else the directory
#	           of two levels that holds most of scan's old calls; skipped
#	           when there is none), at the start commit: patch changes the
#	           lines apply changed there, report names the lines scan
#	           lists as old, ambiguous or shadowed calls there; but the
#	           files of a callback function given to the member in a
#	           file that does not define it (a per-file semantic patch
#	           cannot see its definition: apply converts it across
#	           files), set aside and counted in the figure
#
# Environment: KMIGRATE (default ./kmigrate), KMIGRATE_CACHE (tree.sh),
# MIGRATION (default class-create-owner: a name of kmigrate's data, or a
# migration folder's path), COCCI_DIR, JOBS (kmigrate's -j).  The
# outputs are kept in $KMIGRATE_CACHE/check-realtree/ (make
# check-realtree: .../check-realtree/NAME/).  The tree is left at the
# start commit, apply's result on branch kmigrate-apply, git am's on
# kmigrate-am.  Exit 0 when every point holds (a skipped one is said,
# not counted), 1 when one does not, 2 when the tree cannot be made.
. "$(dirname "$0")/lib.sh"
KMIGRATE=${KMIGRATE:-$SRCDIR/kmigrate}
MIGRATION=${MIGRATION:-class-create-owner}
case $MIGRATION in
*/*)	MIGRATION_DIR=$MIGRATION ;;
*)	MIGRATION_DIR=$SRCDIR/semantic-patches/$MIGRATION ;;
esac
if [ "$(basename "$MIGRATION")" = class-create-owner ]; then
	START_TAG=$PROTO_TAG
	COCCI_DIR=${COCCI_DIR:-drivers/char}
elif [ -f "$MIGRATION_DIR/$API_CHANGE" ]; then
	START_TAG=$(api_change_tag "$MIGRATION_DIR")
	COCCI_DIR=${COCCI_DIR:-}
else
	START_TAG=$BASE_TAG
	COCCI_DIR=${COCCI_DIR:-}
fi
# migration KEY: the value of a key of the migration's data, or nothing
migration() {
	sed -n "s/^$1:[[:space:]]*//p" "$MIGRATION_DIR/migration" 2>/dev/null |
		head -n 1
}
KIND=$(migration kind)
KIND=${KIND:-call}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}
OUT=${OUT:-$KMIGRATE_CACHE/check-realtree}
FROM="kmigrate realtree <kmigrate@localhost>"
passed=0 failed=0 failures=()

# point NAME STATUS FIGURE SECONDS: one result line
point() {
	local mark=ok
	if [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
	else
		mark=FAIL failed=$((failed + 1)) failures+=("$1")
	fi
	printf '%-4s %-10s %s (%s s)\n' "$mark" "$1" "$3" "$4"
}

# skip NAME WHY: a point that does not apply to this migration
skip() { printf '%-4s %-10s %s\n' skip "$1" "$2"; }

# the first lines of a file, indented, after a failure
show() { [ -s "$1" ] && sed -n "1,${2:-5}s/^/       /p" "$1"; return 0; }

km() { "$KMIGRATE" -j "$JOBS" --migration "$MIGRATION" "$@"; }

[ -x "$KMIGRATE" ] || die "no kmigrate binary at '$KMIGRATE' (run make)"
MIGRATION_DIR=$MIGRATION_DIR "$(dirname "$0")/tree.sh" \
	>"$KMIGRATE_CACHE/tree.log" 2>&1 ||
	{ cat "$KMIGRATE_CACHE/tree.log" >&2; exit 2; }
sed 's/^/     /' "$KMIGRATE_CACHE/tree.log"
[ "$START_TAG" = "$PROTO_TAG" ] ||
	rt_git checkout -q -f -B linux-6.1 "$START_TAG" ||
	die "cannot check out $START_TAG in '$TREE'"
rm -rf "$OUT" && mkdir -p "$OUT" || die "cannot write '$OUT'"

have_migration=1
if ! "$KMIGRATE" --migration "$MIGRATION" cocci >"$OUT/migration.cocci" \
		2>"$OUT/migration.err"; then
	have_migration=0
	echo "     the '$MIGRATION' migration is not in this kmigrate" \
	     "($(head -n 1 "$OUT/migration.err")): the points that need it fail"
fi
need_migration() {
	[ $have_migration -eq 1 ] && return 0
	point "$1" 1 "needs the '$MIGRATION' migration" 0.0
	return 1
}

# the migration's function names (every member of a family, every
# case's new function), "-e NAME" each, for git grep -w
names=()
for name in $(sed -n \
	's/^\(new-\)\{0,1\}function:[[:space:]]*\([A-Za-z_0-9]*\).*/\2/p' \
	"$MIGRATION_DIR/migration" 2>/dev/null | sort -u); do
	names+=(-e "$name")
done
[ ${#names[@]} -gt 0 ] || names=(-e "no-function-in-$MIGRATION")
# file:line of every line of the tree's C files naming the function;
# for a callback, every line giving a function to the member (or its
# new name) in a file naming the struct (members.pl)
if [ "$KIND" = callback ]; then
	param=$(migration old-prototype | sed 's/^[^(]*(//; s/)[^)]*$//;
		s/,.*//; s/[A-Za-z_0-9]*[[:space:]]*$//')
	rt_git grep -l -P "\bstruct\s+$(migration struct)\b" -- '*.c' '*.h' |
		(cd "$TREE" && STRUCT=$(migration struct) PARAM=$param \
		 FIELDS="$(migration field) $(migration new-field)" \
		 xargs -r perl "$SRCDIR/tests/realtree/members.pl") |
		sort -u >"$OUT/grep.lines"
else
	rt_git grep -n -w "${names[@]}" -- '*.c' '*.h' | cut -d: -f1,2 |
		sort -u >"$OUT/grep.lines"
fi

# --- scan ---
if need_migration scan; then
	timed t km scan "$TREE" >"$OUT/scan.txt" 2>"$OUT/scan.err"
	status=$?
	# a file the migration excludes is accounted for by its note
	sed -n "s/.*note: excluding '\([^']*\)'.*/\1/p" "$OUT/scan.err" \
		>"$OUT/scan.excluded"
	{ cut -d: -f1,2 "$OUT/scan.txt"
	  grep -F -f <(sed 's/$/:/' "$OUT/scan.excluded") "$OUT/grep.lines"
	} | sort -u >"$OUT/scan.lines"
	comm -23 "$OUT/grep.lines" "$OUT/scan.lines" >"$OUT/scan.missing"
	[ $status -eq 0 ] && [ ! -s "$OUT/scan.missing" ]
	point scan $? "$(tail -n 1 "$OUT/scan.err"); all $(wc -l \
		<"$OUT/grep.lines") lines git grep finds, $(wc -l \
		<"$OUT/scan.missing") missing" "$t"
	show "$OUT/scan.missing"
fi

# --- series, on the unconverted tree ---
if need_migration series; then
	timed t km series "$TREE" --split subsystem --signoff --from "$FROM" \
		--checkpatch --get-maintainer \
		--out "$OUT/series" >"$OUT/series.txt" 2>"$OUT/series.err"
	status=$?
	cover=$OUT/series/0000-cover-letter.patch
	patches=$(ls "$OUT/series" 2>/dev/null | grep -vc '^0000-')
	files=$(cat "$OUT"/series/0*.patch 2>/dev/null | grep -c '^diff --git')
	if grep -q "from the tree's scripts/get_maintainer.pl" "$cover" \
			2>/dev/null; then
		how="To/Cc from scripts/get_maintainer.pl"
	else
		how="To/Cc not from scripts/get_maintainer.pl"
	fi
	point series $status "$patches patches, $files file diffs; $how" "$t"
	[ $status -eq 0 ] || show "$OUT/series.err"
fi

# --- checkpatch, in the tree, on each patch ---
if [ -d "$OUT/series" ] && ls "$OUT"/series/0*.patch >/dev/null 2>&1; then
	checkpatch_all() {
		local f
		for f in "$OUT"/series/0*.patch; do
			case $f in */0000-cover-letter.patch) continue ;; esac
			(cd "$TREE" && perl scripts/checkpatch.pl "$f") \
				>"$f.checkpatch" 2>&1
			grep -H '^total:' "$f.checkpatch" ||
				echo "$f: no verdict"
		done >"$OUT/checkpatch.txt"
	}
	timed t checkpatch_all
	# a patch whose only warnings are MAINTAINERS' "obsolete" status of
	# its files is counted apart: checkpatch asks for no *unnecessary*
	# change to such a driver, and an API change is a necessary one
	obsolete="is marked as 'obsolete' in the MAINTAINERS hierarchy"
	: >"$OUT/checkpatch.bad"
	: >"$OUT/checkpatch.obsolete"
	while IFS= read -r line; do
		case $line in
		*'total: 0 errors, 0 warnings'*) continue ;;
		esac
		f=${line%%:total:*}
		if grep -q "total: 0 errors" <<<"$line" &&
		   [ "$(grep -c '^WARNING:' "$f")" -eq \
		     "$(grep -c "^WARNING: .*$obsolete" "$f")" ]; then
			echo "$line" >>"$OUT/checkpatch.obsolete"
		else
			echo "$line" >>"$OUT/checkpatch.bad"
		fi
	done <"$OUT/checkpatch.txt"
	[ ! -s "$OUT/checkpatch.bad" ]
	status=$?
	clean=$(grep -c 'total: 0 errors, 0 warnings' "$OUT/checkpatch.txt")
	figure="$clean of $(wc -l <"$OUT/checkpatch.txt") patches with no"
	figure="$figure error and no warning"
	[ -s "$OUT/checkpatch.obsolete" ] &&
		figure="$figure, $(wc -l <"$OUT/checkpatch.obsolete") more with only MAINTAINERS' 'obsolete' warning"
	point checkpatch $status "$figure" "$t"
	show "$OUT/checkpatch.bad"
else
	point checkpatch 1 "no series to check" 0.0
fi

# --- apply --in-place, its warnings, and a second apply ---
# "FILE:LINE:COL" of each call apply names as left, with its reason on
# the next line
left_named() {
	awk '/^[^ ]+:[0-9]+:[0-9]+: (warning|note): not converted$/ {
		where = $1; sub(/:$/, "", where); next }
	     where != "" && /^        [^ ]/ { print where }
	     { where = "" }' "$1" | sort -u
}

# apply's exit 1 accounted for: each call named left is an old call of
# the scan (one the migration leaves by its context included), and each
# file of the converted tree has as many calls still old as apply named
# there; the others in $OUT/left.unnamed
left_accounted() {
	local old='^[^ ]*: (old|ambiguous|shadowed|left-by-context) '

	km scan "$TREE" >"$OUT/scan-after.txt" 2>"$OUT/scan-after.err"
	grep -E "$old" "$OUT/scan.txt" | cut -d: -f1-3 | sort -u \
		>"$OUT/scan.old-calls"
	{ comm -23 "$OUT/apply.left" "$OUT/scan.old-calls" |
		sed 's/$/: named left, but no old call of the scan/'
	  diff <(grep -E "$old" "$OUT/scan-after.txt" | cut -d: -f1 | sort |
			uniq -c) \
	       <(cut -d: -f1 "$OUT/apply.left" | sort | uniq -c) |
		sed -n -e 's/^< *\([0-9]*\) \(.*\)/\2: \1 calls still old/p' \
		       -e 's/^> *\([0-9]*\) \(.*\)/\2: \1 calls named left/p'
	} >"$OUT/left.unnamed"
	[ ! -s "$OUT/left.unnamed" ]
}

# the calls whose owner is not THIS_MODULE, "FILE:LINE OWNER"
: >"$OUT/owners.txt"
[ "$START_TAG" != "$PROTO_TAG" ] ||
	rt_git grep -n -o -P '\bclass_create\s*\(\s*\K[A-Za-z_][A-Za-z0-9_>.-]*(?=\s*,)' \
	-- '*.c' | awk -F: '$3 != "THIS_MODULE" { print $1 ":" $2, $3 }' \
	>"$OUT/owners.txt"
if need_migration apply; then
	timed t km apply --in-place "$TREE" >"$OUT/apply.txt" 2>"$OUT/apply.err"
	apply_status=$?
	left_named "$OUT/apply.err" >"$OUT/apply.left"
	: >"$OUT/left.unnamed"
	status=$apply_status
	[ $status -ne 1 ] || left_accounted
	status=$?
	figure="$(grep '^apply:' "$OUT/apply.err" | tail -n 1);"
	figure="$figure $(rt_git diff --shortstat | sed 's/^ //');"
	figure="$figure exit $apply_status, $(wc -l <"$OUT/apply.left") left"
	figure="$figure named, $(wc -l <"$OUT/left.unnamed") not"
	point apply $status "$figure" "$t"
	[ $status -eq 0 ] || show "$OUT/left.unnamed"
	[ $status -eq 0 ] || show "$OUT/apply.err"
	missing=0
	while read -r where owner; do
		grep "^$where:" "$OUT/apply.err" | grep -i warning |
			grep -qw -- "$owner" ||
			{ echo "$where $owner" >>"$OUT/owners.missing"; missing=1; }
	done <"$OUT/owners.txt"
	figure="$(wc -l <"$OUT/owners.txt") call(s) with another owner,"
	figure="$figure warned: $(tr '\n' ' ' <"$OUT/owners.txt")"
	if [ "$START_TAG" = "$PROTO_TAG" ]; then
		point owners $missing "$figure" 0.0
		show "$OUT/owners.missing"
	else
		skip owners "class-create-owner's point"
	fi
	rt_git add -A && rt_git commit -q -m "$MIGRATION: kmigrate apply" &&
		rt_git branch -f kmigrate-apply HEAD
	timed t km apply "$TREE" >"$OUT/again.diff" 2>"$OUT/again.err"
	status=$?
	left_named "$OUT/again.err" >"$OUT/again.left"
	[ $status -eq "$apply_status" ] && [ ! -s "$OUT/again.diff" ] &&
		[ "$(wc -l <"$OUT/again.left")" -eq \
		  "$(wc -l <"$OUT/apply.left")" ]
	point again $? "second apply: $(wc -l <"$OUT/again.diff") diff lines" "$t"
else
	need_migration owners
	need_migration again
fi

# --- check on the converted tree ---
if need_migration check; then
	timed t km check "$TREE" >"$OUT/check.txt" 2>"$OUT/check.err"
	status=$?
	point check $status "$(grep '^check:' "$OUT/check.err" | tail -n 1)" "$t"
	[ $status -eq 0 ] || show "$OUT/check.txt"
fi

# --- git am of the series onto the start commit ---
if [ $have_migration -eq 1 ] && [ -d "$OUT/series" ] &&
   rt_git rev-parse -q --verify kmigrate-apply >/dev/null; then
	am_series() {
		rt_git checkout -q -f -B kmigrate-am "$START_TAG" &&
		rt_git am -q --keep-cr $(ls "$OUT"/series/0*.patch |
					 grep -v '/0000-')
	}
	timed t am_series >"$OUT/am.txt" 2>&1
	status=$?
	if [ $status -eq 0 ]; then
		rt_git diff --stat kmigrate-apply kmigrate-am >"$OUT/am.diff"
		[ ! -s "$OUT/am.diff" ]
		status=$?
	else
		rt_git am --abort >/dev/null 2>&1
	fi
	figure="$(rt_git rev-list --count "$START_TAG..kmigrate-am" \
		2>/dev/null) commits on $START_TAG;"
	figure="$figure git diff --stat against apply's: $(wc -l \
		<"$OUT/am.diff" 2>/dev/null || echo "?") lines"
	point git-am $status "$figure" "$t"
	[ $status -eq 0 ] || show "$OUT/am.txt"
else
	point git-am 1 "needs the series and apply's tree" 0.0
fi
rt_git checkout -q -f linux-6.1 && rt_git reset -q --hard "$START_TAG"

# another migration's directory: the one of two levels with most old calls
[ -n "$COCCI_DIR" ] || COCCI_DIR=$(grep -E '^[^ ]*: old ' "$OUT/scan.txt" \
	2>/dev/null | cut -d: -f1 |
	awk -F/ '{ print (NF > 2 ? $1 "/" $2 : $1) }' | sort | uniq -c |
	sort -k1,1nr -k2 | awk 'NR == 1 { print $2 }')

# --- make coccicheck on one directory, against apply and scan ---
# "FILE:LINE" of the "-" lines of a diff, by the old file's numbers,
# but for a line the hunk only re-indents (a "+" line of the same hunk
# is its text with other white space: apply aligns the continuation
# lines of a call whose name got shorter, as checkpatch asks, where
# spatch keeps their columns) and a blank line (a callback migration:
# apply drops a void function's last "return;" with the blank line
# before it, as the kernel's conversions did, where the semantic patch
# keeps the "return;" its control flow cannot tell from a nested one)
removed_lines() {
	awk 'function flush(  i) {
		for (i = 1; i <= n; i++)
			if (!(text[i] in added))
				print f ":" line[i]
		n = 0; delete added
	     }
	     function squeeze(s) { gsub(/[ \t]+/, "", s); return s }
	     /^--- / { flush(); f = $2; sub(/^a\//, "", f); next }
	     /^\+\+\+ / { next }
	     /^@@ / { flush(); split($2, a, ","); old = substr(a[1], 2); next }
	     /^-[ \t]*$/ { old++; next }
	     /^-/ { line[++n] = old; text[n] = squeeze(substr($0, 2)); old++
		    next }
	     /^\+/ { added[squeeze(substr($0, 2))] = 1; next }
	     /^ / { old++ }
	     END { flush() }' "$1" | sort -u
}
if [ -z "$COCCI_DIR" ]; then
	skip coccicheck "scan lists no old call to run it on"
elif need_migration coccicheck; then
	cocci=$OUT/migration.cocci	# kmigrate cocci's: the semantic patch
	coccicheck() {
		(cd "$TREE" && make -s coccicheck MODE="$1" COCCI="$cocci" \
			M="$COCCI_DIR" J="$JOBS") >"$OUT/coccicheck-$1.txt" \
			2>"$OUT/coccicheck-$1.err"
	}
	timed t_patch coccicheck patch
	s1=$?
	timed t_report coccicheck report
	s2=$?
	removed_lines "$OUT/coccicheck-patch.txt" >"$OUT/cocci.changed"
	rt_git diff --no-color --no-ext-diff "$START_TAG" kmigrate-apply -- \
		"$COCCI_DIR" >"$OUT/apply-dir.diff" 2>/dev/null
	removed_lines "$OUT/apply-dir.diff" >"$OUT/apply.changed"
	sed 's|^\./||' "$OUT/coccicheck-report.txt" |
		grep -o "^$COCCI_DIR/[^: ]*:[0-9]*" | sort -u \
		>"$OUT/cocci.reported"
	# the calls a report names: old, and those left (ambiguous, shadowed)
	grep "^$COCCI_DIR/" "$OUT/scan.txt" 2>/dev/null |
		grep -E '^[^ ]*: (old|ambiguous|shadowed) ' | cut -d: -f1,2 |
		sort -u >"$OUT/scan.old"
	# set aside: the files of a function given to the member (".f=NAME",
	# "->f=NAME") in a file that neither defines nor declares it, and
	# the files that do
	awk -F': ' '{ split($1, p, ":"); file = p[1]; text = $2
		      sub(/^[a-z]+ /, "", text) }
		text ~ /^(\.|->)/ { name = text; sub(/.*=/, "", name)
			gsub(/.*\(/, "", name); gsub(/\).*/, "", name)
			member[file SUBSEP name] = 1; next }
		text ~ /\(/ { name = text; sub(/\(.*/, "", name)
			n = split(name, w, /[ *]+/); name = w[n]
			defs[name] = defs[name] " " file
			has[file SUBSEP name] = 1 }
		END { for (k in member) {
			if (k in has) continue
			split(k, q, SUBSEP); print q[1]
			n = split(defs[q[2]], d, " ")
			for (i = 1; i <= n; i++) if (d[i] != "") print d[i] } }' \
		"$OUT/scan.txt" 2>/dev/null | grep "^$COCCI_DIR/" | sort -u \
		>"$OUT/cocci.aside"
	for f in cocci.changed apply.changed cocci.reported scan.old; do
		awk -F: -v list="$OUT/cocci.aside" 'BEGIN {
			while ((getline l <list) > 0) aside[l] = 1 }
			!($1 in aside)' "$OUT/$f" >"$OUT/$f.kept"
		mv "$OUT/$f.kept" "$OUT/$f"
	done
	aside=
	[ -s "$OUT/cocci.aside" ] && aside=" (set aside: $(wc -l \
		<"$OUT/cocci.aside") files of functions given where not defined)"
	[ $s1 -eq 0 ] && [ -s "$OUT/cocci.changed" ] &&
		cmp -s "$OUT/cocci.changed" "$OUT/apply.changed"
	status=$?
	figure="MODE=patch on $COCCI_DIR changes $(wc -l \
		<"$OUT/cocci.changed") lines, apply $(wc -l <"$OUT/apply.changed")$aside"
	point coccicheck $status "$figure" "$t_patch"
	diff "$OUT/cocci.changed" "$OUT/apply.changed" >"$OUT/cocci.diff"
	show "$OUT/cocci.diff"
	[ $s2 -eq 0 ] && [ -s "$OUT/cocci.reported" ] &&
		cmp -s "$OUT/cocci.reported" "$OUT/scan.old"
	status=$?
	figure="MODE=report on $COCCI_DIR reports $(wc -l \
		<"$OUT/cocci.reported") calls, scan lists $(wc -l \
		<"$OUT/scan.old") old$aside"
	point coccicheck $status "$figure" "$t_report"
	diff "$OUT/cocci.reported" "$OUT/scan.old" >"$OUT/report.diff"
	show "$OUT/report.diff"
fi

echo "check-realtree: $((passed + failed)) points, $passed passed," \
     "$failed failed${failures[*]:+ (${failures[*]})}; outputs in $OUT"
[ $failed -eq 0 ]
