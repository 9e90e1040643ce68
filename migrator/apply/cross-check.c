/*
 * cross-check.c - compare a converted text with its original (see
 * cross-check.h): cross_check() asks the migration's kind, and
 * cross_check_calls() is the call kind's comparison, call by call.
 *
 * Contract: only token bytes are compared, so a change of whitespace or
 * of line breaks is no difference.  A call is compared argument by
 * argument (the argument ranges scan recorded) with the original's, or
 * with what the migration's map makes of them (migration_new_args(),
 * and the new name); a call inside another call's arguments is
 * compared as a call too, so nested calls may each be converted: an
 * argument the map moves is compared range against range, recursively,
 * the sites of each side found by offset (the map may reorder).  Calls
 * that are not closed are compared with the tokens around them.
 */
#include <stdlib.h>
#include <string.h>

#include "call-variant.h"
#include "cross-check.h"
#include "map-expr.h"
#include "strbuf.h"
#include "util.h"

#define NO_OFFSET ((size_t)-1)

void scanned_text_init(struct scanned_text *s, const char *path,
		       const char *buf, size_t len, const struct migration *m)
{
	s->buf = buf;
	s->len = len;
	s->values = NULL;
	scan_file_buffer(&s->scan, path, buf, len, m);
	memset(&s->tokens, 0, sizeof(s->tokens));
	lex_buffer(buf, len, &s->tokens);
}

void scanned_text_release(struct scanned_text *s)
{
	scan_file_release(&s->scan);
	token_list_release(&s->tokens);
}

