/*
 * callback-edit.c - the span of a "callback" occurrence and the edits
 * that convert it (callback-site.h): a member's name becomes the new
 * one; a function's old return type the new one, and in its body a
 * return of success becomes "return;", or, as the body's last
 * statement, goes with its line (and a blank line above it).  What the
 * patch's changed lines carry is held to checkpatch.pl's style: "type*
 * name" on the definition's line, a space before a tab after a member.
 */
#include <stdlib.h>
#include <string.h>

#include "callback-code.h"
#include "callback-site.h"
#include "strbuf.h"
#include "util.h"

static void add_edit(struct callback_edit **edits, size_t *nr, size_t *alloc,
		     size_t start, size_t end, const char *text)
{
	struct callback_edit *e;

	ALLOC_GROW(*edits, *nr + 1, *alloc);
	e = &(*edits)[(*nr)++];
	e->start = start;
	e->end = end;
	e->text = xstrdup(text);
}

/* a member's name: a '.' or '->' before it */
static int is_member(const struct cb_code *c, size_t i)
{
	return i > 0 && (cb_is(c, i - 1, ".") || cb_is(c, i - 1, "->"));
}

/*
 * The reading of the buffer (callback-code.h) that holds a code token
 * at offset, the first branches' or else the last ones': its index, or
 * CB_NONE
 */
static size_t read_at(struct cb_code *c, const char *buf, size_t len,
		      const struct token_list *toks, size_t offset)
{
	size_t i;

	cb_code_init(c, buf, len, toks);
	i = cb_at(c, offset);
	if (i == CB_NONE && cb_has_branches(toks, buf)) {
		cb_code_release(c);
		cb_code_init_branch(c, buf, len, toks, 1);
		i = cb_at(c, offset);
	}
	return i;
}

/* the token of a directive (a #define body's member) at offset: 0 */
static int directive_token(const struct token_list *toks, size_t offset,
			   size_t *at)
{
	size_t lo = 0, hi = toks->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (toks->tokens[mid].start < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= toks->nr || toks->tokens[lo].start != offset ||
	    !toks->tokens[lo].directive)
		return -1;
	*at = lo;
	return 0;
}

int callback_span(const struct token_list *toks, const char *buf,
		  size_t name_offset, size_t *first, size_t *last)
{
	const struct migration_callback none = { 0 };
	struct cb_code c;
	struct cb_function f;
	size_t i;
	int ret = -1;

	i = read_at(&c, buf, toks->nr ? toks->tokens[toks->nr - 1].end : 0,
		    toks, name_offset);
	if (i != CB_NONE && is_member(&c, i)) {
		*first = *last = c.idx[i];
		ret = 0;
	} else if (i != CB_NONE && !cb_span_function(&c, i, &none, &f)) {
		*first = c.idx[f.first];
		*last = c.idx[f.end];
		ret = 0;
	} else if (i != CB_NONE &&
		   (c.encl[i] != CB_NONE || cb_is(&c, i, "{"))) {
		/* a positional initializer's element, or its brace */
		*first = *last = c.idx[i];
		ret = 0;
	} else if (i == CB_NONE) {
		ret = directive_token(toks, name_offset, first);
		*last = *first;
	}
	cb_code_release(&c);
	return ret;
}

/* blanks only in [from, to) */
static int blank(const char *buf, size_t from, size_t to)
{
	for (; from < to; from++)
		if (buf[from] != ' ' && buf[from] != '\t')
			return 0;
	return 1;
}

/* the return's bytes [start, end), with its line when it is alone there */
static void final_return(const struct cb_code *c, size_t r, size_t semi,
			 size_t *start, size_t *end)
{
	size_t s = cb_tok(c, r)->start, e = cb_tok(c, semi)->end;
	size_t ls = s, le = e, pl;

	*start = s;
	*end = e;
	while (ls > 0 && c->buf[ls - 1] != '\n')
		ls--;
	while (le < c->len && c->buf[le] != '\n')
		le++;
	if (le >= c->len || !blank(c->buf, ls, s) || !blank(c->buf, e, le))
		return;
	*start = ls;
	*end = le + 1;
	/* a blank line above it goes too */
	if (ls < 2)
		return;
	pl = ls - 1;
	while (pl > 0 && c->buf[pl - 1] != '\n')
		pl--;
	if (blank(c->buf, pl, ls - 1))
		*start = pl;
}

