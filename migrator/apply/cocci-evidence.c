/*
 * cocci-evidence.c - the evidence of a generated semantic patch: for
 * each form, the SmPL branches that show a call is in it (cocci-rules.h).
 *
 * Contract: only the migration is read.  Every pattern's evidence is
 * evidence.c's own (evidence_of() of a sample text, evidence_set_type()
 * of a type), and evidence_fits() against each prototype's parameter
 * says which form a pattern at a position rules out, so the semantic
 * patch weighs a call as scan does, and stays on the safe side of it:
 *
 *  - positions both forms have (a fixed parameter, or a variadic
 *    argument of the shorter form): the null pointer and the macros of
 *    kernel-types, &e, a string literal, and a value of a known type (a
 *    prototype's, a role's of kernel-types, an int variable where only
 *    a pointer goes) that fits one form there and not the other;
 *    NULL at one form's format position rules that form out;
 *  - the number of arguments only one form allows;
 *  - a literal at a form's format position where the other form could
 *    take a string too, unless a literal elsewhere rules the form out
 *    (evidence.h's tier of string literals).
 *
 * The old form's branches have the old form's arguments (a sign of the
 * old form counts only in a call that could be converted); the new
 * form's reach the position only, as any sign of it keeps a call as it
 * is.  A renamed function's old name is the old form by itself.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "cocci-rules.h"
#include "evidence.h"
#include "lexer.h"
#include "migration.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

const char *cocci_article(const char *word)
{
	return strchr("aeiouAEIOU", word[0]) && word[0] ? "an" : "a";
}

static void pattern_add(struct pattern_list *list, const char *decl,
			const char *text, const char *words,
			const struct kernel_data *kernel, const char *sample)
{
	struct evidence_source src = { .kernel = kernel };
	struct pattern *p;

	ALLOC_GROW(list->items, list->nr + 1, list->alloc);
	p = &list->items[list->nr++];
	p->decl = decl ? xstrdup(decl) : NULL;
	p->text = xstrdup(text);
	p->words = xstrdup(words);
	evidence_of(&p->ev, &src, sample, strlen(sample));
}

static void pattern_list_release(struct pattern_list *list)
{
	size_t i;

	for (i = 0; i < list->nr; i++) {
		free(list->items[i].decl);
		free(list->items[i].text);
		free(list->items[i].words);
		evidence_release(&list->items[i].ev);
	}
	free(list->items);
	memset(list, 0, sizeof(*list));
}

/*
 * The patterns whose evidence does not depend on the position: the
 * kernel's null pointer and macros, an address, a string literal.
 */
static void common_patterns(struct cocci_gen *g)
{
	const struct kernel_data *kd = &g->m->kernel;
	size_t i;

	for (i = 0; i < kd->nr_macros; i++) {
		const struct kernel_macro *km = &kd->macros[i];
		char *text, *sample;

		if (km->function_like && km->args)
			continue; /* MKDEV(0,0): MKDEV(...) covers it */
		if (km->function_like) {
			text = xstrfmt("%s(...)", km->name);
			sample = xstrfmt("%s(x)", km->name);
		} else {
			text = xstrdup(km->name);
			sample = xstrdup(km->name);
		}
		pattern_add(&g->common, NULL, text, text, kd, sample);
		free(text);
		free(sample);
	}
	pattern_add(&g->common, NULL, "&e", "&e", kd, "&e");
	pattern_add(&g->common, "constant char[] fmt;", "fmt",
		    "a string literal", kd, "\"s\"");
}

/*
 * A name that SmPL must be told is a type: "typedef dev_t;".  SmPL
 * knows C's words and, as C's library does, size_t, ssize_t and
 * ptrdiff_t: a typedef of one of those is a parse error.
 */
static void typedef_of(const char *type, struct strlist *decls)
{
	static const char *const builtin[] = {
		"const",  "volatile", "unsigned",  "signed", "char",   "short",
		"int",	  "long",     "void",	   "float",  "double", "_Bool",
		"size_t", "ssize_t",  "ptrdiff_t", NULL,
	};
	const char *p = type;
	int tagged = 0; /* the word follows struct, union or enum */

	while (*p) {
		size_t n = 0, i;

		while (*p && !isalpha((unsigned char)*p) && *p != '_')
			p++;
		while (is_c_ident_char(p[n]))
			n++;
		if (!n)
			break;
		if ((n == 6 && !strncmp(p, "struct", 6)) ||
		    (n == 5 && !strncmp(p, "union", 5)) ||
		    (n == 4 && !strncmp(p, "enum", 4))) {
			tagged = 1;
			p += n;
			continue;
		}
		for (i = 0; builtin[i]; i++)
			if (strlen(builtin[i]) == n &&
			    !strncmp(p, builtin[i], n))
				break;
		if (!builtin[i] && !tagged) {
			char *decl = xstrfmt("typedef %.*s;", (int)n, p);

			if (strlist_find(decls, decl) < 0)
				strlist_push(decls, decl);
			free(decl);
		}
		tagged = 0;
		p += n;
	}
}

