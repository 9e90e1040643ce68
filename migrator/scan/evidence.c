/*
 * evidence.c - the evidence of an argument and whether it fits a
 * parameter (see evidence.h for the kinds; evidence-decide.c weighs it
 * into a call's form).
 *
 * Reading a text: comments do not count; an argument that is string
 * literals only is a string; then, in order, a macro of the kernel data
 * (NULL, MKDEV(...), THIS_MODULE: kernel-data.h), an address, a cast,
 * integer arithmetic of literals, and a lone identifier: a parameter of
 * the #define holding the call (no type), its declarations in the file
 * (find_declared_types(): "TYPE NAME;", "TYPE NAME =", "TYPE NAME,",
 * "TYPE NAME)" anywhere, scopes not tracked), or the body of its own
 * #define in the file, followed up to three levels.  Nothing else is
 * known: a call, a member, arithmetic on names.
 */
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "evidence.h"
#include "kernel-data.h"
#include "lexer.h"
#include "migration.h"
#include "name-index.h"
#include "strbuf.h"
#include "util.h"

#define MAX_MACRO_DEPTH 3

/* ---- the tokens of one argument or macro body, comments left out ---- */

struct expr {
	const char *buf;
	struct token_list list;
	size_t *sig;
	size_t nr;
};

static void expr_init(struct expr *e, const char *text, size_t len)
{
	size_t i;

	e->buf = text;
	memset(&e->list, 0, sizeof(e->list));
	lex_buffer(text, len, &e->list);
	e->sig = xcalloc(e->list.nr + 1, sizeof(*e->sig));
	e->nr = 0;
	for (i = 0; i < e->list.nr; i++)
		if (e->list.tokens[i].type != TOKEN_COMMENT)
			e->sig[e->nr++] = i;
}

static void expr_release(struct expr *e)
{
	token_list_release(&e->list);
	free(e->sig);
}

static const struct token *expr_tok(const struct expr *e, size_t i)
{
	return &e->list.tokens[e->sig[i]];
}

static int expr_is(const struct expr *e, size_t i, const char *text)
{
	return i < e->nr && token_is(e->buf, expr_tok(e, i), text);
}

static char *expr_text(const struct expr *e, size_t from, size_t to)
{
	return xstrndup(e->buf + expr_tok(e, from)->start,
			expr_tok(e, to - 1)->end - expr_tok(e, from)->start);
}

/* the index of the token closing the bracket at open, or e->nr */
static size_t expr_match(const struct expr *e, size_t open)
{
	size_t i;
	int depth = 0;

	for (i = open; i < e->nr; i++) {
		if (expr_tok(e, i)->type != TOKEN_PUNCT)
			continue;
		if (expr_is(e, i, "(") || expr_is(e, i, "["))
			depth++;
		else if ((expr_is(e, i, ")") || expr_is(e, i, "]")) && !--depth)
			return i;
	}
	return e->nr;
}

static int is_integer_literal(const struct expr *e, size_t i)
{
	const struct token *t = expr_tok(e, i);
	const char *p = e->buf + t->start;
	size_t n = t->end - t->start;
	int hex = n > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');

	return t->type == TOKEN_NUMBER && !memchr(p, '.', n) &&
	       (hex || (!memchr(p, 'e', n) && !memchr(p, 'E', n)));
}

/* integer literals joined by integer operators and parentheses */
static int is_integer_expr(const struct expr *e)
{
	static const char *const ops[] = {
		"+", "-", "*", "/", "%", "<<", ">>",
		"|", "&", "^", "~", "(", ")",
	};
	size_t i;
	int numbers = 0;

	for (i = 0; i < e->nr; i++) {
		const struct token *t = expr_tok(e, i);

		if (t->type == TOKEN_NUMBER && is_integer_literal(e, i))
			numbers++;
		else if (t->type != TOKEN_PUNCT ||
			 !token_in(e->buf, t, ops, ARRAY_SIZE(ops)))
			return 0;
	}
	return numbers > 0;
}

/* one integer literal of value 0: "0", "0x0", "0UL" */
static int is_zero_literal(const struct expr *e)
{
	const char *p;
	char *end;

	if (e->nr != 1 || !is_integer_literal(e, 0))
		return 0;
	p = e->buf + expr_tok(e, 0)->start;
	return strtoul(p, &end, 0) == 0 && end <= e->buf + expr_tok(e, 0)->end;
}

static int is_string_literals(const struct expr *e)
{
	size_t i;

	for (i = 0; i < e->nr; i++)
		if (expr_tok(e, i)->type != TOKEN_STRING)
			return 0;
	return e->nr > 0;
}

