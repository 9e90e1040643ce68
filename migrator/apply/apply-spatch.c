/*
 * apply-spatch.c - apply's spatch step: the runs, the result cache, and
 * the check of what spatch left (see apply-work.h for the call, apply.c
 * for the whole pipeline).
 *
 * Contract: apply_spatch() takes the works apply.c read and, for each:
 *  1. has apply-given.c make the text spatch is given
 *     (apply_prepare_given()): the file's bytes made spatch-readable,
 *     then sliced;
 *  2. looks its outcome up in the result cache, keyed by exactly the
 *     bytes spatch is given, and keeps a hit in memory; writes the
 *     others to ctx->scratch (apply_copy_in()) and runs each semantic
 *     patch in turn on them (spatch.h), and stores their outcomes;
 *  3. cross-checks spatch's output against the given text, call by
 *     call (cross-check.h), into changes[], or a failure;
 *  4. runs again, whole, every sliced file whose result is not one
 *     apply would take as it is: spatch failed on it or ran out of
 *     time, changed more than the calls, or left an old-form call
 *     (outside a #define body) unconverted.  So every call apply leaves,
 *     and every reason it gives, comes from spatch's run on the whole
 *     file; a slice only ever spares the runs that convert everything.
 * The tree is never read here; every file spatch reads is in
 * ctx->scratch.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apply-work.h"
#include "lexer.h"
#include "result-cache.h"
#include "scan.h"
#include "spatch.h"
#include "util.h"

static void show_progress(size_t done, size_t total, void *cb)
{
	(void)cb;
	fprintf(stderr, "\rapply: spatch %zu/%zu files", done, total);
}

static void clear_progress(void)
{
	fprintf(stderr, "\r%*s\r", 40, "");
}

static size_t line_of(const char *buf, size_t len, size_t offset)
{
	size_t line = 1, i;

	for (i = 0; i < offset && i < len; i++)
		line += lex_line_end(buf, len, i);
	return line;
}

/* ---- spatch ---- */

/*
 * spatch_run_opts.batch_keep: a batch's output of a work is kept when
 * its rescan finds no old-form call left that apply would convert; else
 * the work runs alone, where a failure and its reason are its own.  A
 * slice's output is always kept: what it leaves runs again whole.
 */
static int keep_batch_output(const struct spatch_job *job, const char *text,
			     size_t len, void *cb)
{
	const struct apply_ctx *ctx = cb;
	const struct apply_work *w = job->util;
	struct scan_file rescan;
	size_t i;
	int keep = 1;

	if (w->sliced)
		return 1;
	len = apply_cut_context(text, len);
	scan_file_buffer(&rescan, w->file->path, text, len, ctx->opts->m);
	for (i = 0; keep && i < rescan.nr_sites; i++)
		keep = !apply_is_convertible(&rescan.sites[i]);
	scan_file_release(&rescan);
	return keep;
}

/* spatch has yet to give this work an outcome */
static int pending(const struct apply_work *w)
{
	return w->file && !w->failure && !w->changes;
}

/* the jobs' results into their works */
static void take_results(struct spatch_job *jobs, size_t n, size_t stage)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct apply_work *w = jobs[i].util;

		w->timed_out = jobs[i].timed_out;
		if (!stage && jobs[i].parse_error) {
			w->parse_error = jobs[i].parse_error;
			jobs[i].parse_error = NULL;
		}
		if (!stage && jobs[i].left_reasons) {
			w->left_reasons = jobs[i].left_reasons;
			jobs[i].left_reasons = NULL;
		}
		if (jobs[i].failure) {
			w->failure = jobs[i].failure;
			jobs[i].failure = NULL;
		} else if (jobs[i].changed) {
			free(w->output);
			w->output = jobs[i].output;
			jobs[i].output = NULL;
		}
		spatch_job_release(&jobs[i]);
	}
}

/*
 * how spatch runs a semantic patch; -1 (reported, options cleared) if it
 * cannot be read
 */
static int stage_opts(struct apply_ctx *ctx, const char *cocci,
		      struct strlist *options, struct spatch_run_opts *ropts)
{
	const struct apply_opts *opts = ctx->opts;
	size_t i;

