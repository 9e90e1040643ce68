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
 * each old call of b is matched, in order, with the call of a that has
 * the same tokens and the most equal tokens around it: a call of a with
 * no match is converted, one with a match left.  Tokens of directives
 * count as any other; whitespace never.
 * Nothing is written but changes[], the splice and the place of a
 * refusal.
 */
#include <ctype.h>
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

static int same_token(const struct scanned_text *a, size_t i,
		      const struct scanned_text *b, size_t j)
{
	return scanned_text_differ(a, i, i + 1, b, j, j + 1) == (size_t)-1;
}

/*
 * how many tokens around a's call ca and b's cb are equal, before and
 * after, within their bodies: of two calls alike, the one b kept is
 * the one whose surroundings spatch left as they were
 */
static size_t context(const struct scanned_text *a, const struct body *ba,
		      const struct call_site *ca, const struct scanned_text *b,
		      const struct body *bb, const struct call_site *cb)
{
	size_t i = scanned_text_token_at(a, ca->name_offset);
	size_t j = scanned_text_token_at(b, cb->name_offset), n = 0;

	for (; i > ba->open && j > bb->open && same_token(a, i - 1, b, j - 1);
	     i--, j--)
		n++;
	i = scanned_text_token_at(a, ca->close_paren + 1);
	j = scanned_text_token_at(b, cb->close_paren + 1);
	for (; i < ba->close && j < bb->close && same_token(a, i, b, j);
	     i++, j++)
		n++;
	return n;
}

/*
 * a's body ba against b's bb, which may differ: each old call b keeps,
 * in order, is the one of a with the same tokens and the most equal
 * around it (context()), which is left; a's others are converted.  1 if
 * ba holds an old call.
 */
static int account(const struct scanned_text *a, const struct body *ba,
		   const struct scanned_text *b, const struct body *bb,
		   const struct migration *m, enum call_change *changes)
{
	size_t i, ie, j, je, from, held = 0;

	sites_in(a, ba, &from, &ie);
	sites_in(b, bb, &j, &je);
	for (i = from; i < ie; i++)
		if (is_old_call(a, i, m)) {
			held++;
			changes[i] = CALL_CONVERTED;
		}
	for (; j < je; j++) {
		size_t best = ie, score = 0;

		if (!is_old_call(b, j, m))
			continue;
		for (i = from; i < ie; i++) {
			size_t n;

			if (!is_old_call(a, i, m) ||
			    !same_call(a, &a->scan.sites[i], b,
				       &b->scan.sites[j]))
				continue;
			n = context(a, ba, &a->scan.sites[i], b, bb,
				    &b->scan.sites[j]);
			if (best == ie || n > score) {
				best = i;
				score = n;
			}
		}
		if (best < ie) {
			changes[best] = CALL_SAME;
			from = best + 1;
		}
	}
	return held > 0;
}

/* ---- between the bodies: a declaration left unused may go ---- */

/* the bodies of a that hold an old call: held[i] for body i */
static unsigned char *bodies_held(const struct scanned_text *a,
				  const struct bodies *ba,
				  const struct migration *m)
{
	unsigned char *held = xcalloc(ba->nr + 1, 1);
	size_t i, k, ke;

	for (i = 0; i < ba->nr; i++) {
		sites_in(a, &ba->b[i], &k, &ke);
		for (; k < ke && !held[i]; k++)
			held[i] = is_old_call(a, k, m);
	}
	return held;
}

/*
 * the end of the unit of s that starts at token i (before e): a comment
 * or a directive's token alone, else code up to a ';' at depth 0
 */
static size_t unit_end(const struct scanned_text *s, size_t i, size_t e)
{
	int depth = 0;

	if (s->tokens.tokens[i].type == TOKEN_COMMENT ||
	    s->tokens.tokens[i].directive)
		return i + 1;
	for (; i < e; i++) {
		const struct token *t = &s->tokens.tokens[i];

		if (t->directive || t->type == TOKEN_COMMENT)
			continue;
		depth += punct(s, i, "(") + punct(s, i, "{") + punct(s, i, "[");
		depth -= punct(s, i, ")") + punct(s, i, "}") + punct(s, i, "]");
		if (!depth && punct(s, i, ";"))
			return i + 1;
	}
	return e;
}

/* s spells the identifier token t of a somewhere */
static int spells(const struct scanned_text *s, const struct scanned_text *a,
		  size_t t)
{
	size_t k;

	for (k = 0; k < s->tokens.nr; k++)
		if (s->tokens.tokens[k].type == TOKEN_IDENT &&
		    same_token(s, k, a, t))
			return 1;
	return 0;
}

/* token k lies in a body that held an old call */
static int in_held_body(size_t k, const struct bodies *ba,
			const unsigned char *held)
{
	size_t n;

	for (n = 0; n < ba->nr; n++)
		if (ba->b[n].open < k && k < ba->b[n].close)
			return held[n];
	return 0;
}

/*
 * orig (a's length) spells token t of a as a word only where a does: not
 * in a part a slice blanked (slice.h keeps every offset)
 */
static int seen_whole(const struct scanned_text *a, size_t t, const char *orig)
{
	const struct token *tok = &a->tokens.tokens[t];
	size_t n = tok->end - tok->start, at;
	const char *name = a->buf + tok->start;

	if (!orig)
		return 1;
	for (at = 0; at + n <= a->len; at++) {
		if (memcmp(orig + at, name, n) ||
		    (at && (isalnum((unsigned char)orig[at - 1]) ||
			    orig[at - 1] == '_')) ||
		    (at + n < a->len && (isalnum((unsigned char)orig[at + n]) ||
					 orig[at + n] == '_')))
			continue;
		if (memcmp(a->buf + at, name, n))
			return 0;
	}
	return 1;
}

