# shellcheck shell=bash
# lib.sh - what every end-to-end test tests/t-*.sh shares: the environment,
# the numbered result lines, the closing line and exit status.
#
# A test script begins
#
#	#!/bin/bash
#	# t-NAME.sh - what it tests
#	. "$(dirname "$0")/lib.sh"
#
# and gets "set -u" and the variables "make check" exports to it, with
# defaults for a run by hand:
#	SRCDIR		the repository root (the directory above this file)
#	KMIGRATE	the binary under test ($SRCDIR/kmigrate)
#	TMPDIR		scratch space (/tmp); run-tests.sh gives each script
#			a fresh one
#	XDG_CACHE_HOME	always $TMPDIR/xdg-cache, so kmigrate's result
#			cache never reads or fills the user's real one
#
# One line per test case, numbered by the counter n ("failed" counts the
# failures):
#	ok DESC			"ok N - DESC"
#	not_ok DESC [FILE]	"not ok N - DESC", then the first 30 lines
#				of FILE as "#   ..." comments
#	skip DESC REASON	"ok N - DESC # SKIP REASON"
#	todo DESC REASON	"not ok N - DESC # TODO REASON": an expected
#				failure, which does not fail the script
#	check DESC CONDITION	eval CONDITION; "ok", or "not ok" and
#				status 1 (so "check ... || show FILE").
#				CONDITION is eval'd first, so it may test
#				the $? of the command just before check.
#				A failure prints what the condition saw:
#				the condition, the $? it was given, and
#				each variable it names with its value (a
#				file's first 5 lines instead, as for "$out"
#				and "$err"); with check_shows=FILE set, FILE's
#				first 5 lines too (the command's stderr, say).
#	test_done		the closing "1..N"; its status is 0 only when
#				no case failed, so a script ends with it (one
#				that prints no plan ends [ "$failed" -eq 0 ])
#
# And helpers:
#	show FILE [LINES [INDENT]]	the first LINES (10) lines of FILE
#				as "# INDENT..." comments; nothing for an
#				empty or missing FILE; status 0
#	make_scratch		a fresh directory $scratch under TMPDIR
#				(absolute), removed when the script exits
#	uncached_scratch	what a test of generated trees begins with:
#				KMIGRATE_NO_CACHE=1 and LC_ALL=C exported
#				(every run really runs, in one locale),
#				make_scratch, $mini the 2.6.14 fixture tree,
#				$out and $err files in $scratch, and
#				check_shows=$err
#	case_directive FILE NAME	the VALUE of a line "...check-NAME: VALUE"
#				in FILE, a case of tests/validation.sh
#	case_block FILE NAME	the lines between "check-NAME-start" and
#				"check-NAME-end" in FILE, less the comment
#				prefix before "check-" (validation.sh)
#	diag_join FILE		FILE with each diagnostic on one line: a
#				line indented by 8 or more blanks (a
#				continuation, migrator/lib/diag.h) joined to
#				the line before it with one blank
#	diag_bad_lines FILE	the lines of FILE that break diag.h's form:
#				wider than 100 columns, or neither
#				"FILE:LINE:COL: error|warning|note: ..."
#				(after a prefix of blanks) nor a
#				continuation ("... and N more findings"
#				aside); nothing when every line keeps it
#	fake_spatch_head REAL	the first lines of a fake spatch script,
#				on stdout: "--version" goes to REAL; then
#				$input is the file of a run on one file,
#				$groups the list of a batch's (a list on
#				stdin, a batch started early, is kept in
#				$tmp, its --temp-files directory, and handed
#				on as a file), $files the files either way
#	expected_tree		the path of the 2.6.14 tree after the correct
#				conversion, built once per script from
#				tree-fixtures/linux-2.6.14-mini and
#				expected-conversion.patch (status 1 if that
#				patch does not apply)
#
# tests/run-tests.sh counts the lines "ok ...", "not ok ..." and the
# "# TODO" among them; a script's own helpers must print through these.

set -u
SRCDIR=${SRCDIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
KMIGRATE=${KMIGRATE:-$SRCDIR/kmigrate}
: "${TMPDIR:=/tmp}"
export XDG_CACHE_HOME="$TMPDIR/xdg-cache"
n=0 failed=0
check_shows=

ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}

not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
	[ $# -lt 2 ] || show "$2" 30 "  "
}

skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

todo() {
	n=$((n + 1))
	echo "not ok $n - $1 # TODO $2"
}

check() {
	local rc=$?

	if _status "$rc"; eval "$2"; then
		ok "$1"
	else
		not_ok "$1"
		check_explain "$2" "$rc"
		[ -z "$check_shows" ] || show "$check_shows" 5
		return 1
	fi
}