	if (spatch_cocci_options(cocci, options) < 0) {
		strlist_clear(options, 0);
		return -1;
	}
	/* the generated patch has them on its Options: line already */
	for (i = 0; opts->m->cocci.nr && i < opts->m->spatch_options.nr; i++)
		strlist_push(options, opts->m->spatch_options.items[i].string);
	memset(ropts, 0, sizeof(*ropts));
	ropts->tmpdir = ctx->scratch;
	ropts->cocci = cocci;
	ropts->options = options;
	ropts->jobs = opts->jobs;
	ropts->batches = 1;
	ropts->timeout_sec = opts->timeout_sec;
	ropts->batch_keep = keep_batch_output;
	ropts->cb = ctx;
	if (opts->progress)
		ropts->progress = show_progress;
	return 0;
}

void apply_spatch_prestart(struct apply_ctx *ctx, const char *cocci)
{
	struct strlist options = STRLIST_INIT;
	struct spatch_run_opts ropts;

	if (!stage_opts(ctx, cocci, &options, &ropts))
		ctx->prestart = spatch_prestart(&ropts);
	strlist_clear(&options, 0);
}

void apply_spatch_cancel(struct apply_ctx *ctx)
{
	spatch_prestart_cancel(ctx->prestart);
	ctx->prestart = NULL;
}

/* one semantic patch on every work that has no outcome yet */
static int run_stage(struct apply_ctx *ctx, struct apply_work *works, size_t nr,
		     size_t stage, const char *cocci)
{
	struct strlist options = STRLIST_INIT;
	struct spatch_run_opts ropts;
	struct spatch_job *jobs;
	size_t i, n = 0;

	if (stage_opts(ctx, cocci, &options, &ropts) < 0)
		return -1;
	jobs = xcalloc(nr + 1, sizeof(*jobs));
	for (i = 0; i < nr; i++) {
		struct apply_work *w = &works[i];

		if (!pending(w) || w->cached ||
		    (!w->input && apply_copy_in(ctx, w, i) < 0))
			continue;
		jobs[n].input = xstrdup(w->output ? w->output : w->input);
		jobs[n].output = xstrfmt("%s/%zu.%zu%s", ctx->scratch, i, stage,
					 apply_extension(w->file->path));
		jobs[n++].util = w;
	}
	if (!stage) {
		ropts.prestart = ctx->prestart;
		ctx->prestart = NULL;
	}
	spatch_run(jobs, n, &ropts);
	if (ctx->opts->progress)
		clear_progress();
	take_results(jobs, n, stage);
	free(jobs);
	strlist_clear(&options, 0);
	return 0;
}

/* ---- the result cache (result-cache.h) ---- */

/*
 * spatch's outcome for a file depends only on the bytes it is given, the
 * name's extension, the semantic patches (whose text holds spatch's
 * options; spatch reads the scratch copy, so no tree header) and the
 * isomorphisms beside them (spatch_iso_file()), the spatch
 * binary and its version, and kmigrate's version.  The key of a run
 * holds all but the file's own (apply_spatch_key()); each file's key adds
 * those to a copy of it.  Only clean outcomes are kept: a failure or a
 * timeout runs again.
 */
void apply_spatch_key(struct result_key *base, const struct strlist *coccis,
		      const struct spatch_version *v)
{
	char version[64];
	size_t i;

	result_key_init(base, "apply-spatch-2");
	snprintf(version, sizeof(version), "%d.%d.%d", v->major, v->minor,
		 v->patch);
	result_key_addstr(base, version);
	result_key_addstr(base, v->binary);
	for (i = 0; i < coccis->nr; i++) {
		char *iso = spatch_iso_file(coccis->items[i].string);

		result_key_add_file(base, coccis->items[i].string);
		result_key_addstr(base, iso ? "iso" : "standard iso");
		if (iso)
			result_key_add_file(base, iso);
		free(iso);
	}
}

