/*
 * slice.c - blanking what spatch need not read (see slice.h).
 *
 * Contract: one pass over the tokens the caller lexed from buf, which
 * records the byte ranges to blank and whether the file balances; the
 * bytes change only at the end, and only when it does.  The state is a
 * brace depth at file scope, the open conditionals, and the region (a
 * body, an initializer, or any other brace pair) open at file scope.
 * Nothing is allocated that outlives the call.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "scan.h"
#include "slice.h"
#include "util.h"

enum region_kind {
	REGION_OTHER, /* struct, enum, K&R declarations, ...: kept */
	REGION_BODY,
	REGION_INIT,
};

/* bytes [from, to) of buf */
struct span {
	size_t from, to;
};

struct span_list {
	struct span *spans;
	size_t nr, alloc;
};

struct slicer {
	const char *buf;
	const struct token_list *tl;
	const char *const *names;
	int unbalanced;

	/* the open #if's: 1 while in their first branch */
	int *in_first;
	size_t nr_conds, alloc_conds;
	size_t nr_skipping; /* open #if's past their first branch */

	/* file scope */
	int depth;
	size_t prev;	   /* the last code token there, or (size_t)-1 */
	int saw_eq;	   /* an '=' since the last ';' or '}' */
	int saw_typedef;   /* a typedef since then: no function body */
	size_t tag_kw;	   /* its last struct, union or enum, or -1 */
	int parens;	   /* '(' open at file scope */
	size_t item_start; /* where the declaration being read starts */

	/* the region open at file scope (depth > 0) */
	enum region_kind kind;
	int keep;	       /* it must be kept whole */
	size_t open;	       /* its first byte after '{' */
	size_t region_conds;   /* nr_conds when it opened */
	struct span_list dirs; /* its directive lines */

	struct span_list blanks;
};

static void push_span(struct span_list *list, size_t from, size_t to)
{
	if (from >= to)
		return;
	ALLOC_GROW(list->spans, list->nr + 1, list->alloc);
	list->spans[list->nr].from = from;
	list->spans[list->nr++].to = to;
}

static int is_punct(const struct slicer *s, size_t i, const char *text)
{
	const struct token *tok = &s->tl->tokens[i];

	return tok->type == TOKEN_PUNCT && token_is(s->buf, tok, text);
}

/* ---- directives ---- */

static int directive_is(const struct slicer *s, size_t name,
			const char *const *words, size_t nr)
{
	return token_in(s->buf, &s->tl->tokens[name], words, nr);
}

/* an #elif, #else or #endif: a region open since before the #if crosses it */
static void leave_branch(struct slicer *s, int endif)
{
	int *first;

	if (!s->nr_conds) {
		s->unbalanced = 1;
		return;
	}
	if (s->depth > 0 && s->nr_conds <= s->region_conds)
		s->keep = 1;
	first = &s->in_first[s->nr_conds - 1];
	if (endif) {
		if (!*first)
			s->nr_skipping--;
		s->nr_conds--;
	} else if (*first) {
		*first = 0;
		s->nr_skipping++;
	}
}

/* the directive of tokens [first, end): its line is kept; conditionals */
static void on_directive(struct slicer *s, size_t first, size_t end)
{
	static const char *const opens[] = { "if", "ifdef", "ifndef" };
	static const char *const elses[] = { "elif", "else", "elifdef",
					     "elifndef" };
	const struct token *t = s->tl->tokens;
	size_t name = directive_name(s->tl, t[first].directive);

	if (s->depth > 0)
		push_span(&s->dirs, t[first].start, t[end - 1].end);
	if (name == (size_t)-1)
		return;
	if (directive_is(s, name, opens, ARRAY_SIZE(opens))) {
		ALLOC_GROW(s->in_first, s->nr_conds + 1, s->alloc_conds);
		s->in_first[s->nr_conds++] = 1;
	} else if (directive_is(s, name, elses, ARRAY_SIZE(elses))) {
		leave_branch(s, 0);
	} else if (token_is(s->buf, &t[name], "endif")) {
		leave_branch(s, 1);
	}
}

/* ---- regions ---- */

/* the next code token after i, before end; end if none */
static size_t next_code(const struct slicer *s, size_t i, size_t end)
{
	const struct token *t = s->tl->tokens;

	for (i++; i < end; i++)
		if (!t[i].directive && t[i].type != TOKEN_COMMENT)
			return i;
	return end;
}

/* the code token after the ')' that closes the '(' at open, or end */
static size_t skip_group(const struct slicer *s, size_t open, size_t end)
{
	size_t i;
	int depth = 0;

	for (i = open; i < end; i = next_code(s, i, end)) {
		if (is_punct(s, i, "("))
			depth++;
		else if (is_punct(s, i, ")") && !--depth)
			return next_code(s, i, end);
	}
	return end;
}

/*
 * The tokens from the struct, union or enum at kw to the '{' at brace
 * head a definition of that type, not of a function returning it: only
 * attributes ("__attribute__((...))", a macro with or without
 * arguments) and a tag come between, and no NAME(...) after the tag.
 */
