/*
 * cocci-form.c - the rules of the generated semantic patch that sort the
 * calls by form (see cocci-gen.h): the evidence of each form, the calls
 * with none (no_old_evidence, no_new_evidence: SmPL sets are combined
 * through their complements), old_form, new_only, ambiguous, shadowed,
 * and the calls a "where:" context leaves (result_unused, result_used).
 * cocci-gen.c writes the header before them and the patch and printing
 * rules after.
 */
#include <stdlib.h>
#include <string.h>

#include "cocci-rules.h"
#include "migration.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

static void add_rule_decls(struct strbuf *out, const struct evidence_rule *r)
{
	struct strbuf code = STRBUF_INIT;
	size_t i;

	cocci_join_lines(&code, &r->branches);
	cocci_add_exprs(out, code.buf, r->nr_exprs);
	strbuf_release(&code);
	for (i = 0; i < r->decls.nr; i++)
		if (!strncmp(r->decls.items[i].string, "typedef ", 8))
			strbuf_addf(out, "%s\n", r->decls.items[i].string);
	for (i = 0; i < r->decls.nr; i++)
		if (strncmp(r->decls.items[i].string, "typedef ", 8))
			strbuf_addf(out, "%s\n", r->decls.items[i].string);
}

static void add_disjunction(struct strbuf *out, const struct strlist *branches)
{
	size_t i;

	if (branches->nr == 1) {
		strbuf_addf(out, "%s\n", branches->items[0].string);
		return;
	}
	strbuf_addstr(out, "(\n");
	for (i = 0; i < branches->nr; i++)
		strbuf_addf(out, "%s%s\n", i ? "|\n" : "",
			    branches->items[i].string);
	strbuf_addstr(out, ")\n");
}

static void add_evidence_rule(struct strbuf *out, const char *comment,
			      const char *name, const char *position,
			      const struct evidence_rule *r)
{
	if (!r->branches.nr)
		return;
	strbuf_addf(out,
		    "// %s\n@%s depends on !defined_here && "
		    "!declared_static@\nposition %s;\n",
		    comment, name, position);
	add_rule_decls(out, r);
	strbuf_addstr(out, "@@\n\n");
	add_disjunction(out, &r->branches);
	strbuf_addch(out, '\n');
}