/* "f@p(e1, e2, X, ...)": X at position pos (1-based) of nr_args */
static char *branch_text(const char *fn, const char *pos_name, size_t pos,
			 const char *x, size_t nr_fixed, int rest)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "%s@%s(", fn, pos_name);
	for (i = 1; i <= nr_fixed || i <= pos; i++) {
		if (i > 1)
			strbuf_addstr(&sb, ", ");
		if (i == pos)
			strbuf_addstr(&sb, x);
		else
			strbuf_addf(&sb, "e%zu", i);
	}
	if (rest)
		strbuf_addstr(&sb, i > 1 ? ", ..." : "...");
	strbuf_addch(&sb, ')');
	return strbuf_detach(&sb, NULL);
}

static void rule_add_decl(struct evidence_rule *r, const char *decl)
{
	if (decl && strlist_find(&r->decls, decl) < 0)
		strlist_push(&r->decls, decl);
}

static void rule_add(struct evidence_rule *r, char *branch, const char *decl,
		     size_t nr_exprs)
{
	if (strlist_find(&r->branches, branch) < 0)
		strlist_push(&r->branches, branch);
	free(branch);
	rule_add_decl(r, decl);
	if (nr_exprs > r->nr_exprs)
		r->nr_exprs = nr_exprs;
}

/* x as one more alternative of a disjunction: "A \| x" */
static void add_alternative(struct strbuf *alts, size_t *nr, const char *x)
{
	if ((*nr)++)
		strbuf_addstr(alts, " \\| ");
	strbuf_addstr(alts, x);
}

static void rule_release(struct evidence_rule *r)
{
	strlist_clear(&r->branches, 0);
	strlist_clear(&r->decls, 0);
	strlist_clear(&r->words, 0);
}

/* the type a parameter has, or NULL past the fixed ones */
static const char *param_type(const struct migration_prototype *proto,
			      size_t pos)
{
	return pos <= proto->nr_params ? proto->params[pos - 1].type : NULL;
}

static void typed_add(struct cocci_gen *g, const char *type, const char *smpl)
{
	struct strbuf norm = STRBUF_INIT;
	size_t i;

	/*
	 * SmPL declares no metavariable of a function's pointer type
	 * ("void (*x)(int);" is a parse error): such an argument is
	 * evidence of neither form
	 */
	if (strpbrk(type, "(["))
		return;
	type_normalise_text(&norm, type);
	for (i = 0; i < g->nr_typed; i++)
		if (!strcmp(g->typed[i].type, norm.buf)) {
			strbuf_release(&norm);
			return;
		}
	ALLOC_GROW(g->typed, g->nr_typed + 1, g->alloc_typed);
	g->typed[g->nr_typed].smpl = xstrdup(smpl ? smpl :
					     !strcmp(norm.buf, "char *") ?
						    "{char *, const char *}" :
						    norm.buf);
	g->typed[g->nr_typed++].type = strbuf_detach(&norm, NULL);
}

/* the kernel's null pointer among the common patterns, or NULL */
static const struct pattern *null_pattern(const struct cocci_gen *g)
{
	size_t i;

	for (i = 0; i < g->common.nr; i++)
		if (g->common.items[i].ev.kind == EVIDENCE_NULL)
			return &g->common.items[i];
	return NULL;
}

/*
 * An int variable is a sign only where it could be nothing else: no
 * form takes an integer there (a constant 0 is a null pointer, and an
 * int passes for a dev_t), and one form takes a pointer.
 */
static int int_rules_out(const struct cocci_gen *g, size_t pos)
{
	const char *types[2] = { param_type(g->old, pos),
				 param_type(g->new, pos) };
	int pointer = 0;
	size_t i;

	for (i = 0; i < 2; i++) {
		struct type_class tc;

		if (!types[i])
			continue;
		type_classify(types[i], &tc);
		if (!type_is_pointer(&tc))
			return 0;
		pointer = 1;
	}
	return pointer;
}

/*
 * The types a typed metavariable may know an argument as: those of the
 * two prototypes' parameters, the roles of kernel-types, and plain
 * integers (an int where a pointer goes rules a form out).
 */
