/*
 * code-view.c - a file's tokens that are code (see code-view.h).
 */
#include <string.h>

#include "code-view.h"
#include "strbuf.h"
#include "util.h"

void code_view_init(struct code_view *cv, const char *buf,
		    const struct token_list *tokens, int directives)
{
	size_t i;

	cv->buf = buf;
	cv->nr = 0;
	cv->tok = xcalloc(tokens->nr + 1, sizeof(*cv->tok));
	for (i = 0; i < tokens->nr; i++)
		if (tokens->tokens[i].type != TOKEN_COMMENT &&
		    (directives || !tokens->tokens[i].directive))
			cv->tok[cv->nr++] = &tokens->tokens[i];
}

int code_is(const struct code_view *cv, size_t i, const char *text)
{
	return i < cv->nr && token_is(cv->buf, cv->tok[i], text);
}

int code_ident(const struct code_view *cv, size_t i)
{
	return i < cv->nr && cv->tok[i]->type == TOKEN_IDENT;
}

void code_literal(struct strbuf *sb, const char *buf, const struct token *tok)
{
	const char *open = memchr(buf + tok->start, '"', tok->end - tok->start);
	const char *close = buf + tok->end - 1;

	if (open && close > open && *close == '"')
		strbuf_add(sb, open + 1, (size_t)(close - open - 1));
}
