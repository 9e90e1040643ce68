/*
 * migration-map.c - the map from an old call to the new one: reading
 * "drop", "not-null" and the context fields, checking the map against
 * the prototypes, and the helpers of migration.h that read the map;
 * "new-call"'s items are read by map-items.c.
 *
 * A map's items are separated by top-level commas when it has one
 * ("$1, MKDEV(0, 0), $2"), else by blanks ("$1 NULL $2 $3 $4 ...");
 * parentheses, brackets, braces and literals hold an item together, and
 * so does an operator standing alone ("$3 - 1").  "$N" is old argument
 * N, "..." the old variadic arguments, "$N" inside a C expression an
 * expression item (map-expr.h), anything else a value (a C expression)
 * passed by every converted call.  A value
 * goes into the generated semantic patch as it is written, so it must
 * lex as one C expression (migration-validate.h), and so must the values
 * of "drop"; a "not-null" parameter is a C identifier.  "where:" names
 * the calls the map applies to by their context, "left-reason:" says in
 * words why the others are left; "leave-path:" leaves the calls of a
 * part of the tree, with its own reason.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "map-expr.h"
#include "map-items.h"
#include "migration.h"
#include "migration-map.h"
#include "migration-validate.h"
#include "strbuf.h"
#include "util.h"

int map_add_drop(struct migration *m, const char *value, struct strbuf *why)
{
	struct strlist items = STRLIST_INIT;
	struct migration_drop *d;
	size_t i;
	int arg;

	map_split_words(value, &items);
	arg = items.nr ? map_arg_ref(items.items[0].string) : -1;
	if (arg <= 0 && items.nr)
		arg = atoi(items.items[0].string);
	if (arg <= 0 || items.nr < 2) {
		strbuf_addstr(why, "expected 'POSITION VALUE...'");
		strlist_clear(&items, 0);
		return -1;
	}
	m->drops = xrealloc(m->drops, (m->nr_drops + 1) * sizeof(*m->drops));
	d = &m->drops[m->nr_drops++];
	d->arg = arg;
	strlist_init(&d->values);
	for (i = 1; i < items.nr; i++) {
		struct strbuf sb = STRBUF_INIT;

		if (validate_c_expression(items.items[i].string, why) < 0) {
			strlist_clear(&items, 0);
			return -1;
		}
		lex_squeeze(&sb, items.items[i].string,
			    strlen(items.items[i].string));
		strlist_push(&d->values, sb.buf);
		strbuf_release(&sb);
	}
	strlist_clear(&items, 0);
	return 0;
}

int map_add_not_null(struct migration *m, const char *value, struct strbuf *why)
{
	struct migration_not_null *nn;
	char *param;
	size_t n = strcspn(value, " \t\n");
	const char *effect = value + n + strspn(value + n, " \t\n");

	if (!n) {
		strbuf_addstr(why, "expected 'PARAMETER [what a NULL does]'");
		return -1;
	}
	param = xstrndup(value, n);
	if (validate_identifier(param, why) < 0) {
		free(param);
		return -1;
	}
	m->not_null = xrealloc(m->not_null,
			       (m->nr_not_null + 1) * sizeof(*m->not_null));
	nn = &m->not_null[m->nr_not_null++];
	nn->param = param;
	nn->effect = *effect ? xstrdup(effect) : NULL;
	return 0;
}

static const char *const where_names[] = {
	[CALL_WHERE_RESULT_UNUSED] = "result-unused",
	[CALL_WHERE_RESULT_USED] = "result-used",
};

const char *migration_where_name(enum call_where where)
{
	return where == CALL_WHERE_ANY ? NULL : where_names[where];
}

int map_set_where(struct migration *m, const char *value, struct strbuf *why)
{
	size_t i;

	if (m->where != CALL_WHERE_ANY) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	for (i = 1; i < ARRAY_SIZE(where_names); i++)
		if (!strcmp(value, where_names[i])) {
			m->where = (enum call_where)i;
			return 0;
		}
	strbuf_addf(why,
		    "unknown context '%s' (known: result-unused, "
		    "result-used)",
		    value);
	return -1;
}

int map_set_left_reason(struct migration *m, const char *value,
			struct strbuf *why)
{
	char *p;

	if (m->left_reason) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	if (!*value) {
		strbuf_addstr(why, "say why a call elsewhere is left");
		return -1;
	}
	m->left_reason = xstrdup(value);
	for (p = m->left_reason; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return 0;
}

int map_add_leave_path(struct migration *m, const char *value,
		       struct strbuf *why)
{
	size_t n = strcspn(value, " \t\n");
	const char *reason = value + n + strspn(value + n, " \t\n");
	struct migration_leave *leave;
	char *path, *p;

	if (!n || !*reason) {
		strbuf_addstr(why, "expected 'PATH why its calls are left'");
		return -1;
	}
	path = xstrndup(value, n);
	if (validate_relative_path(path, why) < 0) {
		free(path);
		return -1;
	}
	ALLOC_GROW(m->leaves, m->nr_leaves + 1, m->alloc_leaves);
	leave = &m->leaves[m->nr_leaves++];
	leave->path = path;
	leave->reason = xstrdup(reason);
	for (p = leave->reason; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return 0;
}

const char *migration_leaves_path(const struct migration *m, const char *path)
{
	size_t i;

	for (i = 0; i < m->nr_leaves; i++) {
		const char *prefix = m->leaves[i].path;
		size_t n = strlen(prefix);

		if (!strncmp(path, prefix, n) &&
		    (prefix[n - 1] == '/' || !path[n] || path[n] == '/'))
			return m->leaves[i].reason;
	}
	return NULL;
}

int migration_where_fits(const struct migration *m, int unused)
{
	switch (m->where) {
	case CALL_WHERE_RESULT_UNUSED:
		return unused;
	case CALL_WHERE_RESULT_USED:
		return !unused;
	default:
		return 1;
	}
}

/* ---- checking the map against the prototypes ---- */