static void typed_kinds(struct cocci_gen *g)
{
	const struct migration_prototype *protos[2] = { g->old, g->new };
	size_t i, f;

	for (f = 0; f < 2; f++)
		for (i = 0; i < protos[f]->nr_params; i++)
			typed_add(g, protos[f]->params[i].type, NULL);
	for (i = 0; i < g->m->kernel.nr_roles; i++)
		typed_add(g, g->m->kernel.roles[i].type, NULL);
	typed_add(g, "int",
		  "idexpression {int, unsigned int, long, unsigned long}");
}

/*
 * Evidence at position pos against "other" (the form a pattern there
 * rules out): a pattern that other's parameter cannot take.  For the old
 * form's evidence (pad: the old arity) the branch has the old form's
 * arguments; for the new form's, as many as reach pos.  The patterns of
 * one position are alternatives of one branch, "\(NULL \| &e\)":
 * spatch parses that in less memory than a branch for each (0.8 of
 * the 26 MB its parse of class_device_create's took).
 */
static void position_evidence(struct cocci_gen *g, struct evidence_rule *r,
			      const char *pos_name, size_t pos,
			      const struct migration_prototype *other,
			      const struct migration_prototype *pad)
{
	const char *other_type = param_type(other, pos);
	const char *self_type =
		param_type(other == g->old ? g->new : g->old, pos);
	struct strbuf words = STRBUF_INIT, alts = STRBUF_INIT;
	size_t fixed = pad ? pad->nr_params : pos - 1;
	int rest = pad ? pad->variadic : 1;
	size_t i, t, nr_alts = 0;

	for (i = 0; i < g->common.nr; i++) {
		const struct pattern *p = &g->common.items[i];

		if (evidence_fits(&p->ev, other_type) != 0)
			continue;
		add_alternative(&alts, &nr_alts, p->text);
		rule_add_decl(r, p->decl);
		strbuf_addf(&words, "%s%s", words.len ? ", " : "", p->words);
	}
	/* a value of a type the prototypes, kernel-types or C know */
	for (t = 0; t < g->nr_typed; t++) {
		const struct typed_kind *k = &g->typed[t];
		struct evidence ev;
		char *decl, *name;

		if (!strcmp(k->type, "int") && !int_rules_out(g, pos))
			continue;
		evidence_set_type(&ev, k->type);
		/* a sign against one form only: against both says nothing */
		if (evidence_fits(&ev, other_type) == 0 &&
		    evidence_fits(&ev, self_type) != 0) {
			name = xstrfmt("x%zu_%zu", pos, t);
			decl = xstrfmt(
				"%s%s%s;", k->smpl,
				k->smpl[strlen(k->smpl) - 1] == '*' ? "" : " ",
				name);
			typedef_of(k->type, &r->decls);
			add_alternative(&alts, &nr_alts, name);
			rule_add_decl(r, decl);
			strbuf_addf(&words, "%s%s '%s'", words.len ? ", " : "",
				    cocci_article(k->type), k->type);
			free(decl);
			free(name);
		}
		evidence_release(&ev);
	}
	/* the kernel never passes NULL as a format (evidence.h's last tier) */
	if ((size_t)other->format == pos && null_pattern(g) &&
	    evidence_fits(&null_pattern(g)->ev, self_type) == 1) {
		add_alternative(&alts, &nr_alts, null_pattern(g)->text);
		strbuf_addf(&words, "%s%s as the other form's format",
			    words.len ? ", " : "", null_pattern(g)->text);
	}
	if (nr_alts > 1) {
		strbuf_insert(&alts, 0, "\\(", 2);
		strbuf_addstr(&alts, "\\)");
	}
	if (nr_alts)
		rule_add(r,
			 branch_text(g->fn, pos_name, pos, alts.buf, fixed,
				     rest),
			 NULL, fixed);
	if (words.len)
		strlist_pushf(&r->words, "argument %zu: %s", pos, words.buf);
	strbuf_release(&words);
	strbuf_release(&alts);
}

/* the arity n fits a prototype */
static int arity_fits(const struct migration_prototype *proto, size_t n)
{
	return n == proto->nr_params ||
	       (proto->variadic && n > proto->nr_params);
}

/* calls whose arity only form "self" allows */
static void arity_evidence(struct cocci_gen *g, struct evidence_rule *r,
			   const char *pos_name,
			   const struct migration_prototype *self,
			   const struct migration_prototype *other)
{
	size_t top = (g->old->nr_params > g->new->nr_params ?
			      g->old->nr_params :
			      g->new->nr_params) +
		     1;
	size_t n, i;

	for (n = 0; n <= top; n++) {
		struct strbuf sb = STRBUF_INIT;
		int at_least = n == top;

		/* n == top stands for every arity from top up */
		if (!arity_fits(self, n) || arity_fits(other, n))
			continue;
		if (at_least && (!self->variadic || other->variadic))
			continue;
		strbuf_addf(&sb, "%s@%s(", g->fn, pos_name);
		for (i = 1; i <= n; i++)
			strbuf_addf(&sb, "%se%zu", i > 1 ? ", " : "", i);
		if (at_least)
			strbuf_addstr(&sb, ", ...");
		strbuf_addch(&sb, ')');
		rule_add(r, strbuf_detach(&sb, NULL), NULL, n);
		strlist_pushf(&r->words, "%s%zu argument%s",
			      at_least ? "at least " : "exactly ", n,
			      n == 1 ? "" : "s");
	}
}

