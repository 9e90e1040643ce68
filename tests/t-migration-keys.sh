#!/bin/bash
# t-migration-keys.sh - migration keys for trees the way the kernel is:
# a header per architecture, and the API's own implementation.
#
# header: with several paths and globs (a macro each architecture
# defines in its own arch/<arch>/include/asm/ header): check finds the
# declaration in any, the first declaring file in the list's order wins,
# and a list none of which declares the name is named whole in the
# reason.
#
# The API's own definition: after a rename frob() -> frob2(), a call
# inside the body of either's definition (frob2() written in terms of
# frob(), a static inline frob() calling frob2(), a #define frob(c)
# frob2(c)) is never converted, which would make it call itself: scan
# lists it as shadowed, apply names it as left with the reason "the
# API's own definition/wrapper"; a caller elsewhere is converted.
#
# exclude: globs of paths left alone, each excluded file that names the
# function noted by scan and apply; spatch-options: on the generated
# patch's Options: line, and anything off the allow-list (a file
# argument, --python) refused with a one-line error, exit 2.  A
# hand-written semantic patch's "// Options:" line goes through the same
# allow-list: an allowed option reaches spatch, a refused one (--sp-file,
# -o, --tmp-dir, ...) is a one-line error naming it, exit 2.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
make_scratch
out=$scratch/out err=$scratch/err
check_shows=$err

# km MIGRATION ARGS...: run kmigrate; $out, $err, $status
km() {
	local m=$1

	shift
	"$KMIGRATE" --migration "$m" "$@" >"$out" 2>"$err"
	status=$?
}

# migration FOLDER HEADER: frob(count, flags) loses its flags
migration() {
	mkdir -p "$1"
	cat >"$1/migration" <<EOF
name: $(basename "$1")
function: frob
header: $2
old-prototype: int frob(int count, int flags)
new-prototype: int frob(int count)
new-call: \$1
drop: 2 0
subject: misc: frob() loses its flags
description: frob() lost its flags argument.
EOF
}

tree=$scratch/tree
mkdir -p "$tree/arch/arm/include/asm" "$tree/arch/x86/include/asm" \
	"$tree/include/asm-generic" "$tree/drivers/misc"
echo '#define frob(count, flags) arm_frob(count, flags)' \
	>"$tree/arch/arm/include/asm/frob.h"
echo '#define frob(count, flags) x86_frob(count, flags)' \
	>"$tree/arch/x86/include/asm/frob.h"
echo 'int frob(int count);' >"$tree/include/asm-generic/frob.h"
cat >"$tree/drivers/misc/widget.c" <<'EOF'
#include <asm/frob.h>

int widget(void)
{
	return frob(1, 0) + frob(2, 0);
}
EOF

migration "$scratch/m/frob-arch" "arch/*/include/asm/frob.h"
km "$scratch/m/frob-arch" check --format json "$tree"
check "header: a glob over the architectures finds the per-arch macro" \
	'[ $status -eq 0 ] && grep -q "\"api\": \"old\"" "$out"'
migration "$scratch/m/frob-list" \
	"include/asm-generic/frob.h arch/*/include/asm/frob.h"
km "$scratch/m/frob-list" check --format json "$tree"
check "header: the first declaring header of the list wins" \
	'grep -q "\"api\": \"new\"" "$out"'
migration "$scratch/m/frob-none" "include/linux/none.h arch/*/include/asm/none.h"
km "$scratch/m/frob-none" check "$tree"
check "header: a list none of which declares it is named whole" \
	'grep -q "'"'"'include/linux/none.h arch/\*/include/asm/none.h'"'"' does not declare '"'"'frob'"'"'" "$err"'
migration "$scratch/m/frob-climb" "include/frob.h ../frob.h"
km "$scratch/m/frob-climb" check "$tree"
check "header: each path of the list is checked (no climbing out)" \
	'[ $status -eq 2 ] && grep -q "bad field .header.: .\.\./frob\.h. climbs out" "$err"'

# --- the API's own definition and its wrappers --------------------------------
if ! command -v spatch >/dev/null 2>&1; then
	skip "the API's own definition is never converted" "spatch is not installed"
	test_done
	exit
fi
mig=$scratch/m/frob-rename
mkdir -p "$mig"
cat >"$mig/migration" <<'EOF'
name: frob-rename
function: frob
new-function: frob2
header: include/linux/frob.h
old-prototype: int frob(int count)
new-prototype: int frob2(int count)
new-call: $1
subject: misc: call frob2() instead of frob()
description: frob() is now frob2().
EOF
wrap=$scratch/wrap
mkdir -p "$wrap/include/linux" "$wrap/lib" "$wrap/drivers/misc"
cat >"$wrap/include/linux/frob.h" <<'EOF'
int frob2(int count);
#define frob(count) frob2(count)
EOF
cat >"$wrap/lib/frob.c" <<'EOF'
#include <linux/frob.h>

int frob2(int count)
{
	return frob(count);
}
EOF
cat >"$wrap/lib/frob-inline.h" <<'EOF'
static inline int frob(int count)
{
	return frob2(count);
}
EOF
cat >"$wrap/drivers/misc/user.c" <<'EOF'
#include <linux/frob.h>

int user(void)
{
	return frob(1);
}
EOF
cp -R "$wrap" "$wrap.orig"
km "$mig" scan "$wrap"
check "scan lists the calls inside the API's own definitions as shadowed" \
	'grep -q "^lib/frob.c:5:9: shadowed frob(count);" "$out" &&
	 grep -q "^lib/frob-inline.h:3:9: shadowed frob2(count);" "$out" &&
	 grep -q "^include/linux/frob.h:2:21: shadowed frob2(count)" "$out" &&
	 grep -q " 1 old, 0 new, 0 ambiguous" "$err"'
