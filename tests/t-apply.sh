#!/bin/bash
# t-apply.sh - "kmigrate apply" end to end, on scratch copies of the
# fixture trees: the in-place result and the diff against the expected
# tree, the diff's shape, idempotence, a missing spatch, a fake spatch
# that hangs on one file and fails on another, spatch run in batches
# (and file by file again when a batch goes wrong), an unwritable file,
# and an interrupt in the middle of a run.  (The hard cases are checked
# by t-hard-cases.sh.)
#
# Environment: KMIGRATE (the binary under test), SRCDIR (the repository
# root), TMPDIR (scratch space).  Prints "ok N - ..." / "not ok N - ..."
# per case and exits 0 only when every case passed.
. "$(dirname "$0")/lib.sh"
# fake spatches stand in for the real one: each must really run
export KMIGRATE_NO_CACHE=1
export LC_ALL=C
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
EXPECTED=$(expected_tree) || exit 1

scratch=$(mktemp -d "$TMPDIR/t-apply.XXXXXX") || exit 2
cleanup() {
	chattr -R -i "$scratch" 2>/dev/null
	chmod -R u+w "$scratch" 2>/dev/null
	rm -rf "$scratch"
}
trap cleanup EXIT
out=$scratch/out err=$scratch/err
check_shows=$err
real_spatch=$(command -v spatch)

# fresh TREE: a scratch copy of the mini tree
fresh() {
	rm -rf "$scratch/tree"
	cp -a "$MINI" "$scratch/tree"
}

# every file of $1 is as in the mini tree or as in the expected tree,
# the files named after it excepted (they must be untouched)
all_or_nothing() {
	local tree=$1 f
	shift
	(cd "$MINI" && find . -type f) | while read -r f; do
		if cmp -s "$MINI/$f" "$tree/$f"; then
			continue
		fi
		for u in "$@"; do
			[ "./$u" = "$f" ] && { echo "touched: $f"; continue 2; }
		done
		cmp -s "$EXPECTED/$f" "$tree/$f" || echo "half-done: $f"
	done
}

# the diff in $1: no "+" line over 80 columns in a change block whose
# "-" lines were all within 80 columns
no_new_wide_lines() {
	awk '
	function width(s,	i, c, w) {
		w = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c == "\t") w = int(w / 8) * 8 + 8
			else if (c != "\r") w++
		}
		return w
	}
	function flush() {
		if (plus_wide && !minus_wide) bad++
		plus_wide = minus_wide = 0
	}
	/^(\+\+\+|---) / { next }
	/^-/ { if (saw_plus) flush(); saw_plus = 0
	       if (width(substr($0, 2)) > 80) minus_wide = 1; next }
	/^\+/ { saw_plus = 1; if (width(substr($0, 2)) > 80) plus_wide = 1
		next }
	{ flush(); saw_plus = 0 }
	END { flush(); exit bad ? 1 : 0 }' "$1"
}

# the diff in $1: each "diff --git a/F b/F" followed by "--- a/F", "+++ b/F"
good_headers() {
	awk '/^diff --git / {
		f = substr($3, 3)
		if ($4 != "b/" f) bad = 1
		getline minus
		getline plus
		if (minus != "--- a/" f || plus != "+++ b/" f) bad = 1
	}
	END { exit bad }' "$1"
}

if [ -z "$real_spatch" ]; then
	echo "1..0 # SKIP spatch is not installed"
	exit 0
fi

# ---- in place on the mini tree ----
fresh
"$KMIGRATE" apply --in-place "$scratch/tree" >"$out" 2>"$err"
status=$?
check "apply --in-place exits 0 on the mini tree" '[ $status -eq 0 ]'
check "the result is exactly the expected tree" \
	'diff -r "$EXPECTED" "$scratch/tree" >/dev/null'
check "the summary counts 72 calls in 52 files" \
	'grep -q "^apply: 52 files, 72 calls converted, 0 calls left" "$err"'
check "no temporary file is left in the tree" \
	'[ -z "$(find "$scratch/tree" -name ".*.kmigrate-*")" ]'

