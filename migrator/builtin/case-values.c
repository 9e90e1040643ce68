/*
 * case-values.c - what libclang knows of the arguments a migration's
 * cases look at (see builtin.h's km_case_values()), for apply.
 *
 * The steps: the tree is scanned; an old-form call whose case its text
 * leaves open (call-variant.h: a name defined in a header, an enum
 * constant, an expression) gets its condition arguments evaluated in
 * its own translation unit (clang-value.h), one forked worker a file
 * (fork-tasks.h), so that libclang crashing on a file is that file's
 * loss; each value goes to the table apply takes (map-values.h).
 * A file's values are kept in the result cache (value-cache.h): a file
 * whose entry holds is not parsed, and when none is to be, libclang is
 * not loaded.  Without libclang nothing is evaluated and nothing is
 * said: apply leaves those calls, named, as it would.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "call-variant.h"
#include "clang-analysis.h"
#include "clang-loader.h"
#include "clang-value.h"
#include "family.h"
#include "fork-tasks.h"
#include "map-expr.h"
#include "scan.h"
#include "strbuf.h"
#include "tree-fs.h"
#include "util.h"
#include "value-cache.h"

/* a file with texts to evaluate */
struct value_file {
	const char *path;
	struct strbuf text;
	struct clang_value *values;
	size_t nr, alloc;
	struct strlist deps; /* the headers the parse read */
	int evaluated;	     /* by libclang in this run: to store */
	int cached;	     /* from the result cache */
};

struct value_job {
	const struct clang_env *env;
	struct value_file *files;
	size_t nr, alloc;
	size_t *pending; /* the files the cache does not have */
	size_t nr_pending;
};

/* is arg (1-based) in a condition of the cases of v's function */
static int in_condition(const struct migration *m, size_t member, int arg)
{
	size_t i, k;

	for (i = 0; i < migration_nr_variants(m); i++) {
		const struct migration *v = migration_variant(m, i);

		for (k = 0; v->member == member && k < v->nr_conds; k++)
			if (v->conds[k].arg == arg)
				return 1;
	}
	return 0;
}

static void add_text(struct value_file *f, const char *text)
{
	uint64_t n;
	size_t i;

	if (!map_integer_literal(text, strlen(text), &n))
		return;
	for (i = 0; i < f->nr; i++)
		if (!strcmp(f->values[i].text, text))
			return;
	ALLOC_GROW(f->values, f->nr + 1, f->alloc);
	memset(&f->values[f->nr], 0, sizeof(f->values[0]));
	f->values[f->nr++].text = text;
}

/* the condition arguments of the calls whose case the text leaves open */
static void open_calls(const struct migration *m, const struct scan_file *sf,
		       struct value_file *f)
{
	size_t i;
	int k;

	for (i = 0; i < sf->nr_sites; i++) {
		const struct call_site *cs = &sf->sites[i];
		struct migration_choice choice;

		if (cs->kind != CALL_SITE_OLD || cs->in_macro ||
		    call_variant_choose(m, NULL, f->text.buf, f->text.len, cs,
					&choice) != 1 ||
		    choice.twice || !choice.blocked)
			continue;
		for (k = 1; (size_t)k <= cs->nr_args; k++)
			if (in_condition(m, choice.blocked->member, k))
				add_text(f, cs->args[k - 1].text);
	}
}

/* in a worker: the records of a pending file's values (value-cache.h) */
static void run_file(size_t task, struct strbuf *out, void *cb)
{
	struct value_job *job = cb;
	struct value_file *f = &job->files[job->pending[task]];
	struct strlist deps = STRLIST_INIT;
	char *why = NULL;

	if (clang_values_of_file(job->env, f->path, f->text.buf, f->text.len,
				 f->values, f->nr, &deps, &why) < 0)
		free(why); /* nothing known, nothing kept */
	else
		value_records_write(f->values, f->nr, &deps, out);
	strlist_clear(&deps, 0);
}

static void file_done(size_t task, const char *buf, size_t len, void *cb)
{
	struct value_job *job = cb;
	struct value_file *f = &job->files[job->pending[task]];

	if (len && !value_records_read(buf, len, f->values, f->nr, &f->deps))
		f->evaluated = 1;
}

static void file_crashed(size_t task, int status, void *cb)
{
	(void)task;
	(void)status;
	(void)cb; /* libclang died on it: nothing known */
}

