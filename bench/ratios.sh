#!/bin/bash
# bench/ratios.sh - issue 14's targets, as ratios timed side by side:
#
#   apply -j N        <= 0.5 x  spatch --use-gitgrep -j N --dir with the
#                                migration's one-rule bench/cocci/NAME.cocci
#   a second check    <= 0.1 x  the first, on the unchanged tree
#   a second apply    <= 0.1 x  the first, on the unchanged tree
#   check --patch     <= 2   x  check (the patch: apply's own diff)
#   series            <= 1.5 x  apply + check
#   apply's peak RSS  <= 1   x  that hand spatch's (/usr/bin/time %M: the
#                                biggest process of each command's tree)
#   check --base HEAD <= 1   x  the first apply (issue 30): the tree with
#   of the converted             apply's patch applied, uncommitted, in a
#   tree                         shared clone: the check a CI gate runs on
#                                the change (kmigrate-check.md, --base);
#                                when the copy is no git work tree, or git
#                                diff HEAD sees no change there, the full
#                                check, and the line says so
#
# With RATIOS=all the full check of the converted copy is timed too and
# printed for the record ("full check of converted / first apply"),
# with no target.
#
# on the fixture tree (tree-fixtures/linux-2.6.14-mini, class-device-parent)
# and, when it exists, on the real tree ($KMIGRATE_REALTREE, default
# /var/tmp/kmigrate-cache/linux-source-6.1), once per migration of
# REAL_MIGRATIONS (default "class-create-owner strlcpy-strscpy"; a
# migration whose folder holds its api-change.patch runs on a clone of
# the tree with the change committed: platform-remove-void, issue 30's
# goal 4, needs none on 6.1.192, whose platform_device.h has
# .remove_new).  The hand
# spatch runs bench/cocci/NAME.cocci where there is one (a minimal
# one-rule patch), else the migration's own semantic patch as 'kmigrate
# cocci' prints it, with its '// Options:' and, when it has the virtual
# rule, '-D patch', as make coccicheck MODE=patch passes them.  Each pair
# runs RUNS times (default 3), alternating which goes first; the figures
# are medians.  Every "first" run starts from an empty $XDG_CACHE_HOME, so
# only the second run of a pair may reuse a result cache.  series runs with
# --force --no-checkpatch --no-get-maintainer: the tree's own scripts are
# not kmigrate's time.  No tree is written.  A bench, not a test: the exit
# status is 0; the last line counts the targets met.
#
# Environment: KMIGRATE (default ./kmigrate), RUNS, JOBS (default 2),
# KMIGRATE_REALTREE, REAL_MIGRATIONS, BENCH_TREES ("fixture real", the
# default, or either), RATIOS ("all", the default; "issue30": issue
# 30's goal 3 alone, apply against the hand spatch, a second apply,
# the check of the converted tree and the peak memory, all from the
# pair's cold apply, which is then also the first apply and the patch:
# about a third of the time on the real tree; "apply": apply against the
# hand spatch and the peak memory only, issue 30's goal 4),
# SPATCH_TIMEOUT (seconds, default 0: none): a hand spatch still running
# then is stopped, and its time is a bound: "> T", the ratio "< R",
# met when R is (apply took at most R times what spatch took).
set -u
export LC_ALL=C
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
KMIGRATE=${KMIGRATE:-$SRCDIR/kmigrate}
RUNS=${RUNS:-3}
JOBS=${JOBS:-2}
REALTREE=${KMIGRATE_REALTREE:-/var/tmp/kmigrate-cache/linux-source-6.1}
BENCH_TREES=${BENCH_TREES:-fixture real}
REAL_MIGRATIONS=${REAL_MIGRATIONS:-class-create-owner strlcpy-strscpy}
RATIOS=${RATIOS:-all}
SPATCH_TIMEOUT=${SPATCH_TIMEOUT:-0}
TIME=/usr/bin/time
met=0 targets=0

say() { echo "bench/ratios.sh: $*" >&2; }

[ -x "$KMIGRATE" ] || { say "no kmigrate binary at '$KMIGRATE' (run make)"
			exit 0; }
command -v spatch >/dev/null ||
	{ say "cannot run 'spatch': apt-get install coccinelle"; exit 0; }
[ -x "$TIME" ] || { say "no $TIME: apt-get install time"; exit 0; }
work=$(mktemp -d "${TMPDIR:-/tmp}/kmigrate-bench.XXXXXX") || exit 0
trap 'rm -rf "$work"' EXIT

