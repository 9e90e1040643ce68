/*
 * apply.c - the conversion pipeline (see apply.h).
 *
 * Contract: the tree is only read.  spatch is started on the first
 * semantic patch before the tree is scanned (start_spatch()): it parses
 * it while apply scans, and is given its files when they are known.
 * The tree is walked first: when a run has been kept for the tree as
 * the walk finds it (apply-memo.c), its result is the result, and only
 * the files it read are read again.  The steps, for the files scan
 * found:
 *  1. a file with old-form calls outside macro bodies is read and
 *     re-scanned from the bytes read, so offsets and text agree;
 *  2. spatch runs on those files only (apply-spatch.c), once per
 *     semantic patch, the output of one stage the input of the next, in
 *     a scratch directory that is removed at exit: it reads a copy of
 *     each file named N.c (N.h) by kmigrate, never a name from the
 *     tree, which spatch would hand to sh -c; the copy is the file made
 *     spatch-readable (NUL bytes, lone CRs) and sliced (the function
 *     bodies and initializers that do not name the function blanked),
 *     offsets kept; the files go to spatch in batches (about one a
 *     job); a batch whose process fails runs again one process per
 *     file, and so does each file of a batch that exited normally whose
 *     output still holds an old-form call apply would convert, so a
 *     failure, its reason and its time limit are the file's own; a
 *     slice whose result apply cannot take as it is runs again whole;
 *  3. spatch's final output is re-scanned and lexed; cross_check() has
 *     the migration's kind walk both token streams (for a call kind,
 *     call by call: between calls the tokens must be equal, and each
 *     call must be equal or converted as the migration's map says;
 *     whitespace never counts);
 *  4. the calls that are old in scan AND converted by spatch are handed
 *     to the migration's kind to rewrite with the original bytes
 *     (rewrite.h; for a call, reformat.c); the result is cross-checked
 *     against the original the same way, so a reformatting bug fails the
 *     file instead of corrupting it;
 *  5. every other call of the function is recorded as left, with why
 *     (apply-account.c);
 *     what the rewrite warns of (a converted call that lost a value the
 *     map does not let go silently) is recorded with a warning.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply-work.h"
#include "apply.h"
#include "cocci-gen.h"
#include "diff.h"
#include "rewrite.h"
#include "scan.h"
#include "spatch.h"
#include "tempfile.h"
#include "tree-fs.h"
#include "tree-style.h"
#include "util.h"

/* ---- one file ---- */

/* the rewrite's warnings, in site order, to the result's */
static void take_warnings(struct apply_result *r, const struct apply_file *file,
			  struct apply_rewrite *rw)
{
	size_t i;

	for (i = 0; i < rw->nr_warnings; i++) {
		const struct call_site *cs = &rw->sites[rw->warnings[i].site];
		struct apply_left *note;

		ALLOC_GROW(r->dropped, r->nr_dropped + 1, r->alloc_dropped);
		note = &r->dropped[r->nr_dropped++];
		memset(note, 0, sizeof(*note));
		note->path = file->path;
		note->line = rw->warnings[i].line ? rw->warnings[i].line :
						    cs->line;
		note->column = rw->warnings[i].line ? rw->warnings[i].column :
						      cs->column;
		note->reason = APPLY_DROPPED;
		note->arg = rw->warnings[i].arg;
		note->text = rw->warnings[i].text;
		note->param = rw->warnings[i].param;
		note->function = rw->warnings[i].function;
		memset(&rw->warnings[i], 0, sizeof(rw->warnings[i]));
	}
}

/*
 * the file's new text from the calls to convert, as the migration's
 * kind writes it; -1 if it fails checks
 */
