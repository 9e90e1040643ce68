/*
 * cocci-gen.c - the semantic patch generated from a migration's data
 * (see cocci-gen.h).
 *
 * Contract: cocci_generate() only reads the migration; its output
 * depends on nothing else, so the same data always gives the same
 * .cocci byte for byte (the shipped copies are held to it by a test).
 * With the evidence (cocci-evidence.c) and the patch rule
 * (cocci-edit.c), the rules read as the hand-written
 * class_device_create.cocci did: defined_here, declared_static, the
 * rules that sort the calls by form (cocci-form.c), the patch rule, and
 * per mode the rules that print.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cocci-gen.h"
#include "cocci-rules.h"
#include "map-values.h"
#include "migration.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/* ---- the text ---- */

/* "/// " lines of text, wrapped at 72 columns */
/* text wrapped at 78 columns: first line after first, then after cont */
static void add_wrapped(struct strbuf *out, const char *first, const char *cont,
			const char *text)
{
	const char *p = text, *prefix = first;
	size_t col;

	strbuf_addstr(out, first);
	col = strlen(first);
	while (*p) {
		size_t n = 0;
		int quoted = 0;

		/* a word, and 'a quoted type' as one */
		for (; p[n] && (quoted || p[n] != ' '); n++)
			if (p[n] == '\'')
				quoted = !quoted;
		if (col > strlen(prefix) && col + 1 + n > 78) {
			prefix = cont;
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

/* "/// " lines of text */
static void add_doc(struct strbuf *out, const char *prefix, const char *text)
{
	add_wrapped(out, prefix, prefix, text);
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

/* the one old argument the map removes, when that is all it does: 0 */
static size_t single_removal(const struct migration *m)
{
	size_t i, removed = 0, pos = 1;

	if (migration_renames(m) ||
	    m->new_call_nr + 1 !=
		    m->old_proto.nr_params + (size_t)m->old_proto.variadic)
		return 0;
	for (i = 1; i <= m->old_proto.nr_params; i++) {
		int to = migration_new_position(m, (int)i);

		if (!to) {
			if (removed)
				return 0;
			removed = i;
		} else if ((size_t)to != pos++) {
			return 0;
		}
	}
	return removed;
}

/* what report and org say of an old-form call */
static char *old_form_message(const struct cocci_gen *g)
{
	struct strbuf sb = STRBUF_INIT;
	const struct call_item *it;
	size_t pos;

	it = single_insert(g->m, &pos);
	if (it) {
		const char *name = g->new->params[pos - 1].name;

		strbuf_addf(&sb,
			    "%s() called without %s %s argument; pass %s "
			    "as %s",
			    g->fn, cocci_article(name), name, it->value, name);
	} else if ((pos = single_removal(g->m))) {
		const char *name = g->old->params[pos - 1].name;

		strbuf_addf(&sb, "%s() called with %s %s argument; drop it",
			    g->fn, cocci_article(name), name);
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

/* "/// Evidence for the old form:" and what the two rules weigh */
static void add_evidence_words(struct strbuf *out, const char *form,
			       const struct evidence_rule *args,
			       const struct evidence_rule *format)
{
	const struct evidence_rule *rules[2] = { args, format };
	size_t r, i;

	if (!args->words.nr && !format->words.nr)
		return;
	strbuf_addf(out, "///%s Evidence for the %s form:\n",
		    strcmp(form, "old") ? "" : "\n///", form);
	for (r = 0; r < 2; r++)
		for (i = 0; i < rules[r]->words.nr; i++)
			add_wrapped(out, "///   ", "///     ",
				    rules[r]->words.items[i].string);
}

static void add_header(struct strbuf *out, const struct cocci_gen *g)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(out, "// SPDX-License-Identifier: GPL-2.0-only\n");
	migration_describe(g->m, &sb);
	strbuf_addch(&sb, '.');
	sb.buf[0] = (char)(sb.buf[0] >= 'a' && sb.buf[0] <= 'z' ?
				   sb.buf[0] - 'a' + 'A' :
				   sb.buf[0]);
	add_doc(out, "/// ", sb.buf);
	strbuf_reset(&sb);
	strbuf_addstr(out, "///\n");
	strbuf_addf(&sb, "A call is converted only on evidence that it is in "
			 "the old form (");
	add_params(&sb, g->old);
	strbuf_addstr(&sb, ") and none that it is in the new form (");
	add_params(&sb, g->new);
	strbuf_addstr(&sb,
		      "); every other call is left as it is, and the "
		      "report, org and context modes list it as ambiguous.  "
		      "Nothing changes in a file that defines its own ");
	strbuf_addf(&sb,
		    "%s() or declares a static one; those calls are "
		    "listed as shadowed.",
		    g->fn);
	add_doc(out, "/// ", sb.buf);
	if (g->m->where != CALL_WHERE_ANY) {
		strbuf_reset(&sb);
		strbuf_addf(&sb,
			    "Only a call whose result is %s is converted; "
			    "the others are left and listed: %s.",
			    g->m->where == CALL_WHERE_RESULT_UNUSED ? "unused" :
								      "used",
			    g->m->left_reason);
		strbuf_addstr(out, "///\n");
		add_doc(out, "/// ", sb.buf);
	}
	add_evidence_words(out, "old", &g->old_evidence, &g->fmt_old);
	add_evidence_words(out, "new", &g->new_form, &g->fmt_new);
	strbuf_addf(out,
		    "//\n"
		    "// Generated by 'kmigrate cocci' from the migration's "
		    "data in\n"
		    "// semantic-patches/%s/migration:\n"
		    "// change that file, not this one ('make cocci' writes "
		    "the copies\n"
		    "// shipped beside it).\n",
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
		      "--smpl-spacing");
	for (i = 0; i < g->m->spatch_options.nr; i++)
		strbuf_addf(out, " %s", g->m->spatch_options.items[i].string);
	strbuf_addch(out, '\n');
	strbuf_addf(out, "// Keywords: %s", g->fn);
	if (g->renames)
		strbuf_addf(out, ", %s", g->m->new_function);
	strbuf_addstr(out, "\n\n");
	strbuf_release(&sb);
}

/* "T NAME" or, after a rename, "T f" of "identifier f = {OLD, NEW}" */
static void add_defined_here(struct strbuf *out, const struct cocci_gen *g)
{
	const char *f = g->fn;

	strbuf_addstr(out, "@defined_here@\ntype T;\n");
	if (g->renames) {
		/* the new name's definition is the API's too: a wrapper */
		strbuf_addf(out, "identifier f = {%s, %s};\n", g->fn,
			    g->m->new_function);
		f = "f";
	}
	strbuf_addf(out,
		    "@@\n\n(\nT %s(...) { ... }\n|\nT %s(..., ......) { ... }"
		    "\n)\n\n",
		    f, f);
}

static void add_shadow_rules(struct strbuf *out, const struct cocci_gen *g)
{
	strbuf_addstr(out, "virtual patch\nvirtual context\nvirtual org\n"
			   "virtual report\n\n"
			   "// A file that defines a function of that name, "
			   "or declares a static one,\n"
			   "// calls its own function: none of its calls is "
			   "converted.\n");
	add_defined_here(out, g);
	strbuf_addstr(out, "@declared_static@\ntype T;\nidentifier f = {");
	strbuf_addstr(out, g->fn);
	if (g->renames)
		strbuf_addf(out, ", %s", g->m->new_function);
	strbuf_addstr(out, "};\n@@\n\n(\nstatic T f(...);\n|\n"
			   "static T f(..., ......);\n)\n\n");
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

/* what report and org say of a call left by context */
static char *context_message(const struct cocci_gen *g)
{
	return xstrfmt("%s(): the result is %s here: left; %s", g->fn,
		       g->m->where == CALL_WHERE_RESULT_UNUSED ? "used" :
								 "unused",
		       g->m->left_reason);
}

/* a rule whose calls the modes print, at its position, and what they say */
struct print_rule {
	const char *rule, *pos;
	char *message;
};

/* the rules the modes print: each call once, whatever the cases */
static size_t print_rules(const struct cocci_gen *g, struct print_rule *rules)
{
	const char *left = cocci_context_rule(g->m);
	char *subsystem;
	size_t nr = 0;

	if (g->m->is_case)
		rules[nr++] = (struct print_rule){ "case_form", "q",
						   old_form_message(g) };
	else
		rules[nr++] = (struct print_rule){ "old_form", "p",
						   old_form_message(g) };
	if (cocci_case_prints_all(g->m)) {
		subsystem = subsystem_word(g->m);
		rules[nr++] = (struct print_rule){
			"ambiguous", "p",
			xstrfmt("%s(): cannot decide whether this call is "
				"in the old or the new form",
				g->fn)
		};
		rules[nr++] = (struct print_rule){
			"shadowed", "p",
			xstrfmt("%s() is defined in this file or declared "
				"static in it: not the %s call; left alone",
				g->fn, subsystem)
		};
		if (left)
			rules[nr++] = (struct print_rule){ left, "p",
							   context_message(g) };
		free(subsystem);
	}
	if (cocci_case_is_last(g->m))
		rules[nr++] =
			(struct print_rule){ "no_case", "q",
					     cocci_no_case_message(g->m) };
	return nr;
}

static void add_print_rules(struct strbuf *out, const struct cocci_gen *g)
{
	struct print_rule rules[5];
	size_t r, k, nr;

	cocci_add_case_print_rules(out, g->m);
	nr = print_rules(g, rules);
	for (r = 0; r < nr; r++)
		strbuf_addf(out,
			    "@depends on context@\nposition %s.%s;\n@@\n\n"
			    "* %s@%s(...)\n\n",
			    rules[r].rule, rules[r].pos, g->fn, rules[r].pos);
	for (k = 0; k < 2; k++) {
		const char *mode = k ? "report" : "org";
		const char *print = k ? "coccilib.report.print_report" :
					"coccilib.org.print_todo";

		for (r = 0; r < nr; r++) {
			strbuf_addf(out,
				    "@script:python depends on %s@\n"
				    "p << %s.%s;\n@@\n\n%s(p[0],\n",
				    mode, rules[r].rule, rules[r].pos, print);
			add_python_string(out, rules[r].message);
			strbuf_addstr(out, ")\n");
			if (!(k == 1 && r == nr - 1))
				strbuf_addch(out, '\n');
		}
	}
	for (r = 0; r < nr; r++)
		free(rules[r].message);
}

void cocci_generate_values(const struct migration *m,
			   const struct map_values *values, struct strbuf *out)
{
	struct cocci_gen g = { .m = m,
			       .old = &m->old_proto,
			       .new = &m->new_proto,
			       .fn = m->function };

	if (m->is_case && map_values_nr_known(values))
		g.values = values;

	g.renames = migration_renames(m);
	cocci_evidence_build(&g);
	add_header(out, &g);
	add_shadow_rules(out, &g);
	cocci_add_form_rules(out, &g);
	if (g.values)
		cocci_add_value_rule(out, &g);
	cocci_add_patch_rule(out, &g);
	add_print_rules(out, &g);
	cocci_evidence_release(&g);
}

void cocci_generate(const struct migration *m, struct strbuf *out)
{
	cocci_generate_values(m, NULL, out);
}
