/*
 * apply-given.c - the text apply gives spatch for each file, and its
 * copy in the scratch directory (see apply-work.h for the calls,
 * apply-spatch.c for the runs).  Split from apply-spatch.c: what spatch
 * reads is one job, running it and judging its output another.
 *
 * Contract: apply_prepare_given() makes the text once per work: the
 * file's bytes made spatch-readable with every offset kept (a NUL
 * becomes a space, a lone CR a LF), then sliced (slice.h): the bodies
 * and initializers that do not name the function blanked.  A slice
 * whose scan differs from the file's in any call is dropped for the
 * whole text; a whole text whose calls are not the file's (a NUL
 * between tokens) fails the file.  apply_copy_in() writes it to
 * SCRATCH/I.c (or .h), a name kmigrate chose, never the tree's.
 */
#include <string.h>

#include "apply-work.h"
#include "lexer.h"
#include "scan.h"
#include "scratch.h"
#include "slice.h"
#include "util.h"

/* the line that starts other files' part of a copy (make_context()) */
#define CONTEXT_MARK "/* kmigrate: what other files hold, not this file */"

const char *apply_extension(const char *path)
{
	size_t len = strlen(path);

	return len >= 2 && !strcmp(path + len - 2, ".h") ? ".h" : ".c";
}

/*
 * Both scans find the same calls, of the same kinds; when strict, alike
 * in everything apply reads of them too
 */
static int same_sites(const struct scan_file *a, const struct scan_file *b,
		      int strict)
{
	size_t k;

	if (a->nr_sites != b->nr_sites)
		return 0;
	for (k = 0; k < a->nr_sites; k++) {
		const struct call_site *x = &a->sites[k], *y = &b->sites[k];

		if (x->name_offset != y->name_offset || x->kind != y->kind)
			return 0;
		if (!strict)
			continue;
		if (a->shadowed != b->shadowed || x->in_macro != y->in_macro ||
		    x->has_args != y->has_args ||
		    x->unterminated != y->unterminated ||
		    x->close_paren != y->close_paren ||
		    x->nr_args != y->nr_args || !call_site_same_reason(x, y))
			return 0;
	}
	return 1;
}

/*
 * The file's bytes as spatch can read them: spatch 1.1.1 stops reading
 * a file at a NUL byte and silently converts nothing, so a NUL becomes
 * a space; and a CR alone becomes a LF.  Both keep every offset.
 */
static void make_given(struct apply_work *w)
{
	const struct scanned_text *a = &w->orig;
	struct strbuf *g = &w->given_text;
	size_t k;

	strbuf_reset(g);
	strbuf_add(g, a->buf, a->len);
	for (k = 0; k < g->len; k++) {
		if (!g->buf[k])
			g->buf[k] = ' ';
		else if (g->buf[k] == '\r' && lex_line_end(a->buf, a->len, k))
			g->buf[k] = '\n';
	}
}

/* slice the given text; 1 when a slice with the file's calls is made */
static int slice_given(struct apply_ctx *ctx, struct apply_work *w)
{
	const struct migration *m = ctx->opts->m;
	const char *names[KIND_MAX_NAMES + 1] = { NULL };
	struct strbuf *g = &w->given_text;
	struct token_list tokens = TOKEN_LIST_INIT;
	const struct token_list *lexed = &w->orig.tokens;

	m->kind->names(m, names); /* NULL last */
	if (memcmp(g->buf, w->orig.buf, g->len)) {
		lex_buffer(g->buf, g->len, &tokens);
		lexed = &tokens;
	}
	w->sliced = slice_text(g->buf, g->len, lexed, names) > 0;
	token_list_release(&tokens);
	if (!w->sliced)
		return 0;
	w->has_given = 1;
	scanned_text_init(&w->given, w->file->path, g->buf, g->len, m);
	w->given.values = w->orig.values;
	if (same_sites(&w->orig.scan, &w->given.scan, 1))
		return 1;
	scanned_text_release(&w->given);
	w->has_given = w->sliced = 0;
	make_given(w);
	return 0;
}

/*
 * Other files' part of what spatch reads, after the file (kind.h's
 * spatch_context), behind a line of its own that apply_cut_context()
 * finds in the output
 */
static void make_context(const struct migration *m, struct apply_work *w)
{
	struct strbuf part = STRBUF_INIT;

	strbuf_reset(&w->context);
	if (m->kind->spatch_context)
		m->kind->spatch_context(m, &w->orig.scan, w->orig.buf,
					w->orig.len, &part);
	if (part.len)
		strbuf_addf(&w->context, "\n%s\n%s", CONTEXT_MARK, part.buf);
	strbuf_release(&part);
}

size_t apply_cut_context(const char *text, size_t len)
{
	const char *at = memmem(text, len, CONTEXT_MARK, strlen(CONTEXT_MARK));
	size_t cut;

	if (!at)
		return len;
	cut = (size_t)(at - text);
	return cut && text[cut - 1] == '\n' ? cut - 1 : cut;
}

/*
 * The text spatch is given, and its scan when it is not the file's.
 * Its calls are the original's: when they are not (a NUL between
 * tokens), the file fails rather than guess.
 */
int apply_prepare_given(struct apply_ctx *ctx, struct apply_work *w)
{
	const struct scanned_text *a = &w->orig;
	struct strbuf *g = &w->given_text;

	if (w->given_ready)
		return w->failure ? -1 : 0;
	w->given_ready = 1;
	make_given(w);
	make_context(ctx->opts->m, w);
	if ((w->whole || !slice_given(ctx, w)) &&
	    memcmp(g->buf, a->buf, a->len)) {
		w->has_given = 1;
		scanned_text_init(&w->given, w->file->path, g->buf, g->len,
				  ctx->opts->m);
		w->given.values = w->orig.values;
		if (!same_sites(&a->scan, &w->given.scan, 0)) {
			w->failure = xstrdup("a NUL byte between its tokens: "
					     "spatch cannot read it as it is");
			return -1;
		}
	}
	return 0;
}

/*
 * The copy of work i that spatch reads: SCRATCH/I.c (or .h), a name
 * kmigrate chose, never the tree's (spatch.h says why), holding the
 * given text; written only when spatch is to run on it.
 */
int apply_copy_in(struct apply_ctx *ctx, struct apply_work *w, size_t i)
{
	struct strbuf copy = STRBUF_INIT;

	if (apply_prepare_given(ctx, w) < 0)
		return -1;
	w->input = xstrfmt("%s/%zu%s", ctx->scratch, i,
			   apply_extension(w->file->path));
	strbuf_reset(&copy);
	strbuf_add(&copy, w->given_text.buf, w->given_text.len);
	strbuf_add(&copy, w->context.buf, w->context.len);
	if (write_scratch_file(w->input, copy.buf, copy.len) < 0) {
		strbuf_release(&copy);
		w->failure = xstrdup("cannot copy it for spatch");
		return -1;
	}
	strbuf_release(&copy);
	return 0;
}
