/*
 * apply.c - the conversion pipeline (see apply.h).
 *
 * Contract: the tree is only read.  The steps, for the files scan found:
 *  1. a file with old-form calls outside macro bodies is read and
 *     re-scanned from the bytes read, so offsets and text agree;
 *  2. spatch runs on those files only, once per semantic patch, the
 *     output of one stage the input of the next, in a scratch
 *     directory that is removed at exit: it reads a copy of each file
 *     named N.c (N.h) by kmigrate, never a name from the tree, which
 *     spatch would hand to sh -c (copy_in(): NUL bytes and lone CRs
 *     are made spatch-readable there, offsets kept); the files go to
 *     spatch in batches (about one a job); a batch whose process fails
 *     runs again one process per file, and so does each file of a batch
 *     that exited normally whose output still holds an old-form call
 *     apply would convert (keep_batch_output()), so a failure, its
 *     reason and its time limit are the file's own;
 *  3. spatch's final output is re-scanned and lexed; cross_check() walks
 *     both token streams, call by call: between calls the tokens must be
 *     equal, and each call must be equal or converted as the
 *     migration's map says (whitespace never counts);
 *  4. the calls that are old in scan AND converted by spatch are handed
 *     to reformat.c with the original bytes; the result is cross-checked
 *     against the original the same way, so a reformatting bug fails the
 *     file instead of corrupting it;
 *  5. every other call of the function is recorded as left, with why;
 *     a converted call that lost a value the map does not let go
 *     silently is recorded with a warning.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "cocci-gen.h"
#include "cross-check.h"
#include "diff.h"
#include "lexer.h"
#include "reformat.h"
#include "result-cache.h"
#include "scratch.h"
#include "scan.h"
#include "spatch.h"
#include "tempfile.h"
#include "tree-fs.h"
#include "tree-style.h"
#include "util.h"

static const char *const reason_names[APPLY_LEFT_NR] = {
	[APPLY_LEFT_AMBIGUOUS] = "ambiguous",
	[APPLY_LEFT_MACRO] = "macro",
	[APPLY_LEFT_SHADOWED] = "shadowed",
	[APPLY_LEFT_PARSE_ERROR] = "parse error",
	[APPLY_LEFT_TIMEOUT] = "timeout",
	[APPLY_LEFT_SPATCH_FAILED] = "spatch failed",
	[APPLY_LEFT_NOT_MATCHED] = "not matched",
};

/* a file spatch runs on */
struct apply_work {
	struct apply_file *file;
	struct scanned_text orig;
	struct strbuf given_text;  /* what spatch is given (see copy_in) */
	struct scanned_text given; /* its scan, when it is not orig's */
	int has_given;
	char *input;	   /* SCRATCH/N.c, the copy spatch reads */
	char *output;	   /* spatch's latest output, or NULL */
	char *failure;	   /* spatch failed on it: why */
	char *parse_error; /* spatch's parse error in it */
	int timed_out;
	int cached; /* spatch's outcome came from the cache */
};

struct apply_ctx {
	const struct apply_opts *opts;
	struct apply_result *result;
	char *scratch;
};

const char *apply_reason_name(enum apply_reason reason)
{
	return reason < APPLY_LEFT_NR ? reason_names[reason] : "?";
}

static size_t line_of(const char *buf, size_t len, size_t offset)
{
	size_t line = 1, i;

	for (i = 0; i < offset && i < len; i++)
		line += lex_line_end(buf, len, i);
	return line;
}

static void add_left(struct apply_result *r, const struct apply_file *file,
		     const struct call_site *cs, enum apply_reason reason,
		     char *detail)
{
	struct apply_left *left;

	ALLOC_GROW(r->left, r->nr_left + 1, r->alloc_left);
	left = &r->left[r->nr_left++];
	left->path = file->path;
	left->line = cs->line;
	left->column = cs->column;
	left->reason = reason;
	left->detail = detail;
	r->counts[reason]++;
}

/* a call of a file-local function, not its declaration or definition */
static int is_shadowed_call(const struct call_site *cs)
{
	return cs->kind == CALL_SITE_SHADOWED && cs->reason &&
	       !strncmp(cs->reason, "a call", 6);
}

/* an old-form call apply may convert */
static int is_convertible(const struct call_site *cs)
{
	return cs->kind == CALL_SITE_OLD && !cs->in_macro && cs->has_args &&
	       !cs->unterminated;
}

