#!/bin/bash
# bench/scale.sh - how scan's and check's time grows with one file
# (issue 30): ten times the calls in one file, ten times the nesting
# depth of an argument, each timed at both sizes with the ratio
# time(big)/time(small) beside the target (at most 12: linear, with a
# margin), and a file with an expression of many terms, which must end
# as an error on that file, never a crash or a hang.  Not run by make
# check; the correctness side is tests/t-scale-limits.sh.
#
#	bench/scale.sh
#
# The inputs, written fresh in a temporary directory: a tree holding
# include/linux/device.h (the old prototype of class_device_create(),
# the default migration's function) and one file drivers/x/*.c of
#   calls	N old-form calls in one function (SIZES_CALLS)
#   depth	one call whose argument nests N parentheses deep (SIZES_DEPTH)
#   terms	one call whose argument is a sum of N terms (TERMS)
#
# Environment: KMIGRATE (default ./kmigrate), KMIGRATE_BEFORE (a second
# binary, an older build say, run side by side in the same run: its
# figures are printed beside), RUNS (runs of each case, the fastest
# counts; default 1), TIMEOUT (seconds a run may take before it is
# stopped and shown as ">TIMEOUT"; default 300), SIZES_CALLS (default
# "4000 40000"), SIZES_DEPTH (default "100 1000"), TERMS (default
# 50000).  Each run is -j 1 with an empty result cache.  The load
# average before and after is printed: other work on the machine slows
# every figure down.  A bench, not a test: the exit status is 0; the
# last line counts the targets met.
set -u
export LC_ALL=C
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
. "$SRCDIR/tests/gen-deep.sh"
KMIGRATE=${KMIGRATE:-$SRCDIR/kmigrate}
KMIGRATE_BEFORE=${KMIGRATE_BEFORE:-}
RUNS=${RUNS:-1}
TIMEOUT=${TIMEOUT:-300}
SIZES_CALLS=${SIZES_CALLS:-4000 40000}
SIZES_DEPTH=${SIZES_DEPTH:-100 1000}
TERMS=${TERMS:-50000}
TARGET=12
met=0 targets=0

say() { echo "bench/scale.sh: $*" >&2; }

[ -x "$KMIGRATE" ] || { say "no kmigrate binary at '$KMIGRATE' (run make)"
			exit 0; }
if [ -n "$KMIGRATE_BEFORE" ] && [ ! -x "$KMIGRATE_BEFORE" ]; then
	say "no binary at KMIGRATE_BEFORE '$KMIGRATE_BEFORE'"
	exit 0
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/kmigrate-scale.XXXXXX") || exit 0
trap 'rm -rf "$work"' EXIT

# tree DIR: the tree's header, with the old prototype
tree() {
	mkdir -p "$1/include/linux" "$1/drivers/x"
	cat >"$1/include/linux/device.h" <<'EOF'
#define NULL ((void *)0)
struct class;
struct device;
struct class_device;
typedef unsigned int dev_t;
struct class_device *class_device_create(struct class *cls, dev_t devt,
					 struct device *device, char *fmt, ...);
EOF
}

# gen SHAPE N DIR: the tree of one file of that shape and size (the
# deep arguments are tests/gen-deep.sh's)
gen() {
	local arg

	tree "$3"
	{
		printf '#include <linux/device.h>\n\n'
		printf 'extern struct class *c;\n\nvoid f(int a)\n{\n'
		case $1 in
		calls)
			awk -v n="$2" 'BEGIN {
				for (i = 0; i < n; i++)
					printf "\tclass_device_create(c, %d, " \
					       "NULL, \"x%%d\", %d);\n", i, i
			}' ;;
		depth | terms)
			arg=$(deep_expr "$([ "$1" = depth ] && echo nest ||
				echo terms)" "$2")
			printf '\tclass_device_create(c, %s, NULL, "x");\n' \
				"$arg" ;;
		esac
		printf '}\n'
	} >"$3/drivers/x/$1.c"
}