/* the blanks that start the line of offset at */
static char *line_indent(const struct cb_code *c, size_t at)
{
	size_t ls = at, e;

	while (ls > 0 && c->buf[ls - 1] != '\n')
		ls--;
	for (e = ls; e < at && (c->buf[e] == ' ' || c->buf[e] == '\t'); e++)
		;
	return xstrndup(c->buf + ls, e - ls);
}

/*
 * An error return, with "errors: drop": its value goes, or stays as a
 * statement when it has a side effect ("return f(x);" becomes "f(x);"
 * and, but at the end of the body, "return;" on the next line)
 */
static void error_edits(const struct cb_code *c, size_t r, size_t semi,
			int final, struct callback_edit **edits, size_t *nr,
			size_t *alloc)
{
	struct strbuf ret = STRBUF_INIT;
	char *indent;

	add_edit(edits, nr, alloc, cb_tok(c, r)->start, cb_tok(c, r + 1)->start,
		 "");
	if (final)
		return;
	indent = line_indent(c, cb_tok(c, r)->start);
	strbuf_addf(&ret, "\n%sreturn;", indent);
	add_edit(edits, nr, alloc, cb_tok(c, semi)->end, cb_tok(c, semi)->end,
		 ret.buf);
	strbuf_release(&ret);
	free(indent);
}

static void body_edits(const struct cb_code *c,
		       const struct migration_callback *cb,
		       const struct cb_function *f,
		       struct callback_edit **edits, size_t *nr, size_t *alloc)
{
	size_t i, semi, start, end;

	for (i = f->close + 2; i < f->end; i++) {
		if (!cb_is(c, i, "return"))
			continue;
		semi = cb_return_end(c, i, f->end);
		if (semi == CB_NONE || semi == i + 1)
			continue;
		if (!cb_returns_success(c, i, semi, cb->success)) {
			if (!cb->drop_errors)
				continue;
			if (cb_return_effect(c, i, semi)) {
				if (cb_in_block(c, i))
					error_edits(c, i, semi,
						    semi + 1 == f->end, edits,
						    nr, alloc);
				continue;
			}
		}
		if (semi + 1 == f->end) {
			final_return(c, i, semi, &start, &end);
			add_edit(edits, nr, alloc, start, end, "");
		} else {
			add_edit(edits, nr, alloc, cb_tok(c, i)->end,
				 cb_tok(c, semi)->start, "");
		}
	}
}

/* whether offsets a and b are on one line */
static int same_line(const struct cb_code *c, size_t a, size_t b)
{
	return !memchr(c->buf + a, '\n', b - a);
}

/*
 * The line the patch changes is held to kernel style (checkpatch.pl):
 * in its tokens [from, to], "type* name" becomes "type *name"
 */
static void star_edits(const struct cb_code *c, size_t line_of, size_t from,
		       size_t to, struct callback_edit **edits, size_t *nr,
		       size_t *alloc)
{
	size_t i;

	for (i = from + 1; i < to; i++) {
		const struct token *star = cb_tok(c, i), *prev, *next;

		if (!cb_is(c, i, "*"))
			continue;
		prev = cb_tok(c, i - 1);
		next = cb_tok(c, i + 1);
		if (prev->type == TOKEN_IDENT && prev->end == star->start &&
		    next->type == TOKEN_IDENT && next->start > star->end &&
		    same_line(c, line_of, next->start))
			add_edit(edits, nr, alloc, prev->end, next->start,
				 " *");
	}
}

/*
 * The old return type's words among tokens [first, name): replaced; on
 * its line, a parameter's "type* name" is mended
 */
