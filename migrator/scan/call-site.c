/*
 * call-site.c - argument splitting and the old/new decision for one call
 * (see call-site.h for the record).
 *
 * The form of a call: an argument list that is not closed, or that
 * holds a preprocessor conditional, or an argument that is a macro's
 * variadic parameter (any number of arguments), is ambiguous (what the
 * compiler sees is not known); every other call is weighed by
 * evidence.c against the old and the new prototype, from its
 * arguments' texts and the file's own declarations and #defines (see
 * the tiers in evidence.h).  Nothing is guessed: a call the evidence
 * does not decide is ambiguous, with the reason.
 */
#include <string.h>
#include <stdlib.h>

#include "call-site.h"
#include "evidence.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

static const char *const kind_names[CALL_SITE_NR_KINDS] = {
	[CALL_SITE_OLD] = "old",
	[CALL_SITE_NEW] = "new",
	[CALL_SITE_AMBIGUOUS] = "ambiguous",
	[CALL_SITE_SHADOWED] = "shadowed",
	[CALL_SITE_DECLARATION] = "declaration",
	[CALL_SITE_DEFINITION] = "definition",
	[CALL_SITE_REFERENCE] = "reference",
	[CALL_SITE_COMMENT] = "comment",
	[CALL_SITE_STRING] = "string",
	[CALL_SITE_CONTEXT] = "left-by-context",
};

const char *call_site_kind_name(enum call_site_kind kind)
{
	return kind < CALL_SITE_NR_KINDS ? kind_names[kind] : "unknown";
}

int call_site_kind_from_name(const char *name)
{
	int i;

	for (i = 0; i < CALL_SITE_NR_KINDS; i++)
		if (!strcmp(kind_names[i], name))
			return i;
	return -1;
}

int call_site_kind_is_call(enum call_site_kind kind)
{
	return kind == CALL_SITE_OLD || kind == CALL_SITE_NEW ||
	       kind == CALL_SITE_AMBIGUOUS || kind == CALL_SITE_CONTEXT;
}

/* ---- splitting ---- */

static void push_arg(struct call_site *cs, const struct call_site_file *f,
		     size_t first, size_t last, size_t at)
{
	const struct token *toks = f->tokens->tokens;
	struct call_arg *arg;

	cs->args = xrealloc(cs->args, (cs->nr_args + 1) * sizeof(*cs->args));
	arg = &cs->args[cs->nr_args++];
	arg->start = first == (size_t)-1 ? at : toks[first].start;
	arg->end = first == (size_t)-1 ? at : toks[last].end;
	arg->text = xstrndup(f->buf + arg->start, arg->end - arg->start);
}

static void push_comma(struct call_site *cs, size_t offset)
{
	cs->commas =
		xrealloc(cs->commas, (cs->nr_commas + 1) * sizeof(*cs->commas));
	cs->commas[cs->nr_commas++] = offset;
}

struct split_state {
	size_t first, last; /* tokens of the current argument */
	int has_code;	    /* the current argument is not only comments */
	int depth, braces;
};

enum split_step {
	SPLIT_TOKEN, /* part of the current argument */
	SPLIT_COMMA, /* a top-level comma: next argument */
	SPLIT_END,   /* the list ends here */
};

static enum split_step split_punct(struct call_site *cs,
				   const struct call_site_file *f, size_t i,
				   struct split_state *st)
{
	const struct token *t = &f->tokens->tokens[i];
	char c = f->buf[t->start];

	if (t->end - t->start != 1)
		return SPLIT_TOKEN;
	if (c == '(' || c == '[' || c == '{') {
		st->depth++;
		st->braces += c == '{';
	} else if (c == ')' || c == ']' || c == '}') {
		if (!st->depth) {
			cs->unterminated = c != ')';
			return SPLIT_END;
		}
		st->depth--;
		st->braces -= c == '}';
	} else if (c == ';' && !st->braces) {
		cs->unterminated = 1;
		return SPLIT_END;
	} else if (c == ',' && !st->depth) {
		push_arg(cs, f, st->first, st->last, t->start);
		push_comma(cs, t->start);
		st->first = (size_t)-1;
		st->has_code = 0;
		return SPLIT_COMMA;
	}
	return SPLIT_TOKEN;
}

