#!/bin/bash
# tests/style.sh - "make style": kmigrate's own C sources against the
# project's .clang-format and the kernel's checkpatch.pl.  Run by .ci/run
# after make check; not a test of kmigrate's behaviour.
#
#	tests/style.sh [FILE...]	(default: every .c and .h we write)
#
# clang-format --dry-run --Werror --style=file: a file that differs from
# what clang-format would make of it fails, with clang-format's own
# message for the first lines that differ ("make style-fix" rewrites them).
#
# checkpatch.pl --no-tree -f at 80 columns: any ERROR or WARNING fails,
# and so does a line longer than 80 columns (checkpatch's LONG_LINE and
# LONG_LINE_COMMENT, which -f reports only with --strict; the other
# checks --strict adds are not ours).  A line whose excess is a string
# literal passes, as checkpatch allows (LONG_LINE_STRING), so that
# messages stay greppable.
#
# A function longer than MAX_FUNCTION lines between its braces fails,
# each named with its file, line and length.
# The types in IGNORE below are the kernel's rules that do not fit a
# user-space program; each says why.  checkpatch.pl comes from, in order:
# $CHECKPATCH; scripts/checkpatch.pl of the real tree of "make realtree";
# a copy kept in $KMIGRATE_CACHE/checkpatch/ that this script extracts
# once from Debian's linux-source-6.1 package (downloaded with apt-get
# download when the cache has no .deb).  It is run with perl, never from
# inside a tree's own working copy.
#
# Exit 0 when every file passes, 1 when one does not, 2 when a tool
# cannot be found or fetched (one line says which).
PROG=style.sh
. "$(dirname "$0")/realtree/lib.sh"
cd "$SRCDIR" || exit 2

IGNORE=(
	# GPL-2.0 SPDX lines are the kernel's convention, not a rule here
	SPDX_LICENSE_TAG
	# user space: no <linux/compiler.h> for __printf(), __packed, ...
	PREFER_DEFINED_ATTRIBUTE_MACRO
	# sig_atomic_t flags set by signal handlers must be volatile
	VOLATILE
	# kernel API conventions that user-space code does not follow
	ENOSYS
	AVOID_EXTERNS
	NEW_TYPEDEFS
	# user-visible messages are split at 80 columns like git's
	SPLIT_STRING
	STRING_FRAGMENTS
	MISSING_SPACE
	QUOTED_WHITESPACE_BEFORE_NEWLINE
	# messages name the function ("%s: ..." with __func__ is not ours)
	EMBEDDED_FUNCTION_NAME
	# a file's own name in its header comment, as STYLE.md asks
	EMBEDDED_FILENAME
	# printf's %p is not the kernel's %pX
	VSPRINTF_POINTER_EXTENSION
	# the option and test macros (OPT_*, CU_ASSERT wrappers) are
	# expressions or declarations, not statements
	COMPLEX_MACRO
	MULTISTATEMENT_MACRO_USE_DO_WHILE
	TRAILING_SEMICOLON
	MACRO_WITH_FLOW_CONTROL
	# static const char tables of the usage lines
	STATIC_CONST_CHAR_ARRAY
	# "if ((fd = open(...)) < 0)" as git writes it
	ASSIGN_IN_IF
	# an else after return that reads as two cases
	UNNECESSARY_ELSE
)

MAX_FUNCTION=70