static int rewrite(struct apply_ctx *ctx, struct apply_work *w,
		   const enum call_change *changes)
{
	const struct scanned_text *a = &w->orig;
	const struct migration *m = ctx->opts->m;
	struct apply_rewrite rw = {
		.m = m,
		.values = a->values,
		.buf = a->buf,
		.len = a->len,
		.sites = a->scan.sites,
		.nr_sites = a->scan.nr_sites,
		.max_columns = ctx->result->max_line_length,
		.out = &w->file->new_text,
	};
	unsigned char *convert;
	enum call_change *check;
	struct scanned_text b;
	size_t i, where;
	int ret = 0;

	convert = xcalloc(a->scan.nr_sites + 1, sizeof(*convert));
	for (i = 0; i < a->scan.nr_sites; i++)
		convert[i] = changes[i] == CALL_CONVERTED &&
			     apply_is_convertible(&a->scan.sites[i]);
	rw.convert = convert;
	strbuf_reset(&w->file->new_text);
	m->kind->rewrite(&rw);
	tree_style_retab(&w->file->new_text, a->buf, a->len);
	w->file->converted = rw.converted;
	/* the new text must differ from the original in those calls only */
	check = xcalloc(a->scan.nr_sites + 1, sizeof(*check));
	scanned_text_init(&b, w->file->path, w->file->new_text.buf,
			  w->file->new_text.len, m);
	if (cross_check(a, &b, m, check, &where) < 0)
		ret = -1;
	for (i = 0; !ret && i < a->scan.nr_sites; i++)
		if ((check[i] == CALL_CONVERTED) != convert[i])
			ret = -1;
	scanned_text_release(&b);
	if (!ret && rw.converted)
		take_warnings(ctx->result, w->file, &rw);
	rewrite_release_warnings(&rw);
	free(check);
	free(convert);
	return ret;
}

/*
 * The file's new text from a hand-written semantic patch's output, the
 * bodies it changed spliced in (cross_check_bodies()); -1 if a call it
 * converted is one apply leaves, or the text fails the check again
 */
static int take_spliced(struct apply_work *w, const struct migration *m,
			const enum call_change *changes)
{
	const struct scanned_text *a = &w->orig;
	struct cross_check_place place;
	enum call_change *check;
	struct scanned_text b;
	size_t i;
	int ret = 0;

	w->file->converted = 0;
	for (i = 0; !ret && i < a->scan.nr_sites; i++) {
		if (changes[i] != CALL_CONVERTED)
			continue;
		if (!apply_is_convertible(&a->scan.sites[i]))
			ret = -1;
		w->file->converted++;
	}
	strbuf_reset(&w->file->new_text);
	strbuf_add(&w->file->new_text, w->spliced.buf, w->spliced.len);
	tree_style_retab(&w->file->new_text, a->buf, a->len);
	check = xcalloc(a->scan.nr_sites + 1, sizeof(*check));
	scanned_text_init(&b, w->file->path, w->file->new_text.buf,
			  w->file->new_text.len, m);
	if (!ret &&
	    cross_check_bodies(a, &b, m, check, a->buf, NULL, &place) < 0)
		ret = -1;
	for (i = 0; !ret && i < a->scan.nr_sites; i++)
		if (check[i] != changes[i])
			ret = -1;
	scanned_text_release(&b);
	free(check);
	return ret;
}

/* the file's new text from spatch's checked result, or its failure */
static void convert_file(struct apply_ctx *ctx, struct apply_work *w)
{
	struct apply_file *file = w->file;
	const struct scanned_text *a = &w->orig;
	enum call_change *changes = w->changes;

	if (!w->failure &&
	    (w->has_spliced ? take_spliced(w, ctx->opts->m, changes) :
			      rewrite(ctx, w, changes)) < 0) {
		w->failure = xstrdup("kmigrate's rewrite does not match "
				     "spatch's (a bug); file left as it was");
		memset(changes, 0, a->scan.nr_sites * sizeof(*changes));
		file->converted = 0;
	}
	if (w->failure)
		file->converted = 0;
	if (!file->converted) {
		strbuf_reset(&file->new_text);
		strbuf_add(&file->new_text, file->old_text.buf,
			   file->old_text.len);
	}
}

/*
 * A function given across files converted in every file or none
 * (apply-whole.c): the files it is taken back from converted again,
 * until none loses one
 */