# timed NAME CMD...: run CMD (output to $work/NAME.out, stderr to .err),
# append its seconds to $work/NAME.time and its peak KB to $work/NAME.rss;
# bash's clock, not two date processes, whose forks a 20 ms run would count
timed() {
	local name=$1 start end
	shift
	start=${EPOCHREALTIME:-$(date +%s.%N)}
	"$TIME" -f %M -o "$work/$name.kb" "$@" >"$work/$name.out" \
		2>"$work/$name.err"
	end=${EPOCHREALTIME:-$(date +%s.%N)}
	echo "$start $end" | awk '{ printf "%.3f\n", $2 - $1 }' \
		>>"$work/$name.time"
	tail -n 1 "$work/$name.kb" >>"$work/$name.rss"
}

# median FILE: the median of the numbers in FILE, one a line
median() {
	sort -g "$1" | awk '{ v[NR] = $1 } END {
		if (!NR) { print "?"; exit }
		if (NR % 2) print v[(NR + 1) / 2]
		else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# a fresh, empty result cache for a "first" run
cold() {
	rm -rf "$work/cache"
	mkdir -p "$work/cache"
	export XDG_CACHE_HOME=$work/cache
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "?" || b == "?" || b <= 0) print "?"
		else printf "%.3f\n", a / b }'
}

# report WHAT A B TARGET UNIT: one line, A / B against TARGET, PASS or FAIL
report() {
	local verdict r
	r=$(ratio "$2" "$3")
	targets=$((targets + 1))
	verdict=$(awk -v r="$r" -v t="$4" 'BEGIN {
		print (r != "?" && r <= t) ? "PASS" : "FAIL" }')
	[ "$verdict" = PASS ] && met=$((met + 1))
	printf '  %-34s %9s %-2s / %9s %-2s = %6s  (target <= %s)  %s\n' \
		"$1" "$2" "$5" "$3" "$5" "$r" "$4" "$verdict"
}

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

# hand_spatch TREE: the hand-run spatch, timed; stopped after
# SPATCH_TIMEOUT seconds, which marks its time as a bound
hand_spatch() {
	local limit=()

	[ "$SPATCH_TIMEOUT" -gt 0 ] &&
		limit=(timeout --kill-after=10 "$SPATCH_TIMEOUT")
	# in $work: spatch -j keeps its workers' output in a folder of the
	# current one, which a stopped spatch leaves behind
	(cd "$work" && timed spatch "${limit[@]}" spatch \
		--sp-file "$work/hand.cocci" --use-gitgrep \
		"${spatch_options[@]}" -j "$JOBS" --very-quiet --dir "$1")
	if [ "$SPATCH_TIMEOUT" -gt 0 ] &&
	   grep -Eq "non-zero status (124|137)$" "$work/spatch.kb"; then
		touch "$work/spatch.bound"
		say "the hand spatch was stopped after $SPATCH_TIMEOUT s"
	fi
}

# report_spatch A T TARGET UNIT: report() of apply's A against the
# hand spatch's T; when spatch was stopped, T is a lower bound on its
# time, so A / T is an upper bound on the ratio
report_spatch() {
	local r verdict

	if [ ! -e "$work/spatch.bound" ]; then
		report "apply / hand spatch --dir" "$1" "$2" "$3" "$4"
		return
	fi
	r=$(ratio "$1" "$2")
	targets=$((targets + 1))
	verdict=$(awk -v r="$r" -v t="$3" 'BEGIN {
		print (r != "?" && r <= t) ? "PASS" : "FAIL" }')
	[ "$verdict" = PASS ] && met=$((met + 1))
	printf '  %-34s %9s %-2s / %8s+ %-2s = <%5s  (target <= %s)  %s\n' \
		"apply / hand spatch (stopped)" "$1" "$4" "$2" "$4" "$r" \
		"$3" "$verdict"
}

# hand_cocci MIGRATION: the semantic patch the hand spatch runs, into
# $work/hand.cocci, and its options into the array spatch_options; 1,
# said, when kmigrate cannot give it (the tree is then not benched)
hand_cocci() {
	local cocci=$SRCDIR/bench/cocci/$1.cocci
	if [ -f "$cocci" ]; then
		cp "$cocci" "$work/hand.cocci"
	elif ! "$KMIGRATE" --migration "$1" cocci >"$work/hand.cocci" \
		2>"$work/cocci.err"; then
		say "cannot bench '$1': $(head -n 1 "$work/cocci.err")"
		return 1
	fi
	read -r -a spatch_options < <(sed -n 's|^// Options:||p' \
		"$work/hand.cocci")
	# the mode make coccicheck MODE=patch selects
	if grep -q '^virtual .*\bpatch\b' "$work/hand.cocci"; then
		spatch_options+=(-D patch)
	fi
}