/* "position p != {A, B};" of the sets, or "position p;" for none */
static void add_position_not_in(struct strbuf *out, const struct strlist *sets)
{
	size_t i;

	if (!sets->nr) {
		strbuf_addstr(out, "position p;\n");
		return;
	}
	strbuf_addstr(out, "position p != {");
	for (i = 0; i < sets->nr; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", sets->items[i].string);
	strbuf_addstr(out, "};\n");
}

/* a rule matching every call whose position is in none of the sets */
static void add_calls_not_in(struct strbuf *out, const struct cocci_gen *g,
			     const char *comment, const char *name,
			     const char *depends, const struct strlist *sets,
			     const char *args)
{
	strbuf_addf(out,
		    "// %s\n@%s depends on %s!defined_here && "
		    "!declared_static@\n",
		    comment, name, depends);
	add_position_not_in(out, sets);
	if (args && *args)
		strbuf_addf(out, "expression %s;\n", args);
	strbuf_addf(out, "@@\n\n%s@p(%s)\n\n", g->fn,
		    args && *args ? args : "...");
}

/* a rule matching every call whose position is not in set */
static void add_calls_not_in_one(struct strbuf *out, const struct cocci_gen *g,
				 const char *comment, const char *name,
				 const char *set)
{
	struct strlist sets = STRLIST_INIT;

	strlist_push(&sets, set);
	add_calls_not_in(out, g, comment, name, "", &sets, NULL);
	strlist_clear(&sets, 0);
}

/* the rules of the evidence for each form, and of the literals' formats */
static void add_evidence_rules(struct strbuf *out, const struct cocci_gen *g)
{
	struct strbuf position = STRBUF_INIT;

	add_evidence_rule(out, "Every call showing a sign of the new form.",
			  "new_form", "p_new", &g->new_form);
	add_evidence_rule(out, "Every call showing a sign of the old form.",
			  "old_evidence", "p_old", &g->old_evidence);
	add_evidence_rule(out, "Literals the old form cannot take.",
			  "literal_vs_old", "p", &g->literal_vs_old);
	add_evidence_rule(out, "Literals the new form cannot take.",
			  "literal_vs_new", "p", &g->literal_vs_new);
	strbuf_addstr(&position, g->literal_vs_old.branches.nr ?
					 "p != {literal_vs_old.p}" :
					 "p");
	add_evidence_rule(out, "A literal as the old form's format.", "fmt_old",
			  position.buf, &g->fmt_old);
	strbuf_reset(&position);
	strbuf_addstr(&position, g->literal_vs_new.branches.nr ?
					 "p != {literal_vs_new.p}" :
					 "p");
	add_evidence_rule(out, "A literal as the new form's format.", "fmt_new",
			  position.buf, &g->fmt_new);
	strbuf_release(&position);
}

/*
 * The rule of the calls the map leaves by context ("where:"), after the
 * one it is the complement of: its name, or NULL without "where:"
 */
const char *cocci_context_rule(const struct migration *m)
{
	switch (m->where) {
	case CALL_WHERE_RESULT_UNUSED:
		return "result_used";
	case CALL_WHERE_RESULT_USED:
		return "result_unused";
	default:
		return NULL;
	}
}

/* the calls whose result is unused, and the others */
static void add_context_rules(struct strbuf *out, const struct cocci_gen *g)
{
	if (!cocci_context_rule(g->m))
		return;
	strbuf_addf(out,
		    "// Calls whose result is unused: a statement, or cast "
		    "to void.\n"
		    "@result_unused depends on !defined_here && "
		    "!declared_static@\nposition p;\n@@\n\n"
		    "(\n%s@p(...);\n|\n  (void)%s@p(...);\n)\n\n",
		    g->fn, g->fn);
	add_calls_not_in_one(out, g, "Calls whose result is used.",
			     "result_used", "result_unused.p");
}

void cocci_add_form_rules(struct strbuf *out, const struct cocci_gen *g)
{
	struct strlist old_sets = STRLIST_INIT, new_sets = STRLIST_INIT;
	struct strlist sets = STRLIST_INIT;
	struct strbuf args = STRBUF_INIT;
	const char *left = cocci_context_rule(g->m);
	size_t i;

	add_context_rules(out, g);
	add_evidence_rules(out, g);
	if (g->old_evidence.branches.nr)
		strlist_push(&old_sets, "old_evidence.p_old");
	if (g->fmt_old.branches.nr)
		strlist_push(&old_sets, "fmt_old.p");
	if (g->new_form.branches.nr)
		strlist_push(&new_sets, "new_form.p_new");
	if (g->fmt_new.branches.nr)
		strlist_push(&new_sets, "fmt_new.p");

	add_calls_not_in(out, g, "Calls without a sign of the old form.",
			 "no_old_evidence", "", &old_sets, NULL);
	strlist_push(&sets, "no_old_evidence.p");
	for (i = 0; i < new_sets.nr; i++)
		strlist_push(&sets, new_sets.items[i].string);
	if (left)
		strlist_pushf(&sets, "%s.p", left);
	add_calls_not_in(out, g, "Old form: old evidence and no new evidence.",
			 "old_form", "", &sets, NULL);
	strlist_clear(&sets, 0);
	if (new_sets.nr) {
		add_calls_not_in(out, g,
				 "Calls without a sign of the new "
				 "form.",
				 "no_new_evidence", "", &new_sets, NULL);
		strlist_push(&sets, "no_new_evidence.p");
		for (i = 0; i < old_sets.nr; i++)
			strlist_push(&sets, old_sets.items[i].string);
		for (i = 1; i <= g->new->nr_params; i++)
			strbuf_addf(&args, "%se%zu", i > 1 ? ", " : "", i);
		add_calls_not_in(out, g,
				 "New form: new evidence, no old "
				 "evidence, and enough arguments.",
				 "new_only", "!patch && ", &sets, args.buf);
		if (g->new->variadic) {
			/* "f@p(e1, e2)" -> "f@p(e1, e2, ...)" */
			strbuf_setlen(out, out->len - 3);
			strbuf_addstr(out,
				      args.len ? ", ...)\n\n" : "...)\n\n");
		}
		strlist_clear(&sets, 0);
	}
	strlist_push(&sets, "old_form.p");
	if (new_sets.nr)
		strlist_push(&sets, "new_only.p");
	if (left)
		strlist_pushf(&sets, "%s.p", left);
	add_calls_not_in(out, g,
			 "Everything else: no evidence, evidence for "
			 "both forms, or too few\n// arguments for the form "
			 "the evidence points to.",
			 "ambiguous", "!patch && ", &sets, NULL);
	strbuf_addf(out,
		    "// Calls in a file with its own %s().\n"
		    "@shadowed depends on !patch && (defined_here || "
		    "declared_static)@\nposition p;\n@@\n\n%s@p(...)\n\n",
		    g->fn, g->fn);
	strlist_clear(&old_sets, 0);
	strlist_clear(&new_sets, 0);
	strlist_clear(&sets, 0);
	strbuf_release(&args);
}
