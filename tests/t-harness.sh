#!/bin/bash
# t-harness.sh - the model harness (tree-fixtures/harness/) on the fixture
# trees: the unconverted tree on the old API and the expected conversion on
# the nested API register the same class devices, and the hand-written
# conversion loses exactly vmlogrdr's.
#
# Runs tree-fixtures/harness/run-harness.sh on linux-2.6.14-mini
# (--old-api), the expected tree (tests/lib.sh) and a scratch copy of the mini tree
# with hand-conversion.patch applied, then compares the reports section by
# section (their format is in tree-fixtures/harness/README.md).  When the
# compiler supports it, one more run is built with AddressSanitizer and
# UBSan.  Needs gcc, make, git (or patch), awk, diff.
# shellcheck disable=SC2016 # the conditions of check are eval'd
. "$(dirname "$0")/lib.sh"
FIXTURES=$SRCDIR/tree-fixtures
HARNESS=$FIXTURES/harness/run-harness.sh
MINI=$FIXTURES/linux-2.6.14-mini
EXPECTED=$(expected_tree) || exit 1
SAN_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
SAN_FLAGS="$SAN_FLAGS -fno-omit-frame-pointer"

make_scratch
export LC_ALL=C

# section FILE TITLE: the lines of one section of a report
section() {
	awk -v title="# $2" '/^# / { on = ($0 == title); next } on' "$1"
}