/*
 * A string literal at self's format position is evidence for self where
 * the other form's parameter there could take a string too (a void *, a
 * variadic argument), unless a literal elsewhere is one self cannot
 * take: then self is out whatever its format holds.
 */
static void format_evidence(struct cocci_gen *g, struct evidence_rule *fmt,
			    struct evidence_rule *against,
			    const struct migration_prototype *self,
			    const struct migration_prototype *other,
			    const struct migration_prototype *pad)
{
	size_t both = g->old->nr_params < g->new->nr_params ?
			      g->old->nr_params :
			      g->new->nr_params;
	size_t pos = (size_t)self->format, i;
	const struct pattern *literal = NULL;

	for (i = 0; i < g->common.nr; i++)
		if (g->common.items[i].ev.kind == EVIDENCE_STRING)
			literal = &g->common.items[i];
	if (!literal || !pos || self->format == other->format ||
	    evidence_fits(&literal->ev, param_type(other, pos)) == 0)
		return;
	rule_add(fmt,
		 branch_text(g->fn, "p", pos, literal->text,
			     pad ? pad->nr_params : pos - 1,
			     pad ? pad->variadic : 1),
		 literal->decl, pad ? pad->nr_params : pos - 1);
	strlist_pushf(&fmt->words,
		      "argument %zu: a string literal as the "
		      "format, unless a literal is where a string cannot go",
		      pos);
	for (i = 1; i <= both; i++)
		if (evidence_fits(&literal->ev, param_type(self, i)) == 0)
			rule_add(against,
				 branch_text(g->fn, "p", i, literal->text,
					     i - 1, 1),
				 literal->decl, i - 1);
}

static void build_evidence(struct cocci_gen *g)
{
	size_t both = g->old->nr_params < g->new->nr_params ?
			      g->old->nr_params :
			      g->new->nr_params;
	size_t top = g->old->nr_params + g->new->nr_params - both;
	/* past "both", the shorter form takes anything, or nothing */
	int variadic = (g->old->nr_params < g->new->nr_params ? g->old : g->new)
			       ->variadic;
	size_t pos;

	if (g->renames) {
		/* the old name is the old form; only its arity is checked */
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s@p_old(", g->fn);
		for (pos = 1; pos <= g->old->nr_params; pos++)
			strbuf_addf(&sb, "%se%zu", pos > 1 ? ", " : "", pos);
		if (g->old->variadic)
			strbuf_addstr(&sb, g->old->nr_params ? ", ..." : "...");
		strbuf_addch(&sb, ')');
		rule_add(&g->old_evidence, strbuf_detach(&sb, NULL), NULL,
			 g->old->nr_params);
		strlist_pushf(&g->old_evidence.words,
			      "the name %s(), with the old arity", g->fn);
		return;
	}
	typed_kinds(g);
	for (pos = 1; pos <= both || (pos <= top && variadic); pos++) {
		position_evidence(g, &g->new_form, "p_new", pos, g->old, NULL);
		position_evidence(g, &g->old_evidence, "p_old", pos, g->new,
				  g->old);
	}
	arity_evidence(g, &g->new_form, "p_new", g->new, g->old);
	arity_evidence(g, &g->old_evidence, "p_old", g->old, g->new);
	format_evidence(g, &g->fmt_old, &g->literal_vs_old, g->old, g->new,
			g->old);
	format_evidence(g, &g->fmt_new, &g->literal_vs_new, g->new, g->old,
			NULL);
}

void cocci_evidence_build(struct cocci_gen *g)
{
	common_patterns(g);
	build_evidence(g);
}

void cocci_evidence_release(struct cocci_gen *g)
{
	size_t i;

	pattern_list_release(&g->common);
	for (i = 0; i < g->nr_typed; i++) {
		free(g->typed[i].type);
		free(g->typed[i].smpl);
	}
	free(g->typed);
	rule_release(&g->new_form);
	rule_release(&g->old_evidence);
	rule_release(&g->fmt_old);
	rule_release(&g->fmt_new);
	rule_release(&g->literal_vs_old);
	rule_release(&g->literal_vs_new);
}
