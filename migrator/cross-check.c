/*
 * cross-check.c - compare a converted text with its original, call by
 * call (see cross-check.h).
 *
 * Contract: only token bytes are compared, so a change of whitespace or
 * of line breaks is no difference.  A call is compared argument by
 * argument (the argument ranges scan recorded); a call inside another
 * call's arguments is compared as a call too, so nested calls may each
 * gain the argument.  Calls that are not closed are compared with the
 * tokens around them.
 */
#include <stdlib.h>
#include <string.h>

#include "cross-check.h"

#define NO_OFFSET ((size_t)-1)

void scanned_text_init(struct scanned_text *s, const char *path,
		       const char *buf, size_t len, const struct migration *m)
{
	s->buf = buf;
	s->len = len;
	scan_file_buffer(&s->scan, path, buf, len, m);
	memset(&s->tokens, 0, sizeof(s->tokens));
	lex_buffer(buf, len, &s->tokens);
}

void scanned_text_release(struct scanned_text *s)
{
	scan_file_release(&s->scan);
	token_list_release(&s->tokens);
}

/* index of the first token starting at or after offset */
static size_t token_at(const struct scanned_text *s, size_t offset)
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

/*
 * Compare the tokens starting in [a_from, a_to) of a with those in
 * [b_from, b_to) of b: NO_OFFSET when equal, else the offset in a where
 * they first differ.
 */
static size_t differ(const struct scanned_text *a, size_t a_from, size_t a_to,
		     const struct scanned_text *b, size_t b_from, size_t b_to)
{
	size_t i = token_at(a, a_from), ie = token_at(a, a_to);
	size_t j = token_at(b, b_from), je = token_at(b, b_to);

	for (; i < ie && j < je; i++, j++) {
		const struct token *p = &a->tokens.tokens[i];
		const struct token *q = &b->tokens.tokens[j];

		if (p->end - p->start != q->end - q->start ||
		    memcmp(a->buf + p->start, b->buf + q->start,
			   p->end - p->start))
			return p->start;
	}
	if (i < ie)
		return a->tokens.tokens[i].start;
	if (j < je)
		return a_to;
	return NO_OFFSET;
}

/* one comparison: the texts, the inserted argument, the sites' results */
struct comparison {
	const struct scanned_text *a, *b, *arg;
	int position;
	enum call_change *changes;
	size_t next;		/* the next site to compare, in both texts */
	size_t where;		/* the first difference, in a */
};

static int compare_range(struct comparison *c, size_t pa, size_t a_to,
			 size_t pb, size_t b_to);

static int is_checked_call(const struct call_site *cs)
{
	return cs->has_args && !cs->unterminated;
}

/* b's call against a's: the same, arg inserted at position, or else */
static enum call_change compare_call(struct comparison *c,
				     const struct call_site *ca,
				     const struct call_site *cb)
{
	const struct scanned_text *b = c->b, *arg = c->arg;
	size_t k, at = (size_t)c->position - 1;

	if (ca->nr_args == cb->nr_args) {
		for (k = 0; k < ca->nr_args; k++)
			if (compare_range(c, ca->args[k].start, ca->args[k].end,
					  cb->args[k].start, cb->args[k].end))
				return CALL_CHANGED;
		return CALL_SAME;
	}
	if (cb->nr_args != ca->nr_args + 1 || c->position < 1 ||
	    at > ca->nr_args)
		return CALL_CHANGED;
	for (k = 0; k < cb->nr_args; k++) {
		const struct call_arg *x = &ca->args[k < at ? k : k - 1];

		if (k == at ? differ(arg, 0, arg->len, b, cb->args[k].start,
				     cb->args[k].end) != NO_OFFSET :
		    compare_range(c, x->start, x->end, cb->args[k].start,
				  cb->args[k].end))
			return CALL_CHANGED;
	}
	return CALL_INSERTED;
}

/*
 * a's bytes [pa, a_to) against b's [pb, b_to): the tokens must be
 * equal, but for the calls that start there (also inside another
 * call's arguments), which are compared call by call.  0, or -1 with
 * c->where set.
 */
static int compare_range(struct comparison *c, size_t pa, size_t a_to,
			 size_t pb, size_t b_to)
{
	const struct scanned_text *a = c->a, *b = c->b;

	while (c->next < a->scan.nr_sites) {
		const struct call_site *ca = &a->scan.sites[c->next];
		const struct call_site *cb = &b->scan.sites[c->next];
		size_t i;

		if (ca->name_offset >= a_to)
			break;		/* after this range */
		/* not a call, or inside the call before but in no argument
		 * (a directive in its list): covered by the tokens around */
		if (!is_checked_call(ca) || !is_checked_call(cb) ||
		    ca->name_offset < pa) {
			c->next++;
			continue;
		}
		if (cb->name_offset < pb || cb->name_offset >= b_to ||
		    ca->close_paren >= a_to || cb->close_paren >= b_to) {
			c->where = ca->name_offset;
			return -1;
		}
		c->where = differ(a, pa, ca->open_paren + 1, b, pb,
				  cb->open_paren + 1);
		if (c->where != NO_OFFSET)
			return -1;
		i = c->next++;
		c->changes[i] = compare_call(c, ca, cb);
		if (c->changes[i] == CALL_CHANGED) {
			c->where = ca->name_offset;
			return -1;
		}
		pa = ca->close_paren;
		pb = cb->close_paren;
	}
	c->where = differ(a, pa, a_to, b, pb, b_to);
	return c->where == NO_OFFSET ? 0 : -1;
}

int cross_check(const struct scanned_text *a, const struct scanned_text *b,
		const struct scanned_text *arg, int position,
		enum call_change *changes, size_t *where)
{
	struct comparison c = { a, b, arg, position, changes, 0, NO_OFFSET };
	size_t i, nr = a->scan.nr_sites;
	int ret;

	for (i = 0; i < nr; i++)
		changes[i] = CALL_SAME;
	if (b->scan.nr_sites != nr) {
		*where = differ(a, 0, a->len, b, 0, b->len);
		if (*where == NO_OFFSET)
			*where = 0;
		return -1;
	}
	ret = compare_range(&c, 0, a->len, 0, b->len);
	*where = c.where;
	return ret;
}
