/*
 * check-analyse.c - the records of every call of one or more versions
 * of a tree (check.h's check_analyse_calls(), the call kind's
 * analyse_files, which check_analyse_files() reaches through the
 * migration's kind): from the result cache when it has them
 * (check-cache.h), else from libclang.  Another kind's records (a
 * callback's members) go the same way through check_analyse_records(),
 * with its own description of a file's versions.
 *
 * Versions in different trees (check --base: a scratch copy of REV) are
 * analysed tree by tree.  For each tree, the steps: every file of every
 * version is looked up in the cache, on
 * the calling thread; the files left are grouped by path, one group per
 * file with its versions in the order of the results; the groups are
 * analysed in -j worker processes (fork-tasks.h; threads of this one
 * when no process can be forked), each with one parse for all its versions
 * when parses are slow enough for that to pay (REUSE_MS,
 * clang_analyse_variants()); a version whose text is one already
 * analysed in the group takes a copy of those records when every header
 * they read is the same in both versions' overlays; then, on the
 * calling thread again, what libclang described goes to the cache.
 * libclang is loaded only when a file is left to parse (one neither
 * text_only nor unreadable); else every file is described from its
 * text on threads of this process (clang_env_init_text()).  A worker
 * hands back each version's records as the cache keeps them
 * (check_records_write()); a group whose worker libclang kills, twice,
 * the second time alone, is described from its text, marked crashed
 * (rule-parse-crash.c) and not cached.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check-cache.h"
#include "check.h"
#include "fork-tasks.h"
#include "parallel.h"
#include "tree-overlay.h"
#include "util.h"

/* a file of a result still to describe */
struct pending {
	struct check_result *r;
	struct check_file *cf;
	size_t order; /* the result's index: versions in their order */
	const struct pending *twin; /* an earlier version, the same text */
	int cacheable;
};

/*
 * A file's versions are parsed once and reparsed (clang-tu.h) when a
 * parse of this tree takes REUSE_MS or more: the preamble costs about
 * 12 ms and a quarter of a parse, and a reparse saves most of one.  The
 * first groups, parsed plainly, time it.
 */
#define REUSE_MS 40
#define REUSE_SAMPLES 2

struct analysis_job {
	const struct clang_env *env;
	/* the kind's: clang_analyse_variants() for calls */
	void (*describe)(const struct clang_env *env,
			 struct clang_variant *variants, size_t nr, int reuse);
	struct pending *pending;
	size_t *groups;	      /* the first pending of each group, and the end */
	pthread_mutex_t lock; /* guards what follows */
	size_t done, total;
	int progress;	 /* "check: libclang D/T files" on a terminal */
	double parse_ms; /* of the plain parses timed */
	size_t parses;
};

