#!/bin/bash
# t-model.sh - `kmigrate model` end to end: the properties the model must
# show, on the scenarios of tests/model/.
#
# Each tests/model/NAME.scn is also a case of tests/validation.sh: its
# command line, exit status, stdout and stderr are written in it
# (check-command, check-exit-value, check-output, check-error), and
# t-validation.sh compares them.  This script runs a scenario the same
# way, "cd tests/model && $KMIGRATE model ARGS NAME.scn", and tests what
# the whole output must show.
. "$(dirname "$0")/lib.sh"
SCN=$SRCDIR/tests/model

out=$TMPDIR/model.out err=$TMPDIR/model.err

# run NAME.scn with the arguments of its check-command; sets status
run_scenario() {
	local args
	args=$(case_directive "$SCN/$1.scn" command)
	args=${args#kmigrate model }
	args=${args%\$file}
	# shellcheck disable=SC2086 # ARGS are words
	(cd "$SCN" && "$KMIGRATE" model $args "$1.scn") >"$out" 2>"$err"
	status=$?
}

# the expected stdout of NAME.scn, in $TMPDIR/NAME.want
want() {
	case_block "$SCN/$1.scn" output >"$TMPDIR/$1.want"
	printf '%s\n' "$TMPDIR/$1.want"
}

# the cover letter's listing, when the seed patches are at hand
seeds=${KM_SEEDS:-$SRCDIR/../shared/seeds}
cover=$(ls "$seeds"/001-cover-*.txt 2>/dev/null | head -n 1)
run_scenario desktop
if [ -n "$cover" ]; then
	sed -n '/^\$ tree/,/^`-- mice/p' "$cover" | tail -n +2 >"$TMPDIR/cover.tree"
	check "desktop --tree input is the cover letter's listing, byte for byte" \
		'[ $status -eq 0 ] && [ -s "$TMPDIR/cover.tree" ] && cmp -s "$out" "$TMPDIR/cover.tree"'
else
	skip "desktop --tree input is the cover letter's listing" \
		"no seed patches in '$seeds'"
fi

"$KMIGRATE" model --tree input - <"$SCN/desktop.scn" >"$out" 2>"$err"
check "'-' reads the scenario from stdin" \
	'[ $? -eq 0 ] && cmp -s "$out" "$(want desktop)" && [ ! -s "$err" ]'

run_scenario uevents
check "the add event of event2 has the nested DEVPATH" \
	'grep -q "^add /class/input/input3/event2 .*DEVPATH=/class/input/input3/event2 " "$out"'
check "the class hotplug runs for input3, not for class_device_create()'s event2" \
	'[ "$(grep -c "CLASS_HOTPLUG=1.*hotplug=class$" "$out")" -eq 2 ] &&
	 ! grep "/event2 " "$out" | grep -q "CLASS_HOTPLUG\|hotplug=class$"'

run_scenario null-class
check "'create - NAME' reports -ENODEV and exits 1" \
	'[ $status -eq 1 ] && grep -q "^null-class.scn:9: error: .*logrec.* failed: -ENODEV$" "$err"'

run_scenario old-form
cp "$out" "$TMPDIR/old.out"
run_scenario new-form
check "the old and the new entry point leave the same tree and uevents" \
	'[ -s "$out" ] && cmp -s "$out" "$TMPDIR/old.out"'

run_scenario device-old
cp "$out" "$TMPDIR/device-old.out"
run_scenario device-new
check "device_create() in the 2.6.18 and the 2.6.27 form leave the same tree and uevents" \
	'[ -s "$out" ] && cmp -s "$out" "$TMPDIR/device-old.out"'
check "a device without a parent lives in /sys/devices/virtual/CLASS" \
	'grep -q "^|-- console -> ../../devices/virtual/tty/console$" "$out"'

run_scenario device-teardown
check "devices torn down in any order, the class first, leave nothing alive" \
	'[ $status -eq 0 ] && [ ! -s "$err" ] &&
	 [ "$(grep -c "^add " "$out")" -eq "$(grep -c "^remove " "$out")" ]'

run_scenario device-errors
check "'device-create - NAME' reports -ENODEV, a taken dev_t -EEXIST" \
	'[ $status -eq 1 ] && grep -q "^device-errors.scn:9: error: .*-ENODEV$" "$err" &&
	 grep -q "^device-errors.scn:12: error: .*ttyS1.* -EEXIST$" "$err"'

run_scenario class-create
check "class_create() with a NULL name fails with -ENOMEM in both forms" \
	'[ "$(grep -c "class_create .-. failed: -ENOMEM$" "$err")" -eq 2 ]'
check "--check-leaks lists a class with its owner" \
	'grep -q "^class ./class/snd. (refs 1, registered, owner snd_mod)$" "$err"'

run_scenario desktop-teardown
check "tearing the desktop down leaves nothing alive" \
	'[ $status -eq 0 ] && [ ! -s "$err" ]'

run_scenario orphans
check "--check-leaks exits 1 and lists what is left" \
	'[ $status -eq 1 ] && grep -q "5 objects still alive" "$err" &&
	 grep -q "input3.*unregistered" "$err"'

plain=${KMIGRATE_PLAIN:-$KMIGRATE}
if ! command -v valgrind >/dev/null 2>&1; then
	skip "the teardown is clean under valgrind" "valgrind not installed"
elif [ ! -x "$plain" ] || ldd "$plain" 2>/dev/null | grep -q libasan; then
	skip "the teardown is clean under valgrind" "no uninstrumented binary"
else
	(cd "$SCN" && valgrind -q --leak-check=full --error-exitcode=99 \
		"$plain" model --uevents --check-leaks desktop-teardown.scn) \
		>"$out" 2>"$err"
	status=$?
	check "the teardown is clean under valgrind --leak-check=full" \
		'[ $status -eq 0 ] && cmp -s "$out" "$(want desktop-teardown)"'
	[ $status -eq 0 ] || sed 's/^/# /' "$err"
	(cd "$SCN" && valgrind -q --leak-check=full --error-exitcode=99 \
		"$plain" model --tree input --check-leaks orphans.scn) \
		>"$out" 2>"$err"
	status=$?
	check "leftover objects are freed under valgrind too" \
		'[ $status -eq 1 ]'
	(cd "$SCN" && valgrind -q --leak-check=full --error-exitcode=99 \
		"$plain" model --uevents --check-leaks device-teardown.scn) \
		>"$out" 2>"$err"
	status=$?
	check "the device teardown is clean under valgrind --leak-check=full" \
		'[ $status -eq 0 ] && cmp -s "$out" "$(want device-teardown)"'
fi

# the command line
"$KMIGRATE" model --help >"$out" 2>"$err"
check "--help prints the usage on stdout and exits 0" \
	'[ $? -eq 0 ] && grep -q "^usage: kmigrate model" "$out" && [ ! -s "$err" ]'
"$KMIGRATE" model --bogus "$SCN/desktop.scn" >"$out" 2>"$err"
status=$?
check "an unknown option exits 2 with one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && [ ! -s "$out" ]'
"$KMIGRATE" model >"$out" 2>"$err"
status=$?
check "no scenario exits 2 with one line" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ]'
"$KMIGRATE" model "$TMPDIR/no-such.scn" >"$out" 2>"$err"
status=$?
check "an unreadable scenario exits 2 with one line naming it" \
	'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] && grep -q "no-such.scn" "$err"'
"$KMIGRATE" model --tree >"$out" 2>"$err"
status=$?
check "--tree without a class exits 2" '[ $status -eq 2 ]'

test_done