static int has_param(const struct migration_prototype *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->nr_params; i++)
		if (!strcmp(p->params[i].name, name))
			return 1;
	return 0;
}

static int check_items(struct migration *m, struct strbuf *why)
{
	size_t old_nr = m->old_proto.nr_params, fixed = 0, i;
	int rest = 0;

	for (i = 0; i < m->new_call_nr; i++) {
		const struct call_item *it = &m->new_call[i];

		if (it->kind == CALL_ITEM_REST) {
			rest = 1;
			continue;
		}
		fixed++;
		if (it->kind != CALL_ITEM_ARG && it->kind != CALL_ITEM_EXPR)
			continue;
		if ((size_t)it->arg > old_nr) {
			strbuf_addf(why,
				    "new-call: '$%d', but the old "
				    "prototype has %zu parameter%s",
				    it->arg, old_nr, old_nr == 1 ? "" : "s");
			return -1;
		}
		if (it->kind == CALL_ITEM_EXPR)
			continue; /* computed: a value of its own */
		if (m->old_to_new[it->arg - 1]) {
			strbuf_addf(why, "new-call: '$%d' twice", it->arg);
			return -1;
		}
		m->old_to_new[it->arg - 1] = (int)fixed;
	}
	if (fixed != m->new_proto.nr_params) {
		strbuf_addf(why,
			    "new-call: %zu argument%s for the %zu "
			    "parameter%s of the new prototype",
			    fixed, fixed == 1 ? "" : "s",
			    m->new_proto.nr_params,
			    m->new_proto.nr_params == 1 ? "" : "s");
		return -1;
	}
	if (rest != (m->old_proto.variadic && m->new_proto.variadic) ||
	    (m->old_proto.variadic && !m->new_proto.variadic)) {
		strbuf_addstr(
			why,
			rest ? "new-call: '...' needs both prototypes "
			       "variadic" :
			m->old_proto.variadic && m->new_proto.variadic ?
			       "new-call: end in '...' to pass the variadic "
			       "arguments on" :
			       "new-call: the old variadic arguments have nowhere "
			       "to go");
		return -1;
	}
	return 0;
}

static int check_drops(const struct migration *m, struct strbuf *why)
{
	size_t i;

	for (i = 0; i < m->nr_drops; i++) {
		int arg = m->drops[i].arg;

		if ((size_t)arg > m->old_proto.nr_params ||
		    m->old_to_new[arg - 1]) {
			strbuf_addf(why,
				    "drop: argument %d is not one the "
				    "new call removes",
				    arg);
			return -1;
		}
	}
	for (i = 0; i < m->nr_not_null; i++)
		if (!has_param(&m->old_proto, m->not_null[i].param) &&
		    !has_param(&m->new_proto, m->not_null[i].param)) {
			strbuf_addf(why, "not-null: no parameter '%s'",
				    m->not_null[i].param);
			return -1;
		}
	return 0;
}

int map_validate(struct migration *m, struct strbuf *why)
{
	if (m->where != CALL_WHERE_ANY && !m->left_reason) {
		strbuf_addstr(why, "where: say in 'left-reason:' why a call "
				   "elsewhere is left");
		return -1;
	}
	if (m->where == CALL_WHERE_ANY && m->left_reason) {
		strbuf_addstr(why, "left-reason: without 'where:'");
		return -1;
	}
	free(m->old_to_new);
	m->old_to_new =
		xcalloc(m->old_proto.nr_params + 1, sizeof(*m->old_to_new));
	if (check_items(m, why) < 0 || check_drops(m, why) < 0)
		return -1;
	return 0;
}

