#!/bin/bash
# t-cocci.sh - run every migration's semantic patches on their test inputs.
#
# For each semantic-patches/MIGRATION/tests/NAME.c:
#   1. spatch applies the migration's .cocci files (the "cocci:" key of its
#      "migration" file, in order, each with the options of its
#      "// Options:" line) with -D patch; the result must equal NAME.res;
#   2. the same run on NAME.res must change nothing (idempotence);
#   3. with -D report, the sorted report lines must equal NAME.report when
#      that file exists, and there must be at least one report line per
#      converted call (a converted call changes at least one group of lines
#      that names the function).
# Prints "ok N - ..." / "not ok N - ..." lines; exits 1 if any failed.
#
# Environment: SRCDIR (default: the repository holding this script),
# TMPDIR (scratch space), SPATCH (default: spatch).
. "$(dirname "$0")/lib.sh"
SPATCH=${SPATCH:-spatch}

# show all of a file's lines as TAP comments
comment() {
	sed -e 's/^/# /' "$1"
}

if ! command -v "$SPATCH" >/dev/null 2>&1; then
	not_ok "spatch available # spatch not installed"
	exit 1
fi

make_scratch

# the value of KEY in a migration file (first line only)
migration_value() {
	sed -n "s/^$2:[ 	]*//p" "$1" | head -n 1
}

# the options on a .cocci file's "// Options:" line
cocci_options() {
	sed -n 's|^// Options:||p' "$1" | head -n 1
}

# apply_cocci MODE INPUT OUTPUT: run every .cocci of the current migration
# in turn, INPUT -> OUTPUT; for report mode OUTPUT collects stdout.
# Runs in the input's directory so that reports name the file alone.
apply_cocci() {
	local mode=$1 input=$2 output=$3 cocci opts step=0 cur
	local dir base

	dir=$(dirname "$input")
	base=$(basename "$input")
	cur="$scratch/step0-$base"
	cp "$input" "$cur" || return 1
	: >"$output"
	for cocci in "${coccis[@]}"; do
		step=$((step + 1))
		read -r -a opts <<<"$(cocci_options "$cocci")"
		if [ "$mode" = report ]; then
			(cd "$dir" && timeout 300 "$SPATCH" --sp-file "$cocci" \
				-D report "${opts[@]}" --very-quiet "$base") \
				>>"$output" 2>"$scratch/stderr" || return 1
			continue
		fi
		# with -o, a run that changes nothing fails, saying so
		timeout 300 "$SPATCH" --sp-file "$cocci" -D "$mode" \
			"${opts[@]}" --very-quiet "$cur" \
			-o "$scratch/step$step-$base" \
			>/dev/null 2>"$scratch/stderr" ||
			grep -q "^-o can not be applied because there are no modified files" \
				"$scratch/stderr" || return 1
		# spatch writes no output file when it changes nothing (and
		# fails on a file without the function's name at all)
		[ -f "$scratch/step$step-$base" ] ||
			cp "$cur" "$scratch/step$step-$base"
		cur="$scratch/step$step-$base"
	done
	[ "$mode" = report ] || cp "$cur" "$output"
}