static void cache_key(const struct apply_work *w, const struct result_key *base,
		      struct result_key *key)
{
	*key = *base;
	result_key_addstr(key, apply_extension(w->file->path));
	result_key_add(key, w->given_text.buf, w->given_text.len);
	result_key_add(key, w->context.buf, w->context.len);
}

/* "LENGTH\nTEXT" at *p (before end): TEXT, or NULL when empty; -1 if bad */
static int cache_field(const char **p, const char *end, char **text)
{
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));
	size_t n;

	if (!nl || sscanf(*p, "%zu", &n) != 1 || n > (size_t)(end - (nl + 1)))
		return -1;
	*text = n ? xstrndup(nl + 1, n) : NULL;
	*p = nl + 1 + n;
	return 0;
}

/*
 * payload: the parse error and the left reasons, each as its length, a
 * newline and it; then spatch's output if any
 */
static void cache_take(struct apply_work *w, const struct strbuf *payload)
{
	const char *end = payload->buf + payload->len, *nl = payload->buf;
	char *pe = NULL, *lr = NULL;

	if (cache_field(&nl, end, &pe) < 0 || cache_field(&nl, end, &lr) < 0) {
		free(pe);
		return;
	}
	w->parse_error = pe;
	w->left_reasons = lr;
	strbuf_reset(&w->cached_output);
	strbuf_add(&w->cached_output, nl, (size_t)(end - nl));
	w->cached_changed = nl < end;
	w->cached = 1;
}

static void cache_lookup(struct apply_ctx *ctx, struct apply_work *works,
			 size_t nr, const struct result_key *base)
{
	struct strbuf payload = STRBUF_INIT;
	struct result_key key;
	size_t i;

	for (i = 0; result_cache_enabled() && i < nr; i++) {
		struct apply_work *w = &works[i];

		if (!pending(w) || apply_prepare_given(ctx, w) < 0)
			continue;
		cache_key(w, base, &key);
		strbuf_reset(&payload);
		if (result_cache_get(&key, &payload) > 0)
			cache_take(w, &payload);
	}
	strbuf_release(&payload);
}

static void cache_store(struct apply_work *works, size_t nr,
			const struct result_key *base)
{
	struct strbuf payload = STRBUF_INIT;
	struct result_key key;
	size_t i;

	for (i = 0; result_cache_enabled() && i < nr; i++) {
		struct apply_work *w = &works[i];
		const char *pe = w->parse_error ? w->parse_error : "";
		const char *lr = w->left_reasons ? w->left_reasons : "";

		if (!pending(w) || w->cached || w->timed_out || !w->input)
			continue;
		strbuf_reset(&payload);
		strbuf_addf(&payload, "%zu\n%s%zu\n%s", strlen(pe), pe,
			    strlen(lr), lr);
		if (w->output && strbuf_read_file(&payload, w->output) < 0)
			continue;
		cache_key(w, base, &key);
		result_cache_put(&key, payload.buf, payload.len);
	}
	strbuf_release(&payload);
}

/* ---- spatch's result ---- */

/*
 * A hand-written semantic patch may change more than the calls, in the
 * functions that held one (cross_check_bodies()): the file's text is
 * then spliced from spatch's output.  Else, or outside those, a failure
 * that says where; where: the offset cross_check() stopped at.
 */
static void check_bodies(struct apply_work *w, const struct scanned_text *b,
			 const struct migration *m, size_t where)
{
	const struct scanned_text *a = &w->orig;
	struct cross_check_place place;

	strbuf_reset(&w->spliced);
	w->has_spliced = 0;
	if (!m->cocci.nr) {
		w->failure = xstrfmt("spatch changed more than the calls "
				     "(line %zu)",
				     line_of(a->buf, a->len, where));
		return;
	}
	if (!cross_check_bodies(w->has_given ? &w->given : a, b, m, w->changes,
				a->buf, &w->spliced, &place)) {
		w->has_spliced = 1;
		return;
	}
	strbuf_reset(&w->spliced);
	if (place.function[0])
		w->failure = xstrfmt("spatch changed line %zu, in %s(), "
				     "which holds no call of %s()",
				     line_of(a->buf, a->len, place.where),
				     place.function, m->function);
	else
		w->failure = xstrfmt("spatch changed line %zu, outside the "
				     "functions that hold a call of %s()",
				     line_of(a->buf, a->len, place.where),
				     m->function);
}

