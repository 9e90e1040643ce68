/*
 * call-site-scan.c - the call kind's scanner (call-site.h's
 * call_site_scan(), which kinds/kind-call.c gives scan through the
 * kind's scan_buffer): the call sites of the migrated function in one
 * buffer that names it.
 *
 * One lexing pass.  An identifier token equal to the name (the old one,
 * or for a migration that renames the function, the new one) is
 * classified by its neighbours:
 *
 *   in a directive other than #define          reference
 *   the name of a #define                      definition
 *   after '.' or '->' (a struct member)        reference
 *   followed by '(' after a type               declaration, or
 *                                              definition when '{' follows
 *   followed by '(' otherwise                  a call: old/new/ambiguous,
 *                                              or left-by-context
 *   anything else                              reference
 *
 * and every whole-identifier occurrence inside a comment or a literal
 * is comment or string.  A static declaration or definition (or a
 * #define) of the name in a .c file makes it shadowed, and with it every
 * call in the file; shadowed calls are not calls of the function, so
 * their text is the rest of the line, as for every kind but a call.  A
 * call inside the body of a definition of either name (a function's
 * braces, or a #define's replacement) is the API's own implementation,
 * a wrapper of the other name after a rename: converting it would make
 * it call itself, so it is shadowed too, with its own reason.
 */
#include <stdlib.h>
#include <string.h>

#include "call-site.h"
#include "lexer.h"
#include "name-index.h"
#include "scan.h"
#include "strbuf.h"
#include "util.h"

/* the body of a definition of one of the names: [start, end) of buf */
struct api_body {
	size_t start, end;
	const char *name;
};

struct buffer_scan {
	struct scan_file *file;
	struct call_site_file f;
	const char *names[2]; /* the old name, and a new one */
	size_t nr_names;
	const char *name; /* of the occurrence being classified */
	int is_c;
	struct api_body *bodies; /* the API's own definitions */
	size_t nr_bodies, alloc_bodies;
};

/* ---- texts ---- */

/* name to ')': one space for each gap between tokens, comments kept */
static void set_call_text(struct call_site *cs, const struct call_site_file *f,
			  size_t name_tok, size_t close_tok)
{
	const struct token *toks = f->tokens->tokens;
	struct strbuf text = STRBUF_INIT;
	size_t i;

	for (i = name_tok; i <= close_tok; i++) {
		const struct token *t = &toks[i];

		if (i > name_tok && t->start > toks[i - 1].end)
			strbuf_addch(&text, ' ');
		if (t->type == TOKEN_COMMENT)
			strbuf_add_squeezed(&text, f->buf + t->start,
					    t->end - t->start);
		else
			strbuf_add(&text, f->buf + t->start, t->end - t->start);
	}
	free(cs->text);
	cs->text = strbuf_detach(&text, NULL);
}

/* the rest of the line from the name, trailing whitespace removed */
static void set_line_text(struct call_site *cs, const struct call_site_file *f)
{
	const char *start = f->buf + cs->name_offset;
	size_t len = 0;

	while (cs->name_offset + len < f->len &&
	       !lex_line_end(f->buf, f->len, cs->name_offset + len))
		len++;

	while (len && start[len - 1] && strchr(" \t\r\v\f", start[len - 1]))
		len--;
	free(cs->text);
	cs->text = xstrndup(start, len);
}

/* ---- one buffer ---- */

static struct call_site *new_site(struct buffer_scan *bs, size_t offset,
				  enum call_site_kind kind)
{
	struct scan_file *file = bs->file;
	struct call_site *cs;

	ALLOC_GROW(file->sites, file->nr_sites + 1, file->alloc_sites);
	cs = &file->sites[file->nr_sites++];
	memset(cs, 0, sizeof(*cs));
	cs->file = xstrdup(file->path);
	cs->name_offset = offset;
	cs->name_len = strlen(bs->name);
	cs->kind = kind;
	return cs;
}

static const struct token *tok(const struct buffer_scan *bs, size_t i)
{
	return &bs->f.tokens->tokens[i];
}

static int tok_is(const struct buffer_scan *bs, size_t i, const char *text)
{
	return i != (size_t)-1 && token_is(bs->f.buf, tok(bs, i), text);
}