# The report with what may differ between equivalent trees taken out: the
# line numbers of the per-call log; each sysfs line gets its class in
# front, so that a difference names its class.
normalize() {
	awk '
	/^# / { sec = $0; print; next }
	sec == "# calls" { sub(/:[0-9]+: /, ": ") }
	sec == "# sysfs after the inits" {
		if ($0 ~ /^\/sys\/class\//)
			cls = $0
		else
			$0 = cls " " $0
	}
	{ print }' "$1"
}

# run NAME TREE [OPTION...]: the report in $scratch/NAME.out
run() {
	local name=$1 tree=$2

	shift 2
	"$HARNESS" "$tree" "$@" --out "$scratch/$name.out" \
		2>"$scratch/$name.err"
	eval "${name}_status=\$?"
}

# every FILE:LINE of a report's per-call log is the line of a call's name
NAME_RE='(^|[^A-Za-z0-9_])class_device_create([^A-Za-z0-9_]|$)'
names_lines() {
	section "$1" calls | cut -d: -f1,2 | sort -u |
		while IFS=: read -r file line; do
			sed -n "${line}p" "$2/$file" | grep -Eq "$NAME_RE" ||
				echo "$file:$line"
		done >"$scratch/bad-lines"
	show "$scratch/bad-lines"
	[ ! -s "$scratch/bad-lines" ]
}

# empty_class NAME: the hand tree's /sys/class/NAME/ is there, and empty
empty_class() {
	section "$scratch/hand.out" "sysfs after the inits" |
		awk -v dir="/sys/class/$1/" '
		/^\/sys\/class\// { on = ($0 == dir); found += on; next }
		on { entries++ }
		END { exit !(found == 1 && !entries) }'
}

# --- the command line ---------------------------------------------------

"$HARNESS" >"$scratch/usage.out" 2>"$scratch/usage.err"
check "run-harness.sh without a tree exits 2 with a usage line" \
	'[ $? -eq 2 ] && grep -q "^usage: " "$scratch/usage.err"'

# --- the unconverted tree, old API; the expected tree, nested API -------

stamp=$scratch/stamp
touch "$stamp"
sleep 1
# a relative tree from another directory: the script finds its own files
(cd "$FIXTURES" && "$HARNESS" linux-2.6.14-mini --old-api \
	--out "$scratch/old.out" 2>"$scratch/old.err")
old_status=$?
check "the mini tree builds and runs on the old API" "[ $old_status -eq 0 ]" ||
	show "$scratch/old.err"
run new "$EXPECTED"
check "the expected tree builds and runs on the nested API" \
	'[ $new_status -eq 0 ]' || show "$scratch/new.err"

find "$MINI" "$EXPECTED" "$FIXTURES/harness" -newer "$stamp" \
	>"$scratch/written"
check "the harness writes nothing into the repository" \
	'[ ! -s "$scratch/written" ]' || show "$scratch/written"

check "the old API registers 98 class devices (72 calls) in 45 classes" \
	'section "$scratch/old.out" summary | grep -qx \
	 "calls 98 call-sites 72 registered 98 failed 0 classes 45"' ||
	show "$scratch/old.out"
check "no object is left after the exits, on either API" \
	'grep -qx "# live objects 0" "$scratch/old.out" &&
	 grep -qx "# live objects 0" "$scratch/new.out"'

section "$scratch/old.out" "sysfs after the inits" >"$scratch/old.sysfs"
section "$scratch/new.out" "sysfs after the inits" >"$scratch/new.sysfs"
check "the sysfs trees are identical" \
	'[ -s "$scratch/old.sysfs" ] &&
	 diff "$scratch/old.sysfs" "$scratch/new.sysfs" >"$scratch/diff"' ||
	show "$scratch/diff"

for which in inits exits; do
	section "$scratch/old.out" "uevents of the $which" >"$scratch/old.ue"
	section "$scratch/new.out" "uevents of the $which" >"$scratch/new.ue"
	check "the uevents of the $which are identical" \
		'[ -s "$scratch/old.ue" ] &&
		 diff "$scratch/old.ue" "$scratch/new.ue" >"$scratch/diff"' ||
		show "$scratch/diff"
done

section "$scratch/old.out" calls >"$scratch/old.calls"
section "$scratch/new.out" calls >"$scratch/new.calls"
check "the per-call logs register the same, in the same order" \
	'diff <(cut -d" " -f2- "$scratch/old.calls") \
	      <(cut -d" " -f2- "$scratch/new.calls") >"$scratch/diff"' ||
	show "$scratch/diff"
check "each registration comes from the same file" \
	'diff <(cut -d: -f1 "$scratch/old.calls") \
	      <(cut -d: -f1 "$scratch/new.calls") >"$scratch/diff"' ||
	show "$scratch/diff"

check "each logged line is the line of the call's name (mini)" \
	'names_lines "$scratch/old.out" "$MINI"'
check "each logged line is the line of the call's name (expected)" \
	'names_lines "$scratch/new.out" "$EXPECTED"'

# files whose conversion adds lines: only there may later calls move
awk '/^\+\+\+ b\// { file = substr($0, 7); next }
     /^\+/ { plus[file]++ } /^-/ && !/^--- / { minus[file]++ }
     END { for (f in plus) if (plus[f] > minus[f]) print f }' \
	"$FIXTURES/expected-conversion.patch" | sort >"$scratch/growing"
paste -d' ' <(cut -d: -f1,2 "$scratch/old.calls" | tr : ' ') \
	<(cut -d: -f2 "$scratch/new.calls") |
	awk '$2 != $3' >"$scratch/moved"
moved_ok() {
	[ -s "$scratch/moved" ] && awk '$3 < $2 { exit 1 }' "$scratch/moved" &&
		cut -d' ' -f1 "$scratch/moved" | sort -u |
		comm -23 - "$scratch/growing" >"$scratch/bad" &&
		[ ! -s "$scratch/bad" ]
}
check "line numbers differ only after calls that gain lines, and only down" \
	moved_ok || show "$scratch/moved"

check "the reports are identical but for the line numbers of the calls" \
	'diff <(normalize "$scratch/old.out") <(normalize "$scratch/new.out") \
	 >"$scratch/diff"' || show "$scratch/diff"

# the per-call log's two forms (tree-fixtures/harness/README.md)
CALL_RE='^[^ :]+:[0-9]+: (/sys/class/[^ ]+ dev=[0-9]+:[0-9]+ '
CALL_RE=$CALL_RE'device=(-|/sys/devices/[^ ]*)|error (-?[A-Z0-9]+|NULL))$'
check "the per-call log has the documented format" \
	'! grep -Ev "$CALL_RE" "$scratch/old.calls" "$scratch/new.calls" \
	 >"$scratch/bad"' ||
	show "$scratch/bad"

# --- the hand-written conversion ----------------------------------------

hand=$scratch/hand
cp -R "$MINI" "$hand"
if (cd "$hand" && git apply -p1 "$FIXTURES/hand-conversion.patch" ||
	patch -s -p1 <"$FIXTURES/hand-conversion.patch") \
	>"$scratch/apply.err" 2>&1; then
	ok "hand-conversion.patch applies to a copy of the mini tree"
	run hand "$hand"
	check "the hand-converted tree builds and runs on the nested API" \
		'[ $hand_status -eq 0 ]' || show "$scratch/hand.err"
	check "the compiler warns about the vmlogrdr call's parent argument" \
		'grep "^drivers/s390/char/vmlogrdr.c:[0-9]*:[0-9]*: warning: " \
		 "$scratch/hand.err" | grep -q "incompatible pointer type"'
	check "its vmlogrdr calls log error -ENODEV, and nothing else does" \
		'[ "$(section "$scratch/hand.out" calls | grep " error ")" = \
		   "drivers/s390/char/vmlogrdr.c:67: error -ENODEV" ]' ||
		section "$scratch/hand.out" calls | grep " error " |
		sed 's/^/# /'
	check "/sys/class/vmlogrdr has no devices" 'empty_class vmlogrdr'
	check "it registers 96 class devices in 45 classes and leaks nothing" \
		'section "$scratch/hand.out" summary | grep -qx \
		 "calls 97 call-sites 72 registered 96 failed 1 classes 45" &&
		 grep -qx "# live objects 0" "$scratch/hand.out"' ||
		section "$scratch/hand.out" summary | sed 's/^/# /'
	diff <(normalize "$scratch/new.out" | sed "/^# summary$/{n;d}") \
		<(normalize "$scratch/hand.out" | sed "/^# summary$/{n;d}") |
		grep '^[<>]' >"$scratch/hand.diff"
	check "it differs from the expected tree exactly at vmlogrdr" \
		'[ -s "$scratch/hand.diff" ] &&
		 ! grep -v vmlogrdr "$scratch/hand.diff" >"$scratch/bad"' ||
		show "$scratch/bad"
else
	not_ok "hand-conversion.patch applies to a copy of the mini tree"
	show "$scratch/apply.err"
fi

# --- the sanitizer build ------------------------------------------------

echo 'int main(void) { return 0; }' >"$scratch/san.c"
# shellcheck disable=SC2086
if gcc $SAN_FLAGS -o "$scratch/san" "$scratch/san.c" 2>/dev/null &&
	"$scratch/san"; then
	HARNESS_CFLAGS=$SAN_FLAGS run asan "$MINI" --old-api
	check "with ASan and UBSan the mini tree runs clean, same report" \
		'[ $asan_status -eq 0 ] &&
		 cmp -s "$scratch/old.out" "$scratch/asan.out"' ||
		{ grep -v "^ " "$scratch/asan.err" >"$scratch/bad"
		  show "$scratch/bad"; }
else
	skip "with ASan and UBSan the mini tree runs clean, same report" \
		"the compiler cannot build with $SAN_FLAGS"
fi

test_done
