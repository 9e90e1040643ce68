#!/bin/bash
# t-migration-keys.sh - migration keys for trees the way the kernel is:
# a header per architecture.
#
# header: with several paths and globs (a macro each architecture
# defines in its own arch/<arch>/include/asm/ header): check finds the
# declaration in any, the first declaring file in the list's order wins,
# and a list none of which declares the name is named whole in the
# reason.
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
test_done
