#!/bin/bash
# t-cache.sh - apply's result cache end to end: a second run on the mini
# tree gives the same diff and runs no spatch, not even --version; another
# spatch binary runs again; a changed file runs again;
# a file run both sliced and whole is cached both ways;
# damaged entries are ignored and the diff is still right; a tree
# unchanged for a second is kept as one whole run, which a later apply
# gives back as it was (diff, report, exit status, --in-place) and which
# any change to a file or to the file list leaves aside; two runs at
# once agree and leave no temporary file; --no-cache and
# KMIGRATE_NO_CACHE=1 neither read nor write it; an unwritable cache is a
# warning, not a failure.
#
# Environment: KMIGRATE (the binary under test), SRCDIR (the repository
# root), TMPDIR (scratch space).
. "$(dirname "$0")/lib.sh"

command -v spatch >/dev/null || { echo "1..0 # SKIP spatch not found"; exit 0; }
export LC_ALL=C
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
scratch=$(mktemp -d "$TMPDIR/t-cache.XXXXXX") || exit 2
trap 'chmod -R u+w "$scratch"; rm -rf "$scratch"' EXIT
err=$scratch/err
check_shows=$err
export XDG_CACHE_HOME=$scratch/cache
cache=$XDG_CACHE_HOME/kmigrate

# a spatch that logs each file it converts in runs (one line a file, as
# many as a batch's --file-groups names), each --version run in
# versions, each process in execs, and runs the real one
mkdir "$scratch/bin"
cat >"$scratch/bin/spatch" <<EOS
#!/bin/bash
echo exec >>"$scratch/execs"
case "\$*" in
*--version*) echo version >>"$scratch/versions" ;;
*--file-groups\ /dev/stdin)	# a batch started early: pass its list on
	list=\$(cat)
	grep . <<<"\$list" | sed 's/^/run /' >>"$scratch/runs"
	exec $(command -v spatch) "\$@" <<<"\$list" ;;
*--file-groups*) grep . "\${@: -1}" | sed 's/^/run /' >>"$scratch/runs" ;;
*) echo run >>"$scratch/runs" ;;
esac
exec $(command -v spatch) "\$@"
EOS
chmod +x "$scratch/bin/spatch"
count() { if [ -f "$scratch/$1" ]; then wc -l <"$scratch/$1"; else echo 0; fi; }
runs() { count runs; }
# kapply NAME ARGS...: apply in diff mode into $scratch/NAME.diff, with
# the spatch of $SPATCH_DIR (default $scratch/bin)
kapply() {
	local name=$1
	shift
	rm -f "$scratch/runs" "$scratch/versions" "$scratch/execs"
	PATH=${SPATCH_DIR:-$scratch/bin}:$PATH "$KMIGRATE" apply "$@" \
		>"$scratch/$name.diff" 2>"$err"
}
entries() { find "$cache" -type f ! -name '.*' 2>/dev/null | wc -l; }

cp -a "$MINI" "$scratch/tree"
kapply first "$scratch/tree"
check "the first apply runs spatch and fills the cache" \
	'[ "$(runs)" -gt 0 ] && [ "$(entries)" -gt 0 ]'
kapply second "$scratch/tree"
check "a second apply starts no spatch, not even spatch --version" \
	'[ "$(runs)" -eq 0 ] && [ "$(count versions)" -eq 0 ] &&
	 [ "$(count execs)" -eq 0 ]'
check "and gives a byte-identical diff" \
	'cmp "$scratch/first.diff" "$scratch/second.diff"'
mkdir "$scratch/bin2"
cp "$scratch/bin/spatch" "$scratch/bin2/spatch"
SPATCH_DIR=$scratch/bin2 kapply other "$scratch/tree"
check "another spatch binary: its version and the files run again" \
	'[ "$(runs)" -gt 0 ] && [ "$(count versions)" -eq 1 ] &&
	 cmp "$scratch/first.diff" "$scratch/other.diff"'

f=$(grep -l class_device_create -r "$scratch/tree/drivers" | head -1)
printf '/* changed */\n' >>"$f"
kapply changed "$scratch/tree"
changed_runs=$(runs)
kapply all "$scratch/tree" --no-cache
check "a changed file runs spatch again, only it" \
	'[ "$changed_runs" -ge 1 ] && [ "$changed_runs" -lt "$(runs)" ]'
cp -a "$MINI/." "$scratch/tree/"

i=0
for e in $(find "$cache" -type f); do
	i=$((i + 1))
	if [ $((i % 2)) = 0 ]; then
		printf 'X' | dd of="$e" bs=1 seek=100 conv=notrunc 2>/dev/null
	else
		truncate -s -5 "$e"
	fi
done
kapply damaged "$scratch/tree"
check "damaged entries are ignored: spatch runs, the diff is right" \
	'[ "$(runs)" -gt 0 ] && cmp "$scratch/first.diff" "$scratch/damaged.diff"'
kapply repaired "$scratch/tree"
check "and are written again" '[ "$(runs)" -eq 0 ] &&
	cmp "$scratch/first.diff" "$scratch/repaired.diff"'

# h's parse error is not in the slice spatch is first given: the call
# it leaves in f runs again whole; both outcomes are kept, each under
# the bytes spatch was given, and a second apply reports the same
mkdir -p "$scratch/sliced/drivers"
printf '%s\n' '#include <linux/device.h>' 'void h(void)' '{' '	x = ;' '}' '' \
	'void f(void)' '{' \
	'	x = class_device_create(c, MKDEV(1, 2), NULL, "x");' \
	'	y = ;' '}' '' 'void g(void)' '{' \
	'	y = class_device_create(c, MKDEV(1, 3), NULL, "y");' '}' \
	>"$scratch/sliced/drivers/perr.c"
