#!/bin/bash
# t-crash-isolation.sh - a crash of spatch or libclang on one file is
# that file's error, named with the signal, and every other file is
# still converted or judged (issue 30, goal 2).
#
# apply: a fake spatch forwards to the real one, except that a run given
# a file holding a marker kills itself with SIGSEGV, batch or single:
# the batch runs again file by file, the marked file is reported with
# the signal and left as it was, every other file is converted, apply
# exits 1 and leaves no temporary file.
#
# Needs: $KMIGRATE, $SRCDIR, $TMPDIR; spatch (else skipped).
. "$(dirname "$0")/lib.sh"
# the fake spatch must really run
export KMIGRATE_NO_CACHE=1
export LC_ALL=C
make_scratch
MINI=$SRCDIR/tree-fixtures/linux-2.6.14-mini
out=$scratch/out err=$scratch/err
check_shows=$err

# ---- apply: spatch killed by a signal on one file ----
apply_crash() {
	local real_spatch marked=drivers/char/raw.c expected

	real_spatch=$(command -v spatch) ||
		{ skip "apply: spatch crashing on one file" "no spatch"; return; }
	expected=$(expected_tree) || exit 1
	mkdir -p "$scratch/bin" "$scratch/tmp"
	# a batch started early reads its list on stdin: kept in its
	# --temp-files directory, handed on as a file
	cat >"$scratch/bin/spatch" <<END_OF_FAKE
#!/bin/bash
[ "\$1" = --version ] && exec "$real_spatch" --version
input= groups= tmp= prev=
for arg in "\$@"; do
	[ "\$prev" = --file-groups ] && groups=\$arg
	[ "\$prev" = --temp-files ] && tmp=\$arg
	prev=\$arg
done
[ -z "\$groups" ] && input=\$prev
if [ "\$groups" = /dev/stdin ]; then
	groups=\$tmp/groups.in
	cat >"\$groups"
	set -- "\${@:1:\$((\$# - 1))}" "\$groups"
fi
files=\$input
[ -n "\$groups" ] && files=\$(grep . "\$groups")
echo "\${groups:+batch}\${input:+file}" >>"$scratch/runs.log"
for f in \$files; do
	grep -q CRASH-SPATCH-HERE "\$f" && kill -SEGV \$\$
done
exec "$real_spatch" "\$@"
END_OF_FAKE
	chmod +x "$scratch/bin/spatch"
	cp -a "$MINI" "$scratch/tree"
	echo '/* CRASH-SPATCH-HERE */' >>"$scratch/tree/$marked"
	cp "$scratch/tree/$marked" "$scratch/marked.c"
	: >"$scratch/runs.log"
	TMPDIR=$scratch/tmp PATH=$scratch/bin:$PATH "$KMIGRATE" -j 2 \
		apply --in-place "$scratch/tree" >"$out" 2>"$err"
	status=$?
	check "apply: spatch killed on one file: exit 1" '[ $status -eq 1 ]'
	check "apply: the file is named with the signal" \
		'grep -qxF "$marked: spatch killed by signal 11 (Segmentation fault)" \
			"$err" && grep -q "^apply: .* 1 file failed" "$err"'
	check "apply: its calls are left, said so" \
		'[ "$(diag_join "$err" | grep -c "^$marked:[0-9:]*: warning: not converted spatch killed by signal 11 (Segmentation fault)$")" -eq 2 ]'
	check "apply: the batch ran again file by file" \
		'[ "$(grep -cx batch "$scratch/runs.log")" -ge 1 ] &&
		 [ "$(grep -cx file "$scratch/runs.log")" -ge 2 ]'
	diff -r "$expected" "$scratch/tree" >"$scratch/diff"
	check "apply: the marked file untouched, every other one converted" \
		'cmp -s "$scratch/marked.c" "$scratch/tree/$marked" &&
		 [ "$(grep -c "^diff " "$scratch/diff")" -eq 1 ] &&
		 grep -q "^diff .*/$marked " "$scratch/diff"'
	find "$scratch/tmp" "$scratch/tree" -mindepth 1 \
		\( -path "$scratch/tree/*" -name ".*kmigrate*" -o \
		-path "$scratch/tmp/*" \) >"$scratch/left"
	check "apply: no temporary file left" '[ ! -s "$scratch/left" ]'
}
apply_crash

test_done
