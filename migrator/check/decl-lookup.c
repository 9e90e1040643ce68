/*
 * decl-lookup.c - what an argument expression is, from a file's own text
 * (see decl-lookup.h): its shape (a literal, NULL, a cast, an address,
 * a kernel macro, pointer arithmetic) or the declaration of its name,
 * which decl-index.c finds.
 */
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "code-view.h"
#include "decl-lookup.h"
#include "kernel-data.h"
#include "strbuf.h"
#include "util.h"

/* the index of the ')' or ']' closing the bracket at i, or nr */
static size_t matching(const struct code_view *cv, size_t i)
{
	int depth = 0;

	for (; i < cv->nr; i++) {
		if (code_is(cv, i, "(") || code_is(cv, i, "["))
			depth++;
		else if ((code_is(cv, i, ")") || code_is(cv, i, "]")) &&
			 !--depth)
			return i;
	}
	return cv->nr;
}

static int is_type_words(const struct code_view *cv, size_t first, size_t end)
{
	size_t i;
	int words = 0;

	for (i = first; i < end; i++) {
		if (code_ident(cv, i))
			words++;
		else if (!code_is(cv, i, "*"))
			return 0;
	}
	return words > 0 &&
	       (code_is(cv, end - 1, "*") || code_is(cv, first, "struct") ||
		code_is(cv, first, "unsigned") || code_is(cv, first, "int") ||
		code_is(cv, first, "long") || code_is(cv, first, "char"));
}

static char *token_text(const struct code_view *cv, size_t first, size_t end)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = first; i < end; i++) {
		if (sb.len && !code_is(cv, i, "*"))
			strbuf_addch(&sb, ' ');
		else if (sb.len && !code_is(cv, i - 1, "*"))
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, cv->buf + cv->tok[i]->start,
			   cv->tok[i]->end - cv->tok[i]->start);
	}
	return strbuf_detach(&sb, NULL);
}

static void guess_tokens(const struct source_text *src,
			 const struct code_view *cv, size_t first, size_t end,
			 size_t at, struct expr_guess *g);

/*
 * What a pointer type points to ("char" of "char *"), in place; NULL
 * (the type freed) when it is no pointer or a pointer to a function
 */
static char *deref_type(char *type)
{
	char *star = type ? strrchr(type, '*') : NULL;

	if (!star || strchr(type, '(')) {
		free(type);
		return NULL;
	}
	while (star > type && star[-1] == ' ')
		star--;
	*star = '\0';
	return type;
}

/*
 * base->name (arrow) or base.name: the member's type, as the definition
 * of base's record in the file declares it; NULL when base's type or
 * that definition is not known (a member of the name in another record
 * says nothing)
 */
static char *member_type(const struct source_text *src,
			 const struct code_view *cv, size_t first, size_t end,
			 const char *name, int arrow, size_t at)
{
	struct expr_guess base;
	struct type_class tc;
	char *type = NULL;

	memset(&base, 0, sizeof(base));
	guess_tokens(src, cv, first, end, at, &base);
	if (base.type) {
		type_classify(base.type, &tc);
		if (tc.kind == TYPE_RECORD && tc.pointers == (arrow ? 1 : 0))
			type = decl_member_type(src, tc.base, name, at);
	}
	expr_guess_release(&base);
	return type;
}

/* a name, a member, an element: the declaration of its last name */
static void guess_name(const struct source_text *src,
		       const struct code_view *cv, size_t first, size_t end,
		       size_t at, struct expr_guess *g)
{
	int derefs = 0;
	char *name, *type = NULL;

	while (end > first + 1 && code_is(cv, end - 1, "]")) {
		size_t open = end - 1;

		while (open > first && matching(cv, open) != end - 1)
			open--;
		end = open;
		derefs++;
	}
	if (end <= first || !code_ident(cv, end - 1))
		return;
	name = token_text(cv, end - 1, end);
	if (end - first == 1) {
		g->literal = decl_string_macro(src, name);
		if (g->literal) {
			free(name);
			g->is_literal = 1;
			g->type = xstrdup("char *");
			g->from_declaration = 1;
			return;
		}
		type = decl_type(src, name, at, 0);
	} else if (end - first >= 3 &&
		   (code_is(cv, end - 2, "->") || code_is(cv, end - 2, "."))) {
		type = member_type(src, cv, first, end - 2, name,
				   code_is(cv, end - 2, "->"), at);
	}
	free(name);
	while (type && derefs-- > 0)
		type = deref_type(type);
	g->type = type;
	g->from_declaration = 1;
}

