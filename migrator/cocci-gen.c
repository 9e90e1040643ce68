/*
 * cocci-gen.c - the semantic patch generated from a migration's data
 * (see cocci-gen.h).
 *
 * Contract: cocci_generate() only reads the migration; its output
 * depends on nothing else, so the same data always gives the same
 * .cocci byte for byte (the shipped copies are held to it by a test).
 * The evidence for each form is a list of SmPL branches, one per
 * argument pattern and position, built from evidence.c's verdicts:
 * evidence_fits() of a pattern's evidence against each prototype's
 * parameter says which form a pattern at that position rules out.
 * The rules then read as the hand-written class_device_create.cocci
 * did: defined_here, declared_static, new_form, old_evidence, old_form,
 * new_only, ambiguous, shadowed, the patch rule, and per mode the rules
 * that print.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cocci-gen.h"
#include "evidence.h"
#include "lexer.h"
#include "migration.h"
#include "scratch.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/* an argument pattern: what a branch puts at one position */
struct pattern {
	char *decl;		/* its metavariable's declaration, or NULL */
	char *text;		/* the SmPL expression */
	char *words;		/* for the header: "NULL", "a dev_t" */
	struct evidence ev;
};

struct pattern_list {
	struct pattern *items;
	size_t nr, alloc;
};

/* the branches of one evidence rule, and what they need declared */
struct evidence_rule {
	struct strlist branches;	/* "f@p(e1, NULL, ...)" */
	struct strlist decls;		/* metavariable declarations */
	struct strlist words;		/* header lines */
	size_t nr_exprs;		/* e1 .. eN used */
};

