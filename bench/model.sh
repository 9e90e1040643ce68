#!/bin/bash
# bench/model.sh - how the driver-core model's time grows with the
# scenario: each shape at two sizes, the time of one `kmigrate model` run
# of each, and the ratio time(big)/time(small).  The model is linear when
# that ratio is about the ratio of the scenario sizes (10 for 10k and 100k
# statements).  Not run by make check.
#
#	bench/model.sh
#
# The shapes (issue 11, item 13):
#   devices	N `device` lines with distinct paths
#   groups	N creates in one class, each with an attribute group
#   path	one `device` line with a path of N components, used by a create
#   chain	class devices nested N deep (the scenario's size grows as N^2:
#		the ratio to compare with is the size ratio, printed too)
#
# Environment: KMIGRATE (default ./kmigrate, an optimised build), RUNS
# (runs of each case, the fastest counts; default 1), TIMEOUT (seconds a
# run may take before it is stopped and reported as "> TIMEOUT"; default
# 600), SIZES_STMT (default "10000 100000"), SIZES_CHAIN (default
# "1000 3000").  The load average before and after is printed too: other
# work on the machine slows every figure down.
set -u
export LC_ALL=C
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
KMIGRATE=${KMIGRATE:-$SRCDIR/kmigrate}
RUNS=${RUNS:-1}
TIMEOUT=${TIMEOUT:-600}
SIZES_STMT=${SIZES_STMT:-10000 100000}
SIZES_CHAIN=${SIZES_CHAIN:-1000 3000}

die() {
	echo "bench/model.sh: $*" >&2
	exit 2
}

[ -x "$KMIGRATE" ] || die "no kmigrate binary at '$KMIGRATE' (run make)"
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT

# gen SHAPE N FILE: write the scenario
gen() {
	case $1 in
	devices)
		awk -v n="$2" 'BEGIN {
			for (i = 0; i < n; i++)
				printf "device bus%d/dev%d\n", i % 64, i
		}' ;;
	groups)
		awk -v n="$2" 'BEGIN {
			print "class c"
			for (i = 0; i < n; i++)
				printf "create c d%d devt=1:%d\ngroup c/d%d g\n",
					i, i % 1048576, i
		}' ;;
	path)
		awk -v n="$2" 'BEGIN {
			printf "class c\ndevice "
			for (i = 0; i < n; i++)
				printf "%s%d", i ? "/" : "", i % 10
			printf "\ncreate c x device="
			for (i = 0; i < n; i++)
				printf "%s%d", i ? "/" : "", i % 10
			printf "\n"
		}' ;;
	chain)
		awk -v n="$2" 'BEGIN {
			print "class c"
			print "create c n0"
			path = "c/n0"
			for (i = 1; i < n; i++) {
				printf "create c n%d parent=%s\n", i, path
				path = path "/n" i
			}
		}' ;;
	esac >"$3"
}

# seconds of the fastest of RUNS runs, or "> TIMEOUT"
time_run() {
	local i start end best=
	for ((i = 0; i < RUNS; i++)); do
		start=$(date +%s.%N)
		timeout "$TIMEOUT" "$KMIGRATE" model --check-leaks "$1" \
			>/dev/null 2>"$work/err"
		status=$?
		end=$(date +%s.%N)
		if [ $status -eq 124 ]; then
			echo "> $TIMEOUT"
			return
		fi
		[ $status -le 1 ] || echo "bench/model.sh: warning: exit $status on $1: $(head -n 1 "$work/err")" >&2
		best=$(awk -v b="$best" -v s="$start" -v e="$end" 'BEGIN {
			t = e - s; if (b == "" || t < b) b = t; printf "%.3f", b }')
	done
	echo "$best"
}

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

load_before=$(load)
echo "bench/model.sh: $KMIGRATE model, fastest of $RUNS run(s)"
printf '  %-8s %10s %10s %10s %10s %8s %8s\n' shape small big \
	"t(small)" "t(big)" ratio size-x
for shape in devices groups path chain; do
	if [ $shape = chain ]; then sizes=$SIZES_CHAIN; else sizes=$SIZES_STMT; fi
	set -- $sizes
	gen $shape "$1" "$work/small.scn"
	gen $shape "$2" "$work/big.scn"
	t1=$(time_run "$work/small.scn")
	t2=$(time_run "$work/big.scn")
	b1=$(wc -c <"$work/small.scn") b2=$(wc -c <"$work/big.scn")
	ratio=$(awk -v a="$t1" -v b="$t2" 'BEGIN {
		if (a ~ />/ || b ~ />/ || a <= 0) print "-"
		else printf "%.1f", b / a }')
	printf '  %-8s %10s %10s %9ss %9ss %8s %8s\n' $shape "$1" "$2" \
		"$t1" "$t2" "$ratio" \
		"$(awk -v a="$b1" -v b="$b2" 'BEGIN { printf "%.1f", b / a }')"
done
echo "  load average $load_before before, $(load) after"
echo "  ratio: t(big)/t(small); size-x: bytes(big)/bytes(small); linear means ratio ~ size-x"