size_t call_site_split_args(struct call_site *cs,
			    const struct call_site_file *f, size_t open_tok)
{
	const struct token_list *tl = f->tokens;
	size_t dir = tl->tokens[open_tok].directive, i, close;
	struct split_state st = { (size_t)-1, 0, 0, 0, 0 };
	enum split_step step = SPLIT_TOKEN;

	cs->has_args = 1;
	cs->open_paren = tl->tokens[open_tok].start;
	for (i = open_tok + 1; i < tl->nr; i++) {
		const struct token *t = &tl->tokens[i];

		if (t->directive != dir) {
			if (dir)
				break;
			if (directive_is_conditional(tl, f->buf, t->directive))
				cs->pp_conditional = 1;
			continue;
		}
		step = t->type == TOKEN_PUNCT ? split_punct(cs, f, i, &st) :
						SPLIT_TOKEN;
		if (step == SPLIT_END)
			break;
		if (step == SPLIT_COMMA)
			continue;
		if (st.first == (size_t)-1)
			st.first = i;
		st.last = i;
		st.has_code |= t->type != TOKEN_COMMENT;
	}
	if (step != SPLIT_END)
		cs->unterminated = 1;
	close = cs->unterminated ? i - 1 : i;
	if (cs->nr_commas || st.has_code ||
	    (cs->unterminated && st.first != (size_t)-1))
		push_arg(cs, f, st.first, st.last,
			 cs->unterminated ? tl->tokens[close].end :
					    tl->tokens[close].start);
	cs->close_paren = cs->unterminated ? tl->tokens[close].end :
					     tl->tokens[close].start;
	return close;
}

/* ---- the decision ---- */

static void set_form(struct call_site *cs, enum call_site_kind kind,
		     enum call_site_reason reason, char *evidence)
{
	cs->kind = kind;
	cs->reason = reason;
	free(cs->evidence);
	cs->evidence = evidence;
}

/* the evidence of every argument, weighed by evidence.c */
static void decide_by_evidence(struct call_site *cs,
			       const struct call_site_file *f)
{
	const struct migration *m = f->m;
	struct evidence_source src = { f->buf, f->tokens, 0, &m->kernel,
				       f->names };
	struct evidence_form forms[2] = {
		{ "old", &m->old_proto, 1 },
		{ "new", &m->new_proto, 1 },
	};
	struct evidence *args = xcalloc(cs->nr_args + 1, sizeof(*args));
	struct strbuf why = STRBUF_INIT;
	size_t i, tok;
	int form;

	tok = token_list_find(f->tokens, cs->name_offset);
	src.macro = f->tokens->tokens[tok].directive;
	if (migration_renames(m)) {
		int new_name = cs->name_len == strlen(m->new_function) &&
			       !memcmp(f->buf + cs->name_offset,
				       m->new_function, cs->name_len);

		forms[0].allowed = !new_name;
		forms[1].allowed = new_name;
	}
	/* the text stops at a NUL byte the argument may hold */
	for (i = 0; i < cs->nr_args; i++)
		evidence_of(&args[i], &src, cs->args[i].text,
			    strlen(cs->args[i].text));
	form = evidence_decide(forms, 2, args, cs->nr_args, &why);
	set_form(cs,
		 form < 0 ? CALL_SITE_AMBIGUOUS :
		 form	  ? CALL_SITE_NEW :
			    CALL_SITE_OLD,
		 CALL_REASON_EVIDENCE, strbuf_detach(&why, NULL));
	for (i = 0; i < cs->nr_args; i++)
		evidence_release(&args[i]);
	free(args);
}

/* the 1-based argument that is a macro's variadic parameter, or 0 */
static size_t variadic_argument(const struct call_site *cs,
				const struct call_site_file *f)
{
	size_t tok = token_list_find(f->tokens, cs->name_offset), i;
	size_t dir = f->tokens->tokens[tok].directive;

	for (i = 0; dir && i < cs->nr_args; i++)
		if (define_variadic_param(f->tokens, f->buf, dir,
					  cs->args[i].text))
			return i + 1;
	return 0;
}

void call_site_decide_form(struct call_site *cs, const struct call_site_file *f)
{
	size_t variadic = variadic_argument(cs, f);

	cs->variadic = variadic;
	if (variadic)
		set_form(cs, CALL_SITE_AMBIGUOUS, CALL_REASON_VARIADIC, NULL);
	else if (cs->unterminated)
		set_form(cs, CALL_SITE_AMBIGUOUS, CALL_REASON_UNTERMINATED,
			 NULL);
	else if (cs->pp_conditional)
		set_form(cs, CALL_SITE_AMBIGUOUS, CALL_REASON_CONDITIONAL,
			 NULL);
	else
		decide_by_evidence(cs, f);
}

void call_site_release(struct call_site *cs)
{
	size_t i;

	for (i = 0; i < cs->nr_args; i++)
		free(cs->args[i].text);
	free(cs->args);
	free(cs->commas);
	free(cs->file);
	free(cs->evidence);
	free(cs->local_name);
	free(cs->text);
	memset(cs, 0, sizeof(*cs));
}