static void type_edit(const struct cb_code *c,
		      const struct migration_callback *cb,
		      const struct cb_function *f, struct callback_edit **edits,
		      size_t *nr, size_t *alloc)
{
	const char *type = cb->old_proto.return_type;
	const char *word = strrchr(type, ' ');
	size_t i;

	word = word ? word + 1 : type;
	for (i = f->name; i-- > f->first;)
		if (cb_is(c, i, word)) {
			add_edit(edits, nr, alloc, cb_tok(c, i)->start,
				 cb_tok(c, i)->end, cb->new_proto.return_type);
			star_edits(c, cb_tok(c, i)->start, f->name, f->close,
				   edits, nr, alloc);
			return;
		}
}

/*
 * A member's new name; the blanks after it up to the '=' lose a space
 * before a tab (checkpatch.pl's "no space before tabs" on the line the
 * patch changes)
 */
static void member_edit(const struct cb_code *c, size_t i, const char *name,
			struct callback_edit **edits, size_t *nr, size_t *alloc)
{
	const struct token *t = cb_tok(c, i), *next = cb_tok(c, i + 1);
	struct strbuf text = STRBUF_INIT;
	size_t end = t->end, p;

	strbuf_addstr(&text, name);
	if (cb_is(c, i + 1, "=") && blank(c->buf, t->end, next->start) &&
	    memmem(c->buf + t->end, next->start - t->end, " \t", 2)) {
		for (p = t->end; p < next->start; p++)
			if (c->buf[p] != ' ' ||
			    !memchr(c->buf + p, '\t', next->start - p))
				strbuf_addch(&text, c->buf[p]);
		end = next->start;
	}
	add_edit(edits, nr, alloc, t->start, end, text.buf);
	strbuf_release(&text);
}

int callback_site_edits(const struct migration *m, const char *buf, size_t len,
			const struct token_list *toks, size_t name_offset,
			struct callback_edit **edits, size_t *nr, size_t *alloc)
{
	const struct migration_callback *cb = migration_callback(m);
	struct cb_code c;
	struct cb_function f;
	size_t i;
	int ret = 0;

	i = read_at(&c, buf, len, toks, name_offset);
	if (i != CB_NONE && is_member(&c, i)) {
		member_edit(&c, i, cb->new_field, edits, nr, alloc);
	} else if (i != CB_NONE && !cb_function_at(&c, i, cb, &f)) {
		type_edit(&c, cb, &f, edits, nr, alloc);
		if (f.body)
			body_edits(&c, cb, &f, edits, nr, alloc);
	} else {
		ret = -1;
	}
	cb_code_release(&c);
	return ret;
}

int callback_error_returns(const struct migration *m, const char *buf,
			   size_t len, const struct token_list *toks,
			   size_t name_offset, struct callback_edit **errs,
			   size_t *nr, size_t *alloc)
{
	const struct migration_callback *cb = migration_callback(m);
	struct cb_code c;
	struct cb_function f;
	size_t i, semi;
	int ret = -1;

	i = read_at(&c, buf, len, toks, name_offset);
	if (i != CB_NONE && !is_member(&c, i) &&
	    !cb_function_at(&c, i, cb, &f) && f.body) {
		ret = 0;
		for (i = f.close + 2; i < f.end; i++) {
			if (!cb_is(&c, i, "return"))
				continue;
			semi = cb_return_end(&c, i, f.end);
			if (semi == CB_NONE || semi == i + 1 ||
			    cb_returns_success(&c, i, semi, cb->success))
				continue;
			ALLOC_GROW(*errs, *nr + 1, *alloc);
			(*errs)[*nr].start = cb_tok(&c, i)->start;
			(*errs)[*nr].end = cb_tok(&c, semi)->end;
			(*errs)[(*nr)++].text = NULL;
		}
	}
	cb_code_release(&c);
	return ret;
}

void callback_apply_edits(struct strbuf *out, const char *buf, size_t len,
			  const struct callback_edit *edits, size_t nr)
{
	size_t pos = 0, i;

	for (i = 0; i < nr; i++) {
		if (edits[i].start < pos)
			continue;
		strbuf_add(out, buf + pos, edits[i].start - pos);
		strbuf_addstr(out, edits[i].text);
		pos = edits[i].end;
	}
	strbuf_add(out, buf + pos, len - pos);
}

void callback_edits_release(struct callback_edit *edits, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(edits[i].text);
	free(edits);
}
