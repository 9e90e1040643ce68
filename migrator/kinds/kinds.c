/*
 * kinds.c - the table of the kinds of change (see kinds.h): a kind is
 * one file of this folder and one row here.
 */
#include <stddef.h>

#include "kinds.h"

static const struct migration_kind *const kinds[] = {
	&kind_call, /* the default: first */
	NULL,
};

void kinds_init(void)
{
	migration_kinds_set(kinds);
}
