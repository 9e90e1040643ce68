#!/bin/bash
# bench/apply.sh - how long "kmigrate scan" and "kmigrate apply" take on a
# tree, beside one "spatch --dir" run of the same semantic patch with the
# same options, and the ratios.  Not run by make check.
#
#	bench/apply.sh [TREE]		(default: tree-fixtures/linux-2.6.14-mini)
#
# Environment: KMIGRATE (default ./kmigrate), RUNS (timed runs of each
# command after one warm-up, default 5), JOBS (default: processors).
# Uses hyperfine when it is installed, else a loop over date +%s.%N.
# apply prints its diff to /dev/null: the tree is never written.  The
# load average before and after is printed too: other work on the
# machine slows every figure down.
set -u
export LC_ALL=C
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
KMIGRATE=${KMIGRATE:-$SRCDIR/kmigrate}
TREE=${1:-$SRCDIR/tree-fixtures/linux-2.6.14-mini}
RUNS=${RUNS:-5}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}
COCCI=$SRCDIR/semantic-patches/class-device-parent/class_device_create.cocci

die() {
	echo "bench/apply.sh: $*" >&2
	exit 2
}

[ -x "$KMIGRATE" ] || die "no kmigrate binary at '$KMIGRATE' (run make)"
[ -d "$TREE" ] || die "no tree at '$TREE'"
command -v spatch >/dev/null ||
	die "cannot run 'spatch'; install it with 'apt-get install coccinelle'"
OPTIONS=$(sed -n 's|^// Options:||p' "$COCCI")

names=("kmigrate scan" "kmigrate apply" "spatch --dir")
commands=(
	"'$KMIGRATE' -q -j $JOBS scan '$TREE' >/dev/null"
	"'$KMIGRATE' -q -j $JOBS apply '$TREE' >/dev/null"
	"spatch --sp-file '$COCCI' -D patch $OPTIONS --very-quiet -j $JOBS --dir '$TREE' >/dev/null 2>&1"
)

# mean seconds of RUNS runs of a shell command, after one warm-up run
time_loop() {
	local i start end total=0
	sh -c "$1" || echo "bench/apply.sh: warning: '$1' exited $?" >&2
	for ((i = 0; i < RUNS; i++)); do
		start=$(date +%s.%N)
		sh -c "$1"
		end=$(date +%s.%N)
		total=$(echo "$total $start $end" | awk '{ print $1 + $3 - $2 }')
	done
	echo "$total $RUNS" | awk '{ printf "%.3f\n", $1 / $2 }'
}

# the 1, 5 and 15 minute load averages
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

load_before=$(load)
means=()
if command -v hyperfine >/dev/null; then
	csv=$(mktemp) || exit 2
	trap 'rm -f "$csv"' EXIT
	hyperfine --warmup 1 --runs "$RUNS" --export-csv "$csv" \
		"${commands[@]}" >&2 || die "hyperfine failed"
	while IFS=, read -r _ mean _; do
		means+=("$(printf '%.3f' "$mean")")
	done < <(tail -n +2 "$csv")
	how="hyperfine"
else
	for c in "${commands[@]}"; do
		means+=("$(time_loop "$c")")
	done
	how="date +%s.%N"
fi

echo "bench/apply.sh: ${TREE#$SRCDIR/}, mean of $RUNS runs ($how), -j $JOBS"
echo "  load average $load_before before, $(load) after"
for i in "${!names[@]}"; do
	printf '  %-26s %8s s\n' "${names[$i]}" "${means[$i]}"
done
awk -v scan="${means[0]}" -v apply="${means[1]}" -v dir="${means[2]}" 'BEGIN {
	printf "  %-26s %8.2f\n", "apply / spatch --dir", apply / dir
	printf "  %-26s %8.3f\n", "scan / spatch --dir", scan / dir
}'