km "$mig" apply --in-place "$wrap"
check "apply converts the caller, never the wrapper (no recursion)" \
	'[ $status -eq 0 ] && grep -q "return frob2(1);" "$wrap/drivers/misc/user.c" &&
	 diff -r "$wrap.orig/lib" "$wrap/lib" >/dev/null &&
	 diff -r "$wrap.orig/include" "$wrap/include" >/dev/null'
check "apply names each wrapper call as left: the API's own definition/wrapper" \
	'[ "$(grep -c "the API.s own definition/wrapper" "$err")" -eq 3 ] &&
	 grep -q "^lib/frob.c:5:9: note: not converted" "$err"'
# --- exclude: and spatch-options: ----------------------------------------------
cat >>"$mig/migration" <<'EOF'
exclude: drivers/staging lib/*-inline.h
spatch-options: --iso-limit 2 --recursive-includes
EOF
rm -rf "$wrap" && cp -R "$wrap.orig" "$wrap"
mkdir -p "$wrap/drivers/staging/old"
printf 'int old(void)\n{\n\treturn frob(2);\n}\n' \
	>"$wrap/drivers/staging/old/old.c"
km "$mig" scan "$wrap"
check "exclude: each excluded file that names the function gets a note" \
	'grep -q "note: excluding .drivers/staging/old/old.c.: it names .frob., and the migration excludes .drivers/staging." "$err" &&
	 grep -q "note: excluding .lib/frob-inline.h.: it names .frob., and the migration excludes .lib/\*-inline.h." "$err" &&
	 grep -q "(2 skipped)" "$err" && ! grep -q "^drivers/staging" "$out"'
km "$mig" apply --in-place "$wrap"
check "exclude: apply leaves an excluded file as it is, and says so" \
	'[ $status -eq 0 ] && grep -q "return frob(2);" "$wrap/drivers/staging/old/old.c" &&
	 grep -q "note: excluding .drivers/staging/old/old.c." "$err" &&
	 grep -q "return frob2(1);" "$wrap/drivers/misc/user.c"'
km "$mig" cocci
check "spatch-options: on the generated semantic patch's Options: line" \
	'grep -qx "// Options: --no-includes --include-headers --smpl-spacing --iso-limit 2 --recursive-includes" "$out"'
for bad in "--macro-file-builtins /etc/passwd" "--python x" "--iso-limit" \
	"--iso-limit ../x" "--include /etc/shadow"; do
	sed -i '/^spatch-options:/d' "$mig/migration"
	echo "spatch-options: $bad" >>"$mig/migration"
	km "$mig" scan "$wrap"
	check "spatch-options: '$bad' is refused, one line, exit 2" \
		'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		 grep -q "bad field .spatch-options.: " "$err"'
done
# --- a hand-written .cocci's Options: line ------------------------------------
hand=$scratch/m/frob-hand
mkdir -p "$hand" "$scratch/logbin"
sed -e 's/^name: .*/name: frob-hand/' -e '/^spatch-options:/d' \
	-e '/^exclude:/d' "$scratch/m/frob-rename/migration" >"$hand/migration"
echo "cocci: frob.cocci" >>"$hand/migration"
# a spatch that logs its arguments, then runs the real one
cat >"$scratch/logbin/spatch" <<END_OF_LOG
#!/bin/bash
printf '%s\n' "\$*" >>"$scratch/spatch.args"
exec "$(command -v spatch)" "\$@"
END_OF_LOG
chmod +x "$scratch/logbin/spatch"
hand_cocci() {
	cat >"$hand/frob.cocci" <<EOF
// Options: $1
virtual patch

@depends on patch@
expression c;
@@

- frob(c)
+ frob2(c)
EOF
}
hand_cocci "--no-includes --smpl-spacing --iso-limit 2"
rm -rf "$wrap" && cp -R "$wrap.orig" "$wrap"
: >"$scratch/spatch.args"
PATH=$scratch/logbin:$PATH km "$hand" apply --in-place "$wrap"
grep -c -- "--sp-file $hand/frob.cocci.* --no-includes --smpl-spacing --iso-limit 2" \
	"$scratch/spatch.args" >"$scratch/passed"
check "a hand .cocci's allowed Options: reach spatch, apply converts" \
	'[ $status -eq 0 ] && [ "$(cat "$scratch/passed")" -gt 0 ] &&
	 grep -q "return frob2(1);" "$wrap/drivers/misc/user.c"' ||
	show "$scratch/spatch.args"
for bad in "--sp-file /etc/passwd" "-o /tmp/x.c" "--out-place" \
	"--tmp-dir /tmp" "--python python3" "--ocaml-regexps" \
	"--macro-file-builtins /etc/passwd" "--cache-prefix /tmp"; do
	opt=${bad%% *}
	hand_cocci "--no-includes $bad"
	rm -rf "$wrap" && cp -R "$wrap.orig" "$wrap"
	km "$hand" apply --in-place "$wrap"
	check "a hand .cocci's Options: '$opt' is refused: apply exits 2, one line naming it, the tree as it was" \
		'[ $status -eq 2 ] && [ "$(wc -l <"$err")" -eq 1 ] &&
		 grep -q -- "Options: line: .$opt. is not an allowed spatch option" "$err" &&
		 diff -r -q "$wrap.orig" "$wrap" >/dev/null' || show "$err"
done
km "$hand" cocci --mode report "$wrap"
check "cocci --mode report refuses it too: exit 2, naming it" \
	'[ $status -eq 2 ] && grep -q -- "--cache-prefix" "$err"'
test_done
