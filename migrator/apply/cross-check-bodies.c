/*
 * cross-check-bodies.c - the comparison of a hand-written semantic
 * patch's output with its input (see cross-check.h's
 * cross_check_bodies()): changes confined to the functions that held a
 * call of the old function.
 *
 * Contract: both texts are cut into their top-level function bodies
 * (a '{' at depth 0 after a ')': the function is the name before that
 * list; other braces at depth 0, a structure or an initializer, are
 * outside any function) and what lies between them.  Between bodies the
 * tokens must be equal, and so must a body that holds no call of the
 * old function; a body that holds one may differ in anything.  In it,
 * the old function's calls of b are matched in order with a's, token
 * for token: a call of a with no match is converted, one with a match
 * left.  Tokens of directives count as any other; whitespace never.
 * Nothing is written but changes[], the splice and the place of a
 * refusal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cross-check.h"
#include "util.h"

/* a top-level function body: tokens [open, close] of its braces */
struct body {
	size_t open, close;
	size_t name; /* token of its name, or (size_t)-1 */
};

struct bodies {
	struct body *b;
	size_t nr, alloc;
};

static int punct(const struct scanned_text *s, size_t i, const char *text)
{
	return i < s->tokens.nr && token_is(s->buf, &s->tokens.tokens[i], text);
}

/* the name of the function whose parameter list ends at token close */
static size_t function_name(const struct scanned_text *s, size_t close)
{
	size_t i = close;
	int depth = 0;

	for (;;) {
		depth += punct(s, i, ")") - punct(s, i, "(");
		if (!depth || !i)
			break;
		i--;
	}
	if (depth || !i || s->tokens.tokens[i - 1].type != TOKEN_IDENT)
		return (size_t)-1;
	return i - 1;
}

/* the previous token that is no comment, or (size_t)-1 */
static size_t previous(const struct scanned_text *s, size_t i)
{
	while (i-- > 0)
		if (s->tokens.tokens[i].type != TOKEN_COMMENT)
			return i;
	return (size_t)-1;
}

static void find_bodies(const struct scanned_text *s, struct bodies *out)
{
	size_t i, start = 0;
	int depth = 0, function = 0;

	for (i = 0; i < s->tokens.nr; i++) {
		if (s->tokens.tokens[i].directive)
			continue;
		if (punct(s, i, "{") && !depth++) {
			size_t p = previous(s, i);

			start = i;
			function = p != (size_t)-1 && punct(s, p, ")");
		} else if (punct(s, i, "}") && depth && !--depth && function) {
			ALLOC_GROW(out->b, out->nr + 1, out->alloc);
			out->b[out->nr].open = start;
			out->b[out->nr].close = i;
			out->b[out->nr++].name =
				function_name(s, previous(s, start));
		}
	}
}

/* the tokens [i, ie) of a equal [j, je) of b: -1, else a's offset */
static size_t tokens_differ(const struct scanned_text *a, size_t i, size_t ie,
			    const struct scanned_text *b, size_t j, size_t je)
{
	size_t at = scanned_text_differ(a, i, ie, b, j, je);

	if (at == (size_t)-1)
		return at;
	return at < a->tokens.nr ? a->tokens.tokens[at].start : a->len;
}

/* site i of s is a call of the old function */
static int is_old_call(const struct scanned_text *s, size_t i,
		       const struct migration *m)
{
	const struct call_site *cs = &s->scan.sites[i];

	return cs->has_args && !cs->unterminated &&
	       cs->name_len == strlen(m->function) &&
	       !memcmp(s->buf + cs->name_offset, m->function, cs->name_len);
}

/* the sites of s between the bytes of tokens [open, close] */
static void sites_in(const struct scanned_text *s, const struct body *bd,
		     size_t *from, size_t *to)
{
	size_t lo = s->tokens.tokens[bd->open].start;
	size_t hi = s->tokens.tokens[bd->close].start;

	for (*from = 0;
	     *from < s->scan.nr_sites && s->scan.sites[*from].name_offset < lo;
	     (*from)++)
		;
	for (*to = *from;
	     *to < s->scan.nr_sites && s->scan.sites[*to].name_offset < hi;
	     (*to)++)
		;
}