void map_release(struct migration *m)
{
	size_t i;

	for (i = 0; i < m->new_call_nr; i++)
		free(m->new_call[i].value);
	free(m->new_call);
	free(m->old_to_new);
	for (i = 0; i < m->nr_drops; i++)
		strlist_clear(&m->drops[i].values, 0);
	free(m->drops);
	for (i = 0; i < m->nr_not_null; i++) {
		free(m->not_null[i].param);
		free(m->not_null[i].effect);
	}
	free(m->not_null);
	free(m->left_reason);
	m->left_reason = NULL;
	for (i = 0; i < m->nr_leaves; i++) {
		free(m->leaves[i].path);
		free(m->leaves[i].reason);
	}
	free(m->leaves);
	m->leaves = NULL;
	m->nr_leaves = m->alloc_leaves = 0;
	m->where = CALL_WHERE_ANY;
	m->new_call = NULL;
	m->new_call_nr = 0;
	m->old_to_new = NULL;
	m->drops = NULL;
	m->nr_drops = 0;
	m->not_null = NULL;
	m->nr_not_null = 0;
}

/* ---- reading the map ---- */

const char *migration_function(const struct migration *m, int new_form)
{
	return new_form && m->new_function ? m->new_function : m->function;
}

int migration_renames(const struct migration *m)
{
	return m->new_function && strcmp(m->new_function, m->function);
}

/* the same parameters, by type, in the same places */
static int same_params(const struct migration_prototype *a,
		       const struct migration_prototype *b)
{
	size_t i;

	if (a->nr_params != b->nr_params || a->variadic != b->variadic ||
	    a->format != b->format)
		return 0;
	for (i = 0; i < a->nr_params; i++)
		if (strcmp(a->params[i].type, b->params[i].type))
			return 0;
	return 1;
}

int migration_only_renames(const struct migration *m)
{
	const struct migration_prototype *o = &m->old_proto, *n = &m->new_proto;
	size_t i;

	if (!migration_renames(m) || m->is_case || m->nr_not_null || m->model ||
	    !o->return_type || !n->return_type || !same_params(o, n) ||
	    m->new_call_nr != n->nr_params + (size_t)n->variadic)
		return 0;
	if (strcmp(o->return_type, n->return_type) &&
	    m->where != CALL_WHERE_RESULT_UNUSED)
		return 0;
	for (i = 0; i < n->nr_params; i++)
		if (m->new_call[i].kind != CALL_ITEM_ARG ||
		    m->new_call[i].arg != (int)i + 1)
			return 0;
	return !n->variadic || m->new_call[i].kind == CALL_ITEM_REST;
}

int migration_new_position(const struct migration *m, int arg)
{
	if (arg < 1 || (size_t)arg > m->old_proto.nr_params || !m->old_to_new)
		return 0;
	return m->old_to_new[arg - 1];
}

const struct call_item *migration_new_item(const struct migration *m, int pos)
{
	if (pos < 1 || (size_t)pos > m->new_call_nr ||
	    m->new_call[pos - 1].kind == CALL_ITEM_REST)
		return NULL;
	return &m->new_call[pos - 1];
}

int migration_drop_is_silent(const struct migration *m, int arg,
			     const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int silent = 0;

	/* a case that needs the argument equal to a value drops it */
	for (i = 0; i < m->nr_conds; i++)
		if (m->conds[i].arg == arg && m->conds[i].equal)
			return 1;
	lex_squeeze(&sb, text, strlen(text));
	for (i = 0; i < m->nr_drops && !silent; i++)
		silent = m->drops[i].arg == arg &&
			 strlist_find(&m->drops[i].values, sb.buf) >= 0;
	strbuf_release(&sb);
	return silent;
}

void migration_new_args(const struct migration *m, const char *const *old,
			size_t nr, struct strlist *out)
{
	struct strbuf expr = STRBUF_INIT;
	size_t i, k;

	for (i = 0; i < m->new_call_nr; i++) {
		const struct call_item *it = &m->new_call[i];

		switch (it->kind) {
		case CALL_ITEM_ARG:
			strlist_push(out, (size_t)it->arg <= nr ?
						  old[it->arg - 1] :
						  "");
			break;
		case CALL_ITEM_VALUE:
			strlist_push(out, it->value);
			break;
		case CALL_ITEM_EXPR:
			strbuf_reset(&expr);
			map_expr_text(it->value, old, nr, 1, &expr);
			strlist_push(out, expr.buf);
			break;
		case CALL_ITEM_REST:
			for (k = m->old_proto.nr_params; k < nr; k++)
				strlist_push(out, old[k]);
			break;
		}
	}
	strbuf_release(&expr);
}