static void guess_address(const struct source_text *src,
			  const struct code_view *cv, size_t first, size_t end,
			  size_t at, struct expr_guess *g)
{
	if (end - first >= 3 && code_ident(cv, end - 1) &&
	    (code_is(cv, end - 2, "->") || code_is(cv, end - 2, "."))) {
		char *member = token_text(cv, end - 1, end);
		const char *type = kernel_member_type(src->kernel, member);

		free(member);
		if (type) {
			g->type = xstrfmt("%s *", type);
			return;
		}
	}
	guess_name(src, cv, first, end, at, g);
	if (g->type && !strchr(g->type, '*')) {
		char *pointer = xstrfmt("%s *", g->type);

		free(g->type);
		g->type = pointer;
	} else if (g->type) {
		free(g->type); /* the address of a pointer: unusual */
		g->type = NULL;
	}
}

static int guess_shape(const struct source_text *src,
		       const struct code_view *cv, size_t first, size_t end,
		       size_t at, struct expr_guess *g)
{
	size_t i, close;

	if (code_is(cv, first, "(") &&
	    (close = matching(cv, first)) < end - 1 &&
	    is_type_words(cv, first + 1, close)) {
		guess_tokens(src, cv, close + 1, end, at, g);
		free(g->type);
		g->type = token_text(cv, first + 1, close);
		g->from_declaration = 0;
		return 1;
	}
	if (code_is(cv, first, "&")) {
		guess_address(src, cv, first + 1, end, at, g);
		return 1;
	}
	if (code_ident(cv, first) && code_is(cv, first + 1, "(") &&
	    matching(cv, first + 1) == end - 1) {
		size_t from = cv->tok[first]->start;
		const struct kernel_macro *mc =
			kernel_macro_match(src->kernel, cv->buf + from,
					   cv->tok[end - 1]->end - from);

		if (mc && !mc->null)
			g->type = xstrdup(mc->type);
		return 1;
	}
	for (i = first + 1; i < end; i++) {
		if (code_is(cv, i, "(") || code_is(cv, i, "["))
			i = matching(cv, i);
		else if (code_is(cv, i, "+") || code_is(cv, i, "-"))
			break;
	}
	if (i < end) {
		/* pointer + n, devt + n: the left operand's type */
		guess_tokens(src, cv, first, i, at, g);
		g->is_null = g->is_literal = 0;
		free(g->literal);
		g->literal = NULL;
		return 1;
	}
	if (code_is(cv, first, "*")) {
		/* *p, *p->q, **pp: what the operand points to */
		guess_tokens(src, cv, first + 1, end, at, g);
		g->type = deref_type(g->type);
		g->is_null = g->is_literal = 0;
		free(g->literal);
		g->literal = NULL;
		return 1;
	}
	return 0;
}

static void guess_tokens(const struct source_text *src,
			 const struct code_view *cv, size_t first, size_t end,
			 size_t at, struct expr_guess *g)
{
	struct strbuf literal = STRBUF_INIT;
	size_t i;

	while (end - first > 2 && code_is(cv, first, "(") &&
	       matching(cv, first) == end - 1) {
		first++;
		end--;
	}
	if (first >= end)
		return;
	for (i = first; i < end && cv->tok[i]->type == TOKEN_STRING; i++)
		code_literal(&literal, cv->buf, cv->tok[i]);
	if (i == end) {
		g->is_literal = 1;
		g->literal = strbuf_detach(&literal, NULL);
		g->type = xstrdup("char *");
		return;
	}
	strbuf_release(&literal);
	if (end - first == 1 && (code_is(cv, first, "NULL") ||
				 cv->tok[first]->type == TOKEN_NUMBER ||
				 cv->tok[first]->type == TOKEN_CHAR)) {
		g->is_null = code_is(cv, first, "NULL") ||
			     (cv->tok[first]->type == TOKEN_NUMBER &&
			      strtoul(cv->buf + cv->tok[first]->start, NULL,
				      0) == 0 &&
			      cv->buf[cv->tok[first]->start] == '0');
		g->type =
			xstrdup(code_is(cv, first, "NULL") ? "void *" : "int");
		return;
	}
	if (!guess_shape(src, cv, first, end, at, g))
		guess_name(src, cv, first, end, at, g);
}

void guess_expression(const struct source_text *src, const char *expr,
		      size_t at, struct expr_guess *guess)
{
	struct token_list tokens = TOKEN_LIST_INIT;
	struct code_view cv;

	memset(guess, 0, sizeof(*guess));
	lex_buffer(expr, strlen(expr), &tokens);
	code_view_init(&cv, expr, &tokens, 1);
	guess_tokens(src, &cv, 0, cv.nr, at, guess);
	free(cv.tok);
	token_list_release(&tokens);
}

void expr_guess_release(struct expr_guess *guess)
{
	free(guess->type);
	free(guess->literal);
	memset(guess, 0, sizeof(*guess));
}
