#!/bin/bash
# t-security-signals.sh - SIGINT and SIGTERM leave nothing behind, and
# what a SIGKILL leaves is removed by the next run, never used (issue
# 26, point 8).
#
# A fake spatch (or the tree's own scripts/checkpatch.pl, for series
# --checkpatch's staging step) waits until the test sends the signal.  After it: the
# run died of the signal; its scratch directories under TMPDIR, the
# staging directory beside --out and any temporary file in the tree are
# gone; the tree and a previous series in --out are as they were.  Then
# a staging directory and a scratch directory named after a dead pid,
# as a SIGKILL leaves them, are removed by the next run, and the series
# it writes holds nothing of theirs.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR, spatch, git, perl.
. "$(dirname "$0")/lib.sh"
export KMIGRATE_NO_CACHE=1
export LC_ALL=C
export SOURCE_DATE_EPOCH=1129169427
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
make_scratch
export HOME=$scratch XDG_CONFIG_HOME=$scratch/.config
mini=$SRCDIR/tree-fixtures/linux-2.6.14-mini
out=$scratch/out err=$scratch/err
check_shows=$err
FROM="Tess Tester <tess@example.org>"
real_spatch=$(command -v spatch)

if [ -z "$real_spatch" ] || ! command -v git >/dev/null ||
   ! command -v perl >/dev/null; then
	echo "1..0 # SKIP needs spatch, git and perl"
	exit 0
fi

# kmigrate's own TMPDIR, to see what it leaves there
ktmp=$scratch/ktmp
mkdir -p "$ktmp"

# a spatch that, with SLOW set, says so in $scratch/waiting and waits
mkdir -p "$scratch/bin"
cat >"$scratch/bin/spatch" <<END_OF_FAKE
#!/bin/bash
[ "\$1" = --version ] && exec "$real_spatch" --version
if [ -n "\${SLOW:-}" ]; then
	: >"$scratch/waiting"
	sleep 60
fi
exec "$real_spatch" "\$@"
END_OF_FAKE
chmod +x "$scratch/bin/spatch"

# a tree at $1 with three old-form drivers, and a checkpatch.pl that,
# with SLOW_CHECKPATCH set, says so in $scratch/waiting and waits
three_drivers() {
	local f
	rm -rf "$1"
	mkdir -p "$1/include/linux" "$1/drivers/x" "$1/scripts"
	cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
		"$mini/include/linux/kdev_t.h" "$1/include/linux/"
	for f in a b c; do
		printf '%s\n' '#include <linux/device.h>' \
			'static struct class *cls;' 'void f(int i)' '{' \
			"	class_device_create(cls, 0, NULL, \"$f%d\", i);" \
			'}' >"$1/drivers/x/$f.c"
	done
	cat >"$1/scripts/checkpatch.pl" <<END_OF_CHECKPATCH
if (\$ENV{SLOW_CHECKPATCH}) {
	open(my \$f, '>', '$scratch/waiting'); close(\$f);
	sleep 60;
}
print "total: 0 errors, 0 warnings\\n";
END_OF_CHECKPATCH
}