cp -a "$scratch/tree" "$scratch/once"
"$KMIGRATE" apply --in-place "$scratch/tree" >"$out" 2>"$err"
status=$?
check "a second apply exits 0 and changes nothing" \
	'[ $status -eq 0 ] &&
	 diff -r "$scratch/once" "$scratch/tree" >/dev/null &&
	 grep -q "^apply: 0 files, 0 calls converted" "$err"'
"$KMIGRATE" apply "$scratch/tree" >"$out" 2>"$err"
check "a second apply prints an empty diff" '[ $? -eq 0 ] && [ ! -s "$out" ]'

# ---- the diff ----
fresh
"$KMIGRATE" apply "$scratch/tree" >"$scratch/conv.diff" 2>"$err"
status=$?
check "apply prints a diff and exits 0, the tree untouched" \
	'[ $status -eq 0 ] && [ -s "$scratch/conv.diff" ] &&
	 diff -r "$MINI" "$scratch/tree" >/dev/null'
check "the diff is tree-fixtures/expected-conversion.patch" \
	'cmp -s "$SRCDIR/tree-fixtures/expected-conversion.patch" \
		"$scratch/conv.diff"'
check "git apply -p1 on a clean copy gives the expected tree" \
	'(cd "$scratch/tree" && git apply -p1 "$scratch/conv.diff") \
		2>"$err" &&
	 diff -r "$EXPECTED" "$scratch/tree" >/dev/null'
if command -v patch >/dev/null; then
	fresh
	check "patch -p1 on a clean copy gives the expected tree" \
		'(cd "$scratch/tree" && patch -s -p1 <"$scratch/conv.diff") \
			>"$err" 2>&1 &&
		 diff -r "$EXPECTED" "$scratch/tree" >/dev/null'
else
	skip "patch -p1 on a clean copy gives the expected tree" "no patch"
fi
added=$(grep -c '^+[^+]' "$scratch/conv.diff")
check "the diff adds at most 86 lines ($added)" '[ "$added" -le 86 ]'
check "no ',NULL' in the diff" '! grep -q ",NULL" "$scratch/conv.diff"'
check "no + line over 80 columns where the - line was not" \
	'no_new_wide_lines "$scratch/conv.diff"'
check "every file header is diff --git a/F b/F, --- a/F, +++ b/F" \
	'good_headers "$scratch/conv.diff"'

# ---- spatch missing ----
fresh
hint="kmigrate: cannot run 'spatch': not found in PATH; install it with"
hint="$hint 'apt-get install coccinelle'"
PATH=/nonexistent "$KMIGRATE" apply "$scratch/tree" >"$out" 2>"$err"
status=$?
check "without spatch in PATH: exit 2 and the apt-get hint" \
	'[ $status -eq 2 ] && grep -qxF "$hint" "$err" && [ ! -s "$out" ]'

# ---- spatch cannot parse the code around a call ----
mkdir -p "$scratch/perr/drivers"
printf '%s\n' '#include <linux/device.h>' 'void f(void)' '{' \
	'	x = class_device_create(c, MKDEV(1, 2), NULL, "x");' \
	'	if ( {' '}' '' 'void g(void)' '{' \
	'	y = class_device_create(c, MKDEV(1, 3), NULL, "y");' '}' \
	>"$scratch/perr/drivers/perr.c"
perr="drivers/perr.c:4:6: warning: not converted spatch: parse error at line 5,"
perr="$perr column 6"
"$KMIGRATE" apply "$scratch/perr" >"$out" 2>"$err"
status=$?
check "a call spatch cannot parse is left with spatch's parse error" \
	'[ $status -eq 1 ] && diag_join "$err" | grep -qxF "$perr" &&
	 grep -q "^+	y = class_device_create(c, NULL, MKDEV(1, 3)" "$out" &&
	 grep -q "1 call converted, 1 call left (1 parse error)" "$err"'

