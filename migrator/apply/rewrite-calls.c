/*
 * rewrite-calls.c - the call kind's rewrite (see rewrite.h): the
 * migration's map as reformat.h has it (the new name, where each old
 * argument goes, the values inserted), and each call to convert by the
 * offsets of its parenthesis and commas scan recorded; a warning for
 * each argument it removes that "drop:" does not let go silently.
 */
#include <stdlib.h>

#include "reformat.h"
#include "rewrite.h"
#include "util.h"

/* the conversion reformat.c makes, from the migration's map */
static void reformat_map_init(struct reformat_map *map,
			      const struct migration *m)
{
	const char **values =
		xcalloc(m->new_proto.nr_params + 1, sizeof(*values));
	size_t k;

	for (k = 0; k < m->new_proto.nr_params; k++) {
		const struct call_item *it = migration_new_item(m, (int)k + 1);

		if (it && it->kind == CALL_ITEM_VALUE)
			values[k] = it->value;
	}
	map->new_name = migration_renames(m) ? m->new_function : NULL;
	map->nr_old = m->old_proto.nr_params;
	map->old_to_new = m->old_to_new;
	map->values = values;
	map->nr_new = m->new_proto.nr_params;
}

/* a removed argument whose value is not one that goes silently */
static void warn_dropped(struct apply_rewrite *rw, size_t site)
{
	const struct migration *m = rw->m;
	const struct call_site *cs = &rw->sites[site];
	size_t j;

	for (j = 0; j < m->old_proto.nr_params && j < cs->nr_args; j++) {
		struct rewrite_warning *w;

		if (migration_new_position(m, (int)j + 1) ||
		    migration_drop_is_silent(m, (int)j + 1, cs->args[j].text))
			continue;
		ALLOC_GROW(rw->warnings, rw->nr_warnings + 1,
			   rw->alloc_warnings);
		w = &rw->warnings[rw->nr_warnings++];
		w->site = site;
		w->arg = j + 1;
		w->text = xstrdup(cs->args[j].text);
		w->param = xstrdup(m->old_proto.params[j].name);
		w->function = xstrdup(m->function);
	}
}

void rewrite_calls(struct apply_rewrite *rw)
{
	struct reformat_call *calls;
	struct reformat_map map;
	size_t i, nr = 0;

	calls = xcalloc(rw->nr_sites + 1, sizeof(*calls));
	for (i = 0; i < rw->nr_sites; i++) {
		const struct call_site *cs = &rw->sites[i];

		if (!rw->convert[i])
			continue;
		warn_dropped(rw, i);
		calls[nr].open = cs->open_paren;
		calls[nr].close = cs->close_paren;
		calls[nr].commas = cs->commas;
		calls[nr++].nr_commas = cs->nr_commas;
	}
	reformat_map_init(&map, rw->m);
	reformat_convert(rw->out, rw->buf, rw->len, calls, nr, &map,
			 rw->max_columns);
	free((void *)map.values);
	free(calls);
	rw->converted = nr;
}

void rewrite_release_warnings(struct apply_rewrite *rw)
{
	size_t i;

	for (i = 0; i < rw->nr_warnings; i++) {
		free(rw->warnings[i].text);
		free(rw->warnings[i].param);
		free(rw->warnings[i].function);
	}
	free(rw->warnings);
	rw->warnings = NULL;
	rw->nr_warnings = rw->alloc_warnings = 0;
}
