#!/bin/bash
# t-layers.sh - tests/layers.sh, the layer check of "make layers", fails
# on a cycle and on an arrow up, and passes a graph with neither.
#
# The graphs are invented: "nm -A -P" listings fed with --nm, and two
# tiny objects compiled here that need each other (the check as make
# runs it, through nm).  The stages are a LAYERS of three lines.
. "$(dirname "$0")/lib.sh"

layers_sh=$SRCDIR/tests/layers.sh
make_scratch
cd "$scratch" || exit 2

cat >LAYERS <<'EOF'
# the test's stages, from the top down
migrator/scan
migrator/lib core-model
EOF

# run the check on LISTING: its output in out, its status in status
layers() {
	"$layers_sh" LAYERS --nm "$1" >out 2>&1
	status=$?
}

# scan.o uses lib.o and the model; lib.o uses nothing of ours
cat >clean.nm <<'EOF'
build/migrator/scan/scan.o: scan_tree T 0 10
build/migrator/scan/scan.o: strbuf_init U
build/migrator/scan/scan.o: model_open U
build/migrator/scan/scan.o: free U
build/migrator/lib/strbuf.o: strbuf_init T 0 10
build/migrator/lib/strbuf.o: malloc U
build/core-model/model.o: model_open T 0 10
EOF
layers clean.nm
check "a graph down the stages passes" \
	'[ $status -eq 0 ] && grep -qx "layers: 3 files, 2 arrows, 0 cycles, 0 arrows up" out' ||
	show out

# two files of one stage that need each other, directly
cat >cycle.nm <<'EOF'
build/migrator/lib/strbuf.o: strbuf_init T 0 10
build/migrator/lib/strbuf.o: die U
build/migrator/lib/util.o: die T 0 10
build/migrator/lib/util.o: strbuf_init U
EOF
layers cycle.nm
check "two files that need each other: a cycle, exit 1" \
	'[ $status -eq 1 ] && grep -qx "cycle: migrator/lib/strbuf.c -> migrator/lib/util.c -> migrator/lib/strbuf.c" out &&
	 grep -q " 1 cycles, 0 arrows up$" out' || show out

# a circle of three, printed round from its first file
cat >circle.nm <<'EOF'
build/migrator/lib/a.o: a_fn T 0 1
build/migrator/lib/a.o: b_fn U
build/migrator/lib/b.o: b_fn T 0 1
build/migrator/lib/b.o: c_fn U
build/migrator/lib/c.o: c_fn T 0 1
build/migrator/lib/c.o: a_fn U
EOF
layers circle.nm
check "three files round a circle: one cycle through all three" \
	'[ $status -eq 1 ] && grep -qx "cycle: migrator/lib/a.c -> migrator/lib/b.c -> migrator/lib/c.c -> migrator/lib/a.c" out' ||
	show out

# the library using the scan above it
cat >up.nm <<'EOF'
build/migrator/scan/scan.o: scan_tree T 0 10
build/migrator/lib/tree-walk.o: tree_walk T 0 10
build/migrator/lib/tree-walk.o: scan_tree U
EOF
layers up.nm
check "a file that uses a stage above its own: the arrow up, exit 1" \
	'[ $status -eq 1 ] && grep -qx "arrow up: migrator/lib/tree-walk.c -> migrator/scan/scan.c (scan_tree): migrator/lib is below migrator/scan" out &&
	 grep -q " 0 cycles, 1 arrows up$" out' || show out

# the library and the model are beside each other
cat >beside.nm <<'EOF'
build/core-model/model.o: model_open T 0 10
build/core-model/model.o: strbuf_init U
build/migrator/lib/strbuf.o: strbuf_init T 0 10
EOF
layers beside.nm
check "a file that uses a stage beside its own: exit 1" \
	'[ $status -eq 1 ] && grep -qx "arrow up: core-model/model.c -> migrator/lib/strbuf.c (strbuf_init): core-model is beside migrator/lib" out' ||
	show out

# an object in no stage is a usage error, not a pass
printf 'build/other/x.o: x T 0 1\n' >nostage.nm
layers nostage.nm
check "an object in no stage of LAYERS: exit 2, named" \
	'[ $status -eq 2 ] && grep -q "build/other/x.o is in no stage" out' ||
	show out

# the same check on real objects, through nm: two that need each other
mkdir -p build/migrator/lib
printf 'int pong(int);\nint ping(int n) { return n ? pong(n - 1) : 0; }\n' >ping.c
printf 'int ping(int);\nint pong(int n) { return n ? ping(n - 1) : 1; }\n' >pong.c
if ${CC:-cc} -c -o build/migrator/lib/ping.o ping.c 2>cc.err &&
   ${CC:-cc} -c -o build/migrator/lib/pong.o pong.c 2>>cc.err; then
	"$layers_sh" LAYERS build/migrator/lib/ping.o \
		build/migrator/lib/pong.o >out 2>&1
	status=$?
	check "two objects that need each other, read with nm: a cycle" \
		'[ $status -eq 1 ] && grep -qx "cycle: migrator/lib/ping.c -> migrator/lib/pong.c -> migrator/lib/ping.c" out' ||
		show out
	"$layers_sh" LAYERS build/migrator/lib/ping.o >out 2>&1
	check "one of them alone passes" '[ $? -eq 0 ]' || show out
else
	not_ok "compile two objects that need each other" cc.err
fi

test_done
