#!/bin/bash
# run-harness.sh - build the drivers of a fixture tree against the core
# model, run their init and exit functions, print what they registered.
#
#   run-harness.sh TREE [--old-api] [--out FILE]
#
# Compiles every .c file of TREE from TREE's root (so __FILE__ is
# "drivers/char/mem.c") with the shim headers of shim/ first on the include
# path, then TREE/include; links them with harness.c and the core-model
# library; runs the program and writes its report (README.md) to FILE or
# stdout.  --old-api compiles the drivers against the 2.6.14 API
# (-DKMIGRATE_OLD_API), the default is the nested API of seed patch 1/8.
#
# Environment:
#   CC                 the compiler (default gcc)
#   HARNESS_CFLAGS     extra flags for every compile and the link, e.g.
#                      "-fsanitize=address,undefined -fno-omit-frame-pointer"
#   HARNESS_MODEL_LIB  a libcoremodel.a to use as it is
#   HARNESS_JOBS       parallel compiles (default: the number of processors)
#   HARNESS_KEEP=1     keep the build directory (its path goes to stderr)
#   TMPDIR             where the build directory goes (default /tmp)
#
# Nothing is written into the repository: without HARNESS_MODEL_LIB the
# library is the repository's build/libcoremodel.a when make says it is up
# to date and HARNESS_CFLAGS is empty, else it is built in the build
# directory with the Makefile's rules (make -C REPO B=DIR).
#
# Compiler diagnostics go to stderr, in path order.  Exit status: 0; 1 when
# the drivers leak (objects alive after the exits) or the harness's own
# check failed (the report is written all the same); 2 for a usage error or
# a tree that does not build; 3 when the program crashed or a sanitizer
# reported an error.
set -u

me=run-harness.sh
die() { echo "$me: $*" >&2; exit 2; }
usage() {
	echo "usage: $me TREE [--old-api] [--out FILE]" >&2
	exit 2
}

HARNESS_DIR=$(cd -P "$(dirname "$0")" && pwd) || exit 2
REPO=$(cd "$HARNESS_DIR/../.." && pwd) || exit 2
CC=${CC:-gcc}
HARNESS_CFLAGS=${HARNESS_CFLAGS:-}

tree='' api='' out=''
while [ $# -gt 0 ]; do
	case $1 in
	--old-api) api=-DKMIGRATE_OLD_API ;;
	--out) [ $# -ge 2 ] || usage; out=$2; shift ;;
	--out=*) out=${1#--out=} ;;
	-h | --help) usage ;;
	-*) echo "$me: unknown option '$1'" >&2; usage ;;
	*) [ -z "$tree" ] || usage; tree=$1 ;;
	esac
	shift