size_t scanned_text_token_at(const struct scanned_text *s, size_t offset)
{
	size_t lo = 0, hi = s->tokens.nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->tokens.tokens[mid].start < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t scanned_text_differ(const struct scanned_text *a, size_t i, size_t ie,
			   const struct scanned_text *b, size_t j, size_t je)
{
	for (; i < ie && j < je; i++, j++) {
		const struct token *p = &a->tokens.tokens[i];
		const struct token *q = &b->tokens.tokens[j];

		if (p->end - p->start != q->end - q->start ||
		    memcmp(a->buf + p->start, b->buf + q->start,
			   p->end - p->start))
			return i;
	}
	return i < ie || j < je ? i : NO_OFFSET;
}

/*
 * Compare the tokens starting in [a_from, a_to) of a with those in
 * [b_from, b_to) of b: NO_OFFSET when equal, else the offset in a where
 * they first differ.
 */
static size_t differ(const struct scanned_text *a, size_t a_from, size_t a_to,
		     const struct scanned_text *b, size_t b_from, size_t b_to)
{
	size_t ie = scanned_text_token_at(a, a_to);
	size_t at = scanned_text_differ(a, scanned_text_token_at(a, a_from), ie,
					b, scanned_text_token_at(b, b_from),
					scanned_text_token_at(b, b_to));

	if (at == NO_OFFSET)
		return NO_OFFSET;
	return at < ie ? a->tokens.tokens[at].start : a_to;
}

static int compare_range(struct cross_check *c, size_t pa, size_t a_to,
			 size_t pb, size_t b_to);

/* the tokens of text are those of b in [from, to) */
static int same_as_text(const char *text, const struct scanned_text *b,
			size_t from, size_t to)
{
	struct scanned_text t;
	int same;

	memset(&t, 0, sizeof(t));
	t.buf = text;
	t.len = strlen(text);
	lex_buffer(text, t.len, &t.tokens);
	same = differ(&t, 0, t.len, b, from, to) == NO_OFFSET;
	token_list_release(&t.tokens);
	return same;
}

/*
 * The new call's items as the map gives them for ca: src[k] is the old
 * argument new argument k is (0-based), or -1 for a value (in want).
 */
static size_t new_call_items(const struct migration *m,
			     const struct call_site *ca, int *src,
			     struct strlist *want)
{
	size_t i, k, n = 0;

	for (i = 0; i < m->new_call_nr; i++) {
		const struct call_item *it = &m->new_call[i];

		switch (it->kind) {
		case CALL_ITEM_ARG:
			src[n++] = (size_t)it->arg <= ca->nr_args ?
					   it->arg - 1 :
					   -2;
			strlist_push(want, "");
			break;
		case CALL_ITEM_VALUE:
			src[n++] = -1;
			strlist_push(want, it->value);
			break;
		case CALL_ITEM_EXPR:
			src[n++] = -3;
			strlist_push(want, it->value)->util = (void *)it;
			break;
		case CALL_ITEM_REST:
			for (k = m->old_proto.nr_params; k < ca->nr_args; k++) {
				src[n++] = (int)k;
				strlist_push(want, "");
			}
			break;
		}
	}
	return n;
}

/* tok is a parenthesis: spatch writes them as it sees fit */
static int is_paren(const char *buf, const struct token *tok)
{
	return tok->type == TOKEN_PUNCT &&
	       (token_is(buf, tok, "(") || token_is(buf, tok, ")"));
}

/* the tokens of text are those of b in [from, to), parentheses aside */
static int same_but_parens(const char *text, const struct scanned_text *b,
			   size_t from, size_t to)
{
	struct token_list tl = TOKEN_LIST_INIT;
	size_t i = 0, j = scanned_text_token_at(b, from);
	size_t je = scanned_text_token_at(b, to);
	int same = 1;

	lex_buffer(text, strlen(text), &tl);
	while (same) {
		const struct token *p, *q;

		while (i < tl.nr && is_paren(text, &tl.tokens[i]))
			i++;
		while (j < je && is_paren(b->buf, &b->tokens.tokens[j]))
			j++;
		if (i >= tl.nr || j >= je) {
			same = i >= tl.nr && j >= je;
			break;
		}
		p = &tl.tokens[i++];
		q = &b->tokens.tokens[j++];
		same = p->end - p->start == q->end - q->start &&
		       !memcmp(text + p->start, b->buf + q->start,
			       p->end - p->start);
	}
	token_list_release(&tl);
	return same;
}

/*
 * b's argument [from, to) is an expression item of the old arguments'
 * texts: folded as kmigrate writes it, or not as spatch does ("256 -
 * 1"), and with the parentheses precedence needs, which spatch adds
 * only for some operators: kmigrate writes its own text, so the
 * parentheses of spatch's are not weighed
 */
static int same_as_expr(const char *expr, const char *const *args, size_t nr,
			const struct scanned_text *b, size_t from, size_t to)
{
	struct strbuf text = STRBUF_INIT;
	int fold, same = 0;

	for (fold = 1; !same && fold >= 0; fold--) {
		strbuf_reset(&text);
		map_expr_text(expr, args, nr, fold, &text);
		same = same_as_text(text.buf, b, from, to) ||
		       same_but_parens(text.buf, b, from, to);
	}
	strbuf_release(&text);
	return same;
}

static int is_expr_arg(const struct call_item *it, const struct call_site *ca,
		       const struct scanned_text *b, const struct call_arg *y)
{
	const char **args;
	size_t k;
	int same;

	if ((size_t)it->arg > ca->nr_args)
		return 0;
	args = xcalloc(ca->nr_args + 1, sizeof(*args));
	for (k = 0; k < ca->nr_args; k++)
		args[k] = ca->args[k].text;
	same = same_as_expr(it->value, args, ca->nr_args, b, y->start, y->end);
	free(args);
	return same;
}

/* b's call is a's converted by the migration's map, token for token */
static int is_converted(struct cross_check *c, const struct call_site *ca,
			const struct call_site *cb)
{
	const struct migration *m = c->m;
	struct strlist want = STRLIST_INIT;
	struct migration_choice choice;
	int *src;
	size_t k, n;
	int same;

	if (call_variant_choose(m, c->a->values, c->a->buf, c->a->len, ca,
				&choice))
		return 0;
	m = choice.variant;
	if (ca->nr_args < m->old_proto.nr_params ||
	    !same_as_text(m->new_function, c->b, cb->name_offset,
			  cb->name_offset + cb->name_len))
		return 0;
	src = xcalloc(m->new_call_nr + ca->nr_args + 1, sizeof(*src));
	n = new_call_items(m, ca, src, &want);
	same = n == cb->nr_args;
	for (k = 0; same && k < n; k++) {
		const struct call_arg *y = &cb->args[k];

		if (src[k] == -1)
			same = same_as_text(want.items[k].string, c->b,
					    y->start, y->end);
		else if (src[k] == -3)
			same = is_expr_arg(want.items[k].util, ca, c->b, y);
		else if (src[k] == -2) /* an old argument that is not there */
			same = same_as_text("", c->b, y->start, y->end);
		else
			same = !compare_range(c, ca->args[src[k]].start,
					      ca->args[src[k]].end, y->start,
					      y->end);
	}
	free(src);
	strlist_clear(&want, 0);
	return same;
}

/* a family's call, or one whose values choose no conversion */
static int left_by_value(const struct cross_check *c,
			 const struct call_site *ca)
{
	struct migration_choice choice;

	return migration_nr_variants(c->m) > 1 ||
	       call_variant_choose(c->m, c->a->values, c->a->buf, c->a->len, ca,
				   &choice) == 1;
}

/* b's call against a's: the same, converted, or else */
static enum call_change compare_call(struct cross_check *c,
				     const struct call_site *ca,
				     const struct call_site *cb)
{
	size_t k;
	int same = ca->nr_args == cb->nr_args &&
		   differ(c->a, ca->name_offset, ca->name_offset + ca->name_len,
			  c->b, cb->name_offset,
			  cb->name_offset + cb->name_len) == NO_OFFSET;

	for (k = 0; same && k < ca->nr_args; k++)
		same = !compare_range(c, ca->args[k].start, ca->args[k].end,
				      cb->args[k].start, cb->args[k].end);
	if (same)
		return CALL_SAME;
	if (is_converted(c, ca, cb))
		return CALL_CONVERTED;
	/*
	 * A call whose values choose no conversion, or another than
	 * spatch's: left as it was, and apply says why
	 */
	if (ca->kind == CALL_SITE_OLD && left_by_value(c, ca))
		return CALL_LEFT_BY_VALUE;
	return CALL_CHANGED;
}

static int is_checked_call(const struct call_site *cs)
{
	return cs->has_args && !cs->unterminated;
}

/* the first site of s at or after offset */
static size_t site_at(const struct scanned_text *s, size_t offset)
{
	size_t lo = 0, hi = s->scan.nr_sites;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->scan.sites[mid].name_offset < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* the next checked call of s from site i on at or after pos, or nr */
static size_t next_call(const struct scanned_text *s, size_t i, size_t pos)
{
	while (i < s->scan.nr_sites && (!is_checked_call(&s->scan.sites[i]) ||
					s->scan.sites[i].name_offset < pos))
		i++;
	return i;
}

/*
 * a's bytes [pa, a_to) against b's [pb, b_to): the tokens must be
 * equal, but for the calls there (also inside another call's
 * arguments), which are compared call by call, in order.  0, or -1
 * with c->where set.  A site inside a call before but in none of its
 * arguments (in a directive of its list) is covered by the tokens.
 */
static int compare_range(struct cross_check *c, size_t pa, size_t a_to,
			 size_t pb, size_t b_to)
{
	const struct scanned_text *a = c->a, *b = c->b;
	size_t ia = site_at(a, pa), ib = site_at(b, pb);

	for (;;) {
		const struct call_site *ca, *cb;

		ia = next_call(a, ia, pa);
		ib = next_call(b, ib, pb);
		ca = ia < a->scan.nr_sites &&
				     a->scan.sites[ia].name_offset < a_to ?
			     &a->scan.sites[ia] :
			     NULL;
		cb = ib < b->scan.nr_sites &&
				     b->scan.sites[ib].name_offset < b_to ?
			     &b->scan.sites[ib] :
			     NULL;
		if (!ca || !cb)
			break;
		if (ca->close_paren >= a_to || cb->close_paren >= b_to) {
			c->where = ca->name_offset;
			return -1;
		}
		c->where =
			differ(a, pa, ca->name_offset, b, pb, cb->name_offset);
		if (c->where == NO_OFFSET)
			c->where = differ(a, ca->name_offset + ca->name_len,
					  ca->open_paren + 1, b,
					  cb->name_offset + cb->name_len,
					  cb->open_paren + 1);
		if (c->where != NO_OFFSET)
			return -1;
		c->changes[ia] = compare_call(c, ca, cb);
		if (c->changes[ia] == CALL_CHANGED) {
			c->where = ca->name_offset;
			return -1;
		}
		pa = ca->close_paren;
		pb = cb->close_paren;
		ia++;
		ib++;
	}
	c->where = differ(a, pa, a_to, b, pb, b_to);
	return c->where == NO_OFFSET ? 0 : -1;
}

int cross_check_calls(struct cross_check *c)
{
	const struct scanned_text *a = c->a, *b = c->b;

	if (b->scan.nr_sites != a->scan.nr_sites) {
		c->where = differ(a, 0, a->len, b, 0, b->len);
		if (c->where == NO_OFFSET)
			c->where = 0;
		return -1;
	}
	return compare_range(c, 0, a->len, 0, b->len);
}

int cross_check(const struct scanned_text *a, const struct scanned_text *b,
		const struct migration *m, enum call_change *changes,
		size_t *where)
{
	struct cross_check c = { a, b, m, changes, NO_OFFSET };
	size_t i;
	int ret;

	for (i = 0; i < a->scan.nr_sites; i++)
		changes[i] = CALL_SAME;
	ret = m->kind->cross_check(&c);
	*where = c.where;
	return ret;
}
