/*
 * family.c - the variants of a migration (see family.h): routing the
 * file's keys to them, sharing the common fields, and choosing the
 * variant of one call by its name and its arguments' values.
 *
 * Cases are tried in the file's order: the first whose conditions all
 * hold decides; one whose condition is false is passed over; one whose
 * condition cannot be known stops the choice, since the call may be
 * that case at run time (a variable that may be 0).
 */
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "map-case.h"
#include "map-expr.h"
#include "migration.h"
#include "strbuf.h"
#include "util.h"

static struct migration *current(struct migration *m)
{
	return m->parsing ? m->parsing : m;
}

static struct migration *add_variant(struct migration *m, size_t member)
{
	struct migration *v = xcalloc(1, sizeof(*v));

	m->variants = xrealloc(m->variants,
			       (m->nr_variants + 1) * sizeof(*m->variants));
	m->variants[m->nr_variants++] = v;
	v->family = m;
	v->member = member;
	m->parsing = v;
	return v;
}

/* a copy of a parsed prototype */
static void copy_prototype(struct migration_prototype *to,
			   const struct migration_prototype *from)
{
	size_t i;

	*to = *from;
	to->text = xstrdup(from->text);
	to->function = xstrdup(from->function);
	to->return_type = xstrdup(from->return_type);
	to->params = xcalloc(from->nr_params + 1, sizeof(*to->params));
	for (i = 0; i < from->nr_params; i++) {
		to->params[i].type = xstrdup(from->params[i].type);
		to->params[i].name = xstrdup(from->params[i].name);
	}
}

/* a case after the first of cur's function: its function's keys copied */
static struct migration *add_case(struct migration *m, struct migration *cur)
{
	struct migration *v = add_variant(m, cur->member);

	v->function = xstrdup(cur->function);
	if (cur->header)
		v->header = xstrdup(cur->header);
	if (cur->model)
		v->model = xstrdup(cur->model);
	if (cur->old_proto.text)
		copy_prototype(&v->old_proto, &cur->old_proto);
	return v;
}

static const char *const case_keys[] = {
	"case", "new-function", "new-prototype", "new-call", "drop", "not-null",
};

static int is_case_key(const char *key)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(case_keys); i++)
		if (!strcmp(key, case_keys[i]))
			return 1;
	return 0;
}

struct migration *family_variant_for_key(struct migration *m, const char *key,
					 struct strbuf *why)
{
	struct migration *cur = current(m);

	if (!strcmp(key, "function") && cur->function)
		return add_variant(m, cur->member + 1);
	if (!strcmp(key, "case") && cur->is_case)
		return add_case(m, cur);
	if (!strcmp(key, "case") &&
	    (cur->new_call || cur->new_function || cur->new_proto.text)) {
		strbuf_addstr(why, "a function's first case comes before its "
				   "new-function, new-prototype and new-call");
		return NULL;
	}
	if (cur->is_case && !is_case_key(key)) {
		strbuf_addstr(why, "not a key of a case (its function's "
				   "keys come before the first case)");
		return NULL;
	}
	return cur;
}

void family_share(struct migration *m)
{
	size_t i;

	for (i = 0; i < m->nr_variants; i++) {
		struct migration *v = m->variants[i];

		v->name = m->name;
		v->dir = m->dir;
		v->kind = m->kind;
		v->kind_name = m->kind_name;
		v->cocci = m->cocci;
		v->subject = m->subject;
		v->description = m->description;
		v->demo_tree = m->demo_tree;
		v->demo_patch = m->demo_patch;
		v->kernel = m->kernel;
	}
}

void family_release(struct migration *m,
		    void (*release_call)(struct migration *v))
{
	size_t i;

	for (i = 0; i < m->nr_variants; i++) {
		release_call(m->variants[i]);
		map_case_release(m->variants[i]);
		free(m->variants[i]);
	}
	free(m->variants);
	m->variants = NULL;
	m->nr_variants = 0;
	m->parsing = NULL;
	map_case_release(m);
}

/* the cases of one function: all cases, and only the last unconditional */
int family_validate(const struct migration *m, struct strbuf *why)
{
	size_t i, n = migration_nr_variants(m);

	for (i = 0; i < n; i++) {
		const struct migration *v = migration_variant(m, i);
		const struct migration *next =
			i + 1 < n ? migration_variant(m, i + 1) : NULL;
		int same = next && next->member == v->member;

		if (map_case_validate(v, why) < 0)
			return -1;
		if (same && (!v->is_case || !next->is_case)) {
			strbuf_addf(why,
				    "%s(): a function with more than one "
				    "new form needs 'case:' for each",
				    v->function);
			return -1;
		}
		if (same && !v->nr_conds) {
			strbuf_addf(why,
				    "%s(): 'case: else' must be its "
				    "last case",
				    v->function);
			return -1;
		}
	}
	return 0;
}

size_t migration_nr_variants(const struct migration *m)
{
	return 1 + m->nr_variants;
}

const struct migration *migration_variant(const struct migration *m, size_t i)
{
	return i ? m->variants[i - 1] : m;
}

static int is_name(const char *s, const char *name, size_t len)
{
	return s && strlen(s) == len && !strncmp(s, name, len);
}