/* ---- the evidence of one text ---- */

static void set(struct evidence *ev, enum evidence_kind kind, const char *type,
		char *why)
{
	char *copy = type ? xstrdup(type) : NULL;

	ev->kind = kind;
	free(ev->type);
	ev->type = copy;
	free(ev->why);
	ev->why = why;
}

static void of_text(struct evidence *ev, const struct evidence_source *src,
		    const char *text, size_t len, int depth);

/* a macro of the kernel data, as the whole argument */
static int of_kernel_macro(struct evidence *ev,
			   const struct evidence_source *src,
			   const struct expr *e, const char *text, size_t len)
{
	const struct kernel_macro *mc =
		kernel_macro_match(src->kernel, text, len);
	char *name;

	if (!mc)
		return 0;
	name = xstrndup(e->buf + expr_tok(e, 0)->start,
			expr_tok(e, 0)->end - expr_tok(e, 0)->start);
	if (mc->null && !mc->function_like && !strcmp(name, "NULL"))
		set(ev, EVIDENCE_NULL, mc->type, xstrdup("is NULL"));
	else if (mc->null)
		set(ev, EVIDENCE_NULL, mc->type,
		    xstrfmt("is %s, the null pointer", name));
	else
		set(ev, EVIDENCE_TYPED, mc->type,
		    xstrfmt("is %s%s, a '%s'", name,
			    mc->function_like ? "()" : "", mc->type));
	free(name);
	return 1;
}

/* "&x", "&x->member": a pointer, of the member's type when known */
static void of_address(struct evidence *ev, const struct evidence_source *src,
		       const struct expr *e)
{
	const char *member = NULL;
	char *name = NULL;

	if (e->nr >= 4 && expr_tok(e, e->nr - 1)->type == TOKEN_IDENT &&
	    (expr_is(e, e->nr - 2, "->") || expr_is(e, e->nr - 2, "."))) {
		name = expr_text(e, e->nr - 1, e->nr);
		member = kernel_member_type(src->kernel, name);
	}
	if (member) {
		char *type = xstrfmt("%s *", member);

		set(ev, EVIDENCE_ADDRESS, type,
		    xstrfmt("takes the address of a '%s' member, a '%s'", name,
			    type));
		free(type);
	} else {
		set(ev, EVIDENCE_ADDRESS, NULL, xstrdup("takes an address"));
	}
	free(name);
}

/* "(TYPE) value": a null pointer cast, or a value of that type */
static int of_cast(struct evidence *ev, const struct evidence_source *src,
		   const struct expr *e)
{
	struct strbuf type = STRBUF_INIT;
	size_t close = expr_match(e, 0), i;
	struct evidence value = { 0 };

	if (!expr_is(e, 0, "(") || close >= e->nr - 1 || close < 2)
		return 0;
	for (i = 1; i < close; i++)
		if (expr_tok(e, i)->type != TOKEN_IDENT && !expr_is(e, i, "*"))
			return 0;
	type_normalise(&type, e->buf, e->list.tokens, e->sig[1], e->sig[close]);
	if (type.buf[type.len - 1] == '*') {
		size_t from = expr_tok(e, close + 1)->start;

		of_text(&value, src, e->buf + from,
			expr_tok(e, e->nr - 1)->end - from, MAX_MACRO_DEPTH);
	}
	if (value.kind == EVIDENCE_NULL || value.kind == EVIDENCE_ZERO)
		set(ev, EVIDENCE_NULL, type.buf,
		    xstrfmt("is a null pointer cast to '%s'", type.buf));
	else
		set(ev, EVIDENCE_TYPED, type.buf,
		    xstrfmt("is cast to '%s'", type.buf));
	evidence_release(&value);
	strbuf_release(&type);
	return 1;
}

/*
 * The types name is declared with, to types, and the body of its
 * #define, to body: 1 when it has one; from the index when there is one
 */
static int declarations(const struct evidence_source *src, const char *name,
			struct strlist *types, struct strbuf *body)
{
	const struct name_decls *decls;
	size_t i;

	if (!src->names) {
		find_declared_types(src->tokens, src->buf, name, types);
		return define_body(src->tokens, src->buf, name, body);
	}
	decls = name_index_find(src->names, name);
	for (i = 0; decls && i < decls->types.nr; i++)
		strlist_push(types, decls->types.items[i].string);
	if (!decls || !decls->define)
		return 0;
	define_directive_body(src->tokens, src->buf, decls->define, body);
	return 1;
}

