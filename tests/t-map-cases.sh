#!/bin/bash
# t-map-cases.sh - cases by argument value: "case:" conditions ($N ==
# VALUE, $N != VALUE, NULL, "if known"), each case with its own new
# function and map, tried in order, and "$N" inside C expressions of the
# map ("$3 - 1", "$1 ? &$1->dev : NULL").
#
# A made-up API: buf_alloc(pool, size, limit) becomes
# buf_alloc_any(pool, size) when limit is 0 (no limit) and
# buf_alloc_below(pool, size, limit - 1) otherwise; wait_for(q, ev)
# becomes wait_for_any(q) when ev is known to be NULL, else wait_for_one(q, ev).
# Literals, NULL, an object-like macro the file defines as 0 and a
# literal folded ("64 - 1" is "63") are converted; a variable limit is
# left, and apply names the argument and the function its value may
# select.  A case condition on a parameter the old prototype lacks, a
# malformed condition and "case: else" before the last case are refused.
#
# Environment: KMIGRATE, SRCDIR, TMPDIR (tests/lib.sh).
. "$(dirname "$0")/lib.sh"
out=$TMPDIR/out err=$TMPDIR/err
check_shows=$err

data=$TMPDIR/data
mig=$data/semantic-patches/buf-cases
mkdir -p "$mig" "$TMPDIR/tree/include/linux" "$TMPDIR/tree/drivers/misc"
cp "$SRCDIR/semantic-patches/kernel-types" "$data/semantic-patches/"
cat >"$mig/migration" <<'EOF'
name: buf-cases
subject: buf: say what the limit is
description: buf_alloc() takes no exclusive limit any more.
function: buf_alloc
header: include/linux/buf.h
old-prototype: void *buf_alloc(struct pool *pool, int size, unsigned int limit)
case: $3 == 0
new-function: buf_alloc_any
new-prototype: void *buf_alloc_any(struct pool *pool, int size)
new-call: $1 $2
case: $3 != 0
new-function: buf_alloc_below
new-prototype: void *buf_alloc_below(struct pool *pool, int size, unsigned int max)
new-call: $1, $2, $3 - 1
function: wait_for
header: include/linux/buf.h
old-prototype: int wait_for(struct queue *q, struct event *ev)
case: $2 == NULL if known
new-function: wait_for_any
new-prototype: int wait_for_any(struct queue *q)
new-call: $1
case: else
new-function: wait_for_one
new-prototype: int wait_for_one(struct queue *q, struct event *ev)
new-call: $1 $2
EOF
cat >"$TMPDIR/tree/include/linux/buf.h" <<'EOF'
struct pool;
struct queue;
struct event;
void *buf_alloc(struct pool *pool, int size, unsigned int limit);
int wait_for(struct queue *q, struct event *ev);
EOF
cat >"$TMPDIR/tree/drivers/misc/user.c" <<'EOF'
#include <linux/buf.h>

#define NO_LIMIT 0

static void *user(struct pool *p, struct queue *q, struct event *e,
		  unsigned int lim)
{
	void *a = buf_alloc(p, 16, 0);
	void *b = buf_alloc(p, 16, 64);
	void *c = buf_alloc(p, 16, lim);
	void *d = buf_alloc(p, 16, NO_LIMIT);

	wait_for(q, NULL);
	wait_for(q, e);
	return a ? b : c ? c : d;
}
EOF
cat >"$TMPDIR/expected" <<'EOF'
#include <linux/buf.h>

#define NO_LIMIT 0

static void *user(struct pool *p, struct queue *q, struct event *e,
		  unsigned int lim)
{
	void *a = buf_alloc_any(p, 16);
	void *b = buf_alloc_below(p, 16, 63);
	void *c = buf_alloc(p, 16, lim);
	void *d = buf_alloc(p, 16, NO_LIMIT);

	wait_for_any(q);
	wait_for_one(q, e);
	return a ? b : c ? c : d;
}
EOF

