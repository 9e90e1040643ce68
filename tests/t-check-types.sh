#!/bin/bash
# t-check-types.sh - check judges each argument by the type libclang gives
# the expression in its scope, on small trees written here: a typedef'd
# pointer, a member, a dereference, a global, a parameter, a cast and a
# macro argument are no type error; a call missing its last argument or
# passing one too many is an argument-count error; a call of another
# function of the same name (a program under tools/) is a note; a format
# given through a macro (a string macro, a concatenation of macros) is
# no format error, before and after a hand patch; a call in code a
# Kconfig symbol guards is typed by libclang, parsed with it defined.
#
# Needs: $KMIGRATE (with libclang, as t-check.sh), $TMPDIR, git.
. "$(dirname "$0")/lib.sh"

out=$TMPDIR/types.out err=$TMPDIR/types.err

km() {
	"$KMIGRATE" "$@" >"$out" 2>"$err"
	status=$?
}

errors() { grep -c ': error: ' "$out"; }

# --- class-create-owner: class_create(name) declared ----------------------

t=$TMPDIR/owner
mkdir -p "$t/include/linux/device" "$t/drivers/x" "$t/tools/y"
cat >"$t/include/linux/device/class.h" <<'EOF'
#ifndef CLASS_H
#define CLASS_H
struct class;
struct class *class_create(const char *name);
#endif
EOF
cat >"$t/drivers/x/shapes.c" <<'EOF'
#include <linux/device/class.h>

typedef const char *label_t;
struct holder {
	const char *cls;
	struct class *made;
};
#define DRV_NAME "shapes"
#define SAME(a) (a)

static const char *global_name = "shapes-global";

void make_all(label_t tn, struct holder *p, const char **pp, const char *param)
{
	p->made = class_create(tn);
	p->made = class_create(p->cls);
	p->made = class_create(*pp);
	p->made = class_create(global_name);
	p->made = class_create(param);
	p->made = class_create((const char *)p->cls);
	p->made = class_create(DRV_NAME);
	p->made = class_create(SAME(param));
	p->made = class_create(name_of_undeclared(param));
	p->made = class_create(name_of_undeclared(tn));
}
EOF
cat >"$t/drivers/x/count.c" <<'EOF'
#include <linux/device/class.h>

struct class *none(void)
{
	return class_create();
}
EOF
cat >"$t/drivers/x/relative.c" <<'EOF'
#include "../../include/linux/device/class.h"

struct class *relative(void)
{
	return class_create("relative");
}
EOF
cat >"$t/drivers/x/noheader.c" <<'EOF'
struct class;

void two(struct class **a, struct class **b)
{
	*a = class_create("one");
	*b = class_create("two");
}
EOF
cat >"$t/tools/y/user.c" <<'EOF'
int class_create(int fd, const char *name, int mode);

int main(void)
{
	return class_create(0, "tool", 1);
}
EOF

km --migration class-create-owner check "$t"
check "typedef, member, dereference, global, parameter, cast, macro, calls of an undeclared function: no error" \
	'! grep -q "^drivers/x/shapes.c:" "$out"'
check "a call missing its last argument: an argument-count error" \
	'diag_join "$out" | grep -q "^drivers/x/count.c:5:9: error: missing argument 1 (0 of 1 passed) \[argument-count\] the tree declares .struct class \*class_create(const char \*name).: argument 1 (const char \*name) is missing; pass it$"'
check "the missing argument is not also an ambiguous call" \
	'! grep -q "^drivers/x/count.c:.*ambiguous-call" "$out"'
check "a call of libc's function of the name under tools/: a note, no error" \
	'diag_join "$out" | grep -q "^tools/y/user.c:5:9: note: a call of another declaration of the name \[other-declaration\] libclang resolves it to the function declared in .tools/y/user.c., not to the one of .include/linux/device/class.h.: not checked$" &&
	 ! grep -q "^tools/y/user.c:.*: error: " "$out"'
check "the header through a relative path is the migration's: no note" \
	'! grep -q "^drivers/x/relative.c:" "$out"'
check "calls of the function where no header declares it: no other-declaration note" \
	'! grep -q "^drivers/x/noheader.c:.*other-declaration" "$out"'
check "the tree: one error (the missing argument), exit 1" \
	'[ $status -eq 1 ] && [ "$(errors)" -eq 1 ]'

# an extra argument: a prototype without "..."
cat >"$t/drivers/x/count.c" <<'EOF'
#include <linux/device/class.h>

