/*
 * call-site-context.c - where in its statement a call stands: whether
 * its result is unused (call-site.h's call_site_result_unused()), for a
 * migration whose map applies only there or only elsewhere ("where:").
 *
 * A call's result is unused when the call is a whole expression
 * statement, or one cast to void:
 *
 *	strlcpy(a, b, n);			unused
 *	if (x) strlcpy(a, b, n); else ...	unused
 *	out: (void)strlcpy(a, b, n);		unused
 *	len = strlcpy(a, b, n);			used
 *	return strlcpy(a, b, n);		used
 *	f(strlcpy(a, b, n));			used
 *	x ? strlcpy(a, b, n) : 0;		used
 *
 * A statement starts after ';', '{', '}', "else", "do", a label's or a
 * case's ':' (not a conditional's), the ')' of "if", "while", "for" or
 * "switch", or of an iterator macro ("list_for_each(...) stmt").  The
 * same as the generated semantic patch's "f(...);" and "(void)f(...);":
 * anything less clear is used, and so on the side of leaving the call.
 */
#include <string.h>

#include "call-site.h"
#include "lexer.h"

/* the previous code token before i, skipping comments and directives */
static size_t prev_tok(const struct call_site_file *f, size_t i)
{
	size_t dir = f->tokens->tokens[i].directive;

	while (i-- > 0) {
		const struct token *t = &f->tokens->tokens[i];

		if (t->directive != dir) {
			if (dir)
				return (size_t)-1;
			continue;
		}
		if (t->type != TOKEN_COMMENT)
			return i;
	}
	return (size_t)-1;
}

static int is(const struct call_site_file *f, size_t i, const char *text)
{
	return i != (size_t)-1 && token_is(f->buf, &f->tokens->tokens[i], text);
}

/* the '(' matching the ')' at close, or -1 */
static size_t open_of(const struct call_site_file *f, size_t close)
{
	size_t i = close;
	int depth = 0;

	for (; i != (size_t)-1; i = prev_tok(f, i)) {
		if (is(f, i, ")"))
			depth++;
		else if (is(f, i, "(") && !--depth)
			return i;
	}
	return (size_t)-1;
}

/* the ':' at colon ends a label or a case, not a conditional's '?' */
static int label_colon(const struct call_site_file *f, size_t colon)
{
	size_t i;

	for (i = prev_tok(f, colon); i != (size_t)-1; i = prev_tok(f, i)) {
		if (is(f, i, "?"))
			return 0;
		if (is(f, i, ";") || is(f, i, "{") || is(f, i, "}") ||
		    is(f, i, "case") || is(f, i, "default"))
			return 1;
	}
	return 1;
}

/* the ')' at close ends the head of a statement: "if (x)", "for (...)" */
static int head_close(const struct call_site_file *f, size_t close)
{
	static const char *const keywords[] = { "if", "while", "for",
						"switch" };
	size_t open = open_of(f, close), before;
	const struct token *t;

	if (open == (size_t)-1)
		return 0;
	before = prev_tok(f, open);
	if (before == (size_t)-1)
		return 0;
	t = &f->tokens->tokens[before];
	if (token_in(f->buf, t, keywords, 4))
		return 1;
	/* an iterator macro; "sizeof (x) f()" is not C */
	return t->type == TOKEN_IDENT && !token_is_expr_keyword(f->buf, t);
}

/* a statement starts after the token at i */
static int statement_starts_after(const struct call_site_file *f, size_t i)
{
	if (i == (size_t)-1)
		return 1;
	if (is(f, i, ";") || is(f, i, "{") || is(f, i, "}") ||
	    is(f, i, "else") || is(f, i, "do"))
		return 1;
	if (is(f, i, ":"))
		return label_colon(f, i);
	return is(f, i, ")") && head_close(f, i);
}

/* "(void)" ends at close, after a statement's start */
static int void_cast(const struct call_site_file *f, size_t close)
{
	size_t word = prev_tok(f, close), open;

	if (!is(f, close, ")") || !is(f, word, "void"))
		return 0;
	open = prev_tok(f, word);
	return is(f, open, "(") && statement_starts_after(f, prev_tok(f, open));
}

int call_site_result_unused(const struct call_site_file *f, size_t name_tok,
			    size_t close_tok)
{
	size_t prev = prev_tok(f, name_tok);

	if (!is(f, token_next_code(f->tokens, close_tok), ";"))
		return 0;
	return void_cast(f, prev) || statement_starts_after(f, prev);
}