_status() {
	return "$1"
}

# check_explain CONDITION RC: the comments below a failed check, without
# running anything the condition runs
check_explain() {
	local name value seen=" "

	printf '#   condition: %s\n' "$(printf '%s' "$1" | tr '\n\t' '  ' |
		tr -s ' ' | cut -c 1-80)"
	case $1 in
	*'$?'*) printf '#   $? was %s\n' "$2" ;;
	esac
	for name in $(printf '%s\n' "$1" |
		grep -o '\$[{]*[A-Za-z_][A-Za-z0-9_]*' | tr -d '{$'); do
		case $seen in *" $name "*) continue ;; esac
		seen="$seen$name "
		case $name in
		SRCDIR | KMIGRATE | KMIGRATE_PLAIN | TMPDIR | scratch) continue ;;
		esac
		[ -n "${!name+set}" ] || continue
		value=${!name}
		if [ -f "$value" ]; then
			printf '#   $%s is %s:\n' "$name" "$value"
			show "$value" 5 "    "
		else
			printf '#   $%s=%s\n' "$name" \
				"$(printf '%s' "$value" | head -n 5 | cut -c 1-80 |
					sed '2,$s/^/#     /')"
		fi
	done
}

test_done() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
}

show() {
	[ -s "$1" ] && sed -n "1,${2:-10}s/^/# ${3:-}/p" "$1"
	return 0
}

make_scratch() {
	scratch=$(mktemp -d "$TMPDIR/$(basename "$0" .sh).XXXXXX") || exit 2
	scratch=$(cd "$scratch" && pwd)
	trap 'rm -rf "$scratch"' EXIT
}

uncached_scratch() {
	export KMIGRATE_NO_CACHE=1
	export LC_ALL=C
	make_scratch
	mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini
	out=$scratch/out err=$scratch/err
	check_shows=$err
}

fake_spatch_head() {
	cat <<END_OF_HEAD
#!/bin/bash
[ "\$1" = --version ] && exec "$1" --version
input= groups= tmp= prev=
for arg in "\$@"; do
	[ "\$prev" = --file-groups ] && groups=\$arg
	[ "\$prev" = --temp-files ] && tmp=\$arg
	prev=\$arg
done
[ -z "\$groups" ] && input=\$prev
if [ "\$groups" = /dev/stdin ]; then	# a batch started early: keep its list
	groups=\$tmp/groups.in
	cat >"\$groups"
	set -- "\${@:1:\$((\$# - 1))}" "\$groups"
fi
files=\$input
[ -n "\$groups" ] && files=\$(grep . "\$groups")
END_OF_HEAD
}

expected_tree() {
	local dir=$TMPDIR/linux-2.6.14-expected

	if [ ! -d "$dir" ]; then
		rm -rf "$dir.tmp"
		cp -a "$SRCDIR/tree-fixtures/linux-2.6.14-mini" "$dir.tmp" &&
		# no repository above the copy may take the patch's paths
		(cd "$dir.tmp" && GIT_CEILING_DIRECTORIES=$TMPDIR git apply -p1 \
			"$SRCDIR/tree-fixtures/expected-conversion.patch") &&
		mv "$dir.tmp" "$dir" || return 1
	fi
	printf '%s\n' "$dir"
}

# case_directive FILE NAME: the value of "check-NAME: VALUE" in FILE
case_directive() {
	sed -n "s/^.*check-$2: *//p" "$1" | head -n 1
}

# case_block FILE NAME: the lines between check-NAME-start and check-NAME-end
case_block() {
	awk -v key="check-$2" '
	$0 ~ key "-end" { inside = 0 }
	inside {
		if (substr($0, 1, length(prefix)) == prefix)
			$0 = substr($0, length(prefix) + 1)
		else if ($0 == bare)
			$0 = ""
		print
	}
	$0 ~ key "-start" {
		inside = 1
		prefix = substr($0, 1, index($0, key) - 1)
		bare = prefix
		sub(/[ \t]+$/, "", bare)
	}' "$1"
}

# diag_join FILE: each diagnostic on one line
diag_join() {
	awk '/^        / && NR > 1 { sub(/^ +/, ""); line = line " " $0; next }
	     NR > 1 { print line }
	     { line = $0 }
	     END { if (NR) print line }' "$1"
}

# diag_bad_lines FILE: the lines that break diag.h's form
diag_bad_lines() {
	LC_ALL=C awk 'length($0) > 100 { print; next }
	     /^        / { next }
	     /^ *[^ :][^:]*:[0-9]+:[0-9]+: (error|warning|note): / { next }
	     /^\.\.\. and [0-9]+ more findings$/ { next }
	     { print }' "$1"
}

