/*
 * map-case.c - a case's conditions (see map-case.h): their syntax when
 * the migration is read, and what they make of an argument's text when
 * a call is converted.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "map-case.h"
#include "map-expr.h"
#include "map-values.h"
#include "migration.h"
#include "strbuf.h"
#include "util.h"

static const char *skip_blanks(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* "$N" at *p: N, with *p past it; 0 when there is none */
static int dollar_arg(const char **p)
{
	char *end;
	long n;

	if (**p != '$' || !isdigit((unsigned char)(*p)[1]))
		return 0;
	n = strtol(*p + 1, &end, 10);
	if (n < 1 || n > 1000)
		return 0;
	*p = end;
	return (int)n;
}

static void trim_end(char *s)
{
	size_t len = strlen(s);

	while (len && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
}

/* a condition's value ends in " if known": removed, 1 */
static int strip_if_known(char *value)
{
	size_t len = strlen(value), tail = strlen(" if known");

	if (len <= tail || strcmp(value + len - tail, " if known"))
		return 0;
	value[len - tail] = '\0';
	trim_end(value);
	return 1;
}

static int parse_cond(struct map_case_cond *c, const char *text,
		      struct strbuf *why)
{
	const char *p = skip_blanks(text);
	uint64_t n;

	c->arg = dollar_arg(&p);
	p = skip_blanks(p);
	if (c->arg && (!strncmp(p, "==", 2) || !strncmp(p, "!=", 2))) {
		c->equal = *p == '=';
		p = skip_blanks(p + 2);
		c->value = xstrdup(p);
		trim_end(c->value);
		c->if_known = strip_if_known(c->value);
		if (!strcmp(c->value, "NULL") ||
		    !map_integer_literal(c->value, strlen(c->value), &n))
			return 0;
	}
	strbuf_addf(why,
		    "'%s' is not '$N == VALUE' or '$N != VALUE' "
		    "(VALUE an integer or NULL, then optionally 'if "
		    "known')",
		    text);
	return -1;
}

int map_case_parse(struct migration *v, const char *value, struct strbuf *why)
{
	const char *p = value, *comma;
	size_t nr = 1;
	int ret = 0;

	if (v->is_case) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	v->is_case = 1;
	if (!strcmp(value, "else"))
		return 0;
	for (comma = value; (comma = strchr(comma, ',')); comma++)
		nr++;
	v->conds = xcalloc(nr + 1, sizeof(*v->conds));
	while (!ret && p) {
		char *cond;

		comma = strchr(p, ',');
		cond = comma ? xstrndup(p, (size_t)(comma - p)) : xstrdup(p);
		ret = parse_cond(&v->conds[v->nr_conds++], cond, why);
		free(cond);
		p = comma ? comma + 1 : NULL;
	}
	return ret;
}

int map_case_validate(const struct migration *v, struct strbuf *why)
{
	size_t i;

	for (i = 0; i < v->nr_conds; i++)
		if ((size_t)v->conds[i].arg > v->old_proto.nr_params) {
			strbuf_addf(why,
				    "case: '$%d', but the old prototype has "
				    "%zu parameters",
				    v->conds[i].arg, v->old_proto.nr_params);
			return -1;
		}
	return 0;
}

void map_case_release(struct migration *v)
{
	size_t i;

	for (i = 0; i < v->nr_conds; i++)
		free(v->conds[i].value);
	free(v->conds);
	v->conds = NULL;
	v->nr_conds = 0;
	v->is_case = 0;
}

/* what an argument is: an integer, NULL, never NULL, or unknown */
enum arg_value {
	ARG_UNKNOWN,
	ARG_INTEGER,
	ARG_NULL,
	ARG_NOT_NULL
};

static enum arg_value arg_value(const char *text, size_t len, uint64_t *n,
				const struct map_lookup *lookup, int depth)
{
	const char *literal;

	while (len && isspace((unsigned char)*text))
		text++, len--;
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	if (map_text_encloses(text, len))
		return arg_value(text + 1, len - 2, n, lookup, depth);
	if (!map_integer_literal(text, len, n))
		return ARG_INTEGER;
	if (len == 4 && !strncmp(text, "NULL", 4))
		return ARG_NULL;
	if (len && (*text == '&' || *text == '"'))
		return ARG_NOT_NULL;
	if (!len || !lookup || depth > 4)
		return ARG_UNKNOWN;
	literal = lookup->literal(lookup->data, text, len);
	if (!literal)
		return ARG_UNKNOWN;
	return arg_value(literal, strlen(literal), n, lookup, depth + 1);
}

enum map_case_value map_case_eval(const struct migration *v, size_t i,
				  const char *text,
				  const struct map_lookup *lookup)
{
	const struct map_case_cond *c = &v->conds[i];
	uint64_t want = 0, n = 0;
	enum arg_value a = arg_value(text, strlen(text), &n, lookup, 0);
	int equal;

	if (!strcmp(c->value, "NULL")) {
		if (a == ARG_INTEGER && n == 0)
			a = ARG_NULL; /* the null pointer constant */
		if (a != ARG_NULL && a != ARG_NOT_NULL)
			return c->if_known ? MAP_CASE_FAILS : MAP_CASE_UNKNOWN;
		equal = a == ARG_NULL;
	} else {
		if (a != ARG_INTEGER)
			return c->if_known ? MAP_CASE_FAILS : MAP_CASE_UNKNOWN;
		map_integer_literal(c->value, strlen(c->value), &want);
		equal = n == want;
	}
	return equal == c->equal ? MAP_CASE_HOLDS : MAP_CASE_FAILS;
}
