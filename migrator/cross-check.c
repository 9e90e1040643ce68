/*
 * cross-check.c - compare a converted text with its original, call by
 * call (see cross-check.h).
 *
 * Contract: only token bytes are compared, so a change of whitespace or
 * of line breaks is no difference.  A call is compared argument by
 * argument (the argument ranges scan recorded) with the original's, or
 * with what the migration's map makes of them (migration_new_args(),
 * and the new name); an occurrence inside another call's arguments is
 * compared as part of them.  Calls that are not closed are compared
 * with the tokens around them.
 */
#include <stdlib.h>
#include <string.h>

#include "cross-check.h"
#include "util.h"

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

static int same_arg(const struct scanned_text *a, const struct call_arg *x,
		    const struct scanned_text *b, const struct call_arg *y)
{
	return differ(a, x->start, x->end, b, y->start, y->end) == NO_OFFSET;
}

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

/* b's call is a's converted by the migration's map, token for token */
static int is_converted(const struct call_site *ca,
			const struct scanned_text *b,
			const struct call_site *cb, const struct migration *m)
{
	struct strlist want = STRLIST_INIT;
	const char **old;
	size_t k;
	int same;

	if (ca->nr_args < m->old_proto.nr_params ||
	    !same_as_text(m->new_function, b, cb->name_offset,
			  cb->name_offset + cb->name_len))
		return 0;
	old = xcalloc(ca->nr_args + 1, sizeof(*old));
	for (k = 0; k < ca->nr_args; k++)
		old[k] = ca->args[k].text;
	migration_new_args(m, old, ca->nr_args, &want);
	same = want.nr == cb->nr_args;
	for (k = 0; same && k < want.nr; k++)
		same = same_as_text(want.items[k].string, b,
				    cb->args[k].start, cb->args[k].end);
	free(old);
	strlist_clear(&want, 0);
	return same;
}

/* b's call against a's: the same, converted, or else */
static enum call_change compare_call(const struct scanned_text *a,
				     const struct call_site *ca,
				     const struct scanned_text *b,
				     const struct call_site *cb,
				     const struct migration *m)
{
	size_t k;
	int same = ca->nr_args == cb->nr_args &&
		   differ(a, ca->name_offset, ca->name_offset + ca->name_len,
			  b, cb->name_offset, cb->name_offset + cb->name_len) ==
		   NO_OFFSET;

	for (k = 0; same && k < ca->nr_args; k++)
		same = same_arg(a, &ca->args[k], b, &cb->args[k]);
	if (same)
		return CALL_SAME;
	return is_converted(ca, b, cb, m) ? CALL_CONVERTED : CALL_CHANGED;
}

static int is_checked_call(const struct call_site *cs)
{
	return cs->has_args && !cs->unterminated;
}

int cross_check(const struct scanned_text *a, const struct scanned_text *b,
		const struct migration *m, enum call_change *changes,
		size_t *where)
{
	size_t i, pa = 0, pb = 0, nr = a->scan.nr_sites;

	for (i = 0; i < nr; i++)
		changes[i] = CALL_SAME;
	if (b->scan.nr_sites != nr) {
		*where = differ(a, 0, a->len, b, 0, b->len);
		if (*where == NO_OFFSET)
			*where = 0;
		return -1;
	}
	for (i = 0; i < nr; i++) {
		const struct call_site *ca = &a->scan.sites[i];
		const struct call_site *cb = &b->scan.sites[i];

		if (!is_checked_call(ca) || !is_checked_call(cb) ||
		    ca->name_offset < pa)
			continue;	/* covered by the tokens around */
		*where = differ(a, pa, ca->name_offset, b, pb,
				cb->name_offset);
		if (*where == NO_OFFSET)
			*where = differ(a, ca->name_offset + ca->name_len,
					ca->open_paren + 1, b,
					cb->name_offset + cb->name_len,
					cb->open_paren + 1);
		if (*where != NO_OFFSET)
			return -1;
		changes[i] = compare_call(a, ca, b, cb, m);
		if (changes[i] == CALL_CHANGED) {
			*where = ca->name_offset;
			return -1;
		}
		pa = ca->close_paren;
		pb = cb->close_paren;
	}
	*where = differ(a, pa, a->len, b, pb, b->len);
	return *where == NO_OFFSET ? 0 : -1;
}
