/*
 * callback-convert.c - the "callback" kind's cross-check and rewrite
 * (callback-convert.h): both made from callback_site_edits(), so the
 * conversion kmigrate writes is the one it recognises in spatch's.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "callback-convert.h"
#include "callback-site.h"
#include "callback.h"
#include "cross-check.h"
#include "rewrite.h"
#include "util.h"

#define NO_TOKEN ((size_t)-1)

static int by_start(const void *a, const void *b)
{
	const struct callback_edit *x = a, *y = b;

	return (x->start > y->start) - (x->start < y->start);
}

/* the text of tokens [first, last] of s, converted as site says */
static char *converted_span(const struct scanned_text *s,
			    const struct migration *m, size_t name_offset,
			    size_t first, size_t last)
{
	struct callback_edit *edits = NULL;
	size_t nr = 0, alloc = 0, i, from, to;
	struct strbuf out = STRBUF_INIT;

	callback_site_edits(m, s->buf, s->len, &s->tokens, name_offset, &edits,
			    &nr, &alloc);
	sane_qsort(edits, nr, sizeof(*edits), by_start);
	from = s->tokens.tokens[first].start;
	to = s->tokens.tokens[last].end;
	for (i = 0; i < nr; i++) {
		if (edits[i].start < from)
			edits[i].start = from;
		if (edits[i].end > to)
			edits[i].end = to;
	}
	for (i = 0; i < nr; i++) {
		edits[i].start -= from;
		edits[i].end -= from;
	}
	callback_apply_edits(&out, s->buf + from, to - from, edits, nr);
	callback_edits_release(edits, nr);
	return strbuf_detach(&out, NULL);
}

/* tokens [from, to) of s end with "return ; }" */
static int ends_in_return(const struct scanned_text *s, size_t from, size_t to)
{
	const struct token *t = s->tokens.tokens;

	return to >= from + 3 && token_is(s->buf, &t[to - 3], "return") &&
	       token_is(s->buf, &t[to - 2], ";") &&
	       token_is(s->buf, &t[to - 1], "}");
}

/*
 * The tokens of text are b's [from, to).  The generated semantic patch
 * makes every return of success "return;" (spatch cannot tell the
 * body's last statement from a nested block's), kmigrate drops the
 * final one: a "return;" that ends b's body is no difference.
 */
static int same_as(const char *text, const struct scanned_text *b, size_t from,
		   size_t to)
{
	struct scanned_text t;
	int same;

	memset(&t, 0, sizeof(t));
	t.buf = text;
	t.len = strlen(text);
	lex_buffer(text, t.len, &t.tokens);
	same = scanned_text_differ(&t, 0, t.tokens.nr, b, from, to) == NO_TOKEN;
	if (!same && ends_in_return(b, from, to) &&
	    !ends_in_return(&t, 0, t.tokens.nr))
		same = scanned_text_differ(&t, 0, t.tokens.nr - 1, b, from,
					   to - 3) == NO_TOKEN &&
		       t.tokens.nr;
	token_list_release(&t.tokens);
	return same;
}

/* site i of a against site i of b; its change, or -1 */
static int compare_site(struct cross_check *cc, size_t i, size_t fa, size_t la,
			size_t fb, size_t lb)
{
	const struct call_site *ca = &cc->a->scan.sites[i];
	int same = scanned_text_differ(cc->a, fa, la + 1, cc->b, fb, lb + 1) ==
		   NO_TOKEN;
	char *text;
	int ok;

	if (ca->kind != CALL_SITE_OLD)
		return same ? 0 : -1;
	/* a member that keeps its name converts to the same text */
	text = converted_span(cc->a, cc->m, ca->name_offset, fa, la);
	ok = same_as(text, cc->b, fb, lb + 1);
	free(text);
	if (!ok)
		return same ? 0 : -1;
	cc->changes[i] = CALL_CONVERTED;
	return 0;
}

/* a function is converted with every member given it, or not at all */
static int groups_whole(const struct cross_check *cc)
{
	const struct scan_file *sa = &cc->a->scan;
	size_t i, j;

	for (i = 0; i < sa->nr_sites; i++)
		for (j = i + 1; j < sa->nr_sites; j++)
			if (sa->sites[i].kind == CALL_SITE_OLD &&
			    sa->sites[j].kind == CALL_SITE_OLD &&
			    !strcmp(sa->sites[i].local_name,
				    sa->sites[j].local_name) &&
			    cc->changes[i] != cc->changes[j])
				return -1;
	return 0;
}