static int has_cases(const struct migration *m)
{
	size_t i;

	for (i = 0; i < migration_nr_variants(m); i++)
		if (migration_variant(m, i)->is_case)
			return 1;
	return 0;
}

/* the files whose calls have texts to evaluate, read */
static void list_files(const char *tree, const struct migration *m,
		       const struct scan_result *scan, struct value_job *job)
{
	size_t i;

	for (i = 0; i < scan->nr_files; i++) {
		const struct scan_file *sf = &scan->files[i];
		struct value_file *f;

		ALLOC_GROW(job->files, job->nr + 1, job->alloc);
		f = &job->files[job->nr];
		memset(f, 0, sizeof(*f));
		f->path = sf->path;
		strbuf_init(&f->text, 0);
		strlist_init(&f->deps);
		/* as the scan read it: beneath the tree, within the size */
		if (tree_fs_read_path(tree, sf->path, &f->text) >= 0)
			open_calls(m, sf, f);
		if (f->nr) {
			job->nr++;
			continue;
		}
		strbuf_release(&f->text);
		free(f->values);
	}
}

/* the files the cache has are filled; the others are pending */
static void from_cache(struct value_cache *vc, struct value_job *job)
{
	size_t i;

	job->pending = xcalloc(job->nr + 1, sizeof(*job->pending));
	for (i = 0; i < job->nr; i++) {
		struct value_file *f = &job->files[i];

		f->cached = value_cache_get(vc, f->path, f->text.buf,
					    f->text.len, f->values, f->nr);
		if (!f->cached)
			job->pending[job->nr_pending++] = i;
	}
}

/* the pending files evaluated by libclang, one forked worker a file */
static void evaluate(const char *tree, const struct migration *m,
		     struct value_job *job)
{
	struct forked_tasks_opts opts = {
		.jobs = km_jobs(),
		.nr = job->nr_pending,
		.run = run_file,
		.done = file_done,
		.crashed = file_crashed,
		.cb = job,
	};
	struct clang_env env;
	size_t i;

	if (!job->nr_pending || clang_loader_try() ||
	    clang_env_init(&env, tree, &m->kernel))
		return;
	job->env = &env;
	opts.max_memory = env.max_memory;
	if (run_forked_tasks(&opts) < 0)
		for (i = 0; i < job->nr_pending; i++) {
			struct strbuf res = STRBUF_INIT;

			run_file(i, &res, job);
			file_done(i, res.buf, res.len, job);
			strbuf_release(&res);
		}
	clang_env_release(&env);
}

/* the known values into out, the evaluated ones into the cache */
static void take_values(struct value_cache *vc, struct value_job *job,
			struct map_values *out)
{
	size_t i, k, nr_cached = 0, nr_evaluated = 0;

	for (i = 0; i < job->nr; i++) {
		struct value_file *f = &job->files[i];

		if (f->evaluated)
			value_cache_put(vc, f->path, f->text.buf, f->text.len,
					f->values, f->nr, &f->deps);
		nr_cached += f->cached;
		nr_evaluated += f->evaluated;
		for (k = 0; k < f->nr; k++)
			if (f->values[k].known)
				map_values_add(out, f->path, f->values[k].text,
					       strlen(f->values[k].text),
					       f->values[k].value);
	}
	if (km_verbosity >= 2 && job->nr)
		fprintf(stderr,
			"case values: %zu files from the cache, %zu evaluated\n",
			nr_cached, nr_evaluated);
}

int km_case_values(const char *tree, const struct migration *m,
		   struct map_values *out)
{
	struct value_job job = { 0 };
	struct value_cache vc;
	struct scan_result scan;
	size_t i;

	if (!has_cases(m))
		return 0;
	if (scan_tree(tree, m, km_jobs(), &scan) < 0)
		return -1;
	value_cache_init(&vc, tree, m, scan.header_list);
	list_files(tree, m, &scan, &job);
	from_cache(&vc, &job);
	evaluate(tree, m, &job);
	take_values(&vc, &job, out);
	value_cache_release(&vc);
	for (i = 0; i < job.nr; i++) {
		strbuf_release(&job.files[i].text);
		free(job.files[i].values);
		strlist_clear(&job.files[i].deps, 0);
	}
	free(job.files);
	free(job.pending);
	scan_result_release(&scan);
	return 0;
}