static int aggregate_head(const struct slicer *s, size_t kw, size_t brace)
{
	static const char *const attributes[] = { "__attribute__",
						  "__attribute", "__declspec" };
	const struct token *t = s->tl->tokens;
	size_t i = next_code(s, kw, brace);
	int tag = 0;

	while (i < brace) {
		size_t next = next_code(s, i, brace);

		if (t[i].type != TOKEN_IDENT)
			return 0;
		if (next < brace && is_punct(s, next, "(")) {
			if (tag && !token_in(s->buf, &t[i], attributes,
					     ARRAY_SIZE(attributes)))
				return 0;
			next = skip_group(s, next, brace);
		} else {
			tag = 1;
		}
		i = next;
	}
	return 1;
}

static int opens_body(const struct slicer *s, size_t brace)
{
	size_t prev = s->prev;

	if (prev == (size_t)-1 || !is_punct(s, prev, ")") || s->saw_eq ||
	    s->saw_typedef)
		return 0;
	return s->tag_kw == (size_t)-1 || !aggregate_head(s, s->tag_kw, brace);
}

static void open_region(struct slicer *s, size_t i)
{
	size_t prev = s->prev;

	if (opens_body(s, i))
		s->kind = REGION_BODY;
	else if (prev != (size_t)-1 && is_punct(s, prev, "="))
		s->kind = REGION_INIT;
	else
		s->kind = REGION_OTHER;
	s->keep = s->kind == REGION_OTHER;
	s->open = s->tl->tokens[i].end;
	s->region_conds = s->nr_conds;
	s->dirs.nr = 0;
}

static int mentions(const struct slicer *s, size_t from, size_t to)
{
	size_t k;

	for (k = 0; s->names[k]; k++)
		if (scan_mentions(s->buf + from, to - from, s->names[k]))
			return 1;
	return 0;
}

/* the '}' at i closes the region: blank it unless it is to be kept */
static void close_region(struct slicer *s, size_t i)
{
	const struct token *close = &s->tl->tokens[i];
	size_t k, pos = s->open;

	if (s->keep || s->nr_conds != s->region_conds ||
	    mentions(s, s->item_start, close->end))
		return;
	for (k = 0; k < s->dirs.nr; k++) {
		push_span(&s->blanks, pos, s->dirs.spans[k].from);
		pos = s->dirs.spans[k].to;
	}
	push_span(&s->blanks, pos, close->start);
}

/* the declaration at file scope is over: a new one starts after i */
static void end_item(struct slicer *s, size_t i)
{
	s->item_start = s->tl->tokens[i].end;
	s->saw_eq = s->saw_typedef = 0;
	s->tag_kw = (size_t)-1;
}

/* what a token at file scope tells of the declaration it is in */
static void note_file_scope(struct slicer *s, size_t i)
{
	static const char *const tags[] = { "struct", "union", "enum" };
	const struct token *tok = &s->tl->tokens[i];

	if (is_punct(s, i, "("))
		s->parens++;
	else if (is_punct(s, i, ")") && s->parens)
		s->parens--;
	else if (is_punct(s, i, ";"))
		end_item(s, i);
	else if (is_punct(s, i, "="))
		s->saw_eq = 1;
	else if (token_is(s->buf, tok, "typedef"))
		s->saw_typedef = 1;
	else if (!s->parens && token_in(s->buf, tok, tags, ARRAY_SIZE(tags)))
		s->tag_kw = i;
}

/* a code token in the first branch of every open conditional */
static void on_code(struct slicer *s, size_t i)
{
	if (is_punct(s, i, "{")) {
		if (!s->depth)
			open_region(s, i);
		s->depth++;
	} else if (is_punct(s, i, "}")) {
		if (!s->depth) {
			s->unbalanced = 1;
			return;
		}
		if (!--s->depth) {
			close_region(s, i);
			end_item(s, i);
		}
	} else if (!s->depth) {
		note_file_scope(s, i);
	}
	if (!s->depth)
		s->prev = i;
}

static void walk(struct slicer *s)
{
	const struct token_list *tl = s->tl;
	size_t i = 0;

	while (i < tl->nr && !s->unbalanced) {
		const struct token *tok = &tl->tokens[i];

		if (tok->directive) {
			size_t end = i + 1;

			while (end < tl->nr &&
			       tl->tokens[end].directive == tok->directive)
				end++;
			on_directive(s, i, end);
			i = end;
			continue;
		}
		if (tok->type != TOKEN_COMMENT && !s->nr_skipping)
			on_code(s, i);
		i++;
	}
}

size_t slice_text(char *buf, size_t len, const struct token_list *tokens,
		  const char *const *names)
{
	struct slicer s;
	size_t i, k, blanked = 0;

	memset(&s, 0, sizeof(s));
	s.buf = buf;
	s.tl = tokens;
	s.names = names;
	s.prev = (size_t)-1;
	s.tag_kw = (size_t)-1;
	walk(&s);
	if (!s.unbalanced && !s.depth && !s.nr_conds) {
		for (i = 0; i < s.blanks.nr; i++) {
			for (k = s.blanks.spans[i].from;
			     k < s.blanks.spans[i].to && k < len; k++) {
				if (buf[k] == '\n')
					continue;
				buf[k] = ' ';
				blanked++;
			}
		}
	}
	free(s.in_first);
	free(s.dirs.spans);
	free(s.blanks.spans);
	return blanked;
}
