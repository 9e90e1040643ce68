/*
 * cocci-edit.c - the patch rule of a generated semantic patch: the
 * new-call map as the smallest SmPL edit (cocci-rules.h).
 *
 * Contract: the old arguments that stay in their order (the longest
 * such run) are context; every other old argument goes, and comes back
 * where the map puts it; an inserted value is a "+" line; a comma goes
 * or comes on a line of its own where only one of the two argument
 * lists has it.  So insertion is "+ , NULL" after the argument before
 * it, removal is "- e1" and its comma, a rename "- f@p + g".
 *
 * It also holds the two text helpers cocci-gen.c's rules use as well
 * (cocci_add_exprs(), cocci_join_lines()).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cocci-rules.h"
#include "map-expr.h"
#include "migration.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

/* ---- the text every rule uses ---- */

/* name occurs in code as a whole word */
static int uses_word(const char *code, const char *name)
{
	size_t n = strlen(name);
	const char *p = code;

	while ((p = strstr(p, name))) {
		if ((p == code || !is_c_ident_char(p[-1])) &&
		    !is_c_ident_char(p[n]))
			return 1;
		p += n;
	}
	return 0;
}

/* "constant c3;": the ones of c1 .. cN that code uses (cocci-case.c) */
void cocci_add_constants(struct strbuf *out, const char *code, size_t nr)
{
	size_t i;

	for (i = 1; i <= nr; i++) {
		char name[32];

		snprintf(name, sizeof(name), "c%zu", i);
		if (uses_word(code, name))
			strbuf_addf(out, "constant %s;\n", name);
	}
}

/* "expression e, e1, e3;": the ones of e, e1 .. eN that code uses */
void cocci_add_exprs(struct strbuf *out, const char *code, size_t nr)
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

void cocci_join_lines(struct strbuf *out, const struct strlist *lines)
{
	size_t i;

	for (i = 0; i < lines->nr; i++)
		strbuf_addf(out, "%s\n", lines->items[i].string);
}

/* ---- the patch rule ---- */

enum edit_op {
	EDIT_KEEP,
	EDIT_DEL,
	EDIT_ADD
};

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

/*
 * "e3 - 1": an expression item ("$3 - 1") of the rule's metavariables;
 * spatch parenthesises an argument bound to one where C needs it
 */
/*
 * Old argument arg in the patch rule: a plain expression when
 * value_form has narrowed the calls (g->values), else as cocci-case.c
 * spells it
 */
static char *old_arg(const struct cocci_gen *g, size_t arg)
{
	return g->values ? xstrfmt("e%zu", arg) : cocci_old_arg(g->m, arg);
}

static char *arg_name(const struct cocci_gen *g, size_t arg)
{
	return g->values ? xstrfmt("e%zu", arg) : cocci_arg_name(g->m, arg);
}

static char *expr_of(const struct cocci_gen *g, const struct call_item *it)
{
	struct strbuf text = STRBUF_INIT;
	char **names = xcalloc((size_t)it->arg + 1, sizeof(*names));
	size_t k;

	for (k = 0; k < (size_t)it->arg; k++)
		names[k] = arg_name(g, k + 1);
	map_expr_text(it->value, (const char *const *)names, (size_t)it->arg, 0,
		      &text);
	for (k = 0; k < (size_t)it->arg; k++)
		free(names[k]);
	free(names);
	return strbuf_detach(&text, NULL);
}

/* the edit script that turns the old argument list into the new one */
static size_t edit_script(const struct cocci_gen *g, struct edit *edits)
{
	const struct migration *m = g->m;
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
					edits[n++] = (struct edit){
						EDIT_DEL, old_arg(g, next_old)
					};
			edits[n++] =
				(struct edit){ EDIT_KEEP,
					       old_arg(g, (size_t)it->arg) };
			next_old = (size_t)it->arg + 1;
		} else if (it->kind == CALL_ITEM_ARG) {
			edits[n++] =
				(struct edit){ EDIT_ADD,
					       arg_name(g, (size_t)it->arg) };
		} else if (it->kind == CALL_ITEM_EXPR) {
			edits[n++] = (struct edit){ EDIT_ADD, expr_of(g, it) };
		} else {
			edits[n++] =
				(struct edit){ EDIT_ADD, xstrdup(it->value) };
		}
	}
	for (; next_old <= nr_old; next_old++)
		if (!kept_old[next_old])
			edits[n++] =
				(struct edit){ EDIT_DEL, old_arg(g, next_old) };
	if (m->old_proto.variadic)
		edits[n++] = (struct edit){ EDIT_KEEP, xstrdup("...") };
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
			push_line(lines,
				  e->op == EDIT_DEL ? "- " :
				  e->op == EDIT_ADD ? "+ " :
						      "  ",
				  comma_old || comma_new ? ", " : "", text);
		}
		if (i >= last && i > 0)
			break;
		old_seen |= in_old;
		new_seen |= in_new;
	}
}

void cocci_add_patch_rule(struct strbuf *out, const struct cocci_gen *g)
{
	struct edit *edits = xcalloc(g->m->new_call_nr + g->old->nr_params + 2,
				     sizeof(*edits));
	struct strlist lines = STRLIST_INIT;
	size_t n = edit_script(g, edits), i = 0;
	const char *at = g->values ? "q" : "p";
	const char *line;

	edit_lines(edits, n, &lines);
	struct strbuf code = STRBUF_INIT;

	cocci_join_lines(&code, &lines);
	strbuf_addf(out, "@depends on patch@\nposition %s;\n",
		    g->values ? "value_form.q" : "old_form.p");
	cocci_add_exprs(out, code.buf, g->old->nr_params);
	cocci_add_constants(out, code.buf, g->old->nr_params);
	strbuf_release(&code);
	strbuf_addstr(out, "@@\n\n");
	if (g->renames) {
		strbuf_addf(out, "- %s@%s\n+ %s\n  (", g->fn, at,
			    g->m->new_function);
	} else {
		strbuf_addf(out, "%s@%s(", g->fn, at);
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