km() {
	KMIGRATE_DATADIR=$data "$KMIGRATE" --migration "$@" >"$out" 2>"$err"
	status=$?
}

km buf-cases cocci
check "cases: one semantic patch, a section per case, its literal, a constant where a value decides" \
	'[ "$(grep -c "^virtual patch" "$out")" -eq 1 ] &&
	 [ "$(grep -c "^// ---- [1-4] of 4 ----$" "$out")" -eq 4 ] &&
	 grep -q "^- , 0$" "$out" && grep -q "^+ , c3 - 1$" "$out" && grep -q "^constant c3;$" "$out" &&
	 grep -q "^- , NULL$" "$out"'

if command -v spatch >/dev/null 2>&1; then
	km buf-cases apply --in-place "$TMPDIR/tree"
	check "cases: each call converted as the case its values choose" \
		'cmp -s "$TMPDIR/tree/drivers/misc/user.c" "$TMPDIR/expected"' ||
		{ diff "$TMPDIR/expected" "$TMPDIR/tree/drivers/misc/user.c" >"$TMPDIR/diff"; show "$TMPDIR/diff"; }
	check "cases: a variable limit is left, named with what 0 would select" \
		'[ $status -eq 1 ] &&
		 grep -q "^drivers/misc/user.c:10:12: warning: not converted" "$err" &&
		 grep -q "argument 3 .lim. (limit) may be 0 at run time, which selects buf_alloc_any()" "$err"'
	check "cases: a macro the file defines as 0 is that case (the semantic patch spells literals)" \
		'grep -q "^drivers/misc/user.c:11:12: warning: not converted" "$err"'
	km buf-cases apply "$TMPDIR/tree"
	check "cases: a second apply changes nothing" '[ ! -s "$out" ]'
else
	skip "cases: apply" "spatch is not installed"
fi

# Argument expressions: "$N" inside any C expression of the map, the
# argument parenthesised where precedence needs it (spatch leaves
# "m & 3 - 1"), literal arithmetic folded, and an argument with a side
# effect the new call would evaluate twice left and named.
bind=$data/semantic-patches/frob-bind
xtree=$TMPDIR/xtree
mkdir -p "$bind" "$xtree/include/linux" "$xtree/drivers/misc"
cat >"$bind/migration" <<'EOF'
name: frob-bind
subject: frob: bind by the device
description: frob_attach() gives way to frob_bind(), which takes the
 device, twice the count and an inclusive mask.
function: frob_attach
new-function: frob_bind
header: include/linux/frob.h
new-header: include/linux/frob-bind.h
old-prototype: int frob_attach(struct frob *f, int count, unsigned int mask)
new-prototype: int frob_bind(struct device *dev, int count, unsigned int max)
new-call: $1 ? &$1->dev : NULL, ($2) * 2, $3 - 1
EOF
cat >"$xtree/include/linux/frob.h" <<'EOF'
struct device;
struct frob { struct device *dev; };
int frob_attach(struct frob *f, int count, unsigned int mask);
EOF
cat >"$xtree/include/linux/frob-bind.h" <<'EOF'
struct device;
int frob_bind(struct device *dev, int count, unsigned int max);
EOF
cat >"$xtree/drivers/misc/frob-user.c" <<'EOF'
#include <linux/frob.h>
#include <linux/frob-bind.h>

struct holder { struct frob *b; };
struct frob *get(int x);

static int user(struct frob *f, struct frob **pp, struct holder *a, int n,
		unsigned int m)
{
	int r = frob_attach(f, 4, 0x10);

	r |= frob_attach(a->b, n + 1, m & 3);
	r |= frob_attach(get(n), 1, 1);
	r |= frob_attach(*pp, 2, 2);
	return r;
}
EOF
sed 's/^	int r = frob_attach(f, 4, 0x10);$/	int r = frob_bind(f ? \&f->dev : NULL, 8, 0xf);/
     s/^	r |= frob_attach(a->b, n + 1, m & 3);$/	r |= frob_bind(a->b ? \&a->b->dev : NULL, (n + 1) * 2, (m \& 3) - 1);/
     s/^	r |= frob_attach(\*pp, 2, 2);$/	r |= frob_bind(*pp ? \&(*pp)->dev : NULL, 4, 1);/' \
	"$xtree/drivers/misc/frob-user.c" >"$TMPDIR/xexpected"

km frob-bind cocci
check "expressions: the patch rule passes each metavariable in the map's expression" \
	'grep -q "^+ e1 ? &e1->dev : NULL$" "$out" && grep -q "^+ , (e2) \* 2$" "$out" &&
	 grep -q "^+ , e3 - 1$" "$out"'
km frob-bind scan "$xtree"
check "expressions: scan lists every call" \
	'[ $status -eq 0 ] && grep -q " 4 old, 0 new, 0 ambiguous" "$err"'
if command -v spatch >/dev/null 2>&1; then
	km frob-bind series --from "Tess Tester <tess@example.org>" "$xtree" --out "$TMPDIR/xseries"
	check "expressions: the series is written and checked" \
		'[ $status -eq 0 ] && grep -qs "(m & 3) - 1" "$TMPDIR"/xseries/0001-*.patch'
	km frob-bind apply --in-place "$xtree"
	check "expressions: arguments in, parenthesised where C needs it, literals folded" \
		'cmp -s "$xtree/drivers/misc/frob-user.c" "$TMPDIR/xexpected"' ||
		{ diff "$TMPDIR/xexpected" "$xtree/drivers/misc/frob-user.c" >"$TMPDIR/diff"; show "$TMPDIR/diff"; }
	check "expressions: an argument with a side effect used twice is left, named" \
		'[ $status -eq 1 ] &&
		 grep -q "^drivers/misc/frob-user.c:13:7: warning: not converted" "$err" &&
		 grep -q "argument 1 .get(n). (f) would be evaluated twice by the new call" "$err" &&
		 grep -q "(1 evaluated twice)" "$err"'
	km frob-bind check "$xtree"
	check "expressions: check finds no error in the converted tree" \
		'! grep -q ": error: " "$out"'
	km frob-bind apply "$xtree"
	check "expressions: a second apply changes nothing" '[ ! -s "$out" ]'
else
	skip "expressions: apply" "spatch is not installed"
fi
bad_expr() {
	sed "s/^new-call: .*/new-call: $1/" "$bind/migration" >"$bind/m" &&
		mv "$bind/m" "$bind/migration"
	km frob-bind scan "$xtree"
}
bad_expr '\$1 ? \&\$1->, \$2, \$3'
check "expressions: an expression that is no C expression is refused, with the reason" \
	'[ $status -eq 2 ] && grep -q "not a C expression: a member name must follow" "$err"'
bad_expr '\$1, \$x * 2, \$3'
check "expressions: a \$ that is no \$N is refused" \
	'[ $status -eq 2 ] && grep -q "a .\$. that is not .\$N." "$err"'

bad() {
	mkdir -p "$data/semantic-patches/buf-bad"
	sed "s/^name: buf-cases/name: buf-bad/; $1" "$mig/migration" \
		>"$data/semantic-patches/buf-bad/migration"
	km buf-bad scan "$TMPDIR/tree"
}
bad 's/^case: \$3 != 0$/case: $4 != 0/'
check "cases: a condition on a parameter the function lacks is refused" \
	'[ $status -eq 2 ] && grep -q "case: .\$4., but the old prototype has 3 parameters" "$err"'
bad 's/^case: \$3 == 0$/case: limit is 0/'
check "cases: a malformed condition is refused" \
	'[ $status -eq 2 ] && grep -q "bad field .case.: .limit is 0. is not" "$err"'
bad 's/^case: \$2 == NULL if known$/case: else/'
check "cases: else before the last case is refused" \
	'[ $status -eq 2 ] && grep -q "else. must be its last case" "$err"'
test_done
