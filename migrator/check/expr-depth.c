/*
 * expr-depth.c - the nesting depth of a file's expressions, from its
 * tokens (see expr-depth.h).
 *
 * Contract: one pass over the tokens, a stack of the open brackets, no
 * recursion: a file of any depth is measured in time linear in its
 * size.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "expr-depth.h"
#include "util.h"

struct level {
	size_t chain;  /* operators of the current element */
	size_t elses;  /* the "else"s of the current chain of ifs */
	int separates; /* a ',' here ends an element */
};

struct depth_walk {
	struct level *levels;
	size_t nr, alloc;
	size_t total; /* the chains of all open levels */
	size_t max, at;
};

static void end_element(struct depth_walk *w)
{
	struct level *top = &w->levels[w->nr - 1];

	w->total -= top->chain;
	top->chain = 0;
}

/* an "if" no "else" precedes: a new chain of ifs */
static void end_if_chain(struct depth_walk *w)
{
	struct level *top = &w->levels[w->nr - 1];

	w->total -= top->elses;
	top->elses = 0;
}

static void count(struct depth_walk *w, size_t *what, size_t offset)
{
	(*what)++;
	if (++w->total > w->max) {
		w->max = w->total;
		w->at = offset;
	}
}

static void open_level(struct depth_walk *w, int separates)
{
	ALLOC_GROW(w->levels, w->nr + 1, w->alloc);
	w->levels[w->nr].chain = 0;
	w->levels[w->nr].elses = 0;
	w->levels[w->nr++].separates = separates;
}

/* a ')', ']' or '}': the bracket's level ends (not the top's) */
static void close_level(struct depth_walk *w)
{
	if (w->nr > 1) {
		end_element(w);
		end_if_chain(w);
		w->nr--;
	}
}

/* a '(' after a name, a ')' or a ']' opens a call's arguments */
static int is_call(const char *buf, const struct token *prev)
{
	return prev && (prev->type == TOKEN_IDENT || token_is(buf, prev, ")") ||
			token_is(buf, prev, "]"));
}

static void punct(struct depth_walk *w, const char *buf,
		  const struct token *tok, const struct token *prev)
{
	char c = buf[tok->start];

	if (tok->end - tok->start != 1 || !strchr("([{)]};,", c)) {
		count(w, &w->levels[w->nr - 1].chain, tok->start);
	} else if (c == '(') {
		open_level(w, is_call(buf, prev));
	} else if (c == '[' || c == '{') {
		open_level(w, 1);
	} else if (c == ')' || c == ']') {
		close_level(w);
		count(w, &w->levels[w->nr - 1].chain, tok->start);
	} else if (c == '}') {
		close_level(w);
		end_element(w);
	} else if (c == ';' || w->levels[w->nr - 1].separates) {
		end_element(w);
	} else {
		count(w, &w->levels[w->nr - 1].chain, tok->start);
	}
}

/* "case" and "default" end an element, an "else" nests what follows */
static void ident(struct depth_walk *w, const char *buf,
		  const struct token *tok, const struct token *prev)
{
	static const char *const labels[] = { "case", "default" };
	struct level *top = &w->levels[w->nr - 1];

	if (token_in(buf, tok, labels, 2))
		end_element(w);
	else if (token_is(buf, tok, "else"))
		count(w, &top->elses, tok->start);
	else if (token_is(buf, tok, "if") &&
		 !(prev && token_is(buf, prev, "else")))
		end_if_chain(w);
}

size_t expr_depth(const char *buf, const struct token_list *list,
		  size_t *offset)
{
	struct depth_walk w = { NULL, 0, 0, 0, 0, 0 };
	const struct token *prev = NULL;
	size_t i;

	open_level(&w, 1);
	for (i = 0; i < list->nr; i++) {
		const struct token *tok = &list->tokens[i];

		if (token_is_comment(tok) || tok->directive)
			continue;
		if (tok->type == TOKEN_PUNCT)
			punct(&w, buf, tok, prev);
		else if (tok->type == TOKEN_IDENT)
			ident(&w, buf, tok, prev);
		prev = tok;
	}
	free(w.levels);
	*offset = w.at;
	return w.max;
}

int expr_depth_limit(size_t *limit)
{
	const char *value = getenv(EXPR_DEPTH_ENV);
	unsigned long long n;
	char *end;

	*limit = EXPR_DEPTH_LIMIT;
	if (!value)
		return 0;
	errno = 0;
	n = strtoull(value, &end, 10);
	if (!isdigit((unsigned char)*value) || *end || errno || n > SIZE_MAX)
		return -1;
	*limit = (size_t)n;
	return 0;
}
