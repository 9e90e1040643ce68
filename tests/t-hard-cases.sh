#!/bin/bash
# t-hard-cases.sh - scan, apply and check on the hard-cases fixture tree.
#
# The tree is tree-fixtures/hard-cases (one file per case a naive tool gets
# wrong: macros, #ifdef, comments in arguments, CRLF, Latin-1, binary and
# empty files, shadowing, ...); the outcomes every command must produce are
# written in tree-fixtures/hard-cases.expected (its README.md says why).
#
# Environment: KMIGRATE is the binary under test (default $SRCDIR/kmigrate),
# SRCDIR the repository root (default: the one holding this script), TMPDIR
# scratch space.  Prints one "ok N - ..." / "not ok N - ..." line per case,
# with "# ..." diagnostics after a failure.  A missing binary or a command
# kmigrate does not know fails every case that needs it; only a missing
# spatch skips the apply and check cases.  Exits 0 unless a case fails.
export LC_ALL=C

. "$(dirname "$0")/lib.sh"
FIXTURE=$SRCDIR/tree-fixtures/hard-cases
EXPECTED=$SRCDIR/tree-fixtures/hard-cases.expected
NAME=class_device_create

make_scratch
TREE=$scratch/tree

SCAN_CASES=("scan lists every occurrence as scan.txt says"
	    "scan notes the binary file, nothing else")
APPLY_CASES=("apply exits 1: some calls are left"
	     "apply converts exactly the files under apply/"
	     "apply reports every call it leaves (apply-left.txt)"
	     "apply's reports: compiler form, 100 columns, shadowed a note"
	     "apply again changes nothing")
CHECK_CASES=("check --format text reports check.txt"
	     "check --format text: each line within 100 columns, compiler form"
	     "check --format json reports check.txt")

# check_empty DESCRIPTION DIAGNOSTIC-FILE: pass when the file is empty
check_empty () {
	if [ -s "$2" ]; then
		not_ok "$1" "$2"
	else
		ok "$1"
	fi
}

# run_km NAME ARGS...: run kmigrate; output in $scratch/NAME.{out,err,rc}
run_km () {
	local name=$1
	shift
	"$KMIGRATE" "$@" >"$scratch/$name.out" 2>"$scratch/$name.err"
	echo $? >"$scratch/$name.rc"
}

# missing NAME COMMAND: print why the command cannot be tested, if so;
# "SKIP ..." when the reason is a missing spatch, not kmigrate
missing () {
	local rc
	rc=$(cat "$scratch/$1.rc")
	if [ "$rc" = 2 ] && grep -qiE 'not a kmigrate command|unknown command' \
			"$scratch/$1.err"; then
		echo "kmigrate has no '$2' command"
	elif [ "$rc" = 2 ] && ! command -v spatch >/dev/null &&
			grep -q spatch "$scratch/$1.err"; then
		echo "SKIP spatch is not installed"
	fi
}

# expected_file REL: the file REL should be after apply
expected_file () {
	if [ -f "$EXPECTED/apply/$1" ]; then
		echo "$EXPECTED/apply/$1"
	else
		echo "$FIXTURE/$1"
	fi
}

# tree_files DIR: the relative paths of the regular files under DIR
tree_files () {
	(cd "$1" && find . -type f | sed 's|^\./||' | sort)
}

# is_binary FILE: holds a NUL byte
is_binary () {
	! tr -d '\000' <"$1" | cmp -s - "$1"
}

# count_names FILE: how many whole-word occurrences of the name
count_names () {
	grep -ow "$NAME" "$1" | wc -l
}

