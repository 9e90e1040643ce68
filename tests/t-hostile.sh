#!/bin/bash
# t-hostile.sh - hostile, broken and real-world input (issue 11): trees
# built here, each with one thing an attacker or bad luck puts in a
# tree, and what kmigrate must do about it.  The sections follow the
# issue's items; each says what it proves.
#
# Needs: $KMIGRATE (the binary under test), $SRCDIR, $TMPDIR; python3
# validates JSON and SARIF (the cases that need it are skipped without
# it); setpriv runs the non-root cases as "nobody" (skipped when it is
# missing or the tests do not run as root).
. "$(dirname "$0")/lib.sh"
# fake spatches stand in for the real one: each must really run
uncached_scratch
have_python=
command -v python3 >/dev/null 2>&1 && have_python=1

# a tree at $1 with the new API declared and nothing else
new_tree() {
	rm -rf "$1"
	mkdir -p "$1/include/linux" "$1/drivers/x"
	cp "$mini/include/linux/device.h" "$mini/include/linux/types.h" \
		"$mini/include/linux/kdev_t.h" "$1/include/linux/"
}

# a driver at $1 with one old-form call; $2 (optional) its format string
old_call() {
	printf '%s\n' '#include <linux/device.h>' \
		'static struct class *cls;' \
		'void f(int i)' '{' \
		"	class_device_create(cls, 0, NULL, \"${2:-x%d}\", i);" \
		'}' >"$1"
}

