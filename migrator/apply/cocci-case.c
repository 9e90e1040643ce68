/*
 * cocci-case.c - how the patch rule of the generated semantic patch
 * narrows a case (family.h) to the calls whose arguments spell what its
 * conditions ask: "- 0" where "$2 == 0" has it remove "- e2".  Each
 * case is a semantic patch of its own, run in the file's order, so an
 * earlier case has converted its calls before a later one looks.  A
 * "!=" condition, or a value spelled otherwise (a macro), is left to
 * kmigrate, which converts a call only as the case its values choose
 * (call-variant.h) and names the others.
 */
#include "cocci-rules.h"
#include "migration.h"
#include "util.h"

/* the condition "$arg == VALUE" of m, or NULL */
static const char *equal_value(const struct migration *m, size_t arg)
{
	size_t i;

	for (i = 0; i < m->nr_conds; i++)
		if ((size_t)m->conds[i].arg == arg && m->conds[i].equal)
			return m->conds[i].value;
	return NULL;
}

char *cocci_old_arg(const struct migration *m, size_t arg)
{
	const char *value = equal_value(m, arg);

	return value ? xstrdup(value) : xstrfmt("e%zu", arg);
}
