/*
 * rewrite-calls.c - the call kind's rewrite (see rewrite.h): each call
 * to convert by the offsets of its parenthesis and commas scan
 * recorded, and its conversion as reformat.h has it, from the map of
 * the migration's variant the call takes (call-variant.h: the function,
 * and for cases the arguments' values): the new name, where each old
 * argument goes, the values inserted, an expression item's text for
 * this call's arguments ("255" for "$3 - 1" of 256); a warning for each
 * argument it removes that "drop:" does not let go silently.
 */
#include <stdlib.h>
#include <string.h>

#include "call-variant.h"
#include "map-expr.h"
#include "reformat.h"
#include "rewrite.h"
#include "util.h"

/* the conversion reformat.c makes of call cs, from its variant's map */
static void reformat_map_init(struct reformat_map *map,
			      const struct migration *m,
			      const struct call_site *cs)
{
	char **values = xcalloc(m->new_proto.nr_params + 1, sizeof(*values));
	const char **args = xcalloc(cs->nr_args + 1, sizeof(*args));
	size_t k;

	for (k = 0; k < cs->nr_args; k++)
		args[k] = cs->args[k].text;
	for (k = 0; k < m->new_proto.nr_params; k++) {
		const struct call_item *it = migration_new_item(m, (int)k + 1);
		struct strbuf expr = STRBUF_INIT;

		if (it && it->kind == CALL_ITEM_VALUE)
			values[k] = xstrdup(it->value);
		if (!it || it->kind != CALL_ITEM_EXPR ||
		    (size_t)it->arg > cs->nr_args)
			continue;
		map_expr_text(it->value, args, cs->nr_args, 1, &expr);
		values[k] = strbuf_detach(&expr, NULL);
	}
	free(args);
	map->new_name = migration_renames(m) ? m->new_function : NULL;
	map->nr_old = m->old_proto.nr_params;
	map->old_to_new = m->old_to_new;
	map->values = (const char *const *)values;
	map->nr_new = m->new_proto.nr_params;
}

static void reformat_map_release(struct reformat_map *map)
{
	size_t k;

	for (k = 0; k < map->nr_new; k++)
		free((char *)map->values[k]);
	free((void *)map->values);
}

/* a removed argument whose value is not one that goes silently */
static void warn_dropped(struct apply_rewrite *rw, const struct migration *m,
			 size_t site)
{
	const struct call_site *cs = &rw->sites[site];
	size_t j;

	for (j = 0; j < m->old_proto.nr_params && j < cs->nr_args; j++) {
		struct rewrite_warning *w;

		if (!migration_arg_removed(m, (int)j + 1) ||
		    migration_drop_is_silent(m, (int)j + 1, cs->args[j].text))
			continue;
		ALLOC_GROW(rw->warnings, rw->nr_warnings + 1,
			   rw->alloc_warnings);
		w = &rw->warnings[rw->nr_warnings++];
		memset(w, 0, sizeof(*w));
		w->site = site;
		w->arg = j + 1;
		w->text = xstrdup(cs->args[j].text);
		w->param = xstrdup(m->old_proto.params[j].name);
		w->function = xstrdup(m->function);
	}
}

/* the variant call cs takes; the cross-check converted it, so it has one */
static const struct migration *variant_of(const struct apply_rewrite *rw,
					  const struct call_site *cs)
{
	struct migration_choice choice;

	if (call_variant_choose(rw->m, rw->values, rw->buf, rw->len, cs,
				&choice))
		return rw->m;
	return choice.variant;
}

void rewrite_calls(struct apply_rewrite *rw)
{
	struct reformat_call *calls;
	struct reformat_map *maps;
	size_t i, nr = 0;

	calls = xcalloc(rw->nr_sites + 1, sizeof(*calls));
	maps = xcalloc(rw->nr_sites + 1, sizeof(*maps));
	for (i = 0; i < rw->nr_sites; i++) {
		const struct call_site *cs = &rw->sites[i];
		const struct migration *m;

		if (!rw->convert[i])
			continue;
		m = variant_of(rw, cs);
		warn_dropped(rw, m, i);
		reformat_map_init(&maps[nr], m, cs);
		calls[nr].open = cs->open_paren;
		calls[nr].close = cs->close_paren;
		calls[nr].commas = cs->commas;
		calls[nr].map = &maps[nr];
		calls[nr].nr_commas = cs->nr_commas;
		nr++;
	}
	reformat_convert(rw->out, rw->buf, rw->len, calls, nr, NULL,
			 rw->max_columns);
	for (i = 0; i < nr; i++)
		reformat_map_release(&maps[i]);
	free(maps);
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