int migration_arg_uses(const struct migration *m, int arg)
{
	size_t i;
	int n = 0;

	for (i = 0; i < m->new_call_nr; i++)
		if (m->new_call[i].kind == CALL_ITEM_ARG)
			n += m->new_call[i].arg == arg;
		else if (m->new_call[i].kind == CALL_ITEM_EXPR)
			n += map_expr_uses(m->new_call[i].value, arg);
	return n;
}

int migration_arg_removed(const struct migration *m, int arg)
{
	return !migration_new_position(m, arg) && !migration_arg_uses(m, arg);
}

const struct migration_not_null *migration_not_null(const struct migration *m,
						    const char *param)
{
	size_t i;

	for (i = 0; i < m->nr_not_null; i++)
		if (!strcmp(m->not_null[i].param, param))
			return &m->not_null[i];
	return NULL;
}

/* ---- the change in words ---- */

/* "a", "a and b", "a, b and c" */
static void add_list(struct strbuf *out, const struct strlist *words)
{
	size_t i;

	for (i = 0; i < words->nr; i++) {
		if (i)
			strbuf_addstr(out, i + 1 == words->nr ? " and " : ", ");
		strbuf_addstr(out, words->items[i].string);
	}
}

int migration_arg_moves(const struct migration *m, size_t i)
{
	int before = 0, after = 0;
	size_t j;

	if (!m->old_to_new[i])
		return 0;
	for (j = 0; j < m->old_proto.nr_params; j++) {
		if (!m->old_to_new[j])
			continue;
		before += j < i;
		after += m->old_to_new[j] < m->old_to_new[i];
	}
	return before != after;
}

/* the kept old arguments whose place among the kept ones changes */
static void moved_args(const struct migration *m, struct strlist *moved)
{
	size_t i;

	for (i = 0; i < m->old_proto.nr_params; i++)
		if (migration_arg_moves(m, i))
			strlist_push(moved, m->old_proto.params[i].name);
}

static void add_clause(struct strlist *clauses, const char *what,
		       const char *tail, int *named, const char *function)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, what);
	if (!*named)
		strbuf_addf(&sb, " %s %s()", tail, function);
	*named = 1;
	strlist_push(clauses, sb.buf);
	strbuf_release(&sb);
}

void migration_describe(const struct migration *m, struct strbuf *out)
{
	struct strlist clauses = STRLIST_INIT, words = STRLIST_INIT;
	struct strbuf what = STRBUF_INIT;
	const char *fn = m->function;
	size_t i;
	int named = 0;

	if (migration_renames(m)) {
		strlist_pushf(&clauses, "call %s() instead of %s()",
			      m->new_function, m->function);
		named = 1;
	}
	for (i = 0; i < m->new_call_nr; i++)
		if (m->new_call[i].kind == CALL_ITEM_VALUE)
			strlist_pushf(&words, "%s %s", m->new_call[i].value,
				      m->new_proto.params[i].name);
	if (words.nr) {
		strbuf_addstr(&what, "pass ");
		add_list(&what, &words);
		add_clause(&clauses, what.buf, "to", &named, fn);
	}
	strlist_clear(&words, 0);
	strbuf_reset(&what);
	for (i = 0; i < m->old_proto.nr_params; i++)
		if (migration_arg_removed(m, (int)i + 1))
			strlist_push(&words, m->old_proto.params[i].name);
	if (words.nr) {
		strbuf_addstr(&what, "drop the ");
		add_list(&what, &words);
		strbuf_addstr(&what,
			      words.nr == 1 ? " argument" : " arguments");
		add_clause(&clauses, what.buf, "of", &named, fn);
	}
	strlist_clear(&words, 0);
	strbuf_reset(&what);
	moved_args(m, &words);
	if (words.nr == 2) {
		strbuf_addstr(&what, "swap the ");
		add_list(&what, &words);
		strbuf_addstr(&what, " arguments");
		add_clause(&clauses, what.buf, "of", &named, fn);
	} else if (words.nr) {
		strbuf_addstr(&what, "reorder the arguments");
		add_clause(&clauses, what.buf, "of", &named, fn);
	}
	strlist_clear(&words, 0);
	if (!clauses.nr)
		strlist_pushf(&clauses, "update the callers of %s()", fn);
	add_list(out, &clauses);
	strlist_clear(&clauses, 0);
	strbuf_release(&what);
}
