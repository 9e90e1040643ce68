/*
 * cocci-case-print.c - the rules that have the report, org and context
 * modes name each call of a function with cases by value once: as the
 * case its arguments choose, or, where they choose none, once as left
 * (cocci-rules.h).
 *
 * Every case's section of the family's semantic patch sorts the same
 * calls (old_form matches every call in the old form), so a mode that
 * printed old_form would name a call once per case.  A case prints
 * instead the old-form calls its rule "case_form" takes: those whose
 * arguments spell what its conditions ask, as the patch rule spells
 * them (cocci_old_arg(): the literal of "$2 == 0", a constant for a
 * value an earlier case needs known), less those of an earlier case of
 * the function (the rule "earlier_case", its patterns).  The union of
 * the first-match sets being the union of the patterns, each section
 * is whole on its own, as apply needs it.  The last case adds
 * "no_case": the old-form calls no case's pattern takes, a value
 * being unknown here.  The calls a function's cases all list alike
 * (ambiguous, shadowed, left by context) are printed by its first
 * case only.  A "!=" condition is not spelled (as in the patch rule):
 * its case's pattern takes any constant there.
 */
#include <stdlib.h>
#include <string.h>

#include "cocci-rules.h"
#include "family.h"
#include "migration.h"
#include "strbuf.h"
#include "util.h"

/* the cases of m's function, in the file's order, into cases[nr] */
static size_t function_cases(const struct migration *m,
			     const struct migration **cases, size_t max)
{
	const struct migration *family = m->family ? m->family : m;
	size_t i, nr = 0;

	for (i = 0; i < migration_nr_variants(family) && nr < max; i++) {
		const struct migration *v = migration_variant(family, i);

		if (v->member == m->member && v->is_case)
			cases[nr++] = v;
	}
	return nr;
}

/* "ida_simple_get@p(e1, 0, c3, e4)": the arguments case v asks for */
static void add_pattern(struct strbuf *out, const struct migration *v,
			const char *at)
{
	size_t arg, nr = v->old_proto.nr_params;

	strbuf_addf(out, "%s%s(", v->function, at);
	for (arg = 1; arg <= nr; arg++) {
		char *text = cocci_old_arg(v, arg);

		strbuf_addf(out, "%s%s", arg > 1 ? ", " : "", text);
		free(text);
	}
	strbuf_addstr(out, v->old_proto.variadic ? ", ...)\n" : ")\n");
}

/* rule name: the calls any of cases[0..nr) takes, at p_case */
static void add_patterns_rule(struct strbuf *out, const char *name,
			      const struct migration *const *cases, size_t nr)
{
	struct strbuf code = STRBUF_INIT;
	size_t i;

	for (i = 0; i < nr; i++) {
		strbuf_addstr(&code, i ? "|\n" : nr > 1 ? "(\n" : "");
		add_pattern(&code, cases[i], "@p_case");
	}
	if (nr > 1)
		strbuf_addstr(&code, ")\n");
	strbuf_addf(out,
		    "@%s depends on !patch && !defined_here && "
		    "!declared_static@\nposition p_case;\n",
		    name);
	cocci_add_exprs(out, code.buf, cases[0]->old_proto.nr_params);
	cocci_add_constants(out, code.buf, cases[0]->old_proto.nr_params);
	strbuf_addf(out, "@@\n\n%s\n", code.buf);
	strbuf_release(&code);
}

/* the old-form calls at a position not in rule set's, as q */
static void add_calls_but(struct strbuf *out, const struct migration *m,
			  const char *name, const char *set, int pattern)
{
	struct strbuf code = STRBUF_INIT;

	if (pattern)
		add_pattern(&code, m, "@p@q");
	else
		strbuf_addf(&code, "%s@p@q(...)\n", m->function);
	strbuf_addf(out, "@%s depends on !patch@\nposition old_form.p;\n",
		    name);
	strbuf_addstr(out, set ? "position q != {" : "position q;\n");
	if (set)
		strbuf_addf(out, "%s.p_case};\n", set);
	cocci_add_exprs(out, code.buf, m->old_proto.nr_params);
	cocci_add_constants(out, code.buf, m->old_proto.nr_params);
	strbuf_addf(out, "@@\n\n%s\n", code.buf);
	strbuf_release(&code);
}

int cocci_case_prints_all(const struct migration *m)
{
	const struct migration *cases[1];

	return !m->is_case || (function_cases(m, cases, 1) && cases[0] == m);
}

int cocci_case_is_last(const struct migration *m)
{
	const struct migration *family = m->family ? m->family : m;
	size_t i, nr = migration_nr_variants(family), last = nr;

	if (!m->is_case)
		return 0;
	for (i = 0; i < nr; i++)
		if (migration_variant(family, i)->member == m->member)
			last = i;
	return last < nr && migration_variant(family, last) == m;
}

void cocci_add_case_print_rules(struct strbuf *out, const struct migration *m)
{
	const struct migration *family = m->family ? m->family : m;
	const struct migration **cases;
	size_t nr, k = 0;

	if (!m->is_case)
		return;
	cases = xcalloc(migration_nr_variants(family), sizeof(*cases));
	nr = function_cases(m, cases, (size_t)-1);
	while (k < nr && cases[k] != m)
		k++;
	strbuf_addstr(out, "// The old-form calls whose arguments choose this "
			   "case, not an earlier one.\n");
	if (k)
		add_patterns_rule(out, "earlier_case", cases, k);
	add_calls_but(out, m, "case_form", k ? "earlier_case" : NULL, 1);
	if (cocci_case_is_last(m)) {
		strbuf_addstr(out, "// The old-form calls no case takes: "
				   "a value it needs is not known here.\n");
		add_patterns_rule(out, "any_case", cases, nr);
		add_calls_but(out, m, "no_case", "any_case", 0);
	}
	free(cases);
}

char *cocci_no_case_message(const struct migration *m)
{
	struct strbuf sb = STRBUF_INIT;
	size_t arg, named = 0;

	strbuf_addf(&sb, "%s(): left: ", m->function);
	for (arg = 1; arg <= m->old_proto.nr_params; arg++) {
		if (!cocci_case_must_know(m, arg))
			continue;
		strbuf_addf(&sb, "%s%s",
			    named++ ? ", " : "its case depends on ",
			    m->old_proto.params[arg - 1].name);
	}
	if (named)
		strbuf_addf(&sb, ", whose value%s not a constant here",
			    named > 1 ? "s are" : " is");
	else
		strbuf_addstr(&sb, "no case holds for its arguments");
	return strbuf_detach(&sb, NULL);
}