# run BIN CMD DIR: the fastest of RUNS runs in seconds, ">TIMEOUT", or
# "crash" when it died of a signal; its stderr's first line in $work/why
run() {
	local bin=$1 cmd=$2 dir=$3 i start end best="" t status
	for ((i = 0; i < RUNS; i++)); do
		rm -rf "$work/cache"
		start=$EPOCHREALTIME
		XDG_CACHE_HOME=$work/cache timeout "$TIMEOUT" \
			"$bin" -q -j 1 "$cmd" "$dir" >"$work/out" 2>"$work/err"
		status=$?
		end=$EPOCHREALTIME
		head -n 1 "$work/err" | cut -c1-100 >"$work/why"
		[ $status -eq 124 ] && { echo ">$TIMEOUT"; return; }
		[ $status -gt 128 ] && { echo "crash($status)"; return; }
		t=$(echo "$start $end" | awk '{ printf "%.3f", $2 - $1 }')
		best=$(echo "$best $t" | awk '{
			print ($1 == "" || $2 < $1) ? $NF : $1 }')
	done
	echo "$best"
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/) print "?"
		else printf "%.1f\n", a / (b > 0.001 ? b : 0.001) }'
}

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

bins=("$KMIGRATE")
labels=("")
if [ -n "$KMIGRATE_BEFORE" ]; then
	bins=("$KMIGRATE_BEFORE" "$KMIGRATE")
	labels=("before: " "after:  ")
fi

# grow SHAPE SMALL BIG: both sizes, scan and check, with the ratios
grow() {
	local shape=$1 small=$2 big=$3 cmd b ts tb r verdict
	gen "$shape" "$small" "$work/$shape-$small"
	gen "$shape" "$big" "$work/$shape-$big"
	for cmd in scan check; do
		for b in "${!bins[@]}"; do
			ts=$(run "${bins[$b]}" "$cmd" "$work/$shape-$small")
			tb=$(run "${bins[$b]}" "$cmd" "$work/$shape-$big")
			r=$(ratio "$tb" "$ts")
			verdict=$(awk -v r="$r" -v t=$TARGET 'BEGIN {
				print (r != "?" && r <= t) ? "PASS" : "FAIL" }')
			if [ $((b + 1)) -eq ${#bins[@]} ]; then
				targets=$((targets + 1))
				[ "$verdict" = PASS ] && met=$((met + 1))
			fi
			printf '  %s%-6s %-5s %6s -> %-6s %9s s -> %9s s = %6s' \
				"${labels[$b]}" "$cmd" "$shape" "$small" \
				"$big" "$ts" "$tb" "$r"
			printf '  (target <= %s)  %s\n' $TARGET "$verdict"
		done
	done
}

# one file's expression of TERMS terms: an error on it, no crash
terms() {
	local cmd b t verdict
	gen terms "$TERMS" "$work/terms"
	for cmd in scan check; do
		for b in "${!bins[@]}"; do
			t=$(run "${bins[$b]}" "$cmd" "$work/terms")
			verdict=PASS
			case $t in
			crash* | ">"*) verdict=FAIL ;;
			esac
			if [ $((b + 1)) -eq ${#bins[@]} ]; then
				targets=$((targets + 1))
				[ "$verdict" = PASS ] && met=$((met + 1))
			fi
			printf '  %s%-6s terms  %6s: %9s s  %s  %s\n' \
				"${labels[$b]}" "$cmd" "$TERMS" "$t" "$verdict" \
				"$(cat "$work/why")"
		done
	done
}

echo "bench/scale.sh: one file, -j 1, fastest of $RUNS," \
     "load average $(load)"
set -- $SIZES_CALLS
grow calls "$1" "$2"
set -- $SIZES_DEPTH
grow depth "$1" "$2"
terms
echo "  load average after: $(load)"
echo "bench/scale.sh: $met of $targets targets met"
exit 0