/* a lone identifier: a macro parameter, its declarations, its #define */
static void of_ident(struct evidence *ev, const struct evidence_source *src,
		     const char *name, int depth)
{
	struct strbuf body = STRBUF_INIT;
	int has_define;
	size_t i;

	if (!src->tokens) {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrfmt("'%s' has no known type", name));
		return;
	}
	if (src->macro &&
	    define_has_param(src->tokens, src->buf, src->macro, name)) {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrfmt("'%s' is a macro parameter (no type)", name));
		return;
	}
	has_define = declarations(src, name, &ev->declared_types, &body);
	if (ev->declared_types.nr) {
		struct strbuf why = STRBUF_INIT;

		strbuf_addf(&why, "'%s' is declared", name);
		for (i = 0; i < ev->declared_types.nr; i++)
			strbuf_addf(&why, "%s'%s'", i ? " and " : " ",
				    ev->declared_types.items[i].string);
		set(ev, EVIDENCE_TYPED, ev->declared_types.items[0].string,
		    strbuf_detach(&why, NULL));
		ev->declared = 1;
		return;
	}
	if (depth < MAX_MACRO_DEPTH && has_define) {
		of_text(ev, src, body.buf, body.len, depth + 1);
		if (ev->kind == EVIDENCE_UNKNOWN)
			set(ev, EVIDENCE_UNKNOWN, NULL,
			    xstrfmt("'%s' is a macro that tells nothing",
				    name));
		else
			set(ev, ev->kind, ev->type,
			    xstrfmt("'%s' is a macro that %s", name, ev->why));
	} else {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrfmt("'%s' has no declaration of a type", name));
	}
	strbuf_release(&body);
}

static void of_text(struct evidence *ev, const struct evidence_source *src,
		    const char *text, size_t len, int depth)
{
	struct expr e;

	expr_init(&e, text, len);
	if (!e.nr) {
		set(ev, EVIDENCE_UNKNOWN, NULL, xstrdup("is empty"));
	} else if (is_string_literals(&e)) {
		set(ev, EVIDENCE_STRING, "char *",
		    xstrdup("is a string literal"));
	} else if (of_kernel_macro(ev, src, &e, text, len)) {
		/* set */
	} else if (expr_is(&e, 0, "&")) {
		of_address(ev, src, &e);
	} else if (of_cast(ev, src, &e)) {
		/* set */
	} else if (is_zero_literal(&e)) {
		set(ev, EVIDENCE_ZERO, NULL, xstrdup("is 0"));
	} else if (is_integer_expr(&e)) {
		set(ev, EVIDENCE_INTEGER, NULL,
		    xstrdup("is an integer expression"));
	} else if (e.nr == 1 && expr_tok(&e, 0)->type == TOKEN_IDENT) {
		char *name = expr_text(&e, 0, 1);

		of_ident(ev, src, name, depth);
		free(name);
	} else {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrdup("is an expression of unknown type"));
	}
	expr_release(&e);
}

void evidence_of(struct evidence *ev, const struct evidence_source *src,
		 const char *text, size_t len)
{
	memset(ev, 0, sizeof(*ev));
	strlist_init(&ev->declared_types);
	of_text(ev, src, text, len, 0);
}

void evidence_set_type(struct evidence *ev, const char *type)
{
	memset(ev, 0, sizeof(*ev));
	strlist_init(&ev->declared_types);
	set(ev, EVIDENCE_TYPED, type, xstrfmt("is a '%s'", type));
}

void evidence_release(struct evidence *ev)
{
	free(ev->type);
	free(ev->why);
	strlist_clear(&ev->declared_types, 0);
	memset(ev, 0, sizeof(*ev));
}

/* ---- fitting a parameter ---- */

int evidence_fits(const struct evidence *ev, const char *param_type)
{
	struct type_class p;
	int pointer, integer;

	if (!param_type)
		return -1;
	type_classify(param_type, &p);
	pointer = type_is_pointer(&p);
	integer = !pointer && (p.kind == TYPE_INTEGER || p.kind == TYPE_FLOAT);
	switch (ev->kind) {
	case EVIDENCE_NULL:
		return pointer ? 1 : integer ? 0 : -1;
	case EVIDENCE_ZERO:
		return pointer || integer ? 1 : -1;
	case EVIDENCE_INTEGER:
		return pointer ? 0 : integer ? 1 : -1;
	case EVIDENCE_ADDRESS:
		if (ev->type)
			return type_spelling_fits(param_type, ev->type, 0);
		return pointer ? 1 : integer ? 0 : -1;
	case EVIDENCE_STRING:
	case EVIDENCE_TYPED:
		return type_spelling_fits(param_type, ev->type, 0);
	default:
		return -1;
	}
}