# converted_copy TREE: a copy of TREE with apply's patch ($work/patch)
# applied, in $work/converted (a shared clone when TREE is the top of a
# git work tree, not a folder inside one); conv_base is "--base HEAD"
# when git diff HEAD sees the change in the copy, else empty: the
# converted copy is then checked whole
converted_copy() {
	rm -rf "$work/converted"
	conv_base=
	if [ "$(git -C "$1" rev-parse --show-toplevel 2>/dev/null)" = \
	     "$(cd "$1" && pwd -P)" ]; then
		git clone -q --shared "$1" "$work/converted"
	else
		cp -a "$1" "$work/converted"
	fi
	patch -s -d "$work/converted" -p1 <"$work/patch" ||
		say "warning: apply's patch does not apply to the copy"
	if git -C "$work/converted" rev-parse --git-dir >/dev/null 2>&1 &&
	   ! git -C "$work/converted" diff --quiet HEAD 2>/dev/null; then
		conv_base="--base HEAD"
	else
		say "the converted copy is no git work tree with the change" \
		    "uncommitted: its full check is timed instead of --base"
	fi
}

# check_converted: check --base HEAD of the converted copy, timed as
# "converted", or its full check when conv_base is empty
check_converted() {
	local base=()

	[ -n "$conv_base" ] && base=(--base HEAD)
	timed converted "${km[@]}" check "${base[@]}" "$work/converted"
}

# the name of check_converted()'s line
converted_line() {
	if [ -n "$conv_base" ]; then
		echo "check --base HEAD, converted / apply"
	else
		echo "full check of converted / apply"
	fi
}

# record WHAT A B UNIT: one line, A / B, for the record: no target
record() {
	printf '  %-34s %9s %-2s / %9s %-2s = %6s  (no target)\n' \
		"$1" "$2" "$4" "$3" "$4" "$(ratio "$2" "$3")"
}

# start_tree TREE MIGRATION: the tree the migration starts from, into
# $start: TREE, or, when the migration's folder holds the API change it
# starts from (api-change.patch, as tests/realtree/tree.sh commits it), a
# shared clone of TREE's checked-out commit with that change committed
start_tree() {
	local change=$SRCDIR/semantic-patches/$2/api-change.patch
	start=$1
	[ -f "$change" ] || return 0
	rm -rf "$work/start"
	git clone -q --shared "$1" "$work/start" &&
	git -C "$work/start" -c user.name=bench -c user.email=bench@localhost \
		am -q "$change" && start=$work/start ||
		say "warning: $2's api-change.patch does not apply to $1"
}

# bench_issue30 TREE, after a pair's cold apply (RATIOS=issue30): its
# output is the patch; a second apply on its result cache; a check of
# the converted copy, cold
bench_issue30() {
	timed apply2 "${km[@]}" apply "$1"
	cp "$work/apply.out" "$work/patch"
	converted_copy "$1"
	cold
	check_converted
}

# the ratios of issue 30's goals 3 and 4, from the pair's apply
report_issue30() {
	local t_apply t_spatch t_a2 t_conv m_apply m_spatch
	t_apply=$(median "$work/apply.time")
	t_spatch=$(median "$work/spatch.time")
	t_a2=$(median "$work/apply2.time")
	t_conv=$(median "$work/converted.time")
	m_apply=$(median "$work/apply.rss")
	m_spatch=$(median "$work/spatch.rss")
	report_spatch "$t_apply" "$t_spatch" 0.5 s
	report "second apply / first" "$t_a2" "$t_apply" 0.1 s
	report "$(converted_line)" "$t_conv" "$t_apply" 1 s
	report "apply peak RSS / hand spatch's" "$m_apply" "$m_spatch" 1 KB
}

