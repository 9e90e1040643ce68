#!/bin/bash
# bench/fuzz-scenario.sh - fuzz the scenario parser and the core model with
# libFuzzer (clang's, from Debian's clang package) under ASan and UBSan,
# seeded with tests/model/*.scn.  Not run by make check.
#
#	bench/fuzz-scenario.sh [SECONDS]	(default 60)
#
# Builds bench/fuzz-scenario.c with the core model into a scratch
# directory, runs it for SECONDS with a dictionary of the language's
# words, and keeps what it finds (crash-*, leak-*, timeout-*) in
# FUZZ_OUT (default: a fresh directory under $TMPDIR, named at the end).
# A finding becomes a case under tests/model/ once fixed.  Exit 0 when
# nothing was found, 1 otherwise, 2 when it cannot run.
set -u
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_TO_RUN=${1:-60}
CLANG=${CLANG:-clang}

command -v "$CLANG" >/dev/null ||
	{ echo "bench/fuzz-scenario.sh: cannot run '$CLANG': not found in PATH" >&2; exit 2; }
work=$(mktemp -d) || exit 2
out=${FUZZ_OUT:-$(mktemp -d)}
mkdir -p "$out" || exit 2
trap 'rm -rf "$work"' EXIT

"$CLANG" -std=gnu11 -D_GNU_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=undefined -I"$SRCDIR/core-model" \
	"$SRCDIR"/core-model/*.c "$SRCDIR/bench/fuzz-scenario.c" \
	-o "$work/fuzz-scenario" ||
	{ echo "bench/fuzz-scenario.sh: cannot build the fuzz target" >&2; exit 2; }

mkdir -p "$work/corpus"
cp "$SRCDIR"/tests/model/*.scn "$work/corpus/"
{
	for w in class device create create-old register group ungroup \
		destroy unregister class-destroy class-create class-create-old \
		device-create device-create-old device-destroy hotplug \
		parent= devt= device= drvdata= owner= '"' '#' ' - ' '/' ':' \
		'4095:1048575' '0:0' 'virtual/c/x' 'c/x/y'; do
		printf '"%s"\n' "$(printf '%s' "$w" | sed 's/["\\]/\\&/g')"
	done
} >"$work/dict"

(cd "$out" && "$work/fuzz-scenario" -max_total_time="$SECONDS_TO_RUN" \
	-timeout=10 -rss_limit_mb=2048 -max_len=4096 -dict="$work/dict" \
	-print_final_stats=1 "$work/corpus") >"$out/fuzz.log" 2>&1
status=$?
grep -E '^(#[0-9]+|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==ERROR|SUMMARY)' \
	"$out/fuzz.log" | tail -n 6
found=$(ls "$out" | grep -E '^(crash|leak|timeout|oom)-' | wc -l)
echo "bench/fuzz-scenario.sh: ${SECONDS_TO_RUN}s, $found finding(s), log and findings in $out"
[ $status -eq 0 ] && [ "$found" -eq 0 ]