/* why an old-form call that spatch did not convert is left */
static void left_old(struct apply_result *r, const struct apply_file *file,
		     const struct call_site *cs, const struct apply_work *w)
{
	if (cs->in_macro)
		add_left(r, file, cs, APPLY_LEFT_MACRO, xstrdup("macro"));
	else if (w && w->timed_out)
		add_left(r, file, cs, APPLY_LEFT_TIMEOUT, xstrdup("timeout"));
	else if (w && w->failure)
		add_left(r, file, cs, APPLY_LEFT_SPATCH_FAILED,
			 xstrdup(w->failure));
	else if (w && w->parse_error)
		add_left(r, file, cs, APPLY_LEFT_PARSE_ERROR,
			 xstrfmt("spatch: %s", w->parse_error));
	else
		add_left(r, file, cs, APPLY_LEFT_NOT_MATCHED,
			 xstrdup("not matched by the semantic patch"));
}

/* record every call of the file that is not converted */
static void account_sites(struct apply_result *r, const struct apply_file *file,
			  const struct call_site *sites, size_t nr,
			  const enum call_change *changes,
			  const struct apply_work *w)
{
	size_t i;

	for (i = 0; i < nr; i++) {
		const struct call_site *cs = &sites[i];
		int inserted = changes && changes[i] == CALL_CONVERTED;

		if (cs->kind == CALL_SITE_OLD &&
		    !(inserted && is_convertible(cs)))
			left_old(r, file, cs, w);
		else if (cs->kind == CALL_SITE_AMBIGUOUS)
			add_left(r, file, cs, APPLY_LEFT_AMBIGUOUS,
				 xstrfmt("ambiguous: %s",
					 cs->reason ? cs->reason :
						      "the form is unknown"));
		else if (is_shadowed_call(cs))
			add_left(r, file, cs, APPLY_LEFT_SHADOWED,
				 xstrfmt("shadowed: %s", cs->reason));
		else if (cs->kind == CALL_SITE_NEW && inserted)
			add_left(r, file, cs, APPLY_LEFT_AMBIGUOUS,
				 xstrdup("ambiguous: spatch converts a call "
					 "scan finds in the new form"));
	}
}

/* ---- spatch ---- */

static void show_progress(size_t done, size_t total, void *cb)
{
	(void)cb;
	fprintf(stderr, "\rapply: spatch %zu/%zu files", done, total);
}

static void clear_progress(void)
{
	fprintf(stderr, "\r%*s\r", 40, "");
}

/* ".c" or ".h": spatch tells headers by their name */
static const char *extension(const char *path)
{
	size_t len = strlen(path);

	return len >= 2 && !strcmp(path + len - 2, ".h") ? ".h" : ".c";
}

/*
 * The copy of work i that spatch reads: SCRATCH/I.c (or .h), a name
 * kmigrate chose, never the tree's (spatch.h says why).  spatch 1.1.1
 * stops reading a file at a NUL byte and silently converts nothing, so
 * the copy has a space for each NUL; and a CR alone becomes a LF.  Both
 * keep every offset, so the copy's calls are the original's: when they
 * are not (a NUL between tokens), the file fails rather than guess.
 */
static int copy_in(struct apply_ctx *ctx, struct apply_work *w, size_t i)
{
	const struct scanned_text *a = &w->orig;
	struct strbuf *g = &w->given_text;
	size_t k;

	strbuf_add(g, a->buf, a->len);
	for (k = 0; k < g->len; k++) {
		if (!g->buf[k])
			g->buf[k] = ' ';
		else if (g->buf[k] == '\r' && lex_line_end(a->buf, a->len, k))
			g->buf[k] = '\n';
	}
	w->input =
		xstrfmt("%s/%zu%s", ctx->scratch, i, extension(w->file->path));
	if (write_scratch_file(w->input, g->buf, g->len) < 0) {
		w->failure = xstrdup("cannot copy it for spatch");
		return -1;
	}
	if (!memcmp(g->buf, a->buf, a->len))
		return 0;
	w->has_given = 1;
	scanned_text_init(&w->given, w->file->path, g->buf, g->len,
			  ctx->opts->m);
	if (w->given.scan.nr_sites != a->scan.nr_sites)
		goto out_differ;
	for (k = 0; k < a->scan.nr_sites; k++)
		if (w->given.scan.sites[k].name_offset !=
			    a->scan.sites[k].name_offset ||
		    w->given.scan.sites[k].kind != a->scan.sites[k].kind)
			goto out_differ;
	return 0;
out_differ:
	w->failure = xstrdup("a NUL byte between its tokens: spatch cannot "
			     "read it as it is");
	return -1;
}

