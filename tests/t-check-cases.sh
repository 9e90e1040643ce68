#!/bin/bash
# t-check-cases.sh - check --patch on a migration with cases
# (ida-simple): each call the hand patch converted is compared with the
# case the old call's values select.  A conversion by another case
# (ida_alloc_max(ida, -1, gfp) for an end of 0, ida_alloc_range() where
# the start is 0) is an error naming that case and its call; an end
# left unfolded ("32 - 1") is the same constant as the conversion's
# "31", a note; an end not lowered by one is an error; the case the
# values select, as apply writes it, is nothing.
#
# Needs: $KMIGRATE (with libclang), spatch, git, $TMPDIR.
. "$(dirname "$0")/lib.sh"

out=$TMPDIR/cases.out err=$TMPDIR/cases.err text=$TMPDIR/cases.text
check_shows=$out

if ! command -v spatch >/dev/null 2>&1 || ! command -v git >/dev/null 2>&1
then
	skip "check --patch on the cases of ida-simple" "no spatch or git"
	test_done
	exit
fi

t=$TMPDIR/ida
mkdir -p "$t/include/linux" "$t/drivers/x"
cat >"$t/include/linux/idr.h" <<'EOF'
#ifndef IDR_H
#define IDR_H
typedef unsigned int gfp_t;
#define GFP_KERNEL 0u
struct ida {
	int bits;
};
int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max,
		    gfp_t gfp);
int ida_alloc(struct ida *ida, gfp_t gfp);
int ida_alloc_min(struct ida *ida, unsigned int min, gfp_t gfp);
int ida_alloc_max(struct ida *ida, unsigned int max, gfp_t gfp);
void ida_free(struct ida *ida, unsigned int id);
#define ida_simple_get(ida, start, end, gfp) \
	ida_alloc_range(ida, start, (end) - 1, gfp)
#define ida_simple_remove(ida, id) ida_free(ida, id)
#endif
EOF
cat >"$t/drivers/x/slots.c" <<'EOF'
#include <linux/idr.h>

static struct ida slot_ida;

int slots(void)
{
	int any, low, top, span, wide, good;

	any = ida_simple_get(&slot_ida, 0, 0, GFP_KERNEL);
	low = ida_simple_get(&slot_ida, 0, 64, GFP_KERNEL);
	top = ida_simple_get(&slot_ida, 0, 128, GFP_KERNEL);
	span = ida_simple_get(&slot_ida, 8, 40, GFP_KERNEL);
	wide = ida_simple_get(&slot_ida, 4, 0, GFP_KERNEL);
	good = ida_simple_get(&slot_ida, 2, 10, GFP_KERNEL);
	return any + low + top + span + wide + good;
}
EOF
git -C "$t" init -q && git -C "$t" add -A &&
	git -C "$t" -c user.name=t -c user.email=t@t commit -qm old
sed -i -e 's/ida_simple_get(&slot_ida, 0, 0, /ida_alloc_max(\&slot_ida, -1, /' \
	-e 's/ida_simple_get(&slot_ida, 0, 64, /ida_alloc_range(\&slot_ida, 0, 63, /' \
	-e 's/ida_simple_get(&slot_ida, 0, 128, /ida_alloc_max(\&slot_ida, 128, /' \
	-e 's/ida_simple_get(&slot_ida, 8, 40, /ida_alloc_range(\&slot_ida, 8, 40 - 1, /' \
	-e 's/ida_simple_get(&slot_ida, 4, 0, /ida_alloc_min(\&slot_ida, 4, /' \
	-e 's/ida_simple_get(&slot_ida, 2, 10, /ida_alloc_range(\&slot_ida, 2, 9, /' \
	"$t/drivers/x/slots.c"
git -C "$t" diff >"$TMPDIR/hand.patch"
git -C "$t" checkout -q .

"$KMIGRATE" --migration ida-simple check --patch "$TMPDIR/hand.patch" "$t" \
	>"$out" 2>"$err"
status=$?
diag_join "$out" >"$text"

check "end 0 converted to ida_alloc_max(): an error naming ida_alloc()" \
	'grep -q "^drivers/x/slots.c:9:8: error: hand conversion to another case \[hand-patch-divergence\] the old call .ida_simple_get(&slot_ida, 0, 0, GFP_KERNEL). selects the case of ida_alloc() (start == 0, end == 0), not ida_alloc_max(): the conversion is .ida_alloc(&slot_ida, GFP_KERNEL).$" "$text"'
check "start 0 converted to ida_alloc_range(): an error naming ida_alloc_max()" \
	'grep -q "^drivers/x/slots.c:10:8: error: hand conversion to another case .* selects the case of ida_alloc_max() (start == 0), not ida_alloc_range(): the conversion is .ida_alloc_max(&slot_ida, 63, GFP_KERNEL).$" "$text"'
check "an end not lowered by one: an error, with the case" \
	'grep -q "^drivers/x/slots.c:11:8: error: hand conversion differs \[hand-patch-divergence\] argument 2 is .128. where the semantic conversion has .127.; .* by the case its old values select (start == 0)$" "$text"'
check "an end left as '40 - 1': the same constant, a note" \
	'grep -q "^drivers/x/slots.c:12:9: note: equivalent hand conversion \[hand-patch-divergence\] argument 3 is .40-1. where the semantic conversion has .39.: both are the constant 39$" "$text"'
check "the cases the values select: nothing said" \
	'! grep -q "^drivers/x/slots.c:1[34]:" "$out"'
check "three errors, one note, exit 1" \
	'[ $status -eq 1 ] && [ "$(grep -c ": error: " "$out")" -eq 3 ] &&
	 [ "$(grep -c ": note: " "$out")" -eq 1 ]'

test_done