# name_at FILE LINE COL: is the name a whole word at that byte position?
name_at () {
	local text before after
	text=$(sed -n "$2p" "$1")
	[ "${text:$(($3 - 1)):${#NAME}}" = "$NAME" ] || return 1
	after=${text:$(($3 - 1 + ${#NAME})):1}
	before=
	[ "$3" -gt 1 ] && before=${text:$(($3 - 2)):1}
	case "$before$after" in
	*[A-Za-z0-9_]*)
		return 1 ;;
	esac
	return 0
}

# ---- self-checks of the written outcomes: need no kmigrate command ----

self_check_fixture () {
	local diag=$scratch/diag f
	: >"$diag"
	[ -f "$FIXTURE/drivers/hard/empty.c" ] &&
		[ ! -s "$FIXTURE/drivers/hard/empty.c" ] ||
		echo "drivers/hard/empty.c is not an empty file" >>"$diag"
	is_binary "$FIXTURE/drivers/hard/blob.c" ||
		echo "drivers/hard/blob.c has no NUL byte" >>"$diag"
	for f in drivers/hard/crlf.c apply/drivers/hard/crlf.c; do
		case $f in
		apply/*) f=$EXPECTED/$f ;;
		*) f=$FIXTURE/$f ;;
		esac
		if grep -qv $'\r$' "$f" || [ "$(tail -c 1 "$f")" != "" ]; then
			echo "$f: a line does not end in CR LF" >>"$diag"
		fi
	done
	for f in "$FIXTURE" "$EXPECTED/apply"; do
		grep -q $'\xe9' "$f/drivers/hard/latin1.c" ||
			echo "$f/drivers/hard/latin1.c lost its Latin-1 bytes" \
				>>"$diag"
	done
	awk 'length($0) > 2000 { found = 1 } END { exit !found }' \
		"$FIXTURE/drivers/hard/long-line.c" ||
		echo "drivers/hard/long-line.c has no line over 2000 bytes" \
			>>"$diag"
	check_empty "self-check: fixture bytes intact (empty, NUL, CRLF,\
 Latin-1, long line)" "$diag"
}

self_check_scan () {
	local diag=$scratch/diag f line col kind want got
	: >"$diag"
	sort -t: -k1,1 -k2,2n -k3,3n -c "$EXPECTED/scan.txt" 2>>"$diag"
	while IFS=: read -r f line col kind; do
		kind=${kind# }
		kind=${kind%% *}
		if [ ! -f "$FIXTURE/$f" ]; then
			echo "scan.txt: no file '$f'" >>"$diag"
		elif ! name_at "$FIXTURE/$f" "$line" "$col"; then
			echo "scan.txt: $f:$line:$col is not at the name" \
				>>"$diag"
		fi
		case $kind in
		old|new|ambiguous|comment|string|declaration|definition|\
reference|shadowed) ;;
		*) echo "scan.txt: $f:$line:$col: bad kind '$kind'" >>"$diag" ;;
		esac
	done <"$EXPECTED/scan.txt"
	# every whole-word occurrence in a text source is listed, no more
	tree_files "$FIXTURE" | grep -E '\.[ch]$' | while read -r f; do
		is_binary "$FIXTURE/$f" && continue
		want=$(count_names "$FIXTURE/$f")
		got=$(grep -c "^$f:" "$EXPECTED/scan.txt")
		[ "$want" = "$got" ] ||
			echo "scan.txt: $f has $want occurrences, lists $got" \
				>>"$diag"
	done
	check_empty "self-check: scan.txt sorted, complete, each LINE:COL at\
 the name" "$diag"
}

self_check_outcomes () {
	local diag=$scratch/diag f line col rest kind
	: >"$diag"
	while IFS=: read -r f line col rest; do
		kind=$(grep "^$f:$line:$col: " "$EXPECTED/scan.txt" |
			cut -d' ' -f2)
		case "${rest# }:$kind" in
		ambiguous:ambiguous|shadowed:shadowed|macro:old) ;;
		*) echo "apply-left.txt: $f:$line:$col:$rest vs scan" \
			"kind '$kind'" >>"$diag" ;;
		esac
	done <"$EXPECTED/apply-left.txt"
	while IFS=: read -r f line rest; do
		# a file-level finding (binary-file) names no call
		if is_binary "$FIXTURE/$f"; then
			echo "$rest" | grep -qE '^ error \[binary-file\]$' ||
				echo "check.txt: $f:$line:$rest: binary" \
					>>"$diag"
			continue
		fi
		name_at "$(expected_file "$f")" "$line" \
			"$(sed -n "${line}p" "$(expected_file "$f")" |
			   awk -v n="$NAME" '{ print index($0, n) }')" ||
			echo "check.txt: $f:$line has no call" >>"$diag"
		echo "$rest" | grep -qE '^ (error|warning|note) \[[a-z-]+\]$' ||
			echo "check.txt: $f:$line:$rest: bad format" >>"$diag"
	done <"$EXPECTED/check.txt"
	tree_files "$EXPECTED/apply" | while read -r f; do
		if [ ! -f "$FIXTURE/$f" ]; then
			echo "apply/$f: not in the fixture tree" >>"$diag"
		elif cmp -s "$FIXTURE/$f" "$EXPECTED/apply/$f"; then
			echo "apply/$f: same as the original" >>"$diag"
		elif [ "$(count_names "$FIXTURE/$f")" != \
		       "$(count_names "$EXPECTED/apply/$f")" ]; then
			echo "apply/$f: number of occurrences changed" >>"$diag"
		fi
	done
	check_empty "self-check: apply-left.txt, check.txt and apply/ agree\
 with the tree" "$diag"
}

# ---- the commands ----

test_scan () {
	local why diag=$scratch/diag
	run_km scan scan "$TREE"
	why=$(missing scan scan)
	if [ -n "$why" ]; then
		for c in "${SCAN_CASES[@]}"; do
			not_ok "$c ($why)" "$scratch/scan.err"
		done
		return
	fi
	if [ "$(cat "$scratch/scan.rc")" != 0 ]; then
		not_ok "${SCAN_CASES[0]} (exit $(cat "$scratch/scan.rc"))" \
			"$scratch/scan.err"
	else
		diff -u "$EXPECTED/scan.txt" "$scratch/scan.out" >"$diag"
		check_empty "scan lists every occurrence as scan.txt says" \
			"$diag"
	fi
	grep -E '^kmigrate: (note|warning): ' "$scratch/scan.err" |
		sort >"$scratch/notes"
	sort "$EXPECTED/scan-notes.txt" | diff -u - "$scratch/notes" >"$diag"
	check_empty "scan notes the binary file, nothing else" "$diag"
}

# compare_tree DIR: every file of DIR is as apply must leave it
compare_tree () {
	local f diag=$scratch/diag
	: >"$diag"
	tree_files "$FIXTURE" >"$scratch/files.want"
	tree_files "$1" >"$scratch/files.got"
	diff "$scratch/files.want" "$scratch/files.got" >>"$diag"
	while read -r f; do
		[ -f "$1/$f" ] || continue
		cmp "$(expected_file "$f")" "$1/$f" >>"$diag" 2>&1
	done <"$scratch/files.want"
}

test_apply () {
	local why rc f line col rest kind diag=$scratch/diag
	run_km apply apply --in-place "$TREE"
	why=$(missing apply apply)
	case $why in
	"")
		;;
	SKIP*)
		for f in "${APPLY_CASES[@]}" "${CHECK_CASES[@]}"; do
			skip "$f" "${why#SKIP }"
		done
		return 2
		;;
	*)
		for f in "${APPLY_CASES[@]}"; do
			not_ok "$f ($why)" "$scratch/apply.err"
		done
		return 1
		;;
	esac
	rc=$(cat "$scratch/apply.rc")
	if [ "$rc" = 1 ]; then
		ok "apply exits 1: some calls are left"
	else
		not_ok "apply exits 1: some calls are left (exit $rc)" \
			"$scratch/apply.err"
	fi
	compare_tree "$TREE"
	check_empty "apply converts exactly the files under apply/" "$diag"
	: >"$diag"
	while IFS=: read -r f line col _; do
		grep -qF "$f:$line:$col" "$scratch/apply.err" ||
			echo "not reported: $f:$line:$col" >>"$diag"
	done <"$EXPECTED/apply-left.txt"
	check_empty "apply reports every call it leaves (apply-left.txt)" \
		"$diag"
	diag_bad_lines "$scratch/apply.err" |
		grep -Ev '^(apply|kmigrate): ' >"$diag"
	diag_join "$scratch/apply.err" >"$scratch/apply.text"
	while IFS=: read -r f line col rest; do
		case $rest in
		" shadowed") kind=note ;;
		*) kind=warning ;;
		esac
		grep -q "^$f:$line:$col: $kind: not converted ${rest# }" \
			"$scratch/apply.text" ||
			echo "not a $kind: $f:$line:$col" >>"$diag"
	done <"$EXPECTED/apply-left.txt"
	check_empty "${APPLY_CASES[3]}" "$diag"
	rm -rf "$scratch/applied"
	cp -a "$TREE" "$scratch/applied"
	run_km apply2 apply --in-place "$TREE"
	diff -rq "$scratch/applied" "$TREE" >"$diag" 2>&1
	check_empty "apply again changes nothing" "$diag"
	return 0
}

# check_tuples FORMAT: FILE:LINE: SEVERITY [RULE] lines of check's output
check_tuples () {
	if [ "$1" = text ]; then
		diag_join "$scratch/check-text.out" |
		sed -nE 's/^([^:]+):([0-9]+):[0-9]+: '\
'(error|warning|note): [^[]*\[([a-z-]+)\]( .*)?$/\1:\2: \3 [\4]/p'
	elif command -v jq >/dev/null; then
		jq -r '.findings[] |
		       "\(.file):\(.line): \(.severity) [\(.rule)]"' \
			"$scratch/check-json.out"
	else
		awk 'BEGIN { RS = "}" }
		function field(obj, key,	v, sp) {
			sp = "[ \t\n]*"
			if (!match(obj, "\"" key "\"" sp ":" sp \
				   "(\"[^\"]*\"|[0-9]+)"))
				return ""
			v = substr(obj, RSTART, RLENGTH)
			sub("^\"[^\"]*\"" sp ":" sp, "", v)
			gsub(/"/, "", v)
			return v
		}
		/"rule"/ {
			print field($0, "file") ":" field($0, "line") ": " \
				field($0, "severity") " [" field($0, "rule") "]"
		}' "$scratch/check-json.out"
	fi
}

test_check () {
	local format desc why rc diag=$scratch/diag
	for format in text json; do
		desc="check --format $format reports check.txt"
		run_km "check-$format" check --format "$format" "$TREE"
		why=$(missing "check-$format" check)
		if [ -n "$why" ]; then
			not_ok "$desc ($why)" "$scratch/check-$format.err"
			continue
		fi
		rc=$(cat "$scratch/check-$format.rc")
		if [ "$rc" != 1 ]; then
			not_ok "$desc (exit $rc, want 1)" \
				"$scratch/check-$format.err"
			continue
		fi
		check_tuples "$format" | sort -u >"$scratch/tuples"
		sort -u "$EXPECTED/check.txt" |
			diff -u - "$scratch/tuples" >"$diag"
		check_empty "$desc" "$diag"
		[ "$format" = text ] || continue
		diag_bad_lines "$scratch/check-text.out" >"$diag"
		grep -q '^        [^ ]' "$scratch/check-text.out" ||
			echo "no detail on an indented line" >>"$diag"
		check_empty "${CHECK_CASES[1]}" "$diag"
	done
}

self_check_fixture
self_check_scan
self_check_outcomes

if ! cp -a "$FIXTURE" "$TREE"; then
	not_ok "copy the fixture tree"
	exit 1
fi

if [ ! -x "$KMIGRATE" ]; then
	for c in "${SCAN_CASES[@]}" "${APPLY_CASES[@]}" "${CHECK_CASES[@]}"
	do
		not_ok "$c (no binary '$KMIGRATE')"
	done
else
	test_scan
	test_apply
	case $? in
	0)
		test_check
		;;
	1)
		for c in "${CHECK_CASES[@]}"; do
			not_ok "$c (apply could not run)"
		done
		;;
	esac
fi

test_done