static void convert_whole(struct apply_ctx *ctx, struct apply_work *works,
			  const struct scan_result *scan)
{
	struct strlist left = STRLIST_INIT;
	size_t i;

	while (apply_whole_leave(works, scan, &left))
		for (i = 0; i < scan->nr_files; i++)
			if (works[i].rewrite_again)
				convert_file(ctx, &works[i]);
	strlist_clear(&left, 0);
}

/* the file's conversion counted, the calls left recorded */
static void account_file(struct apply_ctx *ctx, struct apply_work *w)
{
	struct apply_file *file = w->file;
	const struct scanned_text *a = &w->orig;

	if (w->failure) {
		file->failure = xstrdup(w->failure);
		ctx->result->nr_failed++;
	}
	ctx->result->nr_converted += file->converted;
	ctx->result->nr_changed += file->converted > 0;
	account_sites(ctx->result, ctx->opts->m, file, a->scan.sites,
		      a->scan.nr_sites, w->changes, w);
}

/* every file converted from spatch's result, and accounted for */
static void convert_files(struct apply_ctx *ctx, struct apply_work *works,
			  const struct scan_result *scan)
{
	struct apply_result *r = ctx->result;
	size_t i;

	for (i = 0; i < scan->nr_files; i++)
		if (works[i].file)
			convert_file(ctx, &works[i]);
	convert_whole(ctx, works, scan);
	for (i = 0; i < scan->nr_files; i++) {
		struct apply_file *file = &r->files[i];
		const struct scan_file *sf = &scan->files[i];

		if (works[i].file) {
			account_file(ctx, &works[i]);
		} else if (file->failure) { /* could not be read */
			struct apply_work unread = { .failure = file->failure };

			r->nr_failed++;
			account_sites(r, ctx->opts->m, file, sf->sites,
				      sf->nr_sites, NULL, &unread);
		} else {
			account_sites(r, ctx->opts->m, file, sf->sites,
				      sf->nr_sites, NULL, NULL);
		}
	}
}

/* ---- the tree ---- */

static int needs_spatch(const struct scan_file *sf)
{
	size_t i;

	for (i = 0; i < sf->nr_sites; i++)
		if (apply_is_convertible(&sf->sites[i]))
			return 1;
	return 0;
}

/* why a file cannot be read through tree-fs.h */
static const char *read_error(int err, char *buf, size_t len)
{
	if (err == ELOOP || err == ENOTDIR)
		return "a symbolic link in its path (apply reads and writes "
		       "only below real directories)";
	return tree_fs_strerror(err, buf, len);
}

/* read and re-scan a file for spatch; NULL if it cannot be read */
static struct apply_work *prepare_work(const struct apply_opts *opts,
				       const struct tree_fs *fs,
				       struct apply_file *file,
				       struct apply_work *w)
{
	char err[128];

	w->file = file;
	strbuf_init(&w->given_text, 0);
	strbuf_init(&w->context, 0);
	strbuf_init(&w->cached_output, 0);
	strbuf_init(&w->spliced, 0);
	if (tree_fs_read(fs, file->path, &file->old_text, &file->st) < 0) {
		file->failure = xstrfmt("cannot read '%s': %s", file->path,
					read_error(errno, err, sizeof(err)));
		strbuf_release(&w->given_text);
		strbuf_release(&w->context);
		strbuf_release(&w->cached_output);
		strbuf_release(&w->spliced);
		memset(w, 0, sizeof(*w));
		return NULL;
	}
	scanned_text_init(&w->orig, file->path, file->old_text.buf,
			  file->old_text.len, opts->m);
	w->orig.values = map_values_file(opts->values, file->path);
	w->values = opts->values;
	return w;
}