# run kmigrate: $out, $err, $status
km() {
	"$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

valid_json() {
	python3 -c 'import json, sys
json.loads(sys.stdin.buffer.read().decode("utf-8"))' <"$1" 2>/dev/null
}

# --- 1: a file name is never code for a shell ------------------------------
#
# spatch 1.1.1 hands the names it is given to sh -c; kmigrate gives it
# only names it chose.  Every name below must convert like any other,
# through apply (one spatch per file, and in batches), series (git add
# takes them as literal paths, not pathspecs) and check --patch.

t=$scratch/names
new_tree "$t"
names=('$(id>PWNED).c' '$(cd;id>PWNED).c' 'sp ace.c' "$(printf 'ta\tb.c')" \
	"$(printf 'new\nline.c')" 'qu"ote.c' "qu'ote.c" 'back\slash.c' \
	'semi;colon.c' 'dol$lar.c' 'back`tick.c' '-dash.c')
for f in "${names[@]}"; do
	old_call "$t/drivers/x/$f"
done
old_call "$t/:!*.c"
nr_files=$((${#names[@]} + 1))
# kmigrate runs in $scratch with HOME=$scratch/home: a name that ran
# would leave PWNED in one or the other
mkdir -p "$scratch/home"
export HOME=$scratch/home
no_pwned() {
	! find "$scratch" -name PWNED | grep -q .
}
converted() {	# the number of converted calls in diff $1
	grep -c '^+	class_device_create(cls, NULL, 0, NULL, "x%d", i);$' "$1"
}
for j in 1 2; do
	(cd "$scratch" && "$KMIGRATE" apply -j $j "$t" >"$out" 2>"$err")
	status=$?
	check "1: apply -j $j: exit 0, no call left" \
		'[ $status -eq 0 ] && ! grep -q "not converted" "$err"'
	check "1: apply -j $j: every hostile name converted" \
		'[ "$(converted "$out")" -eq $nr_files ]'
	check "1: apply -j $j: no name ran as a command (no PWNED)" no_pwned
done
cp "$out" "$scratch/names.diff"
rm -rf "$t.git"
cp -a "$t" "$t.git"
check "1: git apply takes the diff" \
	'(cd "$t.git" && git apply -p1 "$scratch/names.diff")'
rm -rf "$t.patch"
cp -a "$t" "$t.patch"
if command -v patch >/dev/null; then
	check "1: patch -p1 takes the diff, with the same result" \
		'(cd "$t.patch" && patch -p1 --batch -s <"$scratch/names.diff") &&
		 diff -r "$t.git" "$t.patch" >/dev/null'
else
	skip "1: patch -p1 takes the diff, with the same result" "no patch"
fi
rm -rf "$t.in"
cp -a "$t" "$t.in"
km apply --in-place "$t.in"
check "1: apply --in-place writes what the diff says" \
	'[ $status -eq 0 ] && diff -r "$t.git" "$t.in" >/dev/null'
(cd "$scratch" && "$KMIGRATE" series "$t" --out "$scratch/names.out" \
	--from "A U Thor <author@example.org>" >"$out" 2>"$err")
status=$?
check "1: series: every name in a verified series" \
	'[ $status -eq 0 ] && grep -q ", $nr_files files, verified$" "$err"'
check "1: series: no name ran as a command" no_pwned
(cd "$scratch" && "$KMIGRATE" check --patch "$scratch/names.diff" "$t" \
	>"$out" 2>"$err")
status=$?
check "1: check --patch: the names convert, no error" \
	'[ $status -eq 0 ] && grep -q "^check: $nr_files call sites in $nr_files files: 0 errors" "$err"'
check "1: check --patch: no name ran as a command" no_pwned

# a spatch in $scratch/bin/$1 that runs the real one, then the shell
# code $2 (once: it leaves $scratch/$1.done), then exits as spatch did
real_spatch=$(command -v spatch)
fake_spatch() {
	mkdir -p "$scratch/$1"
	cat >"$scratch/$1/spatch" <<END_OF_FAKE
#!/bin/bash
[ "\$1" = --version ] && exec "$real_spatch" --version
"$real_spatch" "\$@"
status=\$?
if [ ! -e "$scratch/$1.done" ]; then
	: >"$scratch/$1.done"
	$2
fi
exit \$status
END_OF_FAKE
	chmod +x "$scratch/$1/spatch"
}

# a tree at $1 with three old-form drivers a.c, b.c, c.c in drivers/x
three_drivers() {
	new_tree "$1"
	old_call "$1/drivers/x/a.c" "a%d"
	old_call "$1/drivers/x/b.c" "b%d"
	old_call "$1/drivers/x/c.c" "c%d"
}

# The cases run as "nobody" need trees nobody can reach: TMPDIR may be
# private (run-tests.sh makes it 0700), so they go into a directory of
# their own under /tmp, removed at exit, with a copy of the migrations
# (KMIGRATE_DATADIR): a checkout under a private /root, as on a fresh
# Debian machine, is out of nobody's reach.  Skipped, with the reason,
# when that cannot be done (not root, no setpriv, or nobody cannot run
# the binary and load a migration with it).
nobody_why= nobody_dir=
if [ "$(id -u)" != 0 ]; then
	nobody_why="the tests do not run as root"
elif ! command -v setpriv >/dev/null || ! id nobody >/dev/null 2>&1; then
	nobody_why="no setpriv or no user nobody"
else
	nobody_dir=$(mktemp -d /tmp/t-hostile-nobody.XXXXXX) || exit 2
	trap 'rm -rf "$scratch" "$nobody_dir"' EXIT
	chmod 755 "$nobody_dir"
	mkdir "$nobody_dir/tmp"
	chown nobody:"$(id -gn nobody)" "$nobody_dir/tmp"
	mkdir "$nobody_dir/data"
	cp -R "$SRCDIR/semantic-patches" "$nobody_dir/data/"
	chmod -R a+rX "$nobody_dir/data"
	KMIGRATE_DATADIR=$nobody_dir/data \
		setpriv --reuid=nobody --regid="$(id -g nobody)" \
		--clear-groups "$KMIGRATE" -q scan "$nobody_dir/tmp" \
		>/dev/null 2>&1 ||
		nobody_why="user nobody cannot run '$KMIGRATE' and load a migration"
fi
as_nobody() {
	TMPDIR=$nobody_dir/tmp HOME=$nobody_dir/tmp \
		KMIGRATE_DATADIR=$nobody_dir/data \
		setpriv --reuid=nobody --regid="$(id -g nobody)" \
		--clear-groups "$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}
# a tree at $1 in nobody's directory, all of it nobody's
nobody_tree() {
	three_drivers "$1"
	chown -R nobody:"$(id -gn nobody)" "$1"
}

# --- 2: a directory swapped for a link never leads a write outside ----------

t=$scratch/swap
three_drivers "$t"
rm -rf "$scratch/outside"
mkdir -p "$scratch/outside"
cp "$t/drivers/x/"*.c "$scratch/outside/"
cp -a "$scratch/outside" "$scratch/outside.orig"
fake_spatch swap "mv '$t/drivers/x' '$t/drivers/x.real' &&
	ln -s '$scratch/outside' '$t/drivers/x'"
PATH=$scratch/swap:$PATH km apply --in-place -j 1 "$t"
check "2: the outside files are unchanged" \
	'diff -r "$scratch/outside.orig" "$scratch/outside" >/dev/null'
check "2: every file of the swapped directory is reported, exit 1" \
	'[ $status -eq 1 ] && [ "$(grep -c "^kmigrate: error: .drivers/x/[abc].c. changed during the run; left as it was$" "$err")" -eq 3 ]'
check "2: nothing written in the moved directory either" \
	'! grep -q "cls, NULL" "$t/drivers/x.real/"*.c'

# --- 6: an edit made during the run is never lost --------------------------

t=$scratch/edit
three_drivers "$t"
fake_spatch edit "echo '/* edited while apply ran */' >>'$t/drivers/x/b.c'"
PATH=$scratch/edit:$PATH km apply --in-place -j 1 "$t"
check "6: the edited file keeps the edit" \
	'tail -n 1 "$t/drivers/x/b.c" | grep -q "edited while apply ran"'
check "6: it is left and reported, exit 1" \
	'[ $status -eq 1 ] && grep -q "^kmigrate: error: .drivers/x/b.c. changed during the run; left as it was$" "$err" &&
	 grep -q "1 file changed during the run" "$err" &&
	 ! grep -q "cls, NULL" "$t/drivers/x/b.c"'
check "6: the other files are converted" \
	'grep -q "cls, NULL, 0" "$t/drivers/x/a.c" &&
	 grep -q "cls, NULL, 0" "$t/drivers/x/c.c"'

# --- 3: check --patch never reads through a link of the tree -------------

t=$scratch/patchlink
new_tree "$t"
cp "$mini/include/linux/kernel.h" "$t/include/linux/"
rm -rf "$scratch/elsewhere"
mkdir -p "$scratch/elsewhere"
printf '%s\n' '#include <linux/kernel.h>' '#include <linux/device.h>' \
	'static struct class *cls;' 'void f(int i)' '{' \
	'	class_device_create(cls, 0, NULL, "o%d", i);' '}' \
	>"$scratch/elsewhere/a.c"
cp "$scratch/elsewhere/a.c" "$scratch/elsewhere.orig.c"
ln -s "$scratch/elsewhere" "$t/drivers/evil"
ln -s ../x "$t/drivers/inside"
cp "$scratch/elsewhere/a.c" "$t/drivers/x/ok.c"
for p in evil/a.c inside/ok.c; do
	printf '%s\n' "--- a/drivers/$p" "+++ b/drivers/$p" '@@ -6 +6 @@' \
		'-	class_device_create(cls, 0, NULL, "o%d", i);' \
		'+	class_device_create(cls, NULL, 0, NULL, "o%d", i);' \
		>"$scratch/link.patch"
	km check --patch "$scratch/link.patch" "$t"
	check "3: check --patch refuses drivers/$p, behind a link: exit 2" \
		'[ $status -eq 2 ] && [ ! -s "$out" ] &&
		 grep -qx "kmigrate: error: cannot use patch .$scratch/link.patch.: it touches .drivers/$p. through the symbolic link .drivers/${p%%/*}." "$err"'
done
check "3: the file behind the link is untouched" \
	'cmp -s "$scratch/elsewhere/a.c" "$scratch/elsewhere.orig.c"'

# --- 4: series runs the tree's checkpatch only when allowed to ----------

t=$scratch/checkpatch
three_drivers "$t"
mkdir -p "$t/scripts"
cat >"$t/scripts/checkpatch.pl" <<'EOF'
#!/usr/bin/perl
# code from the tree: it leaves a mark when it runs
open(my $mark, ">>", "$ENV{HOME}/checkpatch-ran") or die;
print $mark "ran\n";
print "total: 0 errors, 0 warnings, 1 lines checked\n";
EOF
rm -f "$HOME/checkpatch-ran"
km series --help
check "4: series --help says the tree's checkpatch runs only when asked" \
	'grep -q "scripts/checkpatch.pl" "$out" &&
	 grep -q "No code from TREE" "$out" &&
	 grep -q -- "--checkpatch  " "$out"'
km series "$t" --out "$scratch/cp1" --from "A U Thor <author@example.org>"
check "4: by default it never runs, the cover letter says how to ask" \
	'[ $status -eq 0 ] && [ ! -e "$HOME/checkpatch-ran" ] &&
	 grep -q "^checkpatch: not run, it is the tree.s code (series --checkpatch runs it)\.$" "$scratch/cp1/0000-cover-letter.patch"'
km series "$t" --out "$scratch/cp2" --checkpatch \
	--from "A U Thor <author@example.org>"
check "4: --checkpatch: the tree's checkpatch runs" \
	'[ $status -eq 0 ] && [ -s "$HOME/checkpatch-ran" ]'
rm -f "$HOME/checkpatch-ran"
km series "$t" --out "$scratch/cp3" --checkpatch --no-checkpatch \
	--from "A U Thor <author@example.org>"
check "4: --no-checkpatch after --checkpatch: it never runs" \
	'[ $status -eq 0 ] && [ ! -e "$HOME/checkpatch-ran" ]'

# --- 5: a file the user may not write is left, owner and mode kept ----------

t=$scratch/owner
three_drivers "$t"
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	# as root: a file of another user keeps its owner, group and mode
	chown nobody:"$(id -gn nobody)" "$t/drivers/x/a.c"
	chmod 0640 "$t/drivers/x/a.c"
	chmod 0444 "$t/drivers/x/b.c"
	km apply --in-place "$t"
	check "5: as root: another user's file is converted, owner kept" \
		'[ $status -eq 0 ] && grep -q "cls, NULL, 0" "$t/drivers/x/a.c" &&
		 [ "$(stat -c %U:%a "$t/drivers/x/a.c")" = nobody:640 ]'
	check "5: as root: a 0444 file is converted and stays 0444" \
		'grep -q "cls, NULL, 0" "$t/drivers/x/b.c" &&
		 [ "$(stat -c %U:%a "$t/drivers/x/b.c")" = root:444 ]'
else
	skip "5: as root: another user's file" "not root, or no user nobody"
	skip "5: as root: a 0444 file" "not root, or no user nobody"
fi
if [ -z "$nobody_why" ]; then
	# as nobody: a 0444 file and a file of root's are left
	t=$nobody_dir/owner
	nobody_tree "$t"
	chmod 0444 "$t/drivers/x/a.c"
	chown root "$t/drivers/x/b.c"
	chmod 0666 "$t/drivers/x/b.c"
	cp -p "$t/drivers/x/a.c" "$scratch/a.orig"
	cp -p "$t/drivers/x/b.c" "$scratch/b.orig"
	as_nobody apply --in-place "$t"
	check "5: as nobody: the 0444 file is left as it was, reported" \
		'cmp -s "$scratch/a.orig" "$t/drivers/x/a.c" &&
		 [ "$(stat -c %a "$t/drivers/x/a.c")" = 444 ] &&
		 grep -q "^kmigrate: error: cannot write .drivers/x/a.c.: permission denied; left as it was$" "$err"'
	check "5: as nobody: root's file is left, still root's, reported" \
		'cmp -s "$scratch/b.orig" "$t/drivers/x/b.c" &&
		 [ "$(stat -c %U:%a "$t/drivers/x/b.c")" = root:666 ] &&
		 grep -q "^kmigrate: error: cannot write .drivers/x/b.c.: owned by another user; left as it was$" "$err"'
	check "5: as nobody: the user's own file is converted, exit 2" \
		'[ $status -eq 2 ] && grep -q "cls, NULL, 0" "$t/drivers/x/c.c" &&
		 grep -q "2 files not written" "$err"'
else
	for c in "as nobody: the 0444 file" "as nobody: root's file" \
		 "as nobody: the user's own file"; do
		skip "5: $c" "$nobody_why"
	done
fi

# --- 7: a killed run's temporary files, spatch's own, an interrupt ----------

t=$scratch/leftover
three_drivers "$t"
printf 'half\n' >"$t/drivers/x/.a.c.kmigrate-Ab12Cd"
printf 'not ours\n' >"$t/drivers/x/.a.c.kmigrate-Ab12Cde"
printf 'not ours\n' >"$t/drivers/x/.notes.kmigrate-Ab12Cd"
ln -s ../../include "$t/drivers/x/.b.c.kmigrate-Zz99Yy"
km check "$t"
check "7: check notes the leftover and leaves it" \
	'grep -q "^kmigrate: note: .drivers/x/.a.c.kmigrate-Ab12Cd. is left by an interrupted kmigrate run; .kmigrate apply --in-place. removes it$" "$err" &&
	 [ -f "$t/drivers/x/.a.c.kmigrate-Ab12Cd" ]'
km apply --in-place "$t"
check "7: apply --in-place removes the leftover and says so" \
	'[ ! -e "$t/drivers/x/.a.c.kmigrate-Ab12Cd" ] &&
	 grep -q "^kmigrate: note: removed .drivers/x/.a.c.kmigrate-Ab12Cd., left by an interrupted kmigrate run$" "$err"'
check "7: only the exact pattern, only regular files" \
	'[ -f "$t/drivers/x/.a.c.kmigrate-Ab12Cde" ] &&
	 [ -f "$t/drivers/x/.notes.kmigrate-Ab12Cd" ] &&
	 [ -L "$t/drivers/x/.b.c.kmigrate-Zz99Yy" ] && [ $status -eq 0 ]'

# spatch keeps its temporary files (--save-tmp-files, as kmigrate asks):
# they must be in kmigrate's scratch directory, and go with it, on a
# signal too
cat >"$scratch/bin-keep" <<END_OF_FAKE
#!/bin/bash
[ "\$1" = --version ] && exec "$real_spatch" --version
"$real_spatch" "\$@" &
pid=\$!
wait \$pid
status=\$?
echo \$pid >>"$scratch/keep.pids"
ls run-*/ >>"$scratch/keep.files" 2>/dev/null
[ -n "\${KEEP_SLEEP:-}" ] && { : >"$scratch/keep.slept"; sleep 60; }
exit \$status
END_OF_FAKE
mkdir -p "$scratch/keep"
mv "$scratch/bin-keep" "$scratch/keep/spatch"
chmod +x "$scratch/keep/spatch"
cocci_in_tmp() {	# spatch's files of the runs logged, still in /tmp
	local pid
	for pid in $(cat "$scratch/keep.pids" 2>/dev/null); do
		ls /tmp/cocci*-"$pid"-* 2>/dev/null
	done | grep -q .
}
t=$scratch/keep-tree
three_drivers "$t"
mkdir -p "$scratch/keep-tmp"
rm -f "$scratch/keep.pids" "$scratch/keep.files"
TMPDIR=$scratch/keep-tmp PATH=$scratch/keep:$PATH km apply "$t"
check "7: spatch's temporary files are in kmigrate's scratch directory" \
	'[ $status -eq 0 ] && grep -q "^cocci-output-" "$scratch/keep.files" &&
	 [ -s "$scratch/keep.pids" ] && ! cocci_in_tmp'
check "7: and go with it" '[ -z "$(ls "$scratch/keep-tmp")" ]'
for sig in INT TERM; do
	rm -f "$scratch/keep.pids" "$scratch/keep.slept"
	TMPDIR=$scratch/keep-tmp KEEP_SLEEP=1 PATH=$scratch/keep:$PATH \
		"$KMIGRATE" apply -j 1 "$t" >"$out" 2>"$err" &
	pid=$!
	for _ in $(seq 300); do
		[ -e "$scratch/keep.slept" ] && break
		sleep 0.1
	done
	kill -$sig $pid
	wait $pid
	status=$?
	check "7: SIG$sig: no copy of the sources left by spatch" \
		'[ $status -gt 128 ] && [ -z "$(ls "$scratch/keep-tmp")" ] &&
		 ! cocci_in_tmp'
done

# an interrupt while the files are replaced says which ones were
t=$scratch/interrupt
three_drivers "$t"
if strace -f -o /dev/null -e trace=renameat -e inject=renameat:delay_exit=1 \
	true 2>/dev/null; then
	cp -a "$t" "$t.orig"
	strace -f -o /dev/null -e trace=renameat \
		-e inject=renameat:delay_exit=2000000 \
		"$KMIGRATE" apply --in-place -j 1 "$t" >"$out" 2>"$err" &
	tracer=$!
	for _ in $(seq 600); do
		cmp -s "$t/drivers/x/a.c" "$t.orig/drivers/x/a.c" || break
		sleep 0.05
	done
	kill -INT $(cat /proc/$tracer/task/*/children 2>/dev/null) \
		2>/dev/null
	wait $tracer
	replaced=$(for f in a b c; do
		cmp -s "$t/drivers/x/$f.c" "$t.orig/drivers/x/$f.c" ||
			echo "drivers/x/$f.c"
	done)
	named_all() {
		local f
		[ -n "$replaced" ] || return 1
		for f in $replaced; do
			grep -q "^kmigrate: interrupted: .$f. was already replaced$" "$err" || return 1
		done
	}
	check "7: an interrupt names each file already replaced" named_all
	check "7: and how many of how many" \
		'grep -q "^kmigrate: interrupted after replacing $(echo "$replaced" | wc -l) of 3 files; the others are as they were$" "$err"'
else
	skip "7: an interrupt names each file already replaced" \
		"strace cannot delay a system call here"
	skip "7: and how many of how many" \
		"strace cannot delay a system call here"
fi

# --- 8: unreadable input fails the gate ----------------------------------

# a JSON document's summary field $2 of file $1
summary_field() {
	python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["summary"][sys.argv[2]])' "$1" "$2"
}
if [ -z "$nobody_why" ]; then
	t=$nobody_dir/unreadable
	nobody_tree "$t"
	mkdir -p "$t/drivers/locked"
	old_call "$t/drivers/locked/d.c"
	chown -R nobody:"$(id -gn nobody)" "$t/drivers/locked"
	chmod 000 "$t/drivers/x/b.c" "$t/drivers/locked"
	as_nobody check "$t"
	check "8: check: an unreadable file and directory are errors, exit 1" \
		'[ $status -eq 1 ] &&
		 diag_join "$out" | grep -q "^drivers/x/b.c:1:1: error: cannot be read \[unreadable-file\] cannot read .drivers/x/b.c.: Permission denied: the calls it may hold cannot be checked$" &&
		 diag_join "$out" | grep -q "^drivers/locked:1:1: error: cannot be read \[unreadable-file\] cannot read .drivers/locked.: Permission denied: "'
	check "8: check: the other calls are still checked" \
		'[ "$(grep -c "\[unconverted-call\]$" "$out")" -eq 2 ]'
	as_nobody check --format json "$t"
	check "8: check --format json: exit 1, two unreadable-file findings" \
		'[ $status -eq 1 ] && [ "$(grep -o "\"rule\": \"unreadable-file\"" "$out" | wc -l)" -eq 2 ]'
	if [ -n "$have_python" ]; then
		check "8: the JSON summary counts the unreadable paths" \
			'[ "$(summary_field "$out" unreadable_files)" = 2 ] &&
			 [ "$(summary_field "$out" errors)" = 4 ]'
	else
		skip "8: the JSON summary counts the unreadable paths" "no python3"
	fi
	as_nobody check --format sarif "$t"
	check "8: check --format sarif: exit 1, two unreadable-file results" \
		'[ $status -eq 1 ] && [ "$(grep -o "\"ruleId\": \"unreadable-file\"" "$out" | wc -l)" -eq 2 ] &&
		 grep -q "\"unreadable_files\": 2" "$out"'
	as_nobody apply "$t"
	check "8: apply: exit 1, the unreadable paths said" \
		'[ $status -eq 1 ] && grep -q "cannot read .drivers/x/b.c." "$err" &&
		 grep -q ", 2 unreadable" "$err"'
	chmod 644 "$t/drivers/x/b.c"
	chmod 755 "$t/drivers/locked"
else
	for c in "check: an unreadable file" "check: the other calls" \
		 "check --format json" "the JSON summary" \
		 "check --format sarif" "apply: exit 1"; do
		skip "8: $c" "$nobody_why"
	done
fi

# --- 9: a NUL byte, CR-only line ends, a binary file ------------------------

t=$scratch/nul
new_tree "$t"
cp "$mini/include/linux/kernel.h" "$t/include/linux/"
printf '%s\n' '#include <linux/kernel.h>' '#include <linux/device.h>' \
	'/* a NUL byte: @ */' 'static struct class *cls;' 'void f(int i)' '{' \
	'	class_device_create(cls, 0, NULL, "n%d", i);' '}' |
	tr @ '\0' >"$t/drivers/x/nul.c"
printf '%s\r' '#include <linux/kernel.h>' '#include <linux/device.h>' \
	'static struct class *cls;' 'void f(int i)' '{' \
	'	class_device_create(cls, 0, NULL, "cr%d", i);' '}' \
	>"$t/drivers/x/cr.c"
km scan "$t"
check "9: scan: the call after a NUL byte is old, at its line" \
	'grep -q "^drivers/x/nul.c:7:2: old class_device_create(cls, 0, NULL, \"n%d\", i)$" "$out"'
check "9: scan: the call in a CR-only file is old, at its line" \
	'grep -q "^drivers/x/cr.c:6:2: old class_device_create(cls, 0, NULL, \"cr%d\", i)$" "$out"'
km check "$t"
check "9: check: both are unconverted calls, exit 1" \
	'[ $status -eq 1 ] && grep -q "^drivers/x/nul.c:7:2: error: .*\[unconverted-call\]$" "$out" &&
	 grep -q "^drivers/x/cr.c:6:2: error: .*\[unconverted-call\]$" "$out" &&
	 ! grep -q parse-failure "$out"'
cp -a "$t" "$t.orig"
km apply "$t"
cp "$out" "$scratch/nul.diff"
check "9: apply converts both, exit 0" \
	'[ $status -eq 0 ] && grep -q "2 files, 2 calls converted, 0 calls left" "$err"'
km apply --in-place "$t"
check "9: the files keep every other byte: NUL, CR-only line ends" \
	'[ "$(tr "\0\r" "x\n" <"$t/drivers/x/nul.c" | grep -c "cls, NULL, 0, NULL")" = 1 ] &&
	 [ "$(tr -d "\0" <"$t/drivers/x/nul.c" | wc -c)" = "$(($(tr -d "\0" <"$t.orig/drivers/x/nul.c" | wc -c) + 6))" ] &&
	 [ "$(tr -cd "\0" <"$t/drivers/x/nul.c" | wc -c)" = 1 ] &&
	 [ "$(tr -cd "\n" <"$t/drivers/x/cr.c" | wc -c)" = 0 ] &&
	 [ "$(tr -cd "\r" <"$t/drivers/x/cr.c" | wc -c)" = 7 ]'
rm -rf "$t.git"
cp -a "$t.orig" "$t.git"
check "9: the diff applies with git apply to the very same bytes" \
	'(cd "$t.git" && git apply -p1 "$scratch/nul.diff") &&
	 diff -r "$t.git" "$t" >/dev/null'
km check "$t"
check "9: check on the converted files: exit 0" '[ $status -eq 0 ]'
# a binary file that names the function
printf 'class_device_create\0\0\0\0\n' >"$t/drivers/x/blob.c"
km check "$t"
check "9: a binary file naming the function is an error for check" \
	'[ $status -eq 1 ] && grep -q "^drivers/x/blob.c:1:1: error: a binary file names the function \[binary-file\]$" "$out"'
km apply "$t"
check "9: and apply fails on it" \
	'[ $status -eq 1 ] && grep -q "warning: skipping .drivers/x/blob.c.: a binary file that names .class_device_create." "$err"'
rm "$t/drivers/x/blob.c"
# a file that check --patch adds, with a NUL byte and an old call
printf '%s\n' '#include <linux/device.h>' '/* @ */' \
	'void g(struct class *c) { class_device_create(c, 0, NULL, "g"); }' |
	tr @ '\0' >"$scratch/added.c"
(cd "$t" && git init -q && git add -A &&
	git -c user.name=a -c user.email=a@b commit -qm base &&
	cp "$scratch/added.c" drivers/x/added.c && git add -N drivers/x/added.c &&
	git diff --binary >"$scratch/add.patch" && rm drivers/x/added.c &&
	rm -rf .git)
km check --patch "$scratch/add.patch" "$t"
check "9: check --patch: the old call in an added file with a NUL is an error" \
	'[ $status -eq 1 ] && grep -q "^drivers/x/added.c:3:27: error: .*\[unconverted-call\]$" "$out"'

# --- 10: JSON and SARIF are valid UTF-8 ------------------------------------

t=$scratch/latin1
new_tree "$t"
old_call "$t/drivers/x/r$(printf '\351')seau.c" "r$(printf '\351')seau%d"
for fmt in json sarif; do
	km check --format $fmt "$t"
	if [ -z "$have_python" ]; then
		skip "10: Latin-1 name and string: valid $fmt" "no python3"
		continue
	fi
	check "10: Latin-1 in a file name and a call's string: valid $fmt" \
		'[ $status -eq 1 ] && valid_json "$out"'
	check "10: the Latin-1 byte is written as \\u00e9 in $fmt" \
		'grep -q "r\\\\u00e9seau.c" "$out"'
done
km scan --format json "$t"
if [ -n "$have_python" ]; then
	check "10: Latin-1 in a file name and a call's string: valid scan json" \
		'[ $status -eq 0 ] && valid_json "$out"'
fi
km apply "$t"
check "10: the diff keeps the Latin-1 bytes" \
	'grep -q "^+.*\"r$(printf "\351")seau%d\"" "$out"'

# --- 11: a format macro from a private header, read alike on both sides ---
#
# The shape of 2.6.18's raw1394: the device name is a macro of a header
# beside the driver; before the hand patch libclang cannot see the call
# (old form, new prototype declared), after it it can.

t=$scratch/private
new_tree "$t"
cp "$mini/include/linux/"*.h "$t/include/linux/"
mkdir -p "$t/drivers/ieee1394"
cp "$mini/drivers/ieee1394/ieee1394_core."[ch] "$t/drivers/ieee1394/"
sed 's|^#define RAW1394_DEVICE_NAME.*|#include "raw1394-private.h"|' \
	"$mini/drivers/ieee1394/raw1394.c" >"$t/drivers/ieee1394/raw1394.c"
printf '%s\n' '#ifndef RAW1394_PRIVATE_H' '#define RAW1394_PRIVATE_H' \
	'#define RAW1394_DEVICE_NAME	"raw1394"' '#endif' \
	>"$t/drivers/ieee1394/raw1394-private.h"
awk '/^diff --git / { p = /raw1394\.c/ } p' \
	"$SRCDIR/tree-fixtures/hand-conversion.patch" >"$scratch/raw1394.patch"
km check --patch "$scratch/raw1394.patch" "$t"
check "11: check --patch: a macro format of a private header is no change" \
	'[ $status -eq 0 ] && ! grep -q "sysfs-effect-changed" "$out" &&
	 grep -q "^check: 1 call site in 1 file: 0 errors" "$err"'
km check --verdicts "$t"
check "11: check: the old-form call registers the macro's value" \
	'grep -q "^drivers/ieee1394/raw1394.c:33: /sys/class/ieee1394_protocol/raw1394 dev" "$out"'

# --- 12: a configuration value in an expression --------------------------

t=$scratch/config
new_tree "$t"
cp "$mini/include/linux/"*.h "$t/include/linux/"
printf '%s\n' '#define L1_CACHE_BYTES (1 << CONFIG_X86_L1_CACHE_SHIFT)' \
	>"$t/include/linux/cache.h"
printf '%s\n' '#include <linux/kernel.h>' '#include <linux/device.h>' \
	'#include <linux/cache.h>' 'static struct class *snsc_class;' \
	'void f(int i)' '{' '	char name[L1_CACHE_BYTES];' \
	'	class_device_create(snsc_class, NULL, 0, NULL, "%s", name);' \
	'}' >"$t/drivers/x/snsc.c"
km check "$t"
check "12: the parse is retried with CONFIG_ defined: libclang sees the call" \
	'[ $status -eq 0 ] && ! grep -q "parse-failure" "$out" &&
	 grep -q "^check: 1 call site in 1 file: 0 errors, 0 warnings" "$err"'
printf '%s\n' '#include <linux/kernel.h>' '#include <linux/device.h>' \
	'#include <linux/cache.h>' 'static struct class *snsc_class;' \
	'void f(int i)' '{' '	char name[L1_CACHE_BYTES];' \
	'	class_device_create(snsc_class, NULL, 0, NULL, "%s%d", name,' \
	'			    nowhere);' '}' >"$t/drivers/x/snsc.c"
km check "$t"
check "12: when the call is lost anyway, the finding says the retry was made" \
	'diag_join "$out" | grep -q "^drivers/x/snsc.c:8:2: warning: libclang could not analyse this file \[parse-failure\] none of its calls survived the parse (first error: .*), even with its CONFIG_ symbols defined to 1; its 1 call was checked from the text only$"'

# --- fuzz findings, end to end ------------------------------------------

t=$scratch/nested
new_tree "$t"
printf '%s\n' '#include <linux/device.h>' 'static struct class *c, *d;' \
	'void f(void)' '{' \
	'	class_device_create(c, MKDEV(1, 2), NULL, "%p", class_device_create(d, MKDEV(1, 3), NULL, "y"));' \
	'}' >"$t/drivers/x/nested.c"
km apply "$t"
check "fuzz: nested old-form calls are both converted" \
	'[ $status -eq 0 ] && grep -qF "+	class_device_create(c, NULL, MKDEV(1, 2), NULL, \"%p\", class_device_create(d, NULL, MKDEV(1, 3), NULL, \"y\"));" "$out"'

test_done