/* the previous token that is not a comment, in code or in i's directive */
static size_t prev_code(const struct buffer_scan *bs, size_t i)
{
	size_t dir = tok(bs, i)->directive;

	while (i-- > 0) {
		const struct token *t = tok(bs, i);

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

/* the name at i follows a type: "struct class_device *NAME", "int NAME" */
static int after_type(const struct buffer_scan *bs, size_t name)
{
	size_t p = prev_code(bs, name);

	while (tok_is(bs, p, "*") || tok_is(bs, p, "const"))
		p = prev_code(bs, p);
	return p != (size_t)-1 && tok(bs, p)->type == TOKEN_IDENT &&
	       !token_is_expr_keyword(bs->f.buf, tok(bs, p));
}

/* the token closing the parenthesis at open, in open's region */
static size_t match_paren(const struct buffer_scan *bs, size_t open)
{
	size_t i = open;
	int depth = 0;

	for (; i != (size_t)-1; i = token_next_code(bs->f.tokens, i)) {
		if (tok_is(bs, i, "("))
			depth++;
		else if (tok_is(bs, i, ")") && !--depth)
			return i;
	}
	return (size_t)-1;
}

/* the token closing the brace at open, or -1 */
static size_t match_brace(const struct buffer_scan *bs, size_t open)
{
	size_t i = open;
	int depth = 0;

	for (; i != (size_t)-1; i = token_next_code(bs->f.tokens, i)) {
		if (tok_is(bs, i, "{"))
			depth++;
		else if (tok_is(bs, i, "}") && !--depth)
			return i;
	}
	return (size_t)-1;
}

/* [first, last] of bs->f.buf is the body of a definition of bs->name */
static void add_body(struct buffer_scan *bs, size_t first, size_t last)
{
	struct api_body *b;

	ALLOC_GROW(bs->bodies, bs->nr_bodies + 1, bs->alloc_bodies);
	b = &bs->bodies[bs->nr_bodies++];
	b->start = tok(bs, first)->start;
	b->end = tok(bs, last)->end;
	b->name = bs->name;
}

/* '{' after the parameter list, past attributes: a function body */
static int body_follows(const struct buffer_scan *bs, size_t close)
{
	size_t i = token_next_code(bs->f.tokens, close);

	while (i != (size_t)-1 && tok(bs, i)->type == TOKEN_IDENT) {
		i = token_next_code(bs->f.tokens, i);
		if (tok_is(bs, i, "("))
			i = match_paren(bs, i);
		if (i != (size_t)-1)
			i = token_next_code(bs->f.tokens, i);
	}
	return tok_is(bs, i, "{");
}

/* "static" among the specifiers before the name at i */
static int is_static(const struct buffer_scan *bs, size_t i)
{
	for (i = prev_code(bs, i); i != (size_t)-1; i = prev_code(bs, i)) {
		if (tok_is(bs, i, ";") || tok_is(bs, i, "{") ||
		    tok_is(bs, i, "}"))
			return 0;
		if (tok_is(bs, i, "static"))
			return 1;
	}
	return 0;
}

static void declare(struct buffer_scan *bs, struct call_site *cs,
		    enum call_site_kind kind, int is_static)
{
	cs->kind = kind;
	if (is_static && bs->is_c) {
		cs->kind = CALL_SITE_SHADOWED;
		cs->reason = kind == CALL_SITE_DECLARATION ?
				     CALL_REASON_LOCAL_DECLARATION :
				     CALL_REASON_LOCAL_DEFINITION;
		cs->local_name = xstrdup(bs->name);
		bs->file->shadowed = 1;
	}
	set_line_text(cs, &bs->f);
}

/* the body after the parameter list closed at close */
static void record_body(struct buffer_scan *bs, size_t close)
{
	size_t open = token_next_code(bs->f.tokens, close), end;

	while (open != (size_t)-1 && !tok_is(bs, open, "{"))
		open = token_next_code(bs->f.tokens, open);
	end = open == (size_t)-1 ? open : match_brace(bs, open);
	if (end != (size_t)-1)
		add_body(bs, open, end);
}

/* the tokens of #define directive dir after its name: its body */
static void record_macro_body(struct buffer_scan *bs, size_t name)
{
	size_t dir = tok(bs, name)->directive, last = name;

	while (last + 1 < bs->f.tokens->nr &&
	       tok(bs, last + 1)->directive == dir)
		last++;
	add_body(bs, name, last);
}

/* the migration leaves the call at name: by its file, or its result */
static int leaves_by_context(const struct buffer_scan *bs,
			     const struct call_site *cs, size_t name,
			     size_t close)
{
	if (migration_leaves_path(bs->f.m, bs->file->path))
		return 1;
	return !cs->unterminated &&
	       !migration_where_fits(
		       bs->f.m, call_site_result_unused(&bs->f, name, close));
}

/* "NAME(" at name, its '(' at open: a declaration, definition or call */
static void classify_parens(struct buffer_scan *bs, struct call_site *cs,
			    size_t name, size_t open)
{
	size_t close = call_site_split_args(cs, &bs->f, open);
	int in_macro = tok(bs, name)->directive != 0;

	if (!in_macro && !cs->unterminated &&
	    (after_type(bs, name) || body_follows(bs, close))) {
		if (body_follows(bs, close))
			record_body(bs, close);
		declare(bs, cs,
			body_follows(bs, close) ? CALL_SITE_DEFINITION :
						  CALL_SITE_DECLARATION,
			is_static(bs, name));
		return;
	}
	call_site_decide_form(cs, &bs->f);
	/* the old name where the map does not apply: left by context */
	if (cs->kind != CALL_SITE_NEW && leaves_by_context(bs, cs, name, close))
		cs->kind = CALL_SITE_CONTEXT;
	set_call_text(cs, &bs->f, name, close);
}

static void classify_name(struct buffer_scan *bs, size_t name)
{
	struct call_site *cs =
		new_site(bs, tok(bs, name)->start, CALL_SITE_REFERENCE);
	size_t dir = tok(bs, name)->directive;
	size_t next = token_next_code(bs->f.tokens, name);
	size_t prev = prev_code(bs, name);
	const char *buf = bs->f.buf;

	if (dir && define_name(bs->f.tokens, buf, dir) == name) {
		record_macro_body(bs, name);
		return declare(bs, cs, CALL_SITE_DEFINITION, 1);
	}
	cs->in_macro = dir && define_name(bs->f.tokens, buf, dir) != (size_t)-1;
	if ((dir && !cs->in_macro) || tok_is(bs, prev, ".") ||
	    tok_is(bs, prev, "->") || !tok_is(bs, next, "("))
		return set_line_text(cs, &bs->f);
	classify_parens(bs, cs, name, next);
}

static int by_offset(const void *a, const void *b)
{
	const struct call_site *x = a, *y = b;

	return x->name_offset < y->name_offset ?
		       -1 :
		       x->name_offset > y->name_offset;
}

/* every whole-identifier occurrence inside a comment or a literal */
static void find_in_token(struct buffer_scan *bs, size_t i)
{
	const struct token *t = tok(bs, i);
	const char *buf = bs->f.buf;
	enum call_site_kind kind =
		t->type == TOKEN_COMMENT ? CALL_SITE_COMMENT : CALL_SITE_STRING;
	size_t first = bs->file->nr_sites, k;

	for (k = 0; k < bs->nr_names; k++) {
		const char *p = buf + t->start;
		size_t len = strlen(bs->names[k]);

		bs->name = bs->names[k];
		while ((p = scan_find_word(p, buf + t->end, bs->name, len))) {
			struct call_site *cs =
				new_site(bs, (size_t)(p - buf), kind);

			cs->in_macro = t->directive &&
				       define_name(bs->f.tokens, buf,
						   t->directive) != (size_t)-1;
			set_line_text(cs, &bs->f);
			p += len;
		}
	}
	if (bs->nr_names > 1 && bs->file->nr_sites > first)
		sane_qsort(bs->file->sites + first, bs->file->nr_sites - first,
			   sizeof(*bs->file->sites), by_offset);
}

/* a file-local function of the name: its calls are not the API's */
static void shadow_calls(struct buffer_scan *bs)
{
	size_t i;

	for (i = 0; i < bs->file->nr_sites; i++) {
		struct call_site *cs = &bs->file->sites[i];

		if (!call_site_kind_is_call(cs->kind))
			continue;
		cs->kind = CALL_SITE_SHADOWED;
		cs->reason = CALL_REASON_LOCAL_CALL;
		free(cs->local_name);
		cs->local_name =
			xstrndup(bs->f.buf + cs->name_offset, cs->name_len);
		set_line_text(cs, &bs->f);
	}
}

/*
 * A call inside the API's own definition (the old or the new function's
 * body, or its #define): the implementation, often a wrapper of the
 * other name, which a conversion would make recursive.  It is left.
 */
static void mark_api_bodies(struct buffer_scan *bs)
{
	size_t i, k;

	for (i = 0; i < bs->file->nr_sites; i++) {
		struct call_site *cs = &bs->file->sites[i];

		if (!call_site_kind_is_call(cs->kind))
			continue;
		for (k = 0; k < bs->nr_bodies; k++)
			if (cs->name_offset > bs->bodies[k].start &&
			    cs->name_offset < bs->bodies[k].end)
				break;
		if (k == bs->nr_bodies)
			continue;
		cs->kind = CALL_SITE_SHADOWED;
		cs->reason = CALL_REASON_API_DEFINITION;
		free(cs->local_name);
		cs->local_name = xstrdup(bs->bodies[k].name);
		set_line_text(cs, &bs->f);
	}
}

void call_site_scan(struct scan_file *file, const char *buf, size_t len,
		    const struct migration *m)
{
	struct token_list tokens = TOKEN_LIST_INIT;
	struct name_index names;
	struct buffer_scan bs = {
		.file = file,
		.f = { buf, len, &tokens, m, &names },
		.names = { m->function, m->new_function },
	};
	size_t plen = strlen(file->path), i, k;

	bs.nr_names = migration_renames(m) ? 2 : 1;
	bs.is_c = plen >= 2 && !strcmp(file->path + plen - 2, ".c");
	lex_buffer(buf, len, &tokens);
	name_index_init(&names, &tokens, buf);
	for (i = 0; i < tokens.nr; i++) {
		const struct token *t = &tokens.tokens[i];

		if (t->type == TOKEN_COMMENT || t->type == TOKEN_STRING ||
		    t->type == TOKEN_CHAR) {
			find_in_token(&bs, i);
			continue;
		}
		for (k = 0; t->type == TOKEN_IDENT && k < bs.nr_names; k++)
			if (token_is(buf, t, bs.names[k])) {
				bs.name = bs.names[k];
				classify_name(&bs, i);
			}
	}
	if (file->shadowed)
		shadow_calls(&bs);
	mark_api_bodies(&bs);
	free(bs.bodies);
	name_index_release(&names);
	token_list_release(&tokens);
}