/* the calls, from their names to their ')', are the same tokens */
static int same_call(const struct scanned_text *a, const struct call_site *ca,
		     const struct scanned_text *b, const struct call_site *cb)
{
	return tokens_differ(a, scanned_text_token_at(a, ca->name_offset),
			     scanned_text_token_at(a, ca->close_paren + 1), b,
			     scanned_text_token_at(b, cb->name_offset),
			     scanned_text_token_at(b, cb->close_paren + 1)) ==
	       (size_t)-1;
}

/*
 * a's body ba against b's bb, which may differ: a's old calls that b
 * keeps, in order, are left; the others converted.  1 if it holds one.
 */
static int account(const struct scanned_text *a, const struct body *ba,
		   const struct scanned_text *b, const struct body *bb,
		   const struct migration *m, enum call_change *changes)
{
	size_t i, ie, j, je, held = 0;

	sites_in(a, ba, &i, &ie);
	sites_in(b, bb, &j, &je);
	for (; i < ie; i++) {
		size_t k;

		if (!is_old_call(a, i, m))
			continue;
		held++;
		changes[i] = CALL_CONVERTED;
		for (k = j; k < je; k++)
			if (is_old_call(b, k, m) &&
			    same_call(a, &a->scan.sites[i], b,
				      &b->scan.sites[k])) {
				changes[i] = CALL_SAME;
				j = k + 1;
				break;
			}
	}
	return held > 0;
}

static void refuse(struct cross_check_place *place,
		   const struct scanned_text *a, size_t where,
		   const struct body *bd)
{
	place->where = where;
	place->function[0] = '\0';
	if (bd && bd->name != (size_t)-1) {
		const struct token *t = &a->tokens.tokens[bd->name];

		snprintf(place->function, sizeof(place->function), "%.*s",
			 (int)(t->end - t->start), a->buf + t->start);
	}
}

/* a's body ba is b's bb, or holds a call; the splice takes b's then */
static int compare_body(const struct scanned_text *a, const struct body *ba,
			const struct scanned_text *b, const struct body *bb,
			const struct migration *m, enum call_change *changes,
			struct cross_check_place *place)
{
	size_t at;

	if (account(a, ba, b, bb, m, changes))
		return 1;
	at = tokens_differ(a, ba->open, ba->close + 1, b, bb->open,
			   bb->close + 1);
	if (at != (size_t)-1) {
		refuse(place, a, at, ba);
		return -1;
	}
	return 0;
}

int cross_check_bodies(const struct scanned_text *a,
		       const struct scanned_text *b, const struct migration *m,
		       enum call_change *changes, const char *orig,
		       struct strbuf *splice, struct cross_check_place *place)
{
	struct bodies ba = { NULL, 0, 0 }, bb = { NULL, 0, 0 };
	size_t i, pa = 0, pb = 0, copied = 0, at;
	int ret = 0, held;

	for (i = 0; i < a->scan.nr_sites; i++)
		changes[i] = CALL_SAME;
	find_bodies(a, &ba);
	find_bodies(b, &bb);
	for (i = 0; !ret && i <= ba.nr; i++) {
		const struct body *x = i < ba.nr ? &ba.b[i] : NULL;
		const struct body *y = i < bb.nr ? &bb.b[i] : NULL;

		at = tokens_differ(a, pa, x ? x->open : a->tokens.nr, b, pb,
				   y ? y->open : b->tokens.nr);
		if (at != (size_t)-1 || !x != !y) {
			refuse(place, a, at != (size_t)-1 ? at : a->len, NULL);
			ret = -1;
			break;
		}
		if (!x)
			break;
		held = compare_body(a, x, b, y, m, changes, place);
		if (held < 0)
			ret = -1;
		if (held > 0 && splice) {
			size_t from = a->tokens.tokens[x->open].start;

			strbuf_add(splice, orig + copied, from - copied);
			strbuf_add(splice,
				   b->buf + b->tokens.tokens[y->open].start,
				   b->tokens.tokens[y->close].end -
					   b->tokens.tokens[y->open].start);
			copied = a->tokens.tokens[x->close].end;
		}
		pa = x->close + 1;
		pb = y->close + 1;
	}
	if (!ret && splice)
		strbuf_add(splice, orig + copied, a->len - copied);
	free(ba.b);
	free(bb.b);
	return ret;
}
