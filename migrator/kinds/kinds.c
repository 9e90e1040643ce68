/*
 * kinds.c - the table of the kinds of change (see kinds.h), made from
 * kind-list.h: a kind is one file of this folder and one line there.
 */
#include <stddef.h>

#include "kinds.h"

#define KIND(name) &kind_##name,
static const struct migration_kind *const kinds[] = {
#include "kind-list.h"
	NULL,
};
#undef KIND

void kinds_init(void)
{
	migration_kinds_set(kinds);
}
