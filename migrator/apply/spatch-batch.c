/*
 * spatch-batch.c - running spatch in batches (see spatch.h for what a
 * batch is, spatch-batch.h for the calls).
 *
 * Contract: spatch_plan_batches() puts in no batch a job spatch_run()
 * refused (it never runs).  spatch is given the batch's inputs by their
 * names relative to the scratch directory it runs in; they are read
 * where they are, never copied or written.  The other jobs go, biggest
 * input first, into the batch with the fewest bytes that has room and
 * no input of the same base name (else they run alone), the number of
 * batches being at least opts->batches and the size cap's, with two
 * files a batch at least.  A batch uses opts->jobs processors through
 * spatch's own -j (one cocci parse for them all; its room is
 * SPATCH_BATCH_MAX files a processor) and the batches run one after
 * the other; where -j cannot be used (spatch_batch_jobs()), there is a
 * batch a job at least, side by side.  spatch_run_batches() prepares
 * each batch as it starts (its output directory and groups file,
 * spatch-output.h), runs it, and then takes each file's result: the
 * output file spatch left for it, moved to the job's output.  A batch
 * that cannot be prepared, or whose process failed (exit status,
 * signal, time limit), hands all its jobs back to spatch.c to run one
 * by one; after a batch that exited normally, a result that
 * opts->batch_keep() does not keep (or, without it, whose input
 * spatch's stderr does not say it handled), or that cannot be read or
 * moved, hands back its own job.  Its stderr is not otherwise judged:
 * it gives each kept job its parse error.  What the batch leaves in the
 * scratch directory is removed as soon as its results are in.  A run
 * given a batch spatch_prestart() started (opts->prestart) runs its
 * first batch in it (spatch-prestart.c), and the others as above.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "parallel.h"
#include "run-command.h"
#include "spatch-batch.h"
#include "spatch-output.h"
#include "spatch-stderr.h"
#include "spatch.h"
#include "strbuf.h"
#include "util.h"

/* ---- batches: planning ---- */

/* the base name of a job's input: spatch names its output after it */
static const char *base_name(const struct spatch_job *job)
{
	const char *slash = strrchr(job->input, '/');

	return slash ? slash + 1 : job->input;
}

/* the files one batch may hold */
static size_t batch_cap(const struct spatch_run_opts *opts)
{
	return SPATCH_BATCH_MAX * (size_t)spatch_batch_jobs(opts);
}

/*
 * At least opts->batches, enough for the size cap, and, without -j, one
 * a job; two files each
 */
static size_t count_batches(const struct spatch_run_opts *opts, size_t nr)
{
	size_t nr_batches = (size_t)opts->batches, cap = batch_cap(opts);

	if (nr_batches < (nr + cap - 1) / cap)
		nr_batches = (nr + cap - 1) / cap;
	if (spatch_batch_jobs(opts) == 1 && nr_batches < (size_t)opts->jobs)
		nr_batches = (size_t)opts->jobs;
	return nr_batches > nr / 2 ? nr / 2 : nr_batches;
}

struct sized_job {
	struct spatch_job *job;
	size_t bytes;
};

/* the biggest first; equal sizes in the callers' order */
static int by_bytes_desc(const void *a, const void *b)
{
	const struct sized_job *x = a, *y = b;

	if (x->bytes != y->bytes)
		return x->bytes < y->bytes ? 1 : -1;
	return x->job < y->job ? -1 : x->job > y->job;
}

/* the batch holds an input of that base name */
static int holds_base(const struct spatch_batch *b, const char *base)
{
	size_t i;

	for (i = 0; i < b->nr; i++)
		if (!strcmp(base_name(b->jobs[i]), base))
			return 1;
	return 0;
}

/* the lightest batch with room for the job, or NULL */
static struct spatch_batch *pick_batch(struct spatch_run *run,
				       const struct spatch_job *job)
{
	struct spatch_batch *best = NULL;
	size_t k;

	for (k = 0; k < run->nr_batches; k++) {
		struct spatch_batch *b = &run->batches[k];

		if (b->nr < batch_cap(run->opts) &&
		    (!best || b->bytes < best->bytes) &&
		    !holds_base(b, base_name(job)))
			best = b;
	}
	return best;
}

