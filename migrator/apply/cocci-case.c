/*
 * cocci-case.c - how the patch rule of the generated semantic patch
 * narrows a case (family.h) to the calls whose arguments spell what its
 * conditions ask: "- 0" where "$2 == 0" has it remove "- e2", and a
 * constant ("constant c3") for an argument whose value an earlier
 * case's condition needs known, so that spatch alone converts no call
 * whose value at run time may choose another case.  Each
 * case is a semantic patch of its own (for apply; a section of one file
 * for kmigrate cocci, cocci-family.c), run in the file's order, so an
 * earlier case has converted its calls before a later one looks.  A
 * "!=" condition, or a value spelled otherwise (a macro), is left to
 * kmigrate, which converts a call only as the case its values choose
 * (call-variant.h) and names the others; when apply knows values from
 * outside the text, the narrowing is cocci-value.c's rule instead.
 */
#include "cocci-rules.h"
#include "family.h"
#include "migration.h"
#include "util.h"

const char *cocci_case_value(const struct migration *m, size_t arg)
{
	size_t i;

	for (i = 0; i < m->nr_conds; i++)
		if ((size_t)m->conds[i].arg == arg && m->conds[i].equal)
			return m->conds[i].value;
	return NULL;
}

int cocci_case_must_know(const struct migration *m, size_t arg)
{
	const struct migration *family = m->family ? m->family : m;
	size_t i, k;

	for (i = 0; i < migration_nr_variants(family); i++) {
		const struct migration *v = migration_variant(family, i);

		if (v->member != m->member)
			continue;
		for (k = 0; k < v->nr_conds; k++)
			if ((size_t)v->conds[k].arg == arg &&
			    !v->conds[k].if_known)
				return 1;
		if (v == m)
			break;
	}
	return 0;
}

char *cocci_arg_name(const struct migration *m, size_t arg)
{
	return xstrfmt(cocci_case_must_know(m, arg) ? "c%zu" : "e%zu", arg);
}

char *cocci_old_arg(const struct migration *m, size_t arg)
{
	const char *value = cocci_case_value(m, arg);

	return value ? xstrdup(value) : cocci_arg_name(m, arg);
}