/* what the generator works on */
struct gen {
	const struct migration *m;
	const struct migration_prototype *old, *new;
	const char *fn;			/* the old name, the one matched */
	struct pattern_list common;	/* the same at every position */
	struct evidence_rule new_form, old_evidence;
	/* a literal at one form's format position, and the literals that
	 * rule that out (evidence.h's tier 2) */
	struct evidence_rule fmt_old, fmt_new, literal_vs_old, literal_vs_new;
	int renames;
};

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
static void common_patterns(struct gen *g)
{
	const struct kernel_data *kd = &g->m->kernel;
	size_t i;

	for (i = 0; i < kd->nr_macros; i++) {
		const struct kernel_macro *km = &kd->macros[i];
		char *text, *sample;

		if (km->function_like && km->args)
			continue;	/* MKDEV(0,0): MKDEV(...) covers it */
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

static int is_char_pointer(const char *type)
{
	struct strbuf norm = STRBUF_INIT;
	int ret;

	type_normalise_text(&norm, type);
	ret = !strcmp(norm.buf, "char *");
	strbuf_release(&norm);
	return ret;
}

/* a name that SmPL must be told is a type: "typedef dev_t;" */
static void typedef_of(const char *type, struct strlist *decls)
{
	static const char *const builtin[] = {
		"const", "volatile", "unsigned", "signed", "char", "short",
		"int", "long", "void", "float", "double", "_Bool", NULL
	};
	const char *p = type;
	int tagged = 0;		/* the word follows struct, union or enum */

	while (*p) {
		size_t n = 0, i;

		while (*p && !isalpha((unsigned char)*p) && *p != '_')
			p++;
		while (isalnum((unsigned char)p[n]) || p[n] == '_')
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
	for (i = 1; i <= nr_fixed || i == pos; i++) {
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

static void rule_add(struct evidence_rule *r, char *branch, const char *decl,
		     size_t nr_exprs)
{
	if (strlist_find(&r->branches, branch) < 0)
		strlist_push(&r->branches, branch);
	free(branch);
	if (decl && strlist_find(&r->decls, decl) < 0)
		strlist_push(&r->decls, decl);
	if (nr_exprs > r->nr_exprs)
		r->nr_exprs = nr_exprs;
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

/*
 * Evidence at position pos against "other" (the form a pattern there
 * rules out): a pattern that other's parameter cannot take.  For the old
 * form's evidence (pad: the old arity) the branch has the old form's
 * arguments; for the new form's, as many as reach pos.
 */
static void position_evidence(struct gen *g, struct evidence_rule *r,
			      const char *pos_name, size_t pos,
			      const struct migration_prototype *other,
			      const struct migration_prototype *pad)
{
	const char *types[2] = { param_type(g->old, pos),
				 param_type(g->new, pos) };
	const char *other_type = param_type(other, pos);
	struct strbuf words = STRBUF_INIT;
	size_t fixed = pad ? pad->nr_params : pos - 1;
	int rest = pad ? pad->variadic : 1;
	size_t i, t;

	for (i = 0; i < g->common.nr; i++) {
		const struct pattern *p = &g->common.items[i];

		if (evidence_fits(&p->ev, other_type) != 0)
			continue;
		rule_add(r, branch_text(g->fn, pos_name, pos, p->text, fixed,
					rest), p->decl, fixed);
		strbuf_addf(&words, "%s%s", words.len ? ", " : "", p->words);
	}
	/* a value of a type that one of the forms takes exactly there */
	for (t = 0; t < 2; t++) {
		struct evidence ev;
		char *decl, *name;

		if (!types[t] || (t == 1 && types[0] &&
				  !strcmp(types[0], types[1])))
			continue;
		evidence_set_type(&ev, types[t]);
		if (evidence_fits(&ev, other_type) == 0) {
			name = xstrfmt("x%zu_%zu", pos, t);
			decl = is_char_pointer(types[t]) ?
				xstrfmt("{char *, const char *} %s;", name) :
				xstrfmt("%s%s%s;", types[t],
					types[t][strlen(types[t]) - 1] == '*' ?
					"" : " ", name);
			typedef_of(types[t], &r->decls);
			rule_add(r, branch_text(g->fn, pos_name, pos, name,
						fixed, rest), decl, fixed);
			strbuf_addf(&words, "%sa %s", words.len ? ", " : "",
				    types[t]);
			free(decl);
			free(name);
		}
		evidence_release(&ev);
	}
	if (words.len)
		strlist_pushf(&r->words, "argument %zu: %s", pos, words.buf);
	strbuf_release(&words);
}

/* the arity n fits a prototype */
static int arity_fits(const struct migration_prototype *proto, size_t n)
{
	return n == proto->nr_params ||
	       (proto->variadic && n > proto->nr_params);
}

/* calls whose arity only form "self" allows */
static void arity_evidence(struct gen *g, struct evidence_rule *r,
			   const char *pos_name,
			   const struct migration_prototype *self,
			   const struct migration_prototype *other)
{
	size_t top = (g->old->nr_params > g->new->nr_params ?
		      g->old->nr_params : g->new->nr_params) + 1;
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
		strlist_pushf(&r->words, "%s%zu argument%s", at_least ?
			      "at least " : "exactly ", n, n == 1 ? "" : "s");
	}
}

/*
 * A string literal at self's format position is evidence for self where
 * the other form's parameter there could take a string too (a void *, a
 * variadic argument), unless a literal elsewhere is one self cannot
 * take: then self is out whatever its format holds.
 */
static void format_evidence(struct gen *g, struct evidence_rule *fmt,
			    struct evidence_rule *against,
			    const struct migration_prototype *self,
			    const struct migration_prototype *other,
			    const struct migration_prototype *pad)
{
	size_t both = g->old->nr_params < g->new->nr_params ?
		      g->old->nr_params : g->new->nr_params;
	size_t pos = (size_t)self->format, i;
	const struct pattern *literal = NULL;

	for (i = 0; i < g->common.nr; i++)
		if (g->common.items[i].ev.kind == EVIDENCE_STRING)
			literal = &g->common.items[i];
	if (!literal || !pos || self->format == other->format ||
	    evidence_fits(&literal->ev, param_type(other, pos)) == 0)
		return;
	rule_add(fmt, branch_text(g->fn, "p", pos, literal->text,
				  pad ? pad->nr_params : pos - 1,
				  pad ? pad->variadic : 1),
		 literal->decl, pad ? pad->nr_params : pos - 1);
	strlist_pushf(&fmt->words, "argument %zu: a string literal as the "
		      "format, unless a literal is where a string cannot go",
		      pos);
	for (i = 1; i <= both; i++)
		if (evidence_fits(&literal->ev, param_type(self, i)) == 0)
			rule_add(against, branch_text(g->fn, "p", i,
						      literal->text, i - 1, 1),
				 literal->decl, i - 1);
}

static void build_evidence(struct gen *g)
{
	size_t both = g->old->nr_params < g->new->nr_params ?
		      g->old->nr_params : g->new->nr_params;
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
	for (pos = 1; pos <= both; pos++) {
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

/* ---- the text ---- */

/* name occurs in code as a whole word */
static int uses_word(const char *code, const char *name)
{
	size_t n = strlen(name);
	const char *p = code;

	while ((p = strstr(p, name))) {
		if ((p == code || !(isalnum((unsigned char)p[-1]) ||
				    p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
			return 1;
		p += n;
	}
	return 0;
}

/* "expression e, e1, e3;": the ones of e, e1 .. eN that code uses */
static void add_exprs(struct strbuf *out, const char *code, size_t nr)
{
	struct strbuf names = STRBUF_INIT;
	size_t i;

	if (uses_word(code, "e"))
		strbuf_addstr(&names, "e");
	for (i = 1; i <= nr; i++) {
		char name[32];

		snprintf(name, sizeof(name), "e%zu", i);
		if (uses_word(code, name))
			strbuf_addf(&names, "%s%s", names.len ? ", " : "",
				    name);
	}
	if (names.len)
		strbuf_addf(out, "expression %s;\n", names.buf);
	strbuf_release(&names);
}

static void join_lines(struct strbuf *out, const struct strlist *lines)
{
	size_t i;

	for (i = 0; i < lines->nr; i++)
		strbuf_addf(out, "%s\n", lines->items[i].string);
}

static void add_rule_decls(struct strbuf *out, const struct evidence_rule *r)
{
	struct strbuf code = STRBUF_INIT;
	size_t i;

	join_lines(&code, &r->branches);
	add_exprs(out, code.buf, r->nr_exprs);
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

/* "/// " lines of text, wrapped at 72 columns */
static void add_doc(struct strbuf *out, const char *prefix, const char *text)
{
	const char *p = text;
	size_t col = 0;

	strbuf_addstr(out, prefix);
	col = strlen(prefix);
	while (*p) {
		size_t n = strcspn(p, " ");

		if (col > strlen(prefix) && col + 1 + n > 78) {
			strbuf_addf(out, "\n%s", prefix);
			col = strlen(prefix);
		} else if (col > strlen(prefix)) {
			strbuf_addch(out, ' ');
			col++;
		}
		strbuf_add(out, p, n);
		col += n;
		p += n;
		while (*p == ' ')
			p++;
	}
	strbuf_addch(out, '\n');
}

/* the parameter names of a prototype: "cls, devt, device, fmt, ..." */
static void add_params(struct strbuf *out,
		       const struct migration_prototype *proto)
{
	size_t i;

	for (i = 0; i < proto->nr_params; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", proto->params[i].name);
	if (proto->variadic)
		strbuf_addstr(out, proto->nr_params ? ", ..." : "...");
}

/* the one value the map inserts, when that is all it does, or NULL */
static const struct call_item *single_insert(const struct migration *m,
					     size_t *pos)
{
	const struct call_item *found = NULL;
	size_t i;
	int next = 1;

	if (migration_renames(m))
		return NULL;
	for (i = 0; i < m->new_call_nr; i++) {
		const struct call_item *it = &m->new_call[i];

		if (it->kind == CALL_ITEM_VALUE) {
			if (found)
				return NULL;
			found = it;
			*pos = i + 1;
		} else if (it->kind == CALL_ITEM_ARG && it->arg != next++) {
			return NULL;
		}
	}
	return next - 1 == (int)m->old_proto.nr_params ? found : NULL;
}

/* what report and org say of an old-form call */
static char *old_form_message(const struct gen *g)
{
	struct strbuf sb = STRBUF_INIT;
	const struct call_item *it;
	size_t pos;

	it = single_insert(g->m, &pos);
	if (it) {
		const char *name = g->new->params[pos - 1].name;

		strbuf_addf(&sb, "%s() called without a %s argument; pass %s "
			    "as %s", g->fn, name, it->value, name);
	} else {
		strbuf_addf(&sb, "%s() called in the old form; ", g->fn);
		migration_describe(g->m, &sb);
	}
	return strbuf_detach(&sb, NULL);
}

/* "driver-core" from the subject "driver core: ...", or "kernel" */
static char *subsystem_word(const struct migration *m)
{
	const char *colon = m->subject ? strchr(m->subject, ':') : NULL;
	char *word, *p;

	if (!colon || colon == m->subject)
		return xstrdup("kernel");
	word = xstrndup(m->subject, (size_t)(colon - m->subject));
	for (p = word; *p; p++)
		if (*p == ' ')
			*p = '-';
	return word;
}

static void add_header(struct strbuf *out, const struct gen *g)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(out, "// SPDX-License-Identifier: GPL-2.0-only\n");
	migration_describe(g->m, &sb);
	strbuf_addch(&sb, '.');
	sb.buf[0] = (char)(sb.buf[0] >= 'a' && sb.buf[0] <= 'z' ?
			   sb.buf[0] - 'a' + 'A' : sb.buf[0]);
	add_doc(out, "/// ", sb.buf);
	strbuf_reset(&sb);
	strbuf_addstr(out, "///\n");
	strbuf_addf(&sb, "A call is converted only on evidence that it is in "
		    "the old form (");
	add_params(&sb, g->old);
	strbuf_addstr(&sb, ") and none that it is in the new form (");
	add_params(&sb, g->new);
	strbuf_addstr(&sb, "); every other call is left as it is, and the "
		    "report, org and context modes list it as ambiguous.  "
		    "Nothing changes in a file that defines its own ");
	strbuf_addf(&sb, "%s() or declares a static one; those calls are "
		    "listed as shadowed.", g->fn);
	add_doc(out, "/// ", sb.buf);
	strbuf_addstr(out, "///\n/// Evidence for the old form:\n");
	for (i = 0; i < g->old_evidence.words.nr; i++)
		strbuf_addf(out, "///   %s\n",
			    g->old_evidence.words.items[i].string);
	if (g->new_form.words.nr)
		strbuf_addstr(out, "/// Evidence for the new form:\n");
	for (i = 0; i < g->new_form.words.nr; i++)
		strbuf_addf(out, "///   %s\n",
			    g->new_form.words.items[i].string);
	strbuf_addf(out,
		    "//\n"
		    "// Generated by 'kmigrate cocci' from the migration's "
		    "data,\n"
		    "// semantic-patches/%s/migration: change that file, not "
		    "this one\n"
		    "// ('make cocci' writes the copies shipped beside it).\n",
		    g->m->name);
	strbuf_addstr(out,
		      "// Confidence: High\n"
		      "// Copyright: (C) 2025 The kmigrate authors.\n"
		      "// Comments: Types are those spatch infers from the "
		      "file itself\n"
		      "//  (--no-includes).  Give spatch one file a group "
		      "(--dir, or\n"
		      "//  --file-groups).\n"
		      "// Options: --no-includes --include-headers "
		      "--smpl-spacing\n");
	strbuf_addf(out, "// Keywords: %s", g->fn);
	if (g->renames)
		strbuf_addf(out, ", %s", g->m->new_function);
	strbuf_addstr(out, "\n\n");
	strbuf_release(&sb);
}

static void add_shadow_rules(struct strbuf *out, const struct gen *g)
{
	strbuf_addf(out,
		    "virtual patch\nvirtual context\nvirtual org\n"
		    "virtual report\n\n"
		    "// A file that defines a function of that name, or "
		    "declares a static one,\n"
		    "// calls its own function: none of its calls is "
		    "converted.\n"
		    "@defined_here@\ntype T;\n@@\n\n"
		    "(\nT %s(...) { ... }\n|\nT %s(..., ......) { ... }\n)\n\n"
		    "@declared_static@\ntype T;\nidentifier f = {%s};\n@@\n\n"
		    "(\nstatic T f(...);\n|\nstatic T f(..., ......);\n)\n\n",
		    g->fn, g->fn, g->fn);
}

static void add_evidence_rule(struct strbuf *out, const char *comment,
			      const char *name, const char *position,
			      const struct evidence_rule *r)
{
	if (!r->branches.nr)
		return;
	strbuf_addf(out, "// %s\n@%s depends on !defined_here && "
		    "!declared_static@\nposition %s;\n", comment, name,
		    position);
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
static void add_calls_not_in(struct strbuf *out, const struct gen *g,
			     const char *comment, const char *name,
			     const char *depends, const struct strlist *sets,
			     const char *args)
{
	strbuf_addf(out, "// %s\n@%s depends on %s!defined_here && "
		    "!declared_static@\n", comment, name, depends);
	add_position_not_in(out, sets);
	if (args && *args)
		strbuf_addf(out, "expression %s;\n", args);
	strbuf_addf(out, "@@\n\n%s@p(%s)\n\n", g->fn,
		    args && *args ? args : "...");
}

static void add_form_rules(struct strbuf *out, const struct gen *g)
{
	struct strlist old_sets = STRLIST_INIT, new_sets = STRLIST_INIT;
	struct strlist sets = STRLIST_INIT;
	struct strbuf args = STRBUF_INIT, position = STRBUF_INIT;
	size_t i;

	add_evidence_rule(out, "Every call showing a sign of the new form.",
			  "new_form", "p_new", &g->new_form);
	add_evidence_rule(out, "Every call showing a sign of the old form.",
			  "old_evidence", "p_old", &g->old_evidence);
	add_evidence_rule(out, "Literals the old form cannot take.",
			  "literal_vs_old", "p", &g->literal_vs_old);
	add_evidence_rule(out, "Literals the new form cannot take.",
			  "literal_vs_new", "p", &g->literal_vs_new);
	strbuf_addstr(&position, g->literal_vs_old.branches.nr ?
		      "p != {literal_vs_old.p}" : "p");
	add_evidence_rule(out, "A literal as the old form's format.",
			  "fmt_old", position.buf, &g->fmt_old);
	strbuf_reset(&position);
	strbuf_addstr(&position, g->literal_vs_new.branches.nr ?
		      "p != {literal_vs_new.p}" : "p");
	add_evidence_rule(out, "A literal as the new form's format.",
			  "fmt_new", position.buf, &g->fmt_new);
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
	add_calls_not_in(out, g, "Old form: old evidence and no new evidence.",
			 "old_form", "", &sets, NULL);
	strlist_clear(&sets, 0);
	if (new_sets.nr) {
		add_calls_not_in(out, g, "Calls without a sign of the new "
				 "form.", "no_new_evidence", "", &new_sets,
				 NULL);
		strlist_push(&sets, "no_new_evidence.p");
		for (i = 0; i < old_sets.nr; i++)
			strlist_push(&sets, old_sets.items[i].string);
		for (i = 1; i <= g->new->nr_params; i++)
			strbuf_addf(&args, "%se%zu", i > 1 ? ", " : "", i);
		add_calls_not_in(out, g, "New form: new evidence, no old "
				 "evidence, and enough arguments.",
				 "new_only", "!patch && ", &sets, args.buf);
		if (g->new->variadic) {
			/* "f@p(e1, e2)" -> "f@p(e1, e2, ...)" */
			strbuf_setlen(out, out->len - 3);
			strbuf_addstr(out, args.len ? ", ...)\n\n" :
						      "...)\n\n");
		}
		strlist_clear(&sets, 0);
	}
	strlist_push(&sets, "old_form.p");
	if (new_sets.nr)
		strlist_push(&sets, "new_only.p");
	add_calls_not_in(out, g, "Everything else: no evidence, evidence for "
			 "both forms, or too few\n// arguments for the form "
			 "the evidence points to.", "ambiguous", "!patch && ",
			 &sets, NULL);
	strbuf_addf(out, "// Calls in a file with its own %s().\n"
		    "@shadowed depends on !patch && (defined_here || "
		    "declared_static)@\nposition p;\n@@\n\n%s@p(...)\n\n",
		    g->fn, g->fn);
	strlist_clear(&old_sets, 0);
	strlist_clear(&new_sets, 0);
	strlist_clear(&sets, 0);
	strbuf_release(&args);
	strbuf_release(&position);
}

/* ---- the patch rule: the map as SmPL ---- */

enum edit_op { EDIT_KEEP, EDIT_DEL, EDIT_ADD };

struct edit {
	enum edit_op op;
	char *text;
};

/*
 * The longest run of old arguments the map keeps in their order: they
 * stay as context, every other old argument goes and comes back where
 * the map puts it.  keep[i] is set for kept new items.
 */
static void kept_in_order(const struct migration *m, int *keep)
{
	size_t n = m->new_call_nr, i, j, best = 0, end = 0;
	size_t *len = xcalloc(n + 1, sizeof(*len));
	size_t *prev = xcalloc(n + 1, sizeof(*prev));

	for (i = 0; i < n; i++) {
		if (m->new_call[i].kind != CALL_ITEM_ARG)
			continue;
		len[i] = 1;
		prev[i] = n;
		for (j = 0; j < i; j++)
			if (m->new_call[j].kind == CALL_ITEM_ARG &&
			    m->new_call[j].arg < m->new_call[i].arg &&
			    len[j] + 1 > len[i]) {
				len[i] = len[j] + 1;
				prev[i] = j;
			}
		if (len[i] > best) {
			best = len[i];
			end = i;
		}
	}
	for (i = best ? end : n; i < n; i = prev[i])
		keep[i] = 1;
	free(len);
	free(prev);
}

/* the edit script that turns the old argument list into the new one */
static size_t edit_script(const struct migration *m, struct edit *edits)
{
	size_t nr_old = m->old_proto.nr_params, n = 0, i, next_old = 1;
	int *keep = xcalloc(m->new_call_nr + 1, sizeof(*keep));
	int *kept_old = xcalloc(nr_old + 2, sizeof(*kept_old));

	kept_in_order(m, keep);
	for (i = 0; i < m->new_call_nr; i++)
		if (keep[i])
			kept_old[m->new_call[i].arg] = 1;
	for (i = 0; i < m->new_call_nr; i++) {
		const struct call_item *it = &m->new_call[i];

		if (it->kind == CALL_ITEM_REST)
			continue;
		if (keep[i]) {
			/* the old arguments before this kept one go */
			for (; next_old < (size_t)it->arg; next_old++)
				if (!kept_old[next_old])
					edits[n++] = (struct edit) {
						EDIT_DEL,
						xstrfmt("e%zu", next_old) };
			edits[n++] = (struct edit) { EDIT_KEEP,
						     xstrfmt("e%d", it->arg) };
			next_old = (size_t)it->arg + 1;
		} else if (it->kind == CALL_ITEM_ARG) {
			edits[n++] = (struct edit) { EDIT_ADD,
						     xstrfmt("e%d", it->arg) };
		} else {
			edits[n++] = (struct edit) { EDIT_ADD,
						     xstrdup(it->value) };
		}
	}
	for (; next_old <= nr_old; next_old++)
		if (!kept_old[next_old])
			edits[n++] = (struct edit) {
				EDIT_DEL, xstrfmt("e%zu", next_old) };
	if (m->old_proto.variadic)
		edits[n++] = (struct edit) { EDIT_KEEP, xstrdup("...") };
	free(keep);
	free(kept_old);
	return n;
}

/* one line of the patch rule's argument list: "- ", "+ " or "  " */
static void push_line(struct strlist *lines, const char *mark,
		      const char *comma, const char *text)
{
	strlist_pushf(lines, "%s%s%s", mark, comma, text);
}

/*
 * One line per edit, the commas as their own tokens: a comma stands
 * before every argument but the first, in the old list and in the new
 * one; where only one list has it, it goes or comes on a line of its
 * own.  Kept arguments at the end fold into "...".
 */
static void edit_lines(const struct edit *edits, size_t n,
		       struct strlist *lines)
{
	size_t i, last = n;
	int old_seen = 0, new_seen = 0;

	while (last && edits[last - 1].op == EDIT_KEEP)
		last--;
	for (i = 0; i < n; i++) {
		const struct edit *e = &edits[i];
		int in_old = e->op != EDIT_ADD, in_new = e->op != EDIT_DEL;
		int comma_old = in_old && old_seen;
		int comma_new = in_new && new_seen;
		const char *text = i >= last && i > 0 ? "..." : e->text;

		if (e->op == EDIT_KEEP && comma_old != comma_new) {
			push_line(lines, comma_old ? "- " : "+ ", "", ",");
			push_line(lines, "  ", "", text);
		} else {
			push_line(lines, e->op == EDIT_DEL ? "- " :
				  e->op == EDIT_ADD ? "+ " : "  ",
				  comma_old || comma_new ? ", " : "", text);
		}
		if (i >= last && i > 0)
			break;
		old_seen |= in_old;
		new_seen |= in_new;
	}
}

static void add_patch_rule(struct strbuf *out, const struct gen *g)
{
	struct edit *edits = xcalloc(g->m->new_call_nr +
				     g->old->nr_params + 2, sizeof(*edits));
	struct strlist lines = STRLIST_INIT;
	size_t n = edit_script(g->m, edits), i = 0;
	const char *line;

	edit_lines(edits, n, &lines);
	struct strbuf code = STRBUF_INIT;

	join_lines(&code, &lines);
	strbuf_addstr(out, "@depends on patch@\nposition old_form.p;\n");
	add_exprs(out, code.buf, g->old->nr_params);
	strbuf_release(&code);
	strbuf_addstr(out, "@@\n\n");
	if (g->renames) {
		strbuf_addf(out, "- %s@p\n+ %s\n  (", g->fn,
			    g->m->new_function);
	} else {
		strbuf_addf(out, "%s@p(", g->fn);
		/* a first argument that stays goes on the name's line */
		if (lines.nr && !strncmp(lines.items[0].string, "  ", 2))
			strbuf_addstr(out, lines.items[i++].string + 2);
	}
	for (; i < lines.nr; i++) {
		strbuf_addch(out, '\n');
		strbuf_addstr(out, lines.items[i].string);
	}
	line = lines.nr ? lines.items[lines.nr - 1].string : "  ";
	strbuf_addstr(out, !strncmp(line, "  ", 2) ? ")\n\n" : "\n  )\n\n");
	for (i = 0; i < n; i++)
		free(edits[i].text);
	free(edits);
	strlist_clear(&lines, 0);
}

/* ---- the modes that print ---- */

/* a Python string of text: tab-indented literals of at most 64 bytes */
static void add_python_string(struct strbuf *out, const char *text)
{
	const char *p = text;

	while (*p) {
		size_t n = strlen(p), cut = n;

		if (n > 64) {
			for (cut = 64; cut && p[cut - 1] != ' '; cut--)
				;
			if (!cut)
				cut = 64;
		}
		strbuf_addstr(out, p == text ? "\t\t\"" : "\n\t\t\"");
		for (n = 0; n < cut; n++) {
			if (p[n] == '"' || p[n] == '\\')
				strbuf_addch(out, '\\');
			strbuf_addch(out, p[n]);
		}
		strbuf_addch(out, '"');
		p += cut;
	}
}

static void add_print_rules(struct strbuf *out, const struct gen *g)
{
	static const char *const rules[] = { "old_form", "ambiguous",
					     "shadowed" };
	char *subsystem = subsystem_word(g->m);
	char *messages[3];
	size_t r, k;

	messages[0] = old_form_message(g);
	messages[1] = xstrfmt("%s(): cannot decide whether this call is in "
			      "the old or the new form", g->fn);
	messages[2] = xstrfmt("%s() is defined in this file or declared "
			      "static in it: not the %s call; left alone",
			      g->fn, subsystem);
	for (r = 0; r < 3; r++)
		strbuf_addf(out, "@depends on context@\nposition %s.p;\n@@\n\n"
			    "* %s@p(...)\n\n", rules[r], g->fn);
	for (k = 0; k < 2; k++) {
		const char *mode = k ? "report" : "org";
		const char *print = k ? "coccilib.report.print_report" :
					"coccilib.org.print_todo";

		for (r = 0; r < 3; r++) {
			strbuf_addf(out, "@script:python depends on %s@\n"
				    "p << %s.p;\n@@\n\n%s(p[0],\n", mode,
				    rules[r], print);
			add_python_string(out, messages[r]);
			strbuf_addstr(out, ")\n");
			if (!(k == 1 && r == 2))
				strbuf_addch(out, '\n');
		}
	}
	for (r = 0; r < 3; r++)
		free(messages[r]);
	free(subsystem);
}

void cocci_generate(const struct migration *m, struct strbuf *out)
{
	struct gen g = { .m = m, .old = &m->old_proto, .new = &m->new_proto,
			 .fn = m->function };

	g.renames = migration_renames(m);
	strlist_init(&g.new_form.branches);
	common_patterns(&g);
	build_evidence(&g);
	add_header(out, &g);
	add_shadow_rules(out, &g);
	add_form_rules(out, &g);
	add_patch_rule(out, &g);
	add_print_rules(out, &g);
	pattern_list_release(&g.common);
	rule_release(&g.new_form);
	rule_release(&g.old_evidence);
	rule_release(&g.fmt_old);
	rule_release(&g.fmt_new);
	rule_release(&g.literal_vs_old);
	rule_release(&g.literal_vs_new);
}

int cocci_files(const struct migration *m, const char *scratch,
		struct strlist *paths)
{
	struct strbuf text = STRBUF_INIT;
	char *path;
	size_t i;
	int ret;

	if (m->cocci.nr) {
		for (i = 0; i < m->cocci.nr; i++)
			strlist_push(paths, m->cocci.items[i].string);
		return 0;
	}
	cocci_generate(m, &text);
	path = xstrfmt("%s/%s.cocci", scratch, m->name);
	ret = write_scratch_file(path, text.buf, text.len);
	if (!ret)
		strlist_push(paths, path);
	free(path);
	strbuf_release(&text);
	return ret;
}