/* spatch's output against the text it was given: changes[], or failure */
static void check_result(struct apply_ctx *ctx, struct apply_work *w)
{
	const struct scanned_text *a = &w->orig;
	const struct migration *m = ctx->opts->m;
	struct strbuf out = STRBUF_INIT;
	struct scanned_text b;
	size_t where;

	w->changes = xcalloc(a->scan.nr_sites + 1, sizeof(*w->changes));
	if (w->cached) {
		out = w->cached_output;
		strbuf_init(&w->cached_output, 0);
	} else if (!w->failure && w->output &&
		   strbuf_read_file(&out, w->output) < 0)
		w->failure = xstrfmt("cannot read spatch's output: %s",
				     strerror(errno));
	strbuf_setlen(&out, apply_cut_context(out.buf, out.len));
	if (!w->failure && (w->cached ? w->cached_changed : !!w->output)) {
		scanned_text_init(&b, w->file->path, out.buf, out.len, m);
		if (cross_check(w->has_given ? &w->given : a, &b, m, w->changes,
				&where) < 0)
			check_bodies(w, &b, m, where);
		scanned_text_release(&b);
	}
	if (w->failure)
		memset(w->changes, 0, a->scan.nr_sites * sizeof(*w->changes));
	strbuf_release(&out);
}

/*
 * A slice's result apply cannot take as it is: a failure, or an old-form
 * call that is not converted and whose reason would come from spatch
 * (one in a #define body is left for that alone)
 */
static int needs_whole(const struct apply_work *w)
{
	const struct scan_file *sf = &w->orig.scan;
	size_t i;

	if (w->failure || w->timed_out)
		return 1;
	for (i = 0; i < sf->nr_sites; i++) {
		const struct call_site *cs = &sf->sites[i];

		if (cs->kind == CALL_SITE_OLD && !cs->in_macro &&
		    !(w->changes[i] == CALL_CONVERTED &&
		      apply_is_convertible(cs)))
			return 1;
	}
	return 0;
}

void apply_work_release_spatch(struct apply_work *w)
{
	if (w->has_given)
		scanned_text_release(&w->given);
	w->has_given = w->given_ready = w->sliced = w->timed_out = 0;
	w->cached = w->cached_changed = 0;
	strbuf_reset(&w->cached_output);
	free(w->input);
	free(w->output);
	free(w->failure);
	free(w->parse_error);
	free(w->left_reasons);
	free(w->changes);
	w->input = w->output = w->failure = w->parse_error = NULL;
	w->left_reasons = NULL;
	w->changes = NULL;
}

/* the outcome of every pending work: cache, spatch, cache, check */
static int run_pending(struct apply_ctx *ctx, struct apply_work *works,
		       size_t nr, const struct strlist *coccis,
		       const struct result_key *base)
{
	size_t i;

	cache_lookup(ctx, works, nr, base);
	for (i = 0; i < coccis->nr; i++)
		if (run_stage(ctx, works, nr, i, coccis->items[i].string) < 0)
			return -1;
	cache_store(works, nr, base);
	for (i = 0; i < nr; i++)
		if (works[i].file && !works[i].changes)
			check_result(ctx, &works[i]);
	return 0;
}

int apply_spatch(struct apply_ctx *ctx, struct apply_work *works, size_t nr,
		 const struct strlist *coccis)
{
	const struct result_key *base = &ctx->spatch_key;
	size_t i, nr_whole = 0;

	if (run_pending(ctx, works, nr, coccis, base) < 0)
		return -1;
	for (i = 0; i < nr; i++) {
		struct apply_work *w = &works[i];

		if (!w->file || !w->sliced || !needs_whole(w))
			continue;
		apply_work_release_spatch(w);
		w->whole = 1;
		nr_whole++;
	}
	return nr_whole ? run_pending(ctx, works, nr, coccis, base) : 0;
}