# ---- slices: spatch is given only the functions that call ----
# A spatch that keeps a copy of every file it is given in $scratch/seen,
# as PID-N for the Nth file of a batch, PID for a file alone.
mkdir -p "$scratch/seebin" "$scratch/seen"
cat >"$scratch/seebin/spatch" <<END_OF_FAKE
#!/bin/bash
[ "\$1" = --version ] && exec "$real_spatch" --version
groups= tmp= prev=
for arg in "\$@"; do
	[ "\$prev" = --file-groups ] && groups=\$arg
	[ "\$prev" = --temp-files ] && tmp=\$arg
	prev=\$arg
done
if [ "\$groups" = /dev/stdin ]; then
	groups=\$tmp/groups.in
	cat >"\$groups"
	set -- "\${@:1:\$((\$# - 1))}" "\$groups"
fi
[ -n "\$groups" ] || groups=/dev/null
n=0
for f in \$(grep . "\$groups"); do
	n=\$((n + 1)); cp "\$f" "$scratch/seen/\$\$-\$n"
done
[ "\$groups" = /dev/null ] && cp "\$prev" "$scratch/seen/\$\$"
exec "$real_spatch" "\$@"
END_OF_FAKE
chmod +x "$scratch/seebin/spatch"
fresh
PATH=$scratch/seebin:$PATH "$KMIGRATE" apply "$scratch/tree" >"$out" 2>"$err"
status=$?
seen=$(grep -l "static int __init oss_init" "$scratch/seen"/* | head -1)
check "spatch is given a slice: a body without the call blank, lines kept" \
	'[ $status -eq 0 ] && [ -n "$seen" ] &&
	 grep -q "^static void __exit oss_cleanup(void)\$" "$seen" &&
	 ! grep -q "oss_registered = 0;" "$seen" &&
	 [ "$(wc -l <"$seen")" = "$(wc -l <"$MINI/sound/oss/soundcard.c")" ]'
check "and the diff of the slices is the expected one" \
	'cmp -s "$SRCDIR/tree-fixtures/expected-conversion.patch" "$out"'
# h's parse error is the file's first, but not in the slice: the call
# spatch leaves in f is reported as the whole file's run reports it
mkdir -p "$scratch/sliced/drivers"
printf '%s\n' '#include <linux/device.h>' 'void h(void)' '{' '	x = ;' '}' '' \
	'void f(void)' '{' \
	'	x = class_device_create(c, MKDEV(1, 2), NULL, "x");' \
	'	y = ;' '}' '' 'void g(void)' '{' \
	'	y = class_device_create(c, MKDEV(1, 3), NULL, "y");' '}' \
	>"$scratch/sliced/drivers/perr.c"
rm -f "$scratch/seen"/*
PATH=$scratch/seebin:$PATH "$KMIGRATE" apply "$scratch/sliced" >"$out" \
	2>"$err"
status=$?
perr="drivers/perr.c:9:6: warning: not converted spatch: parse error at line 4,"
perr="$perr column 5"
check "a slice that leaves a call runs again whole, as it reports" \
	'[ $status -eq 1 ] && diag_join "$err" | grep -qxF "$perr" &&
	 grep -q "^+	y = class_device_create(c, NULL, MKDEV(1, 3)" "$out" &&
	 [ "$(ls "$scratch/seen" | wc -l)" -eq 2 ] &&
	 [ "$(grep -l "x = ;" "$scratch/seen"/* | wc -l)" -eq 1 ]'

# ---- a fake spatch: hangs on mem.c, fails on raw.c, adds to lp.c ----
# It does so whether it is given one file (... --temp-files DIR INPUT) or
# a batch (--file-groups FILE, or /dev/stdin for a batch started before
# its list was known: the fake keeps the list in DIR and hands that to
# the real spatch), and logs "file" or "batch" for each run
# in $FAKE_LOG, and "parallel" too for a run given -j (and its pid in
# $FAKE_PIDS), and the directory each batch
# runs in in $FAKE_CWD_LOG.  spatch never sees the tree's names, only
# copies named by kmigrate, so the fake tells the three files by their
# calls (MKDEV(MEM_MAJOR, ...) and so on); what it adds to lp.c goes to
# the file spatch keeps in DIR for it.
# SLOW_SPATCH=SUFFIX makes it take a second for each
# file so named.  With FAKE_BATCH set, the chosen files are left alone,
# and a batch misbehaves instead: "trouble" prints a line spatch does not
# print when all is well and changes nothing, "forget" leaves a file out;
# "chatter" prints what spatch prints on parsing some files of any tree,
# "noise" parse-recovery lines kmigrate has never seen, and both convert;
# "rename" gives every file spatch keeps another name than spatch 1.1.1
# does, in singles too; "slices" fails any run given a slice (a file
# with a line of spaces only: a blanked body's).
mkdir -p "$scratch/bin"
{ fake_spatch_head "$real_spatch"; cat <<END_OF_FAKE; } >"$scratch/bin/spatch"
echo "\${groups:+batch}\${input:+file}" >>"\${FAKE_LOG:-/dev/null}"
case " \$* " in *" -j "*) echo parallel >>"\${FAKE_LOG:-/dev/null}" ;; esac
echo \$\$ >>"\${FAKE_PIDS:-/dev/null}"
[ -z "\$groups" ] || pwd >>"\${FAKE_CWD_LOG:-/dev/null}"
[ -n "\${FAKE_BATCH:-}" ] && files=
which_file() {
	grep -q "MKDEV(MEM_MAJOR" "\$1" && echo mem
	grep -q "MKDEV(RAW_MAJOR" "\$1" && echo raw
	grep -q "MKDEV(LP_MAJOR" "\$1" && echo lp
}
for f in \$files; do
	case \$(which_file "\$f") in
	mem) sleep 60 ;;
	raw) echo "HANDLING: \$f" >&2
		echo "Fatal error: exception Failure(\"fake crash\")" >&2
		exit 2 ;;
	esac
	case \$f in
	*\${SLOW_SPATCH:-/no-such-file}) sleep 1 ;;
	esac
done
if [ -n "\$groups" ]; then
	case \${FAKE_BATCH:-} in
	trouble) echo "Impossible: fake trouble" >&2; exit 0 ;;
	chatter) echo "TYPEDEF CONFLICT:u32" >&2
		echo "stmt_elems_of_sequencable: IfdefStm2 TODO?" >&2 ;;
	noise) echo "SUSPICIOUS: a \\\\ character appears outside of a #define" >&2
		echo "fake-recovery: a line spatch may print on any tree" >&2 ;;
	forget) sed -i 1d "\$groups" ;;
	esac
fi
if [ "\${FAKE_BATCH:-}" = slices ]; then
	for f in \$(grep . "\${groups:-/dev/null}") \$input; do
		grep -q "^  *\$" "\$f" || continue
		echo "Fatal error: fake: given a slice" >&2
		exit 2
	done
fi
"$real_spatch" "\$@" || exit
if [ "\${FAKE_BATCH:-}" = rename ]; then
	for out in "\$tmp"/cocci-output-*; do
		[ -f "\$out" ] && mv "\$out" "\$tmp/out\${out##*/cocci-output}"
	done