done
[ -n "$tree" ] || usage
[ -d "$tree/include" ] || die "cannot use tree '$tree': no include directory"
tree=$(cd "$tree" && pwd) || exit 2
case $out in
'' | /*) ;;
*) out=$PWD/$out ;;
esac
command -v "$CC" >/dev/null || die "cannot run '$CC': not found in PATH"

work=$(mktemp -d "${TMPDIR:-/tmp}/kmigrate-harness.XXXXXX") ||
	die "cannot create a build directory in '${TMPDIR:-/tmp}'"
if [ "${HARNESS_KEEP:-}" = 1 ]; then
	echo "$me: build directory '$work'" >&2
else
	trap 'rm -rf "$work"' EXIT
fi

# the core-model library, built with HARNESS_CFLAGS when there are any
model_library() {
	if [ -n "${HARNESS_MODEL_LIB:-}" ]; then
		[ -r "$HARNESS_MODEL_LIB" ] ||
			die "cannot read '$HARNESS_MODEL_LIB'"
		lib=$HARNESS_MODEL_LIB
		return
	fi
	if [ -z "$HARNESS_CFLAGS" ] && command -v make >/dev/null &&
		make -q -C "$REPO" --no-print-directory \
		build/libcoremodel.a >/dev/null 2>&1; then
		lib=$REPO/build/libcoremodel.a
		return
	fi
	command -v make >/dev/null || die "cannot run 'make': not found in PATH"
	lib=$work/model/libcoremodel.a
	make -s -C "$REPO" --no-print-directory CC="$CC" B="$work/model" \
		CFLAGS="-O2 -g $HARNESS_CFLAGS" "$lib" >/dev/null ||
		die "cannot build the core-model library"
}

# compile_one FILE: one driver, from the tree's root, into $work/obj (run
# by xargs through bash -c)
# shellcheck disable=SC2317
compile_one() {
	local obj=$work/obj/${1%.c}.o

	mkdir -p "$(dirname "$obj")"
	# shellcheck disable=SC2086 # the flags are words
	$CC -std=gnu11 -O1 -g -Wall -Werror=int-conversion \
		-Werror=implicit-function-declaration $api \
		-I"$HARNESS_DIR/shim" -Iinclude $HARNESS_CFLAGS \
		-MD -MF "$obj.d" -c "$1" -o "$obj" 2>"$obj.err"
}

# headers from outside the tree that a kernel file must not get
foreign_headers() {
	sed -e 's/\\$//' -e 's/^[^:]*://' "$work/obj/${1%.c}.o.d" |
		tr ' ' '\n' | grep -E '^/.*/(linux|asm[^/]*)/' |
		grep -v "^$HARNESS_DIR/" | sort -u
}

compile_tree() {
	local file failed=0 foreign

	(cd "$tree" && find . -name '*.c' -type f) | sed 's|^\./||' |
		LC_ALL=C sort >"$work/files"
	[ -s "$work/files" ] || die "cannot use tree '$tree': no .c file"
	export -f compile_one
	export CC api work HARNESS_DIR HARNESS_CFLAGS
	# shellcheck disable=SC2016 # $1 is bash -c's
	(cd "$tree" && xargs -d '\n' -n 1 -P "$jobs" \
		bash -c 'compile_one "$1"' compile_one <"$work/files")
	while read -r file; do
		cat "$work/obj/${file%.c}.o.err" >&2
		if [ ! -f "$work/obj/${file%.c}.o" ]; then
			failed=$((failed + 1))
			continue
		fi
		foreign=$(foreign_headers "$file" | tr '\n' ' ')
		if [ -n "$foreign" ]; then
			echo "$me: '$file' includes headers from outside" \
				"the tree: ${foreign% }" >&2
			failed=$((failed + 1))
		fi
		echo "$work/obj/${file%.c}.o" >>"$work/objects"
	done <"$work/files"
	[ "$failed" -eq 0 ] ||
		die "cannot build $failed of $(wc -l <"$work/files") files" \
			"of '$tree'"
}

link_harness() {
	# shellcheck disable=SC2086
	$CC -std=gnu11 -O1 -g -Wall -Wextra -Wshadow -Wstrict-prototypes \
		-Wmissing-prototypes -Werror -I"$tree/include" \
		$HARNESS_CFLAGS -c "$HARNESS_DIR/harness.c" \
		-o "$work/harness.o" || die "cannot compile 'harness.c'"
	# shellcheck disable=SC2046,SC2086
	$CC $HARNESS_CFLAGS -o "$work/harness" $(cat "$work/objects") \
		"$work/harness.o" "$lib" -pthread ||
		die "cannot link the drivers of '$tree'"
}

jobs=${HARNESS_JOBS:-$(nproc 2>/dev/null || echo 2)}
model_library
compile_tree
link_harness

# a sanitizer's report stops the run and must not look like a leak
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=3"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}halt_on_error=1:exitcode=3"
export UBSAN_OPTIONS
if [ -n "$out" ]; then
	(cd "$work" && ./harness) >"$out"
else
	(cd "$work" && ./harness)
fi
status=$?
case $status in
0 | 1) exit "$status" ;;
*)
	echo "$me: the harness of '$tree' failed (status $status)" >&2
	exit 3
	;;
esac