/*
 * spatch_run_opts.batch_keep: a batch's output of a work is kept when
 * its rescan finds no old-form call left that apply would convert; else
 * the work runs alone, where a failure and its reason are its own.
 */
static int keep_batch_output(const struct spatch_job *job, const char *text,
			     size_t len, void *cb)
{
	const struct apply_ctx *ctx = cb;
	const struct apply_work *w = job->util;
	struct scan_file rescan;
	size_t i;
	int keep = 1;

	scan_file_buffer(&rescan, w->file->path, text, len, ctx->opts->m);
	for (i = 0; keep && i < rescan.nr_sites; i++)
		keep = !is_convertible(&rescan.sites[i]);
	scan_file_release(&rescan);
	return keep;
}

/* one semantic patch on every work that has not failed */
static int run_stage(struct apply_ctx *ctx, struct apply_work *works, size_t nr,
		     size_t stage, const char *cocci)
{
	const struct apply_opts *opts = ctx->opts;
	struct strlist options = STRLIST_INIT;
	struct spatch_run_opts ropts = { 0 };
	struct spatch_job *jobs = xcalloc(nr, sizeof(*jobs));
	size_t i, n = 0;

	if (spatch_cocci_options(cocci, &options) < 0) {
		free(jobs);
		return -1;
	}
	ropts.tmpdir = ctx->scratch;
	for (i = 0; i < nr; i++) {
		struct apply_work *w = &works[i];

		if (!w->file || w->failure || w->cached)
			continue;
		if (!w->input && copy_in(ctx, w, i) < 0)
			continue;
		jobs[n].input = xstrdup(w->output ? w->output : w->input);
		jobs[n].output = xstrfmt("%s/%zu.%zu%s", ctx->scratch, i, stage,
					 extension(w->file->path));
		jobs[n++].util = w;
	}
	ropts.cocci = cocci;
	ropts.options = &options;
	ropts.jobs = opts->jobs;
	ropts.batches = opts->jobs;
	ropts.timeout_sec = opts->timeout_sec;
	ropts.batch_keep = keep_batch_output;
	ropts.cb = ctx;
	if (opts->progress)
		ropts.progress = show_progress;
	spatch_run(jobs, n, &ropts);
	if (opts->progress)
		clear_progress();
	for (i = 0; i < n; i++) {
		struct apply_work *w = jobs[i].util;

		w->timed_out = jobs[i].timed_out;
		if (!stage && jobs[i].parse_error) {
			w->parse_error = jobs[i].parse_error;
			jobs[i].parse_error = NULL;
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
	free(jobs);
	strlist_clear(&options, 0);
	return 0;
}

/* ---- the result cache (result-cache.h) ---- */

/*
 * spatch's outcome for a file depends only on the bytes it is given, the
 * name's extension, the semantic patches (whose text holds spatch's
 * options; spatch reads the scratch copy, so no tree header) and
 * spatch's and kmigrate's versions.  Only clean outcomes are kept: a
 * failure or a timeout runs again.
 */
static void cache_key(struct apply_work *w, const struct strlist *coccis,
		      const struct spatch_version *v, struct result_key *key)
{
	size_t i;

	result_key_init(key, "apply-spatch");
	result_key_add(key, v, sizeof(*v));
	for (i = 0; i < coccis->nr; i++)
		result_key_add_file(key, coccis->items[i].string);
	result_key_addstr(key, extension(w->file->path));
	result_key_add(key, w->given_text.buf, w->given_text.len);
}

static void cache_lookup(struct apply_ctx *ctx, struct apply_work *works,
			 size_t nr, const struct strlist *coccis,
			 const struct spatch_version *v)
{
	struct strbuf payload = STRBUF_INIT;
	struct result_key key;
	size_t i, n;

	for (i = 0; result_cache_enabled() && i < nr; i++) {
		struct apply_work *w = &works[i];
		char *nl;

		if (!w->file || w->failure || copy_in(ctx, w, i) < 0)
			continue;
		cache_key(w, coccis, v, &key);
		strbuf_reset(&payload);
		if (result_cache_get(&key, &payload) <= 0 ||
		    !(nl = memchr(payload.buf, '\n', payload.len)) ||
		    sscanf(payload.buf, "%zu", &n) != 1 ||
		    n > payload.len - (nl + 1 - payload.buf))
			continue;
		if (n)
			w->parse_error = xstrndup(nl + 1, n);
		nl += 1 + n;
		if (nl < payload.buf + payload.len) {
			w->output = xstrfmt("%s/%zu.cached%s", ctx->scratch, i,
					    extension(w->file->path));
			if (write_scratch_file(w->output, nl,
					       payload.buf + payload.len - nl) <
			    0)
				w->failure = xstrdup("cannot copy it from "
						     "the result cache");
		}
		w->cached = 1;
	}
	strbuf_release(&payload);
}

/* payload: parse error's length, newline, it, spatch's output if any */
static void cache_store(struct apply_work *works, size_t nr,
			const struct strlist *coccis,
			const struct spatch_version *v)
{
	struct strbuf payload = STRBUF_INIT;
	struct result_key key;
	size_t i;

	for (i = 0; result_cache_enabled() && i < nr; i++) {
		struct apply_work *w = &works[i];
		const char *pe = w->parse_error ? w->parse_error : "";

		if (!w->file || w->cached || w->failure || w->timed_out ||
		    !w->input)
			continue;
		strbuf_reset(&payload);
		strbuf_addf(&payload, "%zu\n%s", strlen(pe), pe);
		if (w->output && strbuf_read_file(&payload, w->output) < 0)
			continue;
		cache_key(w, coccis, v, &key);
		result_cache_put(&key, payload.buf, payload.len);
	}
	strbuf_release(&payload);
}

/* ---- one file ---- */

/* the conversion reformat.c makes, from the migration's map */
static void reformat_map_init(struct reformat_map *map,
			      const struct migration *m)
{
	const char **values =
		xcalloc(m->new_proto.nr_params + 1, sizeof(*values));
	size_t k;

	for (k = 0; k < m->new_proto.nr_params; k++) {
		const struct call_item *it = migration_new_item(m, (int)k + 1);

		if (it && it->kind == CALL_ITEM_VALUE)
			values[k] = it->value;
	}
	map->new_name = migration_renames(m) ? m->new_function : NULL;
	map->nr_old = m->old_proto.nr_params;
	map->old_to_new = m->old_to_new;
	map->values = values;
	map->nr_new = m->new_proto.nr_params;
}

/* a removed argument whose value is not one that goes silently */
static void note_dropped(struct apply_result *r, const struct apply_file *file,
			 const struct call_site *cs, const struct migration *m)
{
	size_t j;

	for (j = 0; j < m->old_proto.nr_params && j < cs->nr_args; j++) {
		struct apply_left *note;

		if (migration_new_position(m, (int)j + 1) ||
		    migration_drop_is_silent(m, (int)j + 1, cs->args[j].text))
			continue;
		ALLOC_GROW(r->dropped, r->nr_dropped + 1, r->alloc_dropped);
		note = &r->dropped[r->nr_dropped++];
		note->path = file->path;
		note->line = cs->line;
		note->column = cs->column;
		note->reason = APPLY_LEFT_NR;
		note->detail = xstrfmt("converted, dropping argument %zu '%s' "
				       "(%s) of %s()",
				       j + 1, cs->args[j].text,
				       m->old_proto.params[j].name,
				       m->function);
	}
}

/* the file's new text from the calls to convert; -1 if it fails checks */
static int rewrite(struct apply_ctx *ctx, struct apply_work *w,
		   const enum call_change *changes)
{
	const struct scanned_text *a = &w->orig;
	const struct migration *m = ctx->opts->m;
	struct reformat_call *calls;
	struct reformat_map map;
	enum call_change *check;
	struct scanned_text b;
	size_t i, nr = 0, where;
	int ret = 0;

	calls = xcalloc(a->scan.nr_sites + 1, sizeof(*calls));
	for (i = 0; i < a->scan.nr_sites; i++) {
		const struct call_site *cs = &a->scan.sites[i];

		if (changes[i] != CALL_CONVERTED || !is_convertible(cs))
			continue;
		calls[nr].open = cs->open_paren;
		calls[nr].close = cs->close_paren;
		calls[nr].commas = cs->commas;
		calls[nr++].nr_commas = cs->nr_commas;
	}
	strbuf_reset(&w->file->new_text);
	reformat_map_init(&map, m);
	reformat_convert(&w->file->new_text, a->buf, a->len, calls, nr, &map,
			 ctx->result->max_line_length);
	free((void *)map.values);
	tree_style_retab(&w->file->new_text, a->buf, a->len);
	w->file->converted = nr;
	/* the new text must differ from the original in those calls only */
	check = xcalloc(a->scan.nr_sites + 1, sizeof(*check));
	scanned_text_init(&b, w->file->path, w->file->new_text.buf,
			  w->file->new_text.len, m);
	if (cross_check(a, &b, m, check, &where) < 0)
		ret = -1;
	for (i = 0; !ret && i < a->scan.nr_sites; i++)
		if ((check[i] == CALL_CONVERTED) !=
		    (changes[i] == CALL_CONVERTED &&
		     is_convertible(&a->scan.sites[i])))
			ret = -1;
	scanned_text_release(&b);
	free(check);
	free(calls);
	return ret;
}

/* cross-check spatch's output and convert; the calls left are recorded */
static void convert_file(struct apply_ctx *ctx, struct apply_work *w)
{
	struct apply_file *file = w->file;
	const struct scanned_text *a = &w->orig;
	enum call_change *changes =
		xcalloc(a->scan.nr_sites + 1, sizeof(*changes));
	struct strbuf out = STRBUF_INIT;
	struct scanned_text b;
	size_t where, i;

	if (!w->failure && w->output) {
		if (strbuf_read_file(&out, w->output) < 0)
			w->failure = xstrfmt("cannot read spatch's output: %s",
					     strerror(errno));
	}
	if (!w->failure && w->output) {
		scanned_text_init(&b, file->path, out.buf, out.len,
				  ctx->opts->m);
		if (cross_check(w->has_given ? &w->given : a, &b, ctx->opts->m,
				changes, &where) < 0)
			w->failure = xstrfmt("spatch changed more than the "
					     "calls (line %zu)",
					     line_of(a->buf, a->len, where));
		scanned_text_release(&b);
	}
	if (w->failure) {
		memset(changes, 0, a->scan.nr_sites * sizeof(*changes));
		file->failure = xstrdup(w->failure);
		ctx->result->nr_failed++;
	} else if (rewrite(ctx, w, changes) < 0) {
		w->failure = xstrdup("kmigrate's rewrite does not match "
				     "spatch's (a bug); file left as it was");
		file->failure = xstrdup(w->failure);
		ctx->result->nr_failed++;
		memset(changes, 0, a->scan.nr_sites * sizeof(*changes));
		file->converted = 0;
	}
	if (!file->converted) {
		strbuf_reset(&file->new_text);
		strbuf_add(&file->new_text, file->old_text.buf,
			   file->old_text.len);
	}
	ctx->result->nr_converted += file->converted;
	ctx->result->nr_changed += file->converted > 0;
	for (i = 0; file->converted && i < a->scan.nr_sites; i++)
		if (changes[i] == CALL_CONVERTED &&
		    is_convertible(&a->scan.sites[i]))
			note_dropped(ctx->result, file, &a->scan.sites[i],
				     ctx->opts->m);
	account_sites(ctx->result, file, a->scan.sites, a->scan.nr_sites,
		      changes, w);
	strbuf_release(&out);
	free(changes);
}

/* ---- the tree ---- */

static int needs_spatch(const struct scan_file *sf)
{
	size_t i;

	for (i = 0; i < sf->nr_sites; i++)
		if (is_convertible(&sf->sites[i]))
			return 1;
	return 0;
}

/* why a file cannot be read through tree-fs.h */
static const char *read_error(int err)
{
	if (err == ELOOP || err == ENOTDIR)
		return "a symbolic link in its path (apply reads and writes "
		       "only below real directories)";
	if (err == EINVAL)
		return "not a regular file";
	return strerror(err);
}

/* read and re-scan a file for spatch; NULL if it cannot be read */
static struct apply_work *prepare_work(const struct apply_opts *opts,
				       const struct tree_fs *fs,
				       struct apply_file *file,
				       struct apply_work *w)
{
	w->file = file;
	strbuf_init(&w->given_text, 0);
	if (tree_fs_read(fs, file->path, &file->old_text, &file->st) < 0) {
		file->failure = xstrfmt("cannot read '%s': %s", file->path,
					read_error(errno));
		strbuf_release(&w->given_text);
		memset(w, 0, sizeof(*w));
		return NULL;
	}
	scanned_text_init(&w->orig, file->path, file->old_text.buf,
			  file->old_text.len, opts->m);
	return w;
}

static void release_work(struct apply_work *w)
{
	if (!w->file)
		return;
	scanned_text_release(&w->orig);
	if (w->has_given)
		scanned_text_release(&w->given);
	strbuf_release(&w->given_text);
	free(w->input);
	free(w->output);
	free(w->failure);
	free(w->parse_error);
}

/* the files with occurrences; works[i] is set for those spatch runs on */
static size_t list_files(const struct apply_opts *opts, struct apply_result *r,
			 const struct scan_result *scan,
			 struct apply_work *works)
{
	size_t i, nr_works = 0;
	struct tree_fs fs;

	if (tree_fs_open(&fs, opts->tree) < 0)
		fs.root_fd = -1; /* every read fails, and says why */
	r->files = xcalloc(scan->nr_files, sizeof(*r->files));
	r->nr_files = r->alloc_files = scan->nr_files;
	for (i = 0; i < scan->nr_files; i++) {
		struct apply_file *file = &r->files[i];

		file->path = xstrdup(scan->files[i].path);
		strbuf_init(&file->old_text, 0);
		strbuf_init(&file->new_text, 0);
		if (needs_spatch(&scan->files[i]) &&
		    prepare_work(opts, &fs, file, &works[i]))
			nr_works++;
	}
	tree_fs_close(&fs);
	return nr_works;
}

int apply_tree(const struct apply_opts *opts, struct apply_result *r)
{
	struct apply_ctx ctx = { opts, r, NULL };
	struct spatch_version version;
	struct scan_result scan;
	struct apply_work *works;
	struct strlist coccis = STRLIST_INIT;
	size_t i, nr_works;
	int ret = 0;

	memset(r, 0, sizeof(*r));
	r->max_line_length = opts->max_line_length ?
				     opts->max_line_length :
				     tree_max_line_length(opts->tree);
	if (spatch_check(&version) < 0)
		return -1;
	if (scan_tree(opts->tree, opts->m, opts->jobs, &scan) < 0)
		return error_errno("cannot open tree '%s'", opts->tree);
	tree_notes_take(&r->notes, &scan.notes);
	r->nr_unreadable = tree_notes_count(&r->notes, TREE_NOTE_UNREADABLE);
	r->nr_binary = tree_notes_count(&r->notes, TREE_NOTE_BINARY);
	works = xcalloc(scan.nr_files + 1, sizeof(*works));
	nr_works = list_files(opts, r, &scan, works);
	if (nr_works)
		ctx.scratch = tempdir_create("kmigrate-apply");
	if (nr_works)
		ret = cocci_files(opts->m, ctx.scratch, &coccis);
	if (nr_works && !ret)
		cache_lookup(&ctx, works, scan.nr_files, &coccis, &version);
	for (i = 0; nr_works && !ret && i < coccis.nr; i++)
		ret = run_stage(&ctx, works, scan.nr_files, i,
				coccis.items[i].string);
	if (nr_works && !ret)
		cache_store(works, scan.nr_files, &coccis, &version);
	strlist_clear(&coccis, 0);
	for (i = 0; !ret && i < scan.nr_files; i++) {
		struct apply_file *file = &r->files[i];

		if (works[i].file) {
			convert_file(&ctx, &works[i]);
			continue;
		}
		if (file->failure) { /* could not be read */
			struct apply_work unread = { .failure = file->failure };

			r->nr_failed++;
			account_sites(r, file, scan.files[i].sites,
				      scan.files[i].nr_sites, NULL, &unread);
			continue;
		}
		account_sites(r, file, scan.files[i].sites,
			      scan.files[i].nr_sites, NULL, NULL);
	}
	for (i = 0; i < scan.nr_files; i++)
		release_work(&works[i]);
	free(works);
	free(ctx.scratch);
	scan_result_release(&scan);
	return ret;
}

void apply_result_release(struct apply_result *r)
{
	size_t i;

	for (i = 0; i < r->nr_files; i++) {
		free(r->files[i].path);
		strbuf_release(&r->files[i].old_text);
		strbuf_release(&r->files[i].new_text);
		free(r->files[i].failure);
	}
	free(r->files);
	for (i = 0; i < r->nr_left; i++)
		free(r->left[i].detail);
	free(r->left);
	for (i = 0; i < r->nr_dropped; i++)
		free(r->dropped[i].detail);
	free(r->dropped);
	tree_notes_release(&r->notes);
	memset(r, 0, sizeof(*r));
}

void apply_write_diff(const struct apply_result *r, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < r->nr_files; i++) {
		const struct apply_file *file = &r->files[i];

		if (file->converted)
			diff_write_file(out, file->path, file->old_text.buf,
					file->old_text.len, file->new_text.buf,
					file->new_text.len, NULL);
	}
}