fi
for f in \$files; do
	case \$(which_file "\$f") in
	lp) echo "int extra;" >>"\$(ls "\$tmp"/cocci-output-*-"\${f##*/}")" ;;
	esac
done
exit 0
END_OF_FAKE
chmod +x "$scratch/bin/spatch"
fresh
crash='drivers/char/raw.c: spatch failed: Fatal error: exception'
crash="$crash Failure(\"fake crash\")"
PATH=$scratch/bin:$PATH "$KMIGRATE" apply --in-place --timeout 3 \
	"$scratch/tree" >"$out" 2>"$err"
status=$?
check "spatch hanging, failing, changing too much: exit 1" \
	'[ $status -eq 1 ] && grep -q "3 files failed" "$err"'
check "the hanging file is reported as timed out" \
	'grep -qx "drivers/char/mem.c: spatch timed out after 3 s" "$err"'
check "the failing file is reported with spatch's first error line" \
	'grep -qxF "$crash" "$err"'
check "the file spatch changed elsewhere is reported" \
	'grep -q "^drivers/char/lp.c: spatch changed more than the calls" \
		"$err"'
check "their calls are reported as left" \
	'diag_join "$err" >"$scratch/err.text" &&
	 grep -q "^drivers/char/mem.c:[0-9:]*: warning: not converted timeout" \
		"$scratch/err.text" &&
	 grep -q "^drivers/char/raw.c:[0-9:]*: warning: not converted spatch failed" \
		"$scratch/err.text" &&
	 grep -q "^drivers/char/lp.c:[0-9:]*: warning: not converted spatch changed" \
		"$scratch/err.text"'
all_or_nothing "$scratch/tree" drivers/char/mem.c drivers/char/raw.c \
	drivers/char/lp.c >"$scratch/partial"
check "those three files are untouched, every other file converted" \
	'[ ! -s "$scratch/partial" ] &&
	 [ "$(diff -rq "$EXPECTED" "$scratch/tree" | wc -l)" -eq 3 ]'

# ---- batches: one spatch for many files, one per file when in doubt ----
# fake_run NAME FAKE_BATCH ARGS...: apply --in-place on a fresh tree with
# the fake; its runs are in $scratch/NAME.log
fake_run() {
	local log=$scratch/$1.log mode=$2
	shift 2
	fresh
	: >"$log"
	FAKE_LOG=$log FAKE_BATCH=$mode PATH=$scratch/bin:$PATH \
		"$KMIGRATE" "$@" apply --in-place "$scratch/tree" \
		>"$out" 2>"$err"
}
# runs LOG KIND: how many runs of that kind the log holds
runs() { grep -cx "$2" "$scratch/$1.log"; }

fake_run j2 none -j 2
status=$?
check "-j 2: one spatch run for the tree, with spatch's own -j" \
	'[ $status -eq 0 ] && diff -r "$EXPECTED" "$scratch/tree" >/dev/null &&
	 [ "$(runs j2 batch)" -eq 1 ] && [ "$(runs j2 file)" -eq 0 ] &&
	 [ "$(runs j2 parallel)" -eq 1 ]'
fake_run j1 none -j 1
status=$?
check "-j 1: one spatch run for the whole tree, without -j" \
	'[ $status -eq 0 ] && diff -r "$EXPECTED" "$scratch/tree" >/dev/null &&
	 [ "$(runs j1 batch)" -eq 1 ] && [ "$(runs j1 file)" -eq 0 ] &&
	 [ "$(runs j1 parallel)" -eq 0 ]'
# started in a git work tree, spatch git-greps all of it for each file
# group: a batch names only scratch copies, and runs among them
fresh
: >"$scratch/cwd.log"
(cd "$scratch/tree" && FAKE_CWD_LOG=$scratch/cwd.log FAKE_BATCH=none \
	PATH=$scratch/bin:$PATH "$KMIGRATE" -j 2 apply . >"$out" 2>"$err")
status=$?
check "run in the tree, spatch batches run outside it" \
	'[ $status -eq 0 ] && [ -s "$scratch/cwd.log" ] &&
	 ! grep -q "^$scratch/tree" "$scratch/cwd.log"'
fake_run trouble trouble -j 2
status=$?
# every file of the mini tree reaches spatch sliced: what a batch of
# slices leaves runs again whole, in a batch, and what that leaves alone
check "a batch converting nothing is run again file by file" \
	'[ $status -eq 0 ] && diff -r "$EXPECTED" "$scratch/tree" >/dev/null &&
	 [ "$(runs trouble batch)" -eq 2 ] &&
	 [ "$(runs trouble file)" -eq 52 ] &&
	 grep -q "^apply: 52 files, 72 calls converted, 0 calls left" "$err"'
fake_run chatter chatter -j 2
status=$?
check "a batch printing spatch's parsing chatter is not run again" \
	'[ $status -eq 0 ] && diff -r "$EXPECTED" "$scratch/tree" >/dev/null &&
	 [ "$(runs chatter batch)" -eq 1 ] && [ "$(runs chatter file)" -eq 0 ]'
fake_run noise noise -j 2
status=$?
check "a batch printing unknown parse-recovery lines is kept by its result" \
	'[ $status -eq 0 ] && diff -r "$EXPECTED" "$scratch/tree" >/dev/null &&
	 [ "$(runs noise batch)" -eq 1 ] && [ "$(runs noise file)" -eq 0 ]'
fake_run forget forget -j 2
status=$?
# (the one left out of the slices runs again whole, alone)
check "the file a batch leaves out is run again alone, the others kept" \
	'[ $status -eq 0 ] && diff -r "$EXPECTED" "$scratch/tree" >/dev/null &&
	 [ "$(runs forget batch)" -eq 1 ] && [ "$(runs forget file)" -eq 1 ]'

fake_run rename rename -j 2
status=$?
check "outputs spatch names otherwise: every call left, and said" \
	'[ $status -eq 1 ] && diff -r "$MINI" "$scratch/tree" >/dev/null &&
	 [ "$(runs rename batch)" -eq 2 ] && [ "$(runs rename file)" -eq 52 ] &&
	 grep -q "^apply: 0 files, 0 calls converted, 72 calls left (72 not matched)" "$err" &&
	 [ "$(diag_join "$err" | grep -c ": warning: not converted not matched by the semantic patch$")" -eq 72 ] &&
	 [ -z "$(diag_bad_lines "$err" | grep -v "^apply: ")" ]'

fake_run slices slices -j 2
status=$?
check "a slice spatch fails on runs again whole, and converts" \
	'[ $status -eq 0 ] && diff -r "$EXPECTED" "$scratch/tree" >/dev/null &&
	 [ "$(runs slices batch)" -eq 2 ] && [ "$(runs slices file)" -eq 52 ] &&
	 grep -q "^apply: 52 files, 72 calls converted, 0 calls left" "$err"'

# ---- a file that cannot be written ----
fresh
dir=$scratch/tree/drivers/char
if [ "$(id -u)" = 0 ]; then
	chattr +i "$dir" 2>/dev/null || dir=
else
	chmod a-w "$dir"
fi
if [ -n "$dir" ]; then
	"$KMIGRATE" apply --in-place "$scratch/tree" >"$out" 2>"$err"
	status=$?
	chattr -i "$dir" 2>/dev/null
	chmod u+w "$dir"
	changed=$(cd "$MINI" && for f in drivers/char/*.[ch]; do
		cmp -s "$f" "$EXPECTED/$f" || echo "$f"; done)
	check "an unwritable directory: exit 2, one line per file" \
		'[ $status -eq 2 ] &&
		 grep -q "cannot write '"'"'drivers/char/mem.c'"'"'" "$err" &&
		 [ "$(grep -c "cannot write" "$err")" -eq \
		   "$(echo "$changed" | wc -l)" ]'
	all_or_nothing "$scratch/tree" $changed >"$scratch/partial"
	check "its files untouched, the others converted, no temp file" \
		'[ ! -s "$scratch/partial" ] &&
		 [ -z "$(find "$scratch/tree" -name ".*.kmigrate-*")" ]'
else
	skip "an unwritable directory: exit 2, one line per file" \
		"cannot make a directory read-only here"
	skip "its files untouched, the others converted, no temp file" \
		"cannot make a directory read-only here"
fi

# ---- interrupted ----
# a process of $@ alive and not a zombie (nobody may reap them here)
still_running() {
	local pid state
	for pid in "$@"; do
		state=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -c1)
		[ -n "$state" ] && [ "$state" != Z ] && return 0
	done
	return 1
}
fresh
FAKE_PIDS=$scratch/pids SLOW_SPATCH=.c PATH=$scratch/bin:$PATH \
	"$KMIGRATE" -j 2 apply --in-place "$scratch/tree" >"$out" 2>"$err" &
pid=$!
sleep 2
kill -INT "$pid"
wait "$pid"
status=$?
all_or_nothing "$scratch/tree" >"$scratch/partial"
check "SIGINT: apply dies of it (status $status)" '[ $status -eq 130 ]'
check "SIGINT: every file untouched or fully converted" \
	'[ ! -s "$scratch/partial" ]'
check "SIGINT: no temporary file left, no spatch still running" \
	'[ -z "$(find "$scratch/tree" -name ".*.kmigrate-*")" ] &&
	 [ -s "$scratch/pids" ] && ! still_running $(cat "$scratch/pids")'

test_done