static void release_work(struct apply_work *w)
{
	if (!w->file)
		return;
	scanned_text_release(&w->orig);
	apply_work_release_spatch(w);
	free(w->whole_left);
	strbuf_release(&w->given_text);
	strbuf_release(&w->context);
	strbuf_release(&w->cached_output);
	strbuf_release(&w->spliced);
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

/*
 * The scratch directory and the semantic patches, and spatch started on
 * the first of them: it parses it while the tree is scanned; then
 * spatch's version.  A spatch whose version the result cache knows has
 * run with it before, so the outcomes of the files are likely there
 * too: it starts only when they miss, after the lookup.  -1 after a
 * one-line report.
 */
static int start_spatch(struct apply_ctx *ctx, struct strlist *coccis,
			struct spatch_version *version)
{
	ctx->scratch = tempdir_create("kmigrate-apply");
	if (cocci_files(ctx->opts->m, ctx->opts->values, ctx->scratch, coccis) <
	    0)
		return -1;
	if (coccis->nr && !spatch_version_cached())
		apply_spatch_prestart(ctx, coccis->items[0].string);
	if (spatch_check(version) < 0) {
		apply_spatch_cancel(ctx);
		return -1;
	}
	return 0;
}

/*
 * The walk of the tree, and the key of a whole run from it: r filled
 * from the result cache when a run has seen the tree as it is (1); 0
 * with the key in ctx->memo, whether a run may be kept in *storable;
 * -1 after a one-line report when the tree cannot be opened
 */
static int walk_tree(struct apply_ctx *ctx, const struct strlist *coccis,
		     const struct spatch_version *version, unsigned int limit,
		     struct tree_walk *walk, struct timespec *started,
		     int *storable)
{
	const struct apply_opts *opts = ctx->opts;

	clock_gettime(CLOCK_REALTIME, started);
	if (tree_walk(walk, opts->tree) < 0)
		return error_errno("cannot open tree '%s'", opts->tree);
	apply_spatch_key(&ctx->spatch_key, coccis, version);
	*storable = apply_memo_key(&ctx->memo, &ctx->spatch_key, opts, limit,
				   walk, started);
	return apply_memo_get(&ctx->memo, opts->tree, opts->jobs, ctx->result);
}

int apply_tree(const struct apply_opts *opts, struct apply_result *r)
{
	struct apply_ctx ctx = { .opts = opts, .result = r };
	struct tree_walk walk = TREE_WALK_INIT;
	struct spatch_version version;
	struct scan_result scan;
	struct apply_work *works;
	struct strlist coccis = STRLIST_INIT;
	struct timespec started;
	unsigned int limit;
	size_t i, nr_works;
	int ret = 0, storable = 0, walked;

	memset(r, 0, sizeof(*r));
	limit = opts->max_line_length ? opts->max_line_length :
					tree_max_line_length(opts->tree);
	if (start_spatch(&ctx, &coccis, &version) < 0) {
		strlist_clear(&coccis, 0);
		free(ctx.scratch);
		return -1;
	}
	walked = walk_tree(&ctx, &coccis, &version, limit, &walk, &started,
			   &storable);
	if (walked) { /* a run's result from the cache, or no tree */
		apply_spatch_cancel(&ctx);
		strlist_clear(&coccis, 0);
		free(ctx.scratch);
		tree_walk_release(&walk);
		return walked < 0 ? -1 : 0;
	}
	r->max_line_length = limit;
	scan_walked(opts->tree, &walk, &started, NULL, opts->m, opts->jobs,
		    &scan);
	tree_walk_release(&walk);
	tree_notes_take(&r->notes, &scan.notes);
	r->nr_unreadable = tree_notes_count(&r->notes, TREE_NOTE_UNREADABLE);
	r->nr_binary = tree_notes_count(&r->notes, TREE_NOTE_BINARY);
	works = xcalloc(scan.nr_files + 1, sizeof(*works));
	nr_works = list_files(opts, r, &scan, works);
	if (nr_works)
		ret = apply_spatch(&ctx, works, scan.nr_files, &coccis);
	apply_spatch_cancel(&ctx);
	strlist_clear(&coccis, 0);
	if (!ret)
		convert_files(&ctx, works, &scan);
	for (i = 0; i < scan.nr_files; i++)
		release_work(&works[i]);
	free(works);
	free(ctx.scratch);
	scan_result_release(&scan);
	if (!ret && storable)
		apply_memo_put(&ctx.memo, r);
	if (ret < 0) /* nothing half-made for the caller */
		apply_result_release(r);
	return ret;
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