/* the biggest input first, into the lightest batch that has room */
static void fill_batches(struct spatch_run *run, struct sized_job *sized,
			 size_t nr)
{
	size_t i;

	sane_qsort(sized, nr, sizeof(*sized), by_bytes_desc);
	for (i = 0; i < nr; i++) {
		struct spatch_batch *best = pick_batch(run, sized[i].job);

		if (!best) {
			spatch_push_single(run, sized[i].job);
			continue;
		}
		ALLOC_GROW(best->jobs, best->nr + 1, best->alloc);
		best->jobs[best->nr++] = sized[i].job;
		best->bytes += sized[i].bytes;
	}
}

/* sort the jobs into batches and singles */
void spatch_plan_batches(struct spatch_run *run, struct spatch_job *jobs,
			 size_t nr)
{
	struct sized_job *sized = xcalloc(nr + 1, sizeof(*sized));
	int batching = run->opts->batches > 0 && run->opts->tmpdir;
	size_t i, n = 0;

	for (i = 0; i < nr; i++) {
		struct stat st;

		if (jobs[i].failure) /* refused: never runs */
			continue;
		if (!batching) {
			spatch_push_single(run, &jobs[i]);
			continue;
		}
		sized[n].job = &jobs[i];
		sized[n++].bytes =
			stat(jobs[i].input, &st) ? 0 : (size_t)st.st_size;
	}
	run->nr_batches = count_batches(run->opts, n);
	if (run->nr_batches) {
		run->batches = xcalloc(run->nr_batches, sizeof(*run->batches));
		fill_batches(run, sized, n);
	} else {
		for (i = 0; i < n; i++)
			spatch_push_single(run, sized[i].job);
	}
	free(sized);
}

/* ---- batches: preparing ---- */

/* a new file holding buf; -1 with errno (also if path exists) */
static int write_new_file(const char *path, const char *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);

	if (fd < 0)
		return -1;
	while (len) {
		ssize_t done = write(fd, buf, len);

		if (done < 0 && errno == EINTR)
			continue;
		if (done < 0) {
			close(fd);
			return -1;
		}
		buf += done;
		len -= (size_t)done;
	}
	return close(fd);
}

/* the output directory and the groups file in it; -1 on failure */
static int prepare_batch(struct spatch_batch *b,
			 const struct spatch_run_opts *opts)
{
	struct strbuf groups = STRBUF_INIT;
	char *path;
	size_t i;
	int ret;

	if (spatch_outdir_create(&b->od, opts->tmpdir) < 0)
		return -1;
	for (i = 0; i < b->nr; i++)
		strbuf_addf(&groups, "%s\n\n",
			    spatch_name(opts, b->jobs[i]->input));
	path = xstrfmt("%s/groups", b->od.path);
	ret = write_new_file(path, groups.buf, groups.len);
	free(path);
	strbuf_release(&groups);
	return ret;
}

/* ---- batches: running ---- */

static int next_batch(struct child_process *cp, void *cb, void **task_cb)
{
	struct spatch_run *run = cb;
	struct spatch_batch *b;
	char *path;

	for (;;) {
		if (run->next_batch >= run->nr_batches)
			return 0;
		b = &run->batches[run->next_batch++];
		if (!prepare_batch(b, run->opts))
			break;
		spatch_outdir_remove(&b->od);
		spatch_rerun_batch(run, b);
	}
	path = xstrfmt("%s/groups", b->od.name);
	spatch_batch_args(cp, run->opts, b, path);
	free(path);
	cp->timeout_sec = spatch_batch_timeout(run->opts->timeout_sec, b->nr);
	*task_cb = b;
	return 1;
}

void spatch_run_batches(struct spatch_run *run)
{
	struct parallel_processes_opts popts = { run->opts->jobs, next_batch,
						 spatch_batch_finished, run };
	size_t i;

	if (spatch_batch_jobs(run->opts) > 1)
		popts.jobs = 1; /* each uses them all */
	if (run->opts->prestart)
		spatch_run_prestarted(run, run->opts->prestart);
	if (!run->nr_batches)
		return;
	run_processes_parallel(&popts);
	for (i = 0; i < run->nr_batches; i++)
		free(run->batches[i].jobs);
	free(run->batches);
	run->batches = NULL;
	run->nr_batches = 0;
}