static int by_path_then_order(const void *a, const void *b)
{
	const struct pending *x = a, *y = b;
	int cmp = strcmp(x->cf->analysed.path, y->cf->analysed.path);

	if (cmp)
		return cmp;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int same_text(const struct check_file *a, const struct check_file *b)
{
	return a->text.len == b->text.len &&
	       !memcmp(a->text.buf, b->text.buf, a->text.len);
}

/* dep reads the same in both results (a file or both overlays' text) */
static int same_dep(const struct check_result *a, const struct check_result *b,
		    const char *dep)
{
	return dep[0] == '/' || tree_overlay_same(a->overlay, b->overlay, dep);
}

static int twin_holds(const struct pending *p)
{
	const struct strlist *deps = &p->twin->cf->analysed.deps;
	size_t i;

	for (i = 0; i < deps->nr; i++)
		if (!same_dep(p->twin->r, p->r, deps->items[i].string))
			return 0;
	return 1;
}

static void variant_of(struct clang_variant *v, const struct pending *p)
{
	v->file = &p->cf->analysed;
	v->text = p->cf->text.buf;
	v->len = p->cf->text.len;
	v->overlay = p->r->overlay;
	v->calls = p->cf->calls;
	v->nr = p->cf->nr_calls;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* whether this group's versions should share a parse (REUSE_MS) */
static int reuse_parses(struct analysis_job *job)
{
	int reuse;

	pthread_mutex_lock(&job->lock);
	reuse = job->parses >= REUSE_SAMPLES &&
		job->parse_ms / job->parses >= REUSE_MS;
	pthread_mutex_unlock(&job->lock);
	return reuse;
}

/* a group done: n texts parsed in ms, plainly unless reused */
static void count_done(struct analysis_job *job, size_t nr, size_t n, double ms,
		       int reused)
{
	pthread_mutex_lock(&job->lock);
	job->done += nr;
	if (!reused && n) {
		job->parse_ms += ms;
		job->parses += n;
	}
	if (job->progress)
		fprintf(stderr, "\rcheck: libclang %zu/%zu files", job->done,
			job->total);
	pthread_mutex_unlock(&job->lock);
}

/* run on a worker thread: one file, all its versions */
static void analyse_group(size_t index, void *cb)
{
	struct analysis_job *job = cb;
	struct pending *first = &job->pending[job->groups[index]];
	size_t i, k, nr = job->groups[index + 1] - job->groups[index], n = 0;
	struct clang_variant *variants = xcalloc(nr, sizeof(*variants));
	int reuse = reuse_parses(job);
	double start = now_ms(), ms;

	for (i = 0; i < nr; i++) {
		for (k = 0; k < i && !first[i].twin; k++)
			if (!first[k].twin &&
			    same_text(first[k].cf, first[i].cf))
				first[i].twin = &first[k];
		if (!first[i].twin)
			variant_of(&variants[n++], &first[i]);
	}
	job->describe(job->env, variants, n, reuse);
	ms = now_ms() - start;
	for (i = 0; i < nr; i++) {
		struct strbuf records = STRBUF_INIT;

		if (!first[i].twin)
			continue;
		if (twin_holds(&first[i])) {
			check_records_write(first[i].twin->cf, &records);
			if (check_records_read(first[i].cf, records.buf,
					       records.len) < 0)
				die("check: records do not read back");
		} else {
			variant_of(&variants[0], &first[i]);
			job->describe(job->env, variants, 1, 0);
		}
		strbuf_release(&records);
	}
	free(variants);
	count_done(job, nr, n, ms, reuse && n > 1);
}

/* the files the cache does not have, by path, versions in order */
static size_t list_pending(struct check_result *const *results, size_t nr,
			   struct check_cache *cc, struct pending **out)
{
	struct pending *pending = NULL;
	size_t i, j, n = 0, alloc = 0;

	for (i = 0; i < nr; i++)
		for (j = 0; j < results[i]->nr_files; j++) {
			struct check_file *cf = &results[i]->files[j];
			int readable = !cf->analysed.parse_error;
			int text_only = cf->analysed.text_only;

			if (readable && !text_only &&
			    check_cache_get(cc, results[i], cf))
				continue;
			ALLOC_GROW(pending, n + 1, alloc);
			memset(&pending[n], 0, sizeof(*pending));
			pending[n].r = results[i];
			pending[n].cf = cf;
			pending[n].order = i;
			pending[n++].cacheable = readable && !text_only;
		}
	if (n)
		sane_qsort(pending, n, sizeof(*pending), by_path_then_order);
	*out = pending;
	return n;
}

/* groups[g] is the index of group g's first file; groups[nr] == n */
static size_t find_groups(const struct pending *pending, size_t n,
			  size_t **groups)
{
	size_t i, nr = 0;

	*groups = xcalloc(n + 1, sizeof(**groups));
	for (i = 0; i < n; i++)
		if (!i || strcmp(pending[i].cf->analysed.path,
				 pending[i - 1].cf->analysed.path))
			(*groups)[nr++] = i;
	(*groups)[nr] = n;
	return nr;
}

/* what the scans could not read, libclang must not read either */
static void refuse_unreadable(struct clang_env *env,
			      struct check_result *const *results, size_t nr)
{
	size_t i, j;

	for (i = 0; i < nr; i++)
		for (j = 0; j < results[i]->scan.notes.nr; j++) {
			const struct tree_note *note =
				&results[i]->scan.notes.items[j];

			if (note->problem == TREE_NOTE_UNREADABLE)
				clang_env_refuse(env, note->path,
						 note->message);
		}
}

/* ---- libclang in worker processes ---- */

/* in a worker: analyse group index, its records as "LENGTH\nRECORDS"s */
static void run_group(size_t index, struct strbuf *out, void *cb)
{
	struct analysis_job *job = cb;
	size_t i;

	job->progress = 0; /* the caller's to print */
	analyse_group(index, job);
	for (i = job->groups[index]; i < job->groups[index + 1]; i++) {
		struct strbuf records = STRBUF_INIT;

		check_records_write(job->pending[i].cf, &records);
		strbuf_addf(out, "%zu\n", records.len);
		strbuf_add(out, records.buf, records.len);
		strbuf_release(&records);
	}
}

/* a worker's records of group index, read back */
static void group_done(size_t index, const char *buf, size_t len, void *cb)
{
	struct analysis_job *job = cb;
	const char *p = buf, *end = buf + len;
	size_t i, n;

	for (i = job->groups[index]; i < job->groups[index + 1]; i++) {
		char *nl = memchr(p, '\n', (size_t)(end - p));

		if (!nl || sscanf(p, "%zu", &n) != 1 ||
		    n > (size_t)(end - nl - 1) ||
		    check_records_read(job->pending[i].cf, nl + 1, n) < 0)
			die("check: records do not read back");
		p = nl + 1 + n;
	}
	count_done(job, job->groups[index + 1] - job->groups[index], 0, 0, 0);
}

/*
 * libclang killed the worker analysing group index, alone: each version
 * of the file is described from its text, never cached, and its
 * crash is said (rule-parse-crash.c)
 */
static void group_crashed(size_t index, int status, void *cb)
{
	struct analysis_job *job = cb;
	char *how = describe_exit_status(status);
	size_t i;

	for (i = job->groups[index]; i < job->groups[index + 1]; i++) {
		struct pending *p = &job->pending[i];
		struct clang_variant v;

		p->cacheable = 0;
		p->cf->analysed.crashed = 1;
		free(p->cf->analysed.parse_error);
		p->cf->analysed.parse_error =
			xstrfmt("libclang's process was %s parsing it", how);
		variant_of(&v, p);
		job->describe(job->env, &v, 1, 0);
	}
	free(how);
	count_done(job, job->groups[index + 1] - job->groups[index], 0, 0, 0);
}

/*
 * The groups on -j worker processes (fork-tasks.h), so that a file
 * libclang crashes on is that file's error; on threads of this process
 * when no worker can be started, or libclang is not used
 */
static void analyse_groups(struct analysis_job *job, size_t nr_groups,
			   const struct check_options *opts)
{
	struct forked_tasks_opts fopts = {
		.jobs = opts->jobs,
		.nr = nr_groups,
		.run = run_group,
		.done = group_done,
		.crashed = group_crashed,
		.cb = job,
		.max_memory = job->env->max_memory,
	};

	if (!job->env->lexer_only && !run_forked_tasks(&fopts))
		return;
	run_tasks_parallel(opts->jobs, nr_groups, analyse_group, job);
}

/* some file is left for libclang to parse (not text_only, readable) */
static int needs_parse(const struct pending *pending, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!pending[i].cf->analysed.text_only &&
		    !pending[i].cf->analysed.parse_error)
			return 1;
	return 0;
}

static int run_describe(struct analysis_job *job, size_t nr_groups,
			const struct check_options *opts,
			struct check_result *const *results, size_t nr)
{
	const char *tree = results[0]->tree;
	struct clang_env env;

	if (opts->lexer_only || !needs_parse(job->pending, job->total)) {
		if (clang_env_init_text(&env, tree) < 0)
			return -1;
	} else if (clang_env_init(&env, tree, &results[0]->migration->kernel) <
		   0) {
		return -1;
	}
	refuse_unreadable(&env, results, nr);
	job->env = &env;
	pthread_mutex_init(&job->lock, NULL);
	job->progress = km_show_progress();
	analyse_groups(job, nr_groups, opts);
	if (job->progress)
		fprintf(stderr, "\r%*s\r", 40, "");
	pthread_mutex_destroy(&job->lock);
	clang_env_release(&env);
	return 0;
}

/* the results of one tree */
static int analyse_tree(struct check_result *const *results, size_t nr,
			const struct check_options *opts,
			void (*describe)(const struct clang_env *env,
					 struct clang_variant *variants,
					 size_t nr, int reuse))
{
	struct analysis_job job;
	struct check_cache cc;
	struct pending *pending;
	size_t i, n, nr_groups;
	int ret = 0;

	if (!nr)
		return 0;
	memset(&job, 0, sizeof(job));
	job.describe = describe;
	check_cache_init(&cc, results[0]->tree, opts->migration);
	n = list_pending(results, nr, &cc, &pending);
	nr_groups = find_groups(pending, n, &job.groups);
	job.pending = pending;
	job.total = n;
	if (nr_groups)
		ret = run_describe(&job, nr_groups, opts, results, nr);
	for (i = 0; !ret && !opts->lexer_only && i < n; i++)
		if (pending[i].cacheable)
			check_cache_put(&cc, pending[i].r, pending[i].cf);
	check_cache_release(&cc);
	free(job.groups);
	free(pending);
	return ret;
}

int check_analyse_records(struct check_result *const *results, size_t nr,
			  const struct check_options *opts,
			  void (*describe)(const struct clang_env *env,
					   struct clang_variant *variants,
					   size_t nr, int reuse))
{
	struct check_result **same = xcalloc(nr + 1, sizeof(*same));
	char *done = xcalloc(nr + 1, 1);
	size_t i, j, n;
	int ret = 0;

	for (i = 0; !ret && i < nr; i++) {
		if (done[i])
			continue;
		for (j = i, n = 0; j < nr; j++)
			if (!done[j] &&
			    !strcmp(results[j]->tree, results[i]->tree)) {
				same[n++] = results[j];
				done[j] = 1;
			}
		ret = analyse_tree(same, n, opts, describe);
	}
	free(same);
	free(done);
	return ret;
}

int check_analyse_calls(struct check_result *const *results, size_t nr,
			const struct check_options *opts)
{
	return check_analyse_records(results, nr, opts, clang_analyse_variants);
}