# bench_tree LABEL TREE MIGRATION
bench_tree() {
	local label=$1 tree=$2 mig=$3 i km spatch_options=() start conv_base=
	km=("$KMIGRATE" -q -j "$JOBS" --migration "$mig")
	hand_cocci "$mig" || return
	start_tree "$tree" "$mig"
	tree=$start

	rm -f "$work"/*.time "$work"/*.rss "$work/spatch.bound"
	echo "bench/ratios.sh: $label: $tree ($mig), -j $JOBS," \
	     "medians of $RUNS, load average $(load)"
	if [ "$RATIOS" = all ]; then
		cold
		"${km[@]}" apply "$tree" >"$work/patch" 2>/dev/null
		converted_copy "$tree"
	fi
	for ((i = 0; i < RUNS; i++)); do
		# apply against the hand spatch, alternating
		if ((i % 2)); then
			hand_spatch "$tree"
			cold; timed apply "${km[@]}" apply "$tree"
		else
			cold; timed apply "${km[@]}" apply "$tree"
			hand_spatch "$tree"
		fi
		[ "$RATIOS" = apply ] && continue
		if [ "$RATIOS" = issue30 ]; then
			bench_issue30 "$tree"
			continue
		fi
		# first and second runs on the unchanged tree
		cold
		timed check1 "${km[@]}" check "$tree"
		timed check2 "${km[@]}" check "$tree"
		cold
		timed apply1 "${km[@]}" apply "$tree"
		timed apply2 "${km[@]}" apply "$tree"
		cold
		check_converted
		if [ -n "$conv_base" ]; then
			cold
			timed convfull "${km[@]}" check "$work/converted"
		fi
		# check --patch against check, alternating
		if ((i % 2)); then
			cold; timed check "${km[@]}" check "$tree"
			cold; timed checkpatch "${km[@]}" check \
				--patch "$work/patch" "$tree"
		else
			cold; timed checkpatch "${km[@]}" check \
				--patch "$work/patch" "$tree"
			cold; timed check "${km[@]}" check "$tree"
		fi
		# series against apply + check (timed above, cold)
		cold
		rm -rf "$work/series"
		timed series "${km[@]}" series --force --no-checkpatch \
			--no-get-maintainer --out "$work/series" "$tree"
	done
	case $RATIOS in
	issue30)
		report_issue30
		echo "  load average after: $(load)"
		return ;;
	apply)
		report_spatch "$(median "$work/apply.time")" \
			"$(median "$work/spatch.time")" 0.5 s
		report "apply peak RSS / hand spatch's" \
			"$(median "$work/apply.rss")" \
			"$(median "$work/spatch.rss")" 1 KB
		echo "  load average after: $(load)"
		return ;;
	esac
	local t_apply t_spatch t_c1 t_c2 t_a1 t_a2 t_check t_cp t_series t_conv
	t_apply=$(median "$work/apply.time")
	t_spatch=$(median "$work/spatch.time")
	t_c1=$(median "$work/check1.time")
	t_c2=$(median "$work/check2.time")
	t_a1=$(median "$work/apply1.time")
	t_a2=$(median "$work/apply2.time")
	t_check=$(median "$work/check.time")
	t_cp=$(median "$work/checkpatch.time")
	t_series=$(median "$work/series.time")
	t_conv=$(median "$work/converted.time")
	local both
	both=$(awk -v a="$t_apply" -v c="$t_check" 'BEGIN {
		printf "%.3f\n", a + c }')
	report_spatch "$t_apply" "$t_spatch" 0.5 s
	report "second check / first" "$t_c2" "$t_c1" 0.1 s
	report "second apply / first" "$t_a2" "$t_a1" 0.1 s
	report "check --patch / check" "$t_cp" "$t_check" 2 s
	report "series / (apply + check)" "$t_series" "$both" 1.5 s
	report "$(converted_line)" "$t_conv" "$t_a1" 1 s
	[ -n "$conv_base" ] &&
		record "full check of converted / apply" \
			"$(median "$work/convfull.time")" "$t_a1" s
	local m_apply m_spatch
	m_apply=$(median "$work/apply.rss")
	m_spatch=$(median "$work/spatch.rss")
	report "apply peak RSS / hand spatch's" "$m_apply" "$m_spatch" 1 KB
	echo "  load average after: $(load)"
}

for t in $BENCH_TREES; do
	case $t in
	fixture)
		bench_tree fixture "$SRCDIR/tree-fixtures/linux-2.6.14-mini" \
			class-device-parent ;;
	real)
		if [ -d "$REALTREE" ]; then
			for m in $REAL_MIGRATIONS; do
				bench_tree "real tree" "$REALTREE" "$m"
			done
		else
			echo "bench/ratios.sh: no real tree at $REALTREE" \
			     "(make realtree): its ratios are not measured"
		fi ;;
	esac
done
echo "bench/ratios.sh: $met of $targets targets met"
exit 0
