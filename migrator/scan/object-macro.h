/*
 * object-macro.h - what an object-like macro of one file stands for:
 * "#define NAME VALUE", VALUE one token (a literal, or another name),
 * found by lines without a compiler, so that a case's condition can be
 * decided on an argument spelled by a name (family.h).  A macro the
 * file defines twice, or defines conditionally in two ways, is unknown.
 *
 * Caller's steps: object_macros_init(&om, buf, len); pass
 * object_macro_lookup(&om) as the map_lookup; object_macros_release().
 */
#ifndef KM_OBJECT_MACRO_H
#define KM_OBJECT_MACRO_H

#include <stddef.h>

#include "map-case.h"
#include "strbuf.h"

struct object_macros {
	const char *buf;
	size_t len;
	struct strbuf value; /* the last value found */
};

void object_macros_init(struct object_macros *om, const char *buf, size_t len);
/* the lookup family.h's migration_choose() takes */
struct map_lookup object_macro_lookup(struct object_macros *om);
void object_macros_release(struct object_macros *om);

#endif