kapply slice1 "$scratch/sliced"
slice1_runs=$(runs)
cp "$err" "$scratch/slice1.err"
kapply slice2 "$scratch/sliced"
check "a slice run again whole: the second apply runs no spatch, same report" \
	'[ "$slice1_runs" -eq 2 ] && [ "$(runs)" -eq 0 ] &&
	 [ -s "$scratch/slice1.diff" ] &&
	 cmp "$scratch/slice1.diff" "$scratch/slice2.diff" &&
	 cmp "$scratch/slice1.err" "$err" &&
	 diag_join "$err" | grep -q "warning: not converted spatch: parse error at line 4, column 5"'

# the whole run (apply-memo.c): kept only when no file of the tree was
# written within a second of the walk, so the copy ages first
HARD=$SRCDIR/tree-fixtures/hard-cases
whole() { grep -rlx 'kmigrate-apply-run [0-9]*' "$cache" 2>/dev/null | wc -l; }
cp -a "$HARD" "$scratch/still"
sleep 2
rm -rf "$cache"
kapply still1 "$scratch/still"
still1_rc=$?
cp "$err" "$scratch/still1.err"
check "a tree unchanged for a second is kept as one whole run" \
	'[ "$still1_rc" -eq 1 ] && [ "$(whole)" -eq 1 ]'
grep -rLx 'kmigrate-apply-run [0-9]*' "$cache" | xargs rm -f
kapply still2 "$scratch/still"
still2_rc=$?
check "a second apply takes it whole: no spatch, the same diff, report and exit status" \
	'[ "$(runs)" -eq 0 ] && [ "$still2_rc" -eq "$still1_rc" ] &&
	 [ -s "$scratch/still1.diff" ] &&
	 cmp "$scratch/still1.diff" "$scratch/still2.diff" &&
	 cmp "$scratch/still1.err" "$err"'
# the same size, the same modification time: only the change time says
f=$scratch/still/drivers/hard/long-line.c
stamp=$(stat -c %Y "$f")
sed 's/"long%d"/"lonG%d"/' "$f" >"$scratch/edit"
cat "$scratch/edit" >"$f" # the same inode
touch -d "@$stamp" "$f"
kapply edited "$scratch/still"
check "a file rewritten with its size and modification time is read again" \
	'grep -q "^+.*lonG%d" "$scratch/edited.diff" &&
	 ! grep -q "^+.*long%d" "$scratch/edited.diff"'
cp "$scratch/still/drivers/hard/format-var.c" "$scratch/still/drivers/hard/new.c"
kapply added "$scratch/still"
check "a new file in the tree is converted too" \
	'grep -q "^+++ b/drivers/hard/new.c" "$scratch/added.diff"'
rm "$scratch/still/drivers/hard/new.c"
sed -i 's/"lonG%d"/"long%d"/' "$f"
sleep 2
rm -rf "$cache"
kapply again "$scratch/still"
e=$(grep -rlx 'kmigrate-apply-run [0-9]*' "$cache" | head -1)
printf 'X' | dd of="$e" bs=1 seek=200 conv=notrunc 2>/dev/null
kapply damaged_whole "$scratch/still"
check "a damaged whole run is ignored, and the diff is still right" \
	'[ "$(whole)" -eq 1 ] &&
	 cmp "$scratch/still1.diff" "$scratch/damaged_whole.diff" &&
	 cmp "$scratch/still1.err" "$err"'
cp -a "$HARD" "$scratch/expect"
(cd "$scratch/expect" && git apply "$scratch/still1.diff")
kapply in_place "$scratch/still" --in-place
check "--in-place from a whole run writes what its diff says" \
	'[ "$(runs)" -eq 0 ] && diff -r "$scratch/expect" "$scratch/still"'

rm -rf "$cache"
"$KMIGRATE" apply "$scratch/tree" >"$scratch/c1.diff" 2>/dev/null &
"$KMIGRATE" apply "$scratch/tree" >"$scratch/c2.diff" 2>/dev/null &
wait
check "two runs at once agree, with the first" \
	'cmp "$scratch/c1.diff" "$scratch/c2.diff" &&
	 cmp "$scratch/first.diff" "$scratch/c1.diff"'
check "and leave no temporary file" \
	'[ -z "$(find "$cache" -name ".*")" ] && [ "$(entries)" -gt 0 ]'

rm -rf "$cache"
kapply nocache "$scratch/tree" --no-cache
check "--no-cache writes nothing" '[ ! -e "$cache" ]'
kapply seed "$scratch/tree"
nr_entries=$(entries)
kapply nocache2 "$scratch/tree" --no-cache
check "--no-cache reads nothing: spatch runs" '[ "$(runs)" -gt 0 ] &&
	cmp "$scratch/first.diff" "$scratch/nocache2.diff" && [ "$(entries)" = "$nr_entries" ]'
KMIGRATE_NO_CACHE=1 kapply env "$scratch/tree"
check "KMIGRATE_NO_CACHE=1 reads nothing either" '[ "$(runs)" -gt 0 ]'

# a regular file where the cache's directory should be: even root fails
: >"$scratch/not-a-dir"
XDG_CACHE_HOME=$scratch/not-a-dir kapply ro "$scratch/tree"
check "an unwritable cache is a warning, not a failure" \
	'[ $? -le 1 ] && grep -q "cannot write the result cache" "$err" &&
	 cmp "$scratch/first.diff" "$scratch/ro.diff"'
test_done