/*
 * the declaration [i, e) of a may go: a code unit that declares a name
 * (its last identifier before a '=', '[' or the ';' at depth 0) that b
 * never spells and a spells only there and in bodies that held an old
 * call
 */
static int removable(const struct scanned_text *a, size_t i, size_t e,
		     const struct bodies *ba, const unsigned char *held,
		     const struct scanned_text *b, const char *orig)
{
	size_t k, name = (size_t)-1;
	int depth = 0;

	if (e <= i || !punct(a, e - 1, ";") || a->tokens.tokens[i].directive)
		return 0;
	for (k = i; k < e; k++) {
		depth += punct(a, k, "(") - punct(a, k, ")");
		if (!depth &&
		    (punct(a, k, "=") || punct(a, k, "[") || punct(a, k, ";")))
			break;
		if (a->tokens.tokens[k].type == TOKEN_IDENT)
			name = k;
	}
	if (name == (size_t)-1 || spells(b, a, name) ||
	    !seen_whole(a, name, orig))
		return 0;
	for (k = 0; k < a->tokens.nr; k++)
		if ((k < i || k >= e) &&
		    a->tokens.tokens[k].type == TOKEN_IDENT &&
		    same_token(a, k, a, name) && !in_held_body(k, ba, held))
			return 0;
	return 1;
}

/*
 * a's tokens [i, ie) against b's [j, je), between bodies: equal units,
 * but for declarations of a that may go (removable()); -1, or the
 * offset in a where they first differ
 */
static size_t between(const struct scanned_text *a, size_t i, size_t ie,
		      const struct scanned_text *b, size_t j, size_t je,
		      const struct bodies *ba, const unsigned char *held,
		      const char *orig, int *removed)
{
	*removed = 0;
	while (i < ie) {
		size_t e = unit_end(a, i, ie);
		size_t f = j < je ? unit_end(b, j, je) : j;

		if (j < je && tokens_differ(a, i, e, b, j, f) == (size_t)-1)
			j = f;
		else if (removable(a, i, e, ba, held, b, orig))
			*removed = 1;
		else
			return tokens_differ(a, i, ie, b, j, je);
		i = e;
	}
	return j < je ? a->len : (size_t)-1;
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

/* the bytes of s between the body before token p (or the start) and bd */
static void region(const struct scanned_text *s, size_t p,
		   const struct body *bd, size_t *from, size_t *to)
{
	*from = p ? s->tokens.tokens[p - 1].end : 0;
	*to = bd ? s->tokens.tokens[bd->open].start : s->len;
}

/* the splice takes b's text for a's [from, to): *copied is where a's went */
static void splice_from_b(struct strbuf *splice, const char *orig,
			  size_t *copied, size_t from, size_t to, const char *b,
			  size_t b_from, size_t b_to)
{
	if (!splice)
		return;
	strbuf_add(splice, orig + *copied, from - *copied);
	strbuf_add(splice, b + b_from, b_to - b_from);
	*copied = to;
}

int cross_check_bodies(const struct scanned_text *a,
		       const struct scanned_text *b, const struct migration *m,
		       enum call_change *changes, const char *orig,
		       struct strbuf *splice, struct cross_check_place *place)
{
	struct bodies ba = { NULL, 0, 0 }, bb = { NULL, 0, 0 };
	size_t i, pa = 0, pb = 0, copied = 0, at;
	unsigned char *held;
	int ret = 0, kept, removed;

	for (i = 0; i < a->scan.nr_sites; i++)
		changes[i] = CALL_SAME;
	find_bodies(a, &ba);
	find_bodies(b, &bb);
	held = bodies_held(a, &ba, m);
	for (i = 0; !ret && i <= ba.nr; i++) {
		const struct body *x = i < ba.nr ? &ba.b[i] : NULL;
		const struct body *y = i < bb.nr ? &bb.b[i] : NULL;

		at = between(a, pa, x ? x->open : a->tokens.nr, b, pb,
			     y ? y->open : b->tokens.nr, &ba, held, orig,
			     &removed);
		if (at != (size_t)-1 || !x != !y) {
			refuse(place, a, at != (size_t)-1 ? at : a->len, NULL);
			ret = -1;
			break;
		}
		if (removed) {
			size_t af, at2, bf, bt;

			region(a, pa, x, &af, &at2);
			region(b, pb, y, &bf, &bt);
			splice_from_b(splice, orig, &copied, af, at2, b->buf,
				      bf, bt);
		}
		if (!x)
			break;
		kept = compare_body(a, x, b, y, m, changes, place);
		if (kept < 0)
			ret = -1;
		if (kept > 0)
			splice_from_b(splice, orig, &copied,
				      a->tokens.tokens[x->open].start,
				      a->tokens.tokens[x->close].end, b->buf,
				      b->tokens.tokens[y->open].start,
				      b->tokens.tokens[y->close].end);
		pa = x->close + 1;
		pb = y->close + 1;
	}
	if (!ret && splice)
		strbuf_add(splice, orig + copied, a->len - copied);
	free(held);
	free(ba.b);
	free(bb.b);
	return ret;
}