static int fail_at(struct cross_check *cc, size_t tok)
{
	const struct token_list *t = &cc->a->tokens;

	cc->where = tok < t->nr ? t->tokens[tok].start : cc->a->len;
	return -1;
}

int cross_check_callbacks(struct cross_check *cc)
{
	const struct scan_file *sa = &cc->a->scan, *sb = &cc->b->scan;
	size_t i, pa = 0, pb = 0, fa, la, fb, lb, at;

	if (sa->nr_sites != sb->nr_sites)
		return fail_at(cc, 0);
	for (i = 0; i < sa->nr_sites; i++) {
		if (callback_span(&cc->a->tokens, cc->a->buf,
				  sa->sites[i].name_offset, &fa, &la) < 0 ||
		    callback_span(&cc->b->tokens, cc->b->buf,
				  sb->sites[i].name_offset, &fb, &lb) < 0 ||
		    strcmp(sa->sites[i].local_name, sb->sites[i].local_name) ||
		    fa < pa || fb < pb)
			return fail_at(cc, pa);
		at = scanned_text_differ(cc->a, pa, fa, cc->b, pb, fb);
		if (at != NO_TOKEN)
			return fail_at(cc, at);
		if (compare_site(cc, i, fa, la, fb, lb) < 0)
			return fail_at(cc, fa);
		pa = la + 1;
		pb = lb + 1;
	}
	at = scanned_text_differ(cc->a, pa, cc->a->tokens.nr, cc->b, pb,
				 cc->b->tokens.nr);
	if (at != NO_TOKEN)
		return fail_at(cc, at);
	return groups_whole(cc) < 0 ? fail_at(cc, 0) : 0;
}

/* a warning per error return the definition at site loses */
static void warn_lost_errors(struct apply_rewrite *rw,
			     const struct token_list *toks, size_t site)
{
	const struct call_site *cs = &rw->sites[site];
	struct callback_edit *errs = NULL;
	size_t nr = 0, alloc = 0, i, j, pos, line = 1, ls = 0;
	struct strbuf text = STRBUF_INIT;

	callback_error_returns(rw->m, rw->buf, rw->len, toks, cs->name_offset,
			       &errs, &nr, &alloc);
	for (i = 0, pos = 0; i < nr; i++) {
		struct rewrite_warning *w;

		for (; pos < errs[i].start; pos++)
			if (rw->buf[pos] == '\n') {
				line++;
				ls = pos + 1;
			}
		strbuf_reset(&text);
		for (j = errs[i].start; j < errs[i].end; j++)
			if (!isspace((unsigned char)rw->buf[j]))
				strbuf_addch(&text, rw->buf[j]);
			else if (text.len && text.buf[text.len - 1] != ' ')
				strbuf_addch(&text, ' ');
		ALLOC_GROW(rw->warnings, rw->nr_warnings + 1,
			   rw->alloc_warnings);
		w = &rw->warnings[rw->nr_warnings++];
		memset(w, 0, sizeof(*w));
		w->site = site;
		w->text = xstrdup(text.buf);
		w->function = xstrdup(cs->local_name);
		w->line = line;
		w->column = errs[i].start - ls + 1;
	}
	strbuf_release(&text);
	callback_edits_release(errs, nr);
}

void rewrite_callbacks(struct apply_rewrite *rw)
{
	struct token_list toks = TOKEN_LIST_INIT;
	struct callback_edit *edits = NULL;
	size_t nr = 0, alloc = 0, i;

	lex_buffer(rw->buf, rw->len, &toks);
	rw->converted = 0;
	for (i = 0; i < rw->nr_sites; i++) {
		if (!rw->convert[i])
			continue;
		if (!callback_site_edits(rw->m, rw->buf, rw->len, &toks,
					 rw->sites[i].name_offset, &edits, &nr,
					 &alloc))
			rw->converted++;
		if (migration_callback(rw->m)->drop_errors)
			warn_lost_errors(rw, &toks, i);
	}
	sane_qsort(edits, nr, sizeof(*edits), by_start);
	callback_apply_edits(rw->out, rw->buf, rw->len, edits, nr);
	callback_edits_release(edits, nr);
	token_list_release(&toks);
}