struct class *twice(const char *name)
{
	return class_create(name, name, name);
}
EOF
km --migration class-create-owner check "$t"
check "an extra argument: an argument-count error that says what to remove" \
	'diag_join "$out" | grep -q "^drivers/x/count.c:5:9: error: 2 extra arguments (3 passed, 1 taken) \[argument-count\] the tree declares .*: remove arguments 2 to 3 (.name. on)$"'

# --- class-device-parent: a format through a macro -------------------------

t=$TMPDIR/format
mkdir -p "$t/include/linux" "$t/drivers/x"
cat >"$t/include/linux/device.h" <<'EOF'
#ifndef DEVICE_H
#define DEVICE_H
typedef unsigned int dev_t;
#define MKDEV(ma, mi) (((ma) << 20) | (mi))
#define NULL ((void *)0)
struct class;
struct class_device;
struct device;
struct class_device *class_device_create(struct class *cls,
					 struct class_device *parent,
					 dev_t devt, struct device *device,
					 char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
#endif
EOF
cat >"$t/drivers/x/names.h" <<'EOF'
#define NAMES_PREFIX "names"
#define NAMES_FORMAT NAMES_PREFIX "-%d"
EOF
cat >"$t/drivers/x/names.c" <<'EOF'
#include <linux/device.h>
#include "names.h"

#define LOCAL_FORMAT "local%d"
static struct class *names_class;

void add(struct device *dev, int i)
{
	class_device_create(names_class, NULL, MKDEV(1, i), dev, NAMES_FORMAT,
			    i);
	class_device_create(names_class, NULL, MKDEV(2, i), dev,
			    NAMES_PREFIX "-%d-%d", i, i);
	class_device_create(names_class, NULL, MKDEV(3, i), dev, LOCAL_FORMAT,
			    i);
}
EOF
km check "$t"
check "a format through a macro: no error, no warning" \
	'[ $status -eq 0 ] && ! grep -q "format-" "$out" &&
	 grep -q "^check: 3 call sites in 1 file: 0 errors, 0 warnings" "$err"'

# the same calls in the old form, and a hand patch that converts them
git -C "$t" init -q && git -C "$t" add -A &&
	git -C "$t" -c user.name=t -c user.email=t@t commit -qm new
sed 's/(names_class, NULL, /(names_class, /' "$t/drivers/x/names.c" \
	>"$TMPDIR/old.c"
cp "$TMPDIR/old.c" "$t/drivers/x/names.c"
git -C "$t" diff -R >"$TMPDIR/hand.patch"
km check --patch "$TMPDIR/hand.patch" "$t"
check "check --patch: a format through a macro is the same before and after" \
	'[ $status -eq 0 ] && [ "$(errors)" -eq 0 ] && ! grep -q "format-" "$out"'

# a call missing its format: no advice that passes NULL twice
git -C "$t" checkout -q .
printf '%s\n' '#include <linux/device.h>' 'static struct class *c;' \
	'void lost(struct device *dev)' '{' \
	'	class_device_create(c, NULL, MKDEV(1, 2), dev);' '}' \
	>"$t/drivers/x/lost.c"
km check "$t"
check "a call that lost its format: missing argument 5, no 'insert NULL'" \
	'diag_join "$out" | grep -q "^drivers/x/lost.c:5:2: error: missing argument 5 (4 of 5 passed) \[argument-count\]" &&
	 ! grep -q "insert" "$out"'

# --- strlcpy-strscpy: char pointers of another signedness, tracepoints ------

t=$TMPDIR/sign
mkdir -p "$t/include/linux" "$t/include/trace/events" "$t/drivers/x"
cat >"$t/include/linux/string.h" <<'EOF'
#ifndef STRING_H
#define STRING_H
typedef unsigned long size_t;
typedef long ssize_t;
typedef unsigned char __u8;
typedef __u8 u8;
typedef u8 uint8_t;
ssize_t strscpy(char *dest, const char *src, size_t count);
#endif
EOF
# a header that lost its types' include: libclang makes "int" of s8
cat >"$t/include/linux/lost.h" <<'EOF'
#include <asm/not-there.h>
typedef __s8 s8;
struct panel {
	s8 caption[12];
};
EOF
cat >"$t/include/linux/tracepoint.h" <<'EOF'
#define TP_PROTO(args...) args
#define TP_ARGS(args...) args
#define TP_STRUCT__entry(args...) args
#define TP_fast_assign(args...) args
#define TP_printk(fmt, args...) fmt
#define TRACE_EVENT(name, proto, args, tstruct, assign, print) \
	void trace_##name(proto);
EOF
cat >"$t/drivers/x/sign.c" <<'EOF'
#include <linux/string.h>

struct board {
	uint8_t model[17];
	u8 *label;
	signed char tag[4];
	int *counts;
};

void fill(struct board *b, const u8 *src, unsigned char *raw)
{
	strscpy(b->model, "model", sizeof(b->model));
	strscpy(b->label, src, 8);
	strscpy(raw, b->tag, 4);
	strscpy((char *)b->counts, "ok", 4);
	strscpy(b->counts, "wrong", 4);
}
EOF
cat >"$t/drivers/x/lost.c" <<'EOF'
#include <linux/string.h>
#include <linux/lost.h>

void name_panel(struct panel *p)
{
	strscpy(p->caption, "panel", sizeof(p->caption));
}
EOF
cat >"$t/include/trace/events/sample.h" <<'EOF'
#include <linux/string.h>
#include <linux/tracepoint.h>

struct other {
	int comm;
};

TRACE_EVENT(sample_rename,
	TP_PROTO(const char *comm, const u8 *tag),
	TP_ARGS(comm, tag),
	TP_STRUCT__entry(
		__array(char, comm, 16)
		__array(u8, tag, 8)
	),
	TP_fast_assign(
		strscpy(__entry->comm, comm, sizeof(__entry->comm));
		strscpy(__entry->tag, tag, 8);
	),
	TP_printk("%s", __entry->comm)
);
EOF
check_shows=$out
km --migration strlcpy-strscpy check "$t"
check "u8 *, unsigned char *, uint8_t[], signed char[] for char *: no error" \
	'! grep -q "^drivers/x/sign.c:1[1-4]:" "$out"'
check "an int * for char *: still an argument-type error" \
	'diag_join "$out" | grep -q "^drivers/x/sign.c:16:2: error: wrong type for argument 1 \[argument-type\] .b->counts. is a int \*"'
check "a member of a typedef libclang could not resolve: no error" \
	'! grep -q "^drivers/x/lost.c:.*error" "$out"'
check "calls in TP_fast_assign(): no error" \
	'! grep -q "^include/trace/events/sample.h:.*error" "$out"'
check "the tree: one error (the int *), exit 1" \
	'[ $status -eq 1 ] && [ "$(errors)" -eq 1 ]'
check_shows=

# --- a call in code a Kconfig symbol guards ---------------------------------

# a tree never configured defines no CONFIG_ symbol: the call under
# "#if defined(CONFIG_BOARD_NAMES)" is parsed again with it defined and
# typed by libclang; the one under #ifndef was seen the first time
t=$TMPDIR/guard
mkdir -p "$t/include/linux" "$t/drivers/x"
cp "$TMPDIR/sign/include/linux/string.h" "$t/include/linux/string.h"
cat >"$t/drivers/x/guard.c" <<'EOF'
#include <linux/string.h>

struct board {
	char name[8];
	int *counts;
};

#if defined(CONFIG_BOARD_NAMES) && !defined(CONFIG_BOARD_NONE)
void name_board(struct board *b)
{
	strscpy(b->counts, "wrong", 4);
}
#endif

#ifndef CONFIG_BOARD_NAMES
void no_name(struct board *b)
{
	strscpy(b->name, "none", sizeof(b->name));
}
#endif

#ifdef CONFIG_BOARD_DEFAULT
void default_name(struct board *b)
{
	strscpy(b->name, CONFIG_BOARD_DEFAULT, sizeof(b->name));
}
#endif

void label(struct board *b)
{
	strscpy(b->name, CONFIG_BOARD_LABEL, sizeof(b->name));
}
EOF
check_shows=$out
km --migration strlcpy-strscpy check "$t"
check "a call under #if defined(CONFIG_X): libclang's error on its argument" \
	'diag_join "$out" | grep -q "^drivers/x/guard.c:11:2: error: wrong type for argument 1 \[argument-type\] .b->counts. is a int \*, but parameter 1 is .char \*dest.: pass a char \*$"'
check "the call under #ifndef is not lost to the second parse: no finding" \
	'! grep -q "^drivers/x/guard.c:18:" "$out"'
check "a CONFIG_ symbol used as a value, under its #ifdef or undeclared: no error" \
	'! grep -q "^drivers/x/guard.c:2[0-9]:.*error" "$out" && [ "$(errors)" -eq 1 ]'
check_shows=

test_done