const struct migration *migration_variant_named(const struct migration *m,
						const char *name, size_t len)
{
	size_t i, n = migration_nr_variants(m);

	for (i = 0; i < n; i++) {
		const struct migration *v = migration_variant(m, i);

		if (is_name(v->function, name, len) ||
		    is_name(v->new_function, name, len))
			return v;
	}
	return NULL;
}

/* v's conditions on args: all hold, one fails, or one is unknown */
static enum map_case_value case_holds(const struct migration *v,
				      const char *const *args, size_t nr,
				      const struct map_lookup *lookup,
				      int *unknown_arg)
{
	enum map_case_value ret = MAP_CASE_HOLDS;
	size_t i;

	for (i = 0; i < v->nr_conds; i++) {
		int arg = v->conds[i].arg;
		enum map_case_value c =
			(size_t)arg > nr ?
				MAP_CASE_UNKNOWN :
				map_case_eval(v, i, args[arg - 1], lookup);

		if (c == MAP_CASE_FAILS)
			return c;
		if (c == MAP_CASE_UNKNOWN && ret == MAP_CASE_HOLDS) {
			ret = c;
			*unknown_arg = arg;
		}
	}
	return ret;
}

/* an old call of v's function: the first case that holds */
static int choose_case(const struct migration *m, size_t from,
		       const char *const *args, size_t nr,
		       const struct map_lookup *lookup,
		       struct migration_choice *out)
{
	size_t i, n = migration_nr_variants(m);
	size_t member = migration_variant(m, from)->member;

	for (i = from; i < n; i++) {
		const struct migration *v = migration_variant(m, i);
		enum map_case_value c;

		if (v->member != member)
			break;
		c = case_holds(v, args, nr, lookup, &out->arg);
		if (c == MAP_CASE_HOLDS) {
			out->variant = v;
			return 0;
		}
		if (c == MAP_CASE_UNKNOWN) {
			out->blocked = v;
			return 1;
		}
	}
	out->arg = 0; /* no case holds: leave it, for no value */
	return 1;
}

/*
 * An old call converted by out->variant would evaluate an argument with
 * a side effect more than once ("$1 ? &$1->dev : NULL" of "f(x)"): 1,
 * the call left
 */
static int evaluated_twice(const char *const *args, size_t nr,
			   struct migration_choice *out)
{
	const struct migration *v = out->variant;
	size_t k;

	for (k = 0; k < nr && k < v->old_proto.nr_params; k++)
		if (migration_arg_uses(v, (int)k + 1) > 1 &&
		    map_expr_side_effect(args[k])) {
			out->blocked = v;
			out->variant = NULL;
			out->arg = (int)k + 1;
			out->twice = 1;
			return 1;
		}
	return 0;
}

int migration_choose(const struct migration *m, const char *name, size_t len,
		     const char *const *args, size_t nr,
		     const struct map_lookup *lookup,
		     struct migration_choice *out)
{
	size_t i, n = migration_nr_variants(m);

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		const struct migration *v = migration_variant(m, i);

		if (is_name(v->function, name, len) && v->is_case) {
			if (choose_case(m, i, args, nr, lookup, out))
				return 1;
			return evaluated_twice(args, nr, out);
		}
		if (is_name(v->function, name, len)) {
			out->variant = v;
			return evaluated_twice(args, nr, out);
		}
		if (is_name(v->new_function, name, len)) {
			out->variant = v;
			return 0;
		}
	}
	return -1;
}

/* "ida_alloc*()" for the new names of member's cases, "ida_free()" */
static void add_new_names(const struct migration *m, size_t member,
			  struct strbuf *out)
{
	const char *first = NULL;
	size_t i, prefix = 0, nr = 0;

	for (i = 0; i < migration_nr_variants(m); i++) {
		const struct migration *v = migration_variant(m, i);

		if (v->member != member)
			continue;
		if (!nr++) {
			first = v->new_function;
			prefix = strlen(first);
		}
		while (prefix && strncmp(first, v->new_function, prefix))
			prefix--;
	}
	while (nr > 1 && prefix && first[prefix - 1] == '_')
		prefix--;
	if (nr == 1)
		strbuf_addf(out, "%s()", first);
	else if (prefix)
		strbuf_addf(out, "%.*s*()", (int)prefix, first);
	else
		strbuf_addstr(out, "their replacements");
}

void family_describe(const struct migration *m, struct strbuf *out)
{
	size_t i, nr = 0, n = migration_nr_variants(m);
	size_t last = migration_variant(m, n - 1)->member;

	if (n == 1) {
		migration_describe(m, out);
		return;
	}
	strbuf_addstr(out, "convert ");
	for (i = 0; i < n; i++) {
		const struct migration *v = migration_variant(m, i);

		if (i && v->member == migration_variant(m, i - 1)->member)
			continue;
		if (nr++)
			strbuf_addstr(out, v->member == last ? " and " : ", ");
		strbuf_addf(out, "%s()", v->function);
	}
	strbuf_addstr(out, " to ");
	for (i = 0; i <= last; i++) {
		if (i)
			strbuf_addstr(out, i == last ? " and " : ", ");
		add_new_names(m, i, out);
	}
}