run_test() {
	local input=$1 name res report out converted lines

	name="$migration/$(basename "$input" .c)"
	res=${input%.c}.res
	report=${input%.c}.report
	out="$scratch/out.c"

	if [ ! -f "$res" ]; then
		not_ok "$name: expected output $(basename "$res") exists"
		return
	fi
	rm -f "$out"
	if ! apply_cocci patch "$input" "$out"; then
		not_ok "$name: spatch -D patch runs"
		comment "$scratch/stderr"
		return
	fi
	if diff -u "$res" "$out" >"$scratch/diff"; then
		ok "$name: -D patch output matches $(basename "$res")"
	else
		not_ok "$name: -D patch output matches $(basename "$res")"
		comment "$scratch/diff"
	fi

	if ! apply_cocci patch "$res" "$out"; then
		not_ok "$name: spatch -D patch runs on $(basename "$res")"
		comment "$scratch/stderr"
	elif diff -u "$res" "$out" >"$scratch/diff"; then
		ok "$name: idempotent (nothing changes in $(basename "$res"))"
	else
		not_ok "$name: idempotent (nothing changes in $(basename "$res"))"
		comment "$scratch/diff"
	fi

	if ! apply_cocci report "$input" "$scratch/report.raw"; then
		not_ok "$name: spatch -D report runs"
		comment "$scratch/stderr"
		return
	fi
	LC_ALL=C sort "$scratch/report.raw" >"$scratch/report"
	if [ -f "$report" ]; then
		if diff -u "$report" "$scratch/report" >"$scratch/diff"; then
			ok "$name: -D report output matches $(basename "$report")"
		else
			not_ok "$name: -D report output matches $(basename "$report")"
			comment "$scratch/diff"
		fi
	fi
	# each converted call is at least one group of changed lines that
	# names the function (a hand-written patch may change others too)
	converted=$(diff "$input" "$res" | awk -v fn="$function" '
		/^[0-9]/ { group = 1; next }
		group && /^</ && index($0, fn) { n++; group = 0 }
		END { print n + 0 }')
	lines=$(wc -l <"$scratch/report")
	if [ "$lines" -ge "$converted" ]; then
		ok "$name: -D report lists the $converted converted call(s)"
	else
		not_ok "$name: -D report lists the $converted converted call(s)"
		comment "$scratch/report"
	fi
}

for migdir in "$SRCDIR"/semantic-patches/*/; do
	migdir=${migdir%/}
	migration=$(basename "$migdir")
	[ -f "$migdir/migration" ] || continue
	function=$(migration_value "$migdir/migration" function)
	coccis=()
	for c in $(migration_value "$migdir/migration" cocci); do
		coccis+=("$migdir/$c")
	done
	if [ ${#coccis[@]} -eq 0 ]; then
		# no hand-written override: the one generated from the data
		generated=$scratch/$migration.cocci
		if ! "$KMIGRATE" --migration "$migration" cocci >"$generated" \
			2>"$scratch/stderr"; then
			not_ok "$migration: kmigrate cocci generates its semantic patch"
			comment "$scratch/stderr"
			continue
		fi
		# one file (a family's too); were it several, each in turn
		coccis=()
		awk -v base="$scratch/$migration" '
			/^\/\/ SPDX-License-Identifier:/ { n++ }
			{ print > (base "-" n ".cocci") }' "$generated"
		for ((i = 1; ; i++)); do
			[ -f "$scratch/$migration-$i.cocci" ] || break
			coccis+=("$scratch/$migration-$i.cocci")
		done
		# a shipped copy for kernel trees is the generated one
		for c in "$migdir"/*.cocci; do
			[ -f "$c" ] || continue
			check "$migration: $(basename "$c") is what kmigrate cocci generates" \
				'grep -q "^// Generated by .kmigrate cocci." "$c" &&
				 cmp -s "$c" "$generated"'
		done
	fi
	missing=0
	for c in "${coccis[@]}"; do
		if [ ! -f "$c" ]; then
			not_ok "$migration: $(basename "$c") exists"
			missing=1
		fi
	done
	[ "$missing" -eq 0 ] || continue
	tests=("$migdir"/tests/*.c)
	# a callback kind's spatch tests are in the tests/t-callback*.sh
	# that name it
	if [ ! -f "${tests[0]}" ] &&
	   grep -q '^kind:[[:space:]]*callback' "$migdir/migration"; then
		where=$(cd "$SRCDIR/tests" &&
			grep -l -w -- "$migration" t-callback*.sh | xargs)
		check "$migration: a t-callback*.sh tests it (${where:-none})" \
			'[ -n "$where" ]'
		skip "$migration: tests/*.c" "kind callback, its tests are $where"
		continue
	fi
	if [ ! -f "${tests[0]}" ]; then
		not_ok "$migration: has tests/*.c"
		continue
	fi
	for t in "${tests[@]}"; do
		run_test "$t"
	done
done

if [ "$n" -eq 0 ]; then
	not_ok "some semantic patch has tests"
fi

# kmigrate cocci: the semantic patch printed, and run the coccicheck way
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
migdir=$SRCDIR/semantic-patches/class-device-parent
"$KMIGRATE" cocci >"$scratch/printed.cocci" 2>"$scratch/err"
check "kmigrate cocci prints the semantic patch generated from the data" \
	'grep -q "^// Generated by .kmigrate cocci. from the migration" "$scratch/printed.cocci" &&
	 grep -q "^// Options: --no-includes --include-headers --smpl-spacing$" "$scratch/printed.cocci"'
"$KMIGRATE" cocci --generated >"$scratch/generated.cocci" 2>"$scratch/err"
check "kmigrate cocci --generated prints the same" \
	'cmp -s "$scratch/printed.cocci" "$scratch/generated.cocci"'
"$KMIGRATE" cocci "$MINI" >/dev/null 2>"$scratch/err"
check "kmigrate cocci TREE without --mode: exit 2, one line" \
	'[ $? -eq 2 ] && [ "$(grep -c . "$scratch/err")" -eq 1 ]'

"$KMIGRATE" scan "$MINI" 2>/dev/null |
	sed -n 's/^\([^:]*:[0-9]*\):[0-9]*: old .*/\1/p' | sort >"$scratch/old"
"$KMIGRATE" cocci --mode report -j 2 "$MINI" >"$scratch/report" 2>"$scratch/err"
status=$?
sed -n 's/^\([^:]*:[0-9]*\):.*pass NULL as parent$/\1/p' "$scratch/report" |
	sort >"$scratch/reported"
check "cocci --mode report: exit 0, one line per old-form call scan lists (72)" \
	'[ $status -eq 0 ] && [ "$(wc -l <"$scratch/old")" -eq 72 ] &&
	 cmp -s "$scratch/old" "$scratch/reported" &&
	 [ "$(wc -l <"$scratch/report")" -eq 72 ]' || show "$scratch/err"
"$KMIGRATE" cocci --mode org "$MINI" >"$scratch/org" 2>"$scratch/err"
check "cocci --mode org: links name the tree's files" \
	'[ "$(grep -c "^\* TODO \[\[view:drivers/s390/char/vmlogrdr.c::" "$scratch/org")" -eq 1 ]'

# Each shipped migration's generated semantic patch, run by plain spatch
# over its fixture tree, converts what kmigrate apply converts: the same
# files, the same text once blanks and line breaks are set aside (apply
# lays the lines out itself, spatch does not).
squeeze() { tr -d ' \t\r\n' <"$1"; }
for migdir in "$SRCDIR"/semantic-patches/*/; do
	migration=$(basename "$migdir")
	fixture=$(migration_value "$migdir/migration" demo-tree)
	[ -n "$fixture" ] || continue
	rm -rf "$scratch/by-spatch" "$scratch/by-apply"
	cp -R "$SRCDIR/$fixture" "$scratch/by-spatch"
	cp -R "$SRCDIR/$fixture" "$scratch/by-apply"
	"$KMIGRATE" --migration "$migration" cocci >"$scratch/plain.cocci"
	read -r -a opts <<<"$(cocci_options "$scratch/plain.cocci")"
	"$SPATCH" --sp-file "$scratch/plain.cocci" -D patch "${opts[@]}" \
		--very-quiet --in-place --dir "$scratch/by-spatch" \
		>/dev/null 2>"$scratch/err"
	"$KMIGRATE" --migration "$migration" -q apply --in-place \
		"$scratch/by-apply" >/dev/null 2>&1
	same=1
	for f in $(cd "$scratch/by-apply" && find . -name '*.[ch]' | sort); do
		cmp -s "$scratch/by-apply/$f" "$SRCDIR/$fixture/$f" &&
			cmp -s "$scratch/by-spatch/$f" "$SRCDIR/$fixture/$f" &&
			continue
		[ "$(squeeze "$scratch/by-apply/$f")" = \
		  "$(squeeze "$scratch/by-spatch/$f")" ] && continue
		same=0
		echo "# differs: $f"
	done
	changed=$(diff -r -q "$SRCDIR/$fixture" "$scratch/by-spatch" | grep -c .)
	check "$migration: plain spatch with kmigrate cocci converts what apply does ($changed files)" \
		'[ "$same" -eq 1 ] && [ "$changed" -gt 0 ]' || show "$scratch/err"
done

# The generator on changes of other shapes, each a migration written
# into a data directory of its own: the semantic patch run by plain
# spatch converts the old-form calls, leaves the rest, and apply agrees.
data=$scratch/data
mkdir -p "$data/semantic-patches"
cp "$SRCDIR/semantic-patches/kernel-types" "$data/semantic-patches/"
# make_migration NAME FUNCTION OLD-PROTOTYPE NEW-PROTOTYPE NEW-CALL [KEY: VALUE]
make_migration() {
	mkdir -p "$data/semantic-patches/$1"
	{
		printf 'name: %s\nfunction: %s\nheader: include/x.h\n' "$1" "$2"
		printf 'old-prototype: %s\nnew-prototype: %s\n' "$3" "$4"
		printf 'new-call: %s\n' "$5"
		[ $# -lt 6 ] || printf '%s\n' "$6"
		printf 'subject: x: change %s()\ndescription: Test.\nmodel: none\n' "$2"
	} >"$data/semantic-patches/$1/migration"
}
# shape NAME: spatch -D patch with kmigrate cocci's output, on NAME.c
shape() {
	KMIGRATE_DATADIR=$data "$KMIGRATE" --migration "$1" cocci \
		>"$scratch/$1.cocci" 2>"$scratch/err" &&
	(cd "$scratch/shapes" && "$SPATCH" --sp-file "$scratch/$1.cocci" \
		-D patch --no-includes --include-headers --smpl-spacing \
		--very-quiet "$1.c" -o "$1.out" >/dev/null 2>"$scratch/err") &&
	diff -u "$scratch/shapes/$1.expected" "$scratch/shapes/$1.out" \
		>"$scratch/diff"
}
mkdir -p "$scratch/shapes"
make_migration remove-first class_create \
	'struct class *class_create(struct module *owner, const char *name)' \
	'struct class *class_create(const char *name)' '$2' 'drop: 1 THIS_MODULE'
printf '%s\n' 'static int f(struct module *owner)' '{' \
	'	a = class_create(THIS_MODULE, "a");' \
	'	b = class_create("b");' \
	'	c = class_create(owner, "c");' '}' >"$scratch/shapes/remove-first.c"
printf '%s\n' 'static int f(struct module *owner)' '{' \
	'	a = class_create("a");' '	b = class_create("b");' \
	'	c = class_create("c");' '}' >"$scratch/shapes/remove-first.expected"
shape remove-first
check "generated: a removed first argument goes, a converted call stays" \
	'[ $? -eq 0 ]' || show "$scratch/diff"

make_migration rename-swap frob 'int frob(struct device *dev, unsigned long flags)' \
	'int frob2(unsigned long flags, struct device *dev)' '$2 $1' \
	'new-function: frob2'
printf '%s\n' 'static int g(struct device *dev)' '{' \
	'	return frob(dev, 3UL) + frob2(4UL, dev);' '}' \
	>"$scratch/shapes/rename-swap.c"
printf '%s\n' 'static int g(struct device *dev)' '{' \
	'	return frob2(3UL, dev) + frob2(4UL, dev);' '}' \
	>"$scratch/shapes/rename-swap.expected"
shape rename-swap
check "generated: a rename with two arguments exchanged" \
	'[ $? -eq 0 ]' || show "$scratch/diff"

make_migration insert-before-format device_create \
	'struct device *device_create(struct class *cls, struct device *parent, dev_t devt, const char *fmt, ...)' \
	'struct device *device_create(struct class *cls, struct device *parent, dev_t devt, void *drvdata, const char *fmt, ...)' \
	'$1 $2 $3 NULL $4 ...'
printf '%s\n' 'static void h(int i)' '{' \
	'	device_create(c, NULL, MKDEV(1, i), "d%d", i);' \
	'	device_create(c, NULL, MKDEV(1, i), NULL, "d%d", i);' \
	'	device_create(c, p, t, x, y);' '}' \
	>"$scratch/shapes/insert-before-format.c"
printf '%s\n' 'static void h(int i)' '{' \
	'	device_create(c, NULL, MKDEV(1, i), NULL, "d%d", i);' \
	'	device_create(c, NULL, MKDEV(1, i), NULL, "d%d", i);' \
	'	device_create(c, p, t, x, y);' '}' \
	>"$scratch/shapes/insert-before-format.expected"
shape insert-before-format
check "generated: a literal format tells the form where a void * could take it" \
	'[ $? -eq 0 ]' || show "$scratch/diff"
(cd "$scratch/shapes" && "$SPATCH" --sp-file "$scratch/insert-before-format.cocci" \
	-D report --no-includes --include-headers --smpl-spacing --very-quiet \
	insert-before-format.c) >"$scratch/report" 2>"$scratch/err"
check "generated: report names the old call and the ambiguous one, not the new" \
	'[ "$(grep -c "^insert-before-format.c:3:.*pass NULL as drvdata$" "$scratch/report")" -eq 1 ] &&
	 [ "$(grep -c "^insert-before-format.c:5:.*cannot decide" "$scratch/report")" -eq 1 ] &&
	 [ "$(wc -l <"$scratch/report")" -eq 2 ]' || show "$scratch/report"

# a hand-written override wins, for apply and for kmigrate cocci
make_migration override frob 'int frob(int a)' 'int frob(int a, int b)' '$1 0' \
	'cocci: mine.cocci'
printf '%s\n' '// hand-written' 'virtual patch' >"$data/semantic-patches/override/mine.cocci"
KMIGRATE_DATADIR=$data "$KMIGRATE" --migration override cocci >"$scratch/out" 2>&1
check "a migration's own .cocci (cocci:) is what kmigrate cocci prints" \
	'cmp -s "$scratch/out" "$data/semantic-patches/override/mine.cocci"'

# a file name spatch's own shell commands would run (in $HOME)
hostile=$scratch/hostile
mkdir -p "$hostile/drivers/x" "$scratch/home"
cp -R "$MINI/include" "$hostile/"
cp "$MINI/arch/i386/kernel/msr.c" "$hostile/drivers/x/\$(cd;touch PWNED) a.c"
HOME=$scratch/home "$KMIGRATE" cocci --mode report "$hostile" \
	>"$scratch/report" 2>"$scratch/err"
check "cocci --mode report: a hostile file name is reported as it is, and runs nothing" \
	'grep -q "^drivers/x/\$(cd;touch PWNED) a.c:26:" "$scratch/report" &&
	 [ ! -e "$scratch/home/PWNED" ]'
test_done
