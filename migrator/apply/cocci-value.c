/*
 * cocci-value.c - the rule "value_form" of a case's semantic patch when
 * apply knows values from outside the text (libclang's, map-values.h):
 * it takes the narrowing cocci-case.c puts in the patch rule, between
 * old_form and the patch rule, which then converts the calls at
 * value_form's positions with plain expressions.  Each argument a
 * case's condition fixes is its literal or any text known to have that
 * value ("\(0\|MY_LIMIT\)"), each that must be known a constant, a
 * name known to have a value or an expression known to, in parentheses
 * ("\(c3\|k3\|(1 << 16)\)", k3 an identifier list), so that spatch
 * converts a call by the case its values choose and kmigrate's
 * cross-check agrees.  A text spatch could not read as SmPL (a cast,
 * sizeof, a member) is not offered: its calls are left.
 */
#include <ctype.h>
#include <string.h>

#include "cocci-rules.h"
#include "map-expr.h"
#include "map-values.h"
#include "migration.h"
#include "strbuf.h"
#include "util.h"

/* a word a rule's metavariables may have: p, q, e3, c3, k3 */
static int is_rule_word(const char *w, size_t n)
{
	size_t i;

	if (n == 1 && (*w == 'p' || *w == 'q'))
		return 1;
	if (n < 2 || !strchr("eck", *w))
		return 0;
	for (i = 1; i < n; i++)
		if (!isdigit((unsigned char)w[i]))
			return 0;
	return 1;
}

/*
 * text (a map_values key) is an expression of names, numbers and
 * arithmetic SmPL reads as the C does: 1 for a name alone, 2 for an
 * expression, 0 for anything else
 */
static int smpl_text(const char *text)
{
	const char *p = text;
	int words = 0, other = 0;

	while (*p) {
		size_t n = 0;

		while (is_c_ident_char(p[n]))
			n++;
		if (n) {
			if (is_rule_word(p, n) || !strncmp(p, "sizeof", n))
				return 0;
			words += !isdigit((unsigned char)*p);
			other += isdigit((unsigned char)*p);
			p += n;
			continue;
		}
		if (!strchr(" ()+-*/%<>&|^~!", *p))
			return 0;
		other = 1;
		p++;
	}
	if (!words && !other)
		return 0;
	return words == 1 && !other ? 1 : 2;
}

/*
 * the texts of values with value want (all: any value) that SmPL reads:
 * names alone (names 1), other expressions (names 0) or both (-1)
 */
static void known_texts(const struct map_values *values, int all, uint64_t want,
			int names, struct strlist *out)
{
	struct strlist texts = STRLIST_INIT;
	size_t i;

	map_values_texts(values, all, want, &texts);
	for (i = 0; i < texts.nr; i++) {
		int kind = smpl_text(texts.items[i].string);

		/* "(E)" matches E with parentheses or without (paren iso) */
		if (kind == 2 && names != 1)
			strlist_pushf(out, "(%s)", texts.items[i].string);
		else if (kind == 1 && names != 0)
			strlist_push(out, texts.items[i].string);
	}
	strlist_clear(&texts, 0);
}

/* "\(a\|b\)", or "a" alone */
static void add_choice(struct strbuf *out, const struct strlist *alts)
{
	size_t i;

	if (alts->nr == 1) {
		strbuf_addstr(out, alts->items[0].string);
		return;
	}
	strbuf_addstr(out, "\\(");
	for (i = 0; i < alts->nr; i++)
		strbuf_addf(out, "%s%s", i ? "\\|" : "", alts->items[i].string);
	strbuf_addstr(out, "\\)");
}

/* what value_form puts at old argument arg; identifier lists to decls */
static void value_arg(const struct cocci_gen *g, size_t arg,
		      struct strbuf *code, struct strbuf *decls)
{
	const char *value = cocci_case_value(g->m, arg);
	struct strlist alts = STRLIST_INIT, names = STRLIST_INIT;
	uint64_t want = 0;
	size_t i;

	if (value) {
		strlist_push(&alts, value);
		if (strcmp(value, "NULL") &&
		    !map_integer_literal(value, strlen(value), &want))
			known_texts(g->values, 0, want, -1, &alts);
	} else if (cocci_case_must_know(g->m, arg)) {
		strlist_pushf(&alts, "c%zu", arg);
		known_texts(g->values, 1, 0, 1, &names);
		if (names.nr) {
			strlist_pushf(&alts, "k%zu", arg);
			strbuf_addf(decls, "identifier k%zu = {", arg);
			for (i = 0; i < names.nr; i++)
				strbuf_addf(decls, "%s%s", i ? ", " : "",
					    names.items[i].string);
			strbuf_addstr(decls, "};\n");
		}
		known_texts(g->values, 1, 0, 0, &alts);
	} else {
		strlist_pushf(&alts, "e%zu", arg);
	}
	add_choice(code, &alts);
	strlist_clear(&alts, 0);
	strlist_clear(&names, 0);
}

void cocci_add_value_rule(struct strbuf *out, const struct cocci_gen *g)
{
	struct strbuf code = STRBUF_INIT, decls = STRBUF_INIT;
	size_t k, nr = g->old->nr_params;

	strbuf_addf(&code, "%s@p@q(", g->fn);
	for (k = 1; k <= nr; k++) {
		if (k > 1)
			strbuf_addstr(&code, ", ");
		value_arg(g, k, &code, &decls);
	}
	strbuf_addstr(&code, g->old->variadic ? ", ...)\n\n" : ")\n\n");
	strbuf_addstr(out, "// The calls whose values choose this case, "
			   "the values apply knows\n// from outside the "
			   "text included.\n");
	strbuf_addstr(out, "@value_form depends on patch@\n"
			   "position old_form.p;\nposition q;\n");
	cocci_add_exprs(out, code.buf, nr);
	cocci_add_constants(out, code.buf, nr);
	strbuf_addstr(out, decls.buf);
	strbuf_addstr(out, "@@\n\n");
	strbuf_addstr(out, code.buf);
	strbuf_release(&code);
	strbuf_release(&decls);
}