# the functions of these files longer than MAX_FUNCTION lines: a
# definition begins at column 0 and has its braces on their own lines
long_functions() {
	awk -v max=$MAX_FUNCTION '
	FNR == 1 { head = 0; body = 0 }
	!body && /^[A-Za-z_].*\(/ && !/;[ \t]*$/ { head = FNR; name = $0 }
	!body && head && /;[ \t]*$/ { head = 0 }
	head && /^\{/ { body = FNR }
	body && /^\}/ {
		if (FNR - body - 1 > max) {
			sub(/\(.*/, "", name)
			sub(/.*[ *]/, "", name)
			printf "%s:%d: function %s() is %d lines (more than %d)\n",
				FILENAME, head, name, FNR - body - 1, max
		}
		head = 0
		body = 0
	}' "$@"
}

sources() {
	if [ $# -gt 0 ]; then
		printf '%s\n' "$@"
	else
		ls migrator/*.[ch] migrator/*/*.[ch] migrator/*/*/*.[ch] \
			core-model/*.[ch] tests/*.[ch] tests/*/test-*.c \
			tests/*/*/test-*.c bench/*.c 2>/dev/null
	fi
}

# the checkpatch.pl to run, extracting it from the package when needed
find_checkpatch() {
	local dir=$KMIGRATE_CACHE/checkpatch deb tmp

	if [ -n "${CHECKPATCH:-}" ]; then
		[ -f "$CHECKPATCH" ] || die "CHECKPATCH '$CHECKPATCH' is not a file"
		echo "$CHECKPATCH"
		return
	fi
	if [ -f "$TREE/scripts/checkpatch.pl" ]; then
		echo "$TREE/scripts/checkpatch.pl"
		return
	fi
	if [ -f "$dir/checkpatch.pl" ]; then
		echo "$dir/checkpatch.pl"
		return
	fi
	mkdir -p "$KMIGRATE_CACHE" || die "cannot create '$KMIGRATE_CACHE'"
	check_cache_place
	deb=$(find_deb)
	if [ -z "$deb" ]; then
		echo "$PROG: fetching checkpatch.pl from Debian's $PACKAGE" >&2
		download >&2
		deb=$(find_deb)
	fi
	tmp=$(mktemp -d "$KMIGRATE_CACHE/.checkpatch.XXXXXX") ||
		die "cannot write into the cache '$KMIGRATE_CACHE'"
	staging=$tmp
	(
		set -o pipefail
		dpkg-deb --fsys-tarfile "$deb" |
			tar -xO "./usr/src/$PACKAGE.tar.xz" |
			tar -xJ -C "$tmp" --strip-components=2 \
				"$PACKAGE/scripts/checkpatch.pl" \
				"$PACKAGE/scripts/spelling.txt" \
				"$PACKAGE/scripts/const_structs.checkpatch"
	) || die "cannot extract checkpatch.pl from '$deb'"
	rm -rf "$dir" && mv "$tmp" "$dir" ||
		die "cannot write into the cache '$KMIGRATE_CACHE'"
	staging=
	echo "$dir/checkpatch.pl"
}

staging=
trap '[ -z "$staging" ] || rm -rf "$staging"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mapfile -t files < <(sources "$@")
[ ${#files[@]} -gt 0 ] || die "no sources to check"
command -v clang-format >/dev/null ||
	die "cannot run 'clang-format'; install it with" \
	    "'apt-get install clang-format'"
command -v perl >/dev/null ||
	die "cannot run 'perl'; install it with 'apt-get install perl'"
checkpatch=$(find_checkpatch) || exit 2

status=0
unformatted=0
for f in "${files[@]}"; do
	if ! clang-format --dry-run --Werror --style=file "$f" \
		>/dev/null 2>&1; then
		unformatted=$((unformatted + 1))
		clang-format --dry-run --Werror --style=file "$f" 2>&1 |
			head -n 6
	fi
done
if [ $unformatted -gt 0 ]; then
	echo "clang-format: $unformatted of ${#files[@]} files differ" \
	     "from .clang-format (make style-fix rewrites them)"
	status=1
else
	echo "clang-format: ${#files[@]} files as .clang-format has them"
fi

ignore=$(IFS=,; echo "${IGNORE[*]}")
report=$(perl "$checkpatch" --no-tree --no-summary --terse --show-types \
	--strict --max-line-length=80 --ignore "$ignore" -f "${files[@]}" 2>&1 |
	awk '!/: CHECK:/ || /: CHECK:LONG_LINE(_COMMENT)?:/')
# --strict leaves the cache of its CamelCase check in the current directory
rm -f .checkpatch-camelcase.*
if [ -n "$report" ]; then
	echo "$report"
	echo "checkpatch.pl: $(echo "$report" | grep -c ': \(ERROR\|WARNING\|CHECK\):')" \
	     "findings in ${#files[@]} files ($checkpatch)"
	status=1
else
	echo "checkpatch.pl: ${#files[@]} files clean ($checkpatch)"
fi

long=$(long_functions "${files[@]}")
if [ -n "$long" ]; then
	echo "$long"
	echo "functions: $(echo "$long" | wc -l) longer than $MAX_FUNCTION" \
	     "lines in ${#files[@]} files"
	status=1
else
	echo "functions: none longer than $MAX_FUNCTION lines in" \
	     "${#files[@]} files"
fi
exit $status