# run kmigrate "$@" in the background, send $sig once it waits, reap
# it; what an earlier case left is cleared first, and a run that never
# waited gets status 0, which fails the case
interrupt() {
	rm -rf "$scratch/waiting" "$ktmp"/* "$scratch"/.*.kmigrate-*
	TMPDIR=$ktmp PATH=$scratch/bin:$PATH "$KMIGRATE" "$@" \
		>"$out" 2>"$err" &
	pid=$!
	for _ in $(seq 300); do
		[ -e "$scratch/waiting" ] && break
		sleep 0.1
	done
	sleep 0.2
	kill -"$sig" $pid
	wait $pid
	status=$?
	[ -e "$scratch/waiting" ] || status=0
}

# nothing of kmigrate's is left: scratch, staging, temporary files
nothing_left() {
	{ ls -A "$ktmp"; find "$scratch" -name ".*.kmigrate-*"; } >>"$err"
	[ -z "$(ls -A "$ktmp")" ] &&
	[ -z "$(find "$scratch" -name '.*.kmigrate-*')" ]
}

same_tree() {
	diff -r "$1" "$2" >/dev/null
}

t=$scratch/tree
three_drivers "$t"
cp -a "$t" "$t.orig"
TMPDIR=$ktmp "$KMIGRATE" series "$t" --out "$scratch/series" \
	--from "$FROM" --checkpatch >"$out" 2>"$err"
check "a first series is written" \
	'[ $? -eq 0 ] && [ -f "$scratch/series/0001-"*.patch ] && nothing_left'
cp -a "$scratch/series" "$scratch/series.orig"

for sig in INT TERM; do
	export SLOW_CHECKPATCH=1
	interrupt series "$t" --out "$scratch/series" --from "$FROM" \
		--checkpatch
	unset SLOW_CHECKPATCH
	check "SIG$sig while series judges its staged patches: it dies of it" \
		'[ $status -eq $((128 + $(kill -l $sig))) ]'
	check "SIG$sig during series: no staging or scratch directory left" \
		nothing_left
	check "SIG$sig during series: the previous series and the tree are as they were" \
		'same_tree "$scratch/series" "$scratch/series.orig" &&
		 same_tree "$t" "$t.orig"'

	SLOW=1 interrupt series "$t" --out "$scratch/new-series" --from "$FROM"
	check "SIG$sig while series converts: nothing left, no DIR" \
		'[ $status -gt 128 ] && nothing_left && [ ! -e "$scratch/new-series" ]'

	SLOW=1 interrupt apply --in-place -j 1 "$t"
	check "SIG$sig during apply --in-place: nothing left, the tree as it was" \
		'[ $status -gt 128 ] && nothing_left && same_tree "$t" "$t.orig"'

	sed 's/cls, 0, NULL/cls, NULL, 0, NULL/' "$t/drivers/x/a.c" \
		>"$scratch/a.new"
	diff -u --label a/drivers/x/a.c --label b/drivers/x/a.c \
		"$t/drivers/x/a.c" "$scratch/a.new" >"$scratch/a.diff"
	SLOW=1 interrupt check --patch "$scratch/a.diff" "$t"
	check "SIG$sig during check --patch: nothing left, the tree as it was" \
		'[ $status -gt 128 ] && nothing_left && same_tree "$t" "$t.orig"'
done

# --- what a SIGKILL leaves -------------------------------------------------
(exit 0) &
dead=$!
wait $dead
stage=$scratch/.series.kmigrate-pid$dead-Ab12Cd
mkdir -p "$stage" "$ktmp/kmigrate-apply-pid$dead-Zz99Yy/run-1/drivers/x"
printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] planted\n\n' \
	>"$stage/0001-planted.patch"
echo planted >"$ktmp/kmigrate-apply-pid$dead-Zz99Yy/run-1/drivers/x/a.c"
# a live run's (this shell's) and one no run's are not touched
mkdir -p "$scratch/.series.kmigrate-pid$$-Ab12Cd" "$ktmp/kmigrate-notes"
TMPDIR=$ktmp "$KMIGRATE" series "$t" --out "$scratch/series" \
	--from "$FROM" --checkpatch >"$out" 2>"$err"
status=$?
check "SIGKILL leftovers: the next series removes them and says so" \
	'[ $status -eq 0 ] && [ ! -e "$stage" ] &&
	 [ ! -e "$ktmp/kmigrate-apply-pid$dead-Zz99Yy" ] &&
	 grep -q "^kmigrate: note: removed .$stage., left by a killed kmigrate run$" "$err"'
check "SIGKILL leftovers: their contents are not used" \
	'! grep -rq planted "$scratch/series" &&
	 same_tree "$scratch/series" "$scratch/series.orig"'
check "SIGKILL leftovers: a live run's and a stranger's are kept" \
	'[ -d "$scratch/.series.kmigrate-pid$$-Ab12Cd" ] &&
	 [ -d "$ktmp/kmigrate-notes" ]'

test_done
