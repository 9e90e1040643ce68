/*
 * call-variant.c - the conversion of one call site (see call-variant.h):
 * its arguments' texts given to migration_choose() with the values
 * known from outside the text, then the text's own object-like macros.
 */
#include <stdlib.h>

#include "call-variant.h"
#include "object-macro.h"
#include "util.h"

/*
 * The values from outside the text first, then the text's macros: a
 * name libclang evaluated in the call's translation unit has that
 * value, whatever the text's own "#define NAME OTHER" says, OTHER
 * being a name the text may not define ("#define NUM_MINORS U8_MAX")
 */
struct chained_lookup {
	struct map_lookup macros, values;
};

static const char *chained_literal(void *data, const char *name, size_t len)
{
	struct chained_lookup *c = data;
	const char *literal = c->values.literal(c->values.data, name, len);

	return literal ? literal : c->macros.literal(c->macros.data, name, len);
}

int call_variant_choose(const struct migration *m,
			const struct map_values_file *values, const char *buf,
			size_t len, const struct call_site *cs,
			struct migration_choice *out)
{
	struct chained_lookup chain;
	const char **args = xcalloc(cs->nr_args + 1, sizeof(*args));
	struct object_macros om;
	struct map_lookup lookup;
	size_t i;
	int ret;

	for (i = 0; i < cs->nr_args; i++)
		args[i] = cs->args[i].text;
	object_macros_init(&om, buf, len);
	lookup = object_macro_lookup(&om);
	if (values) {
		chain.macros = lookup;
		chain.values = map_values_lookup(values);
		lookup.literal = chained_literal;
		lookup.data = &chain;
	}
	ret = migration_choose(m, buf + cs->name_offset, cs->name_len, args,
			       cs->nr_args, &lookup, out);
	object_macros_release(&om);
	free(args);
	return ret;
}
