/*
 * code-view.h - a file's tokens that are code, that decl-index.c and
 * decl-lookup.c share, they only; callers use decl-lookup.h.
 *
 * The call-site lexer's tokens without the comments (and, for a file,
 * without the preprocessor directives), indexed from 0, with the few
 * questions both ask of them.
 */
#ifndef KM_CODE_VIEW_H
#define KM_CODE_VIEW_H

#include <stddef.h>

#include "lexer.h"

struct strbuf;

/* the tokens that are code: no comments, no directives unless asked */
struct code_view {
	const char *buf;
	const struct token **tok; /* malloc'd: free(cv->tok) */
	size_t nr;
};

void code_view_init(struct code_view *cv, const char *buf,
		    const struct token_list *tokens, int directives);
/* is token i the text */
int code_is(const struct code_view *cv, size_t i, const char *text);
/* is token i an identifier */
int code_ident(const struct code_view *cv, size_t i);
/* a string literal token's characters between its quotes, appended */
void code_literal(struct strbuf *sb, const char *buf, const struct token *tok);

#endif
