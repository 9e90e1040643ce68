/*
 * spatch-batch.c - running spatch in batches (see spatch.h for what a
 * batch is, spatch-batch.h for the calls).
 *
 * Contract: spatch_plan_batches() leaves out of the batches a job
 * without a name, or whose name spatch may not be given (spatch.c's
 * spatch_safe_name()), and every job when the options lack
 * --no-includes: a copy elsewhere would not find the headers its file
 * includes from its own directory.  A job spatch_run() refused is in no
 * batch and no single run.  spatch is given the batch's files by their
 * names relative to the scratch directory it runs in.  The other jobs go,
 * biggest input first, into the batch with the fewest bytes that has
 * room, the number of batches being at least opts->batches and the size
 * cap's, with two files a batch at least.  spatch_run_batches()
 * prepares each batch as it starts (a batch directory, the copies, the
 * groups file), runs it, and then takes each file's result from its
 * copy: a copy that differs from what was copied in is moved to the
 * job's output.  A batch that cannot be prepared, or whose process
 * failed (exit status, signal, time limit), hands all its jobs back to
 * spatch.c to run one by one; after a batch that exited normally, a
 * copy that opts->batch_keep() does not keep (or, without it, that
 * spatch's stderr does not say it handled), or that cannot be read back
 * or moved, hands back its own job.  Its stderr is not otherwise judged:
 * it gives each kept job its parse error.
 * What the batch leaves in the scratch directory is removed as soon as
 * its results are in.
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
#include "scratch.h"
#include "spatch-batch.h"
#include "spatch-stderr.h"
#include "spatch.h"
#include "strbuf.h"
#include "util.h"

/* a batch: its jobs' inputs copied into dir, one spatch over the copies */
struct spatch_batch {
	struct spatch_job **jobs;
	size_t nr, alloc;
	size_t bytes;	      /* of the inputs, to balance the batches */
	struct strbuf *texts; /* each copy as written, before spatch */
	char *dir;	      /* TMPDIR/batch-XXXXXX */
	const char *name;     /* "batch-XXXXXX", the end of dir */
	char *groups;	      /* the --file-groups file */
};

/* ---- batches: planning ---- */

/* a job with a name for its copy that spatch may be given */
static int is_batchable(const struct spatch_job *job)
{
	return job->name && spatch_safe_name(job->name);
}

/* batches asked for, a scratch directory for them, no local includes */
static int may_batch(const struct spatch_run_opts *opts)
{
	return opts->batches > 0 && opts->tmpdir && opts->options &&
	       strlist_find(opts->options, "--no-includes") >= 0;
}

