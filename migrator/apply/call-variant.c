/*
 * call-variant.c - the conversion of one call site (see call-variant.h):
 * its arguments' texts and the text's own object-like macros given to
 * migration_choose().
 */
#include <stdlib.h>

#include "call-variant.h"
#include "object-macro.h"
#include "util.h"

int call_variant_choose(const struct migration *m, const char *buf, size_t len,
			const struct call_site *cs,
			struct migration_choice *out)
{
	const char **args = xcalloc(cs->nr_args + 1, sizeof(*args));
	struct object_macros om;
	struct map_lookup lookup;
	size_t i;
	int ret;

	for (i = 0; i < cs->nr_args; i++)
		args[i] = cs->args[i].text;
	object_macros_init(&om, buf, len);
	lookup = object_macro_lookup(&om);
	ret = migration_choose(m, buf + cs->name_offset, cs->name_len, args,
			       cs->nr_args, &lookup, out);
	object_macros_release(&om);
	free(args);
	return ret;
}
