/*
 * kind.c - the table of the known kinds of change (see kind.h).
 *
 * The table is given by the stage of the kinds (migrator/kinds/) with
 * migration_kinds_set(); this file only looks names up in it, so the
 * migration data names no kind.
 */
#include <stddef.h>
#include <string.h>

#include "kind.h"
#include "strbuf.h"

static const struct migration_kind *const *known_kinds;

void migration_kinds_set(const struct migration_kind *const *kinds)
{
	known_kinds = kinds;
}

const struct migration_kind *migration_kind_default(void)
{
	return known_kinds ? known_kinds[0] : NULL;
}

const struct migration_kind *migration_kind_find(const char *name)
{
	size_t i;

	for (i = 0; known_kinds && known_kinds[i]; i++)
		if (!strcmp(known_kinds[i]->name, name))
			return known_kinds[i];
	return NULL;
}

void migration_kinds_list(struct strbuf *out)
{
	size_t i;

	for (i = 0; known_kinds && known_kinds[i]; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", known_kinds[i]->name);
}

int migration_kind_has_rule(const struct migration_kind *kind, const char *rule)
{
	const char *const *r;

	for (r = kind->rules; r && *r; r++)
		if (!strcmp(*r, rule))
			return 1;
	return 0;
}