/* enough batches for the jobs asked for and the size cap; two files each */
static size_t count_batches(const struct spatch_run_opts *opts, size_t nr)
{
	size_t nr_batches = (size_t)opts->batches;

	if (nr_batches < (nr + SPATCH_BATCH_MAX - 1) / SPATCH_BATCH_MAX)
		nr_batches = (nr + SPATCH_BATCH_MAX - 1) / SPATCH_BATCH_MAX;
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

/* the biggest input first, into the lightest batch that has room */
static void fill_batches(struct spatch_run *run, struct sized_job *sized,
			 size_t nr)
{
	size_t i, k;

	qsort(sized, nr, sizeof(*sized), by_bytes_desc);
	for (i = 0; i < nr; i++) {
		struct spatch_batch *best = NULL;

		for (k = 0; k < run->nr_batches; k++) {
			struct spatch_batch *b = &run->batches[k];

			if (b->nr < SPATCH_BATCH_MAX &&
			    (!best || b->bytes < best->bytes))
				best = b;
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
	int batching = may_batch(run->opts);
	size_t i, n = 0;

	for (i = 0; i < nr; i++) {
		struct stat st;

		if (jobs[i].failure) /* refused: never runs */
			continue;
		if (!batching || !is_batchable(&jobs[i])) {
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

/* ---- batches: the copies ---- */

static char *copy_path(const struct spatch_batch *b, size_t i)
{
	return xstrfmt("%s/%s", b->dir, b->jobs[i]->name);
}

/* the copy's name as spatch is given it: relative to the scratch dir */
static char *copy_name(const struct spatch_batch *b, size_t i)
{
	return xstrfmt("%s/%s", b->name, b->jobs[i]->name);
}

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

/* job i's input, read and written to its copy; -1 on failure */
static int copy_in(struct spatch_batch *b, size_t i, char *copy)
{
	struct strbuf *text = &b->texts[i];

	if (strbuf_read_file(text, b->jobs[i]->input) < 0 ||
	    make_leading_dirs(copy, strlen(b->dir)) < 0)
		return -1;
	return write_new_file(copy, text->buf, text->len);
}

/* the batch directory, the copies and the groups file; -1 on failure */
static int prepare_batch(struct spatch_batch *b, const char *tmpdir)
{
	struct strbuf groups = STRBUF_INIT;
	size_t i;
	int ret = -1;

	b->dir = xstrfmt("%s/batch-XXXXXX", tmpdir);
	if (!mkdtemp(b->dir)) {
		free(b->dir);
		b->dir = NULL;
		return -1;
	}
	b->name = b->dir + strlen(tmpdir) + 1;
	b->texts = xcalloc(b->nr, sizeof(*b->texts));
	for (i = 0; i < b->nr; i++)
		strbuf_init(&b->texts[i], 0);
	for (i = 0; i < b->nr; i++) {
		char *copy = copy_path(b, i), *name = copy_name(b, i);
		int fail = copy_in(b, i, copy) < 0;

		strbuf_addf(&groups, "%s\n\n", name);
		free(name);
		free(copy);
		if (fail)
			goto out_release_groups;
	}
	b->groups = xstrfmt("%s.groups", b->dir);
	ret = write_new_file(b->groups, groups.buf, groups.len);
out_release_groups:
	strbuf_release(&groups);
	return ret;
}

/* rmdir the directories of path, deepest first, down to its first skip */
static void remove_leading_dirs(char *path, size_t skip)
{
	char *slash;

	while ((slash = strrchr(path, '/')) && (size_t)(slash - path) > skip) {
		*slash = '\0';
		if (rmdir(path) < 0)
			return;
	}
}

/* remove what the batch left in tmpdir */
static void remove_batch(struct spatch_batch *b)
{
	size_t i;

	for (i = 0; b->dir && b->texts && i < b->nr; i++) {
		char *copy = copy_path(b, i);

		unlink(copy);
		remove_leading_dirs(copy, strlen(b->dir));
		free(copy);
		strbuf_release(&b->texts[i]);
	}
	if (b->groups)
		unlink(b->groups);
	if (b->dir)
		rmdir(b->dir);
	free(b->texts);
	free(b->groups);
	free(b->dir);
	b->texts = NULL;
	b->groups = b->dir = NULL;
	b->name = NULL;
}

/* ---- batches: running ---- */

/* timeout_sec, and a SHARE of it for each file */
static unsigned int batch_timeout(unsigned int limit, size_t nr)
{
	unsigned long long t =
		limit + ((unsigned long long)nr * limit + SPATCH_BATCH_SHARE -
			 1) / SPATCH_BATCH_SHARE;

	return !limit ? 0 : t > UINT_MAX ? UINT_MAX : (unsigned int)t;
}

/* a batch that cannot be run or trusted: its files one process each */
static void rerun_batch(struct spatch_run *run, struct spatch_batch *b)
{
	size_t i;

	for (i = 0; i < b->nr; i++)
		spatch_push_single(run, b->jobs[i]);
}

static int next_batch(struct child_process *cp, void *cb, void **task_cb)
{
	struct spatch_run *run = cb;
	struct spatch_batch *b;

	for (;;) {
		if (run->next_batch >= run->nr_batches)
			return 0;
		b = &run->batches[run->next_batch++];
		if (!prepare_batch(b, run->opts->tmpdir))
			break;
		remove_batch(b);
		rerun_batch(run, b);
	}
	spatch_push_common_args(cp, run->opts);
	strlist_push(&cp->args, "--in-place");
	strlist_push(&cp->args, "--no-show-diff");
	strlist_push(&cp->args, "--file-groups");
	strlist_pushf(&cp->args, "%s.groups", b->name);
	cp->timeout_sec = batch_timeout(run->opts->timeout_sec, b->nr);
	*task_cb = b;
	return 1;
}

/* the batch's copy i, read back as after: kept for its job, or not */
static int keep_copy(const struct spatch_batch *b, size_t i,
		     const struct strbuf *after, const struct spatch_run *run,
		     const char *err)
{
	const struct spatch_run_opts *opts = run->opts;
	char *name;
	int handled;

	if (opts->batch_keep)
		return opts->batch_keep(b->jobs[i], after->buf, after->len,
					opts->cb);
	name = copy_name(b, i);
	handled = spatch_handled(err, name);
	free(name);
	return handled;
}

/*
 * job i's result from its copy: 0, or -1 (untouched) to run it alone
 * when the copy cannot be read back or moved, or is not kept
 */
static int collect_job(struct spatch_batch *b, size_t i,
		       const struct spatch_run *run, const char *err)
{
	struct spatch_job *job = b->jobs[i];
	const struct strbuf *before = &b->texts[i];
	struct strbuf after = STRBUF_INIT;
	char *copy = copy_path(b, i), *name;
	int ret = -1;

	if (strbuf_read_file(&after, copy) < 0 ||
	    !keep_copy(b, i, &after, run, err))
		goto out_free_copy;
	job->changed = after.len != before->len ||
		       memcmp(after.buf, before->buf, after.len);
	if (job->changed && rename(copy, job->output) < 0) {
		job->changed = 0;
		goto out_free_copy;
	}
	name = copy_name(b, i);
	job->parse_error = spatch_find_parse_error(err, name);
	free(name);
	ret = 0;
out_free_copy:
	strbuf_release(&after);
	free(copy);
	return ret;
}

static void batch_finished(int result, struct child_process *cp, void *cb,
			   void *task_cb)
{
	struct spatch_run *run = cb;
	struct spatch_batch *b = task_cb;
	size_t i, collected = 0;

	if (result || cp->timed_out) {
		rerun_batch(run, b);
	} else {
		for (i = 0; i < b->nr; i++) {
			if (collect_job(b, i, run, cp->err.buf) < 0)
				spatch_push_single(run, b->jobs[i]);
			else
				collected++;
		}
	}
	remove_batch(b);
	spatch_jobs_done(run, collected);
}

void spatch_run_batches(struct spatch_run *run)
{
	struct parallel_processes_opts popts = { run->opts->jobs, next_batch,
						 batch_finished, run };
	size_t i;

	if (!run->nr_batches)
		return;
	run_processes_parallel(&popts);
	for (i = 0; i < run->nr_batches; i++)
		free(run->batches[i].jobs);
	free(run->batches);
	run->batches = NULL;
	run->nr_batches = 0;
}
