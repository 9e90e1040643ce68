/*
 * spatch-process.c - what each spatch process of a run shares (see
 * spatch-batch.h): the names it may be given, its command line, the
 * bookkeeping of its jobs, and a batch's command line, time limit and
 * end.  spatch.c runs the processes of one job, spatch-batch.c and
 * spatch-prestart.c those of a batch; all three use this file, which
 * uses none of them.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run-command.h"
#include "spatch-batch.h"
#include "spatch-output.h"
#include "spatch-stderr.h"
#include "spatch.h"
#include "strbuf.h"
#include "util.h"

/* ---- names ---- */

int spatch_safe_name(const char *name)
{
	const char *p;

	if (!isalnum((unsigned char)*name) || strstr(name, ".."))
		return 0;
	for (p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("._-/", *p))
			return 0;
	return 1;
}

const char *spatch_name(const struct spatch_run_opts *opts, const char *path)
{
	size_t n = opts->tmpdir ? strlen(opts->tmpdir) : 0;

	if (!n || strncmp(path, opts->tmpdir, n) || path[n] != '/' ||
	    !spatch_safe_name(path + n + 1))
		return NULL;
	return path + n + 1;
}

/* ---- running ---- */

void spatch_push_single(struct spatch_run *run, struct spatch_job *job)
{
	ALLOC_GROW(run->singles, run->nr_singles + 1, run->alloc_singles);
	run->singles[run->nr_singles++] = job;
}

void spatch_jobs_done(struct spatch_run *run, size_t nr)
{
	run->done += nr;
	if (nr && run->opts->progress)
		run->opts->progress(run->done, run->total, run->opts->cb);
}

void spatch_push_common_args(struct child_process *cp,
			     const struct spatch_run_opts *opts)
{
	size_t i;

	strlist_push(&cp->args, SPATCH_PROGRAM);
	strlist_push(&cp->args, "--sp-file");
	strlist_push(&cp->args, opts->cocci);
	strlist_push(&cp->args, "-D");
	strlist_push(&cp->args, "patch");
	for (i = 0; opts->options && i < opts->options->nr; i++)
		strlist_push(&cp->args, opts->options->items[i].string);
	strlist_push(&cp->args, "--quiet");
	strlist_push(&cp->args, "--verbose-parsing");
	strlist_pushf(&cp->env, "TMPDIR=%s", opts->tmpdir);
	/*
	 * OCaml's minor heap is 2 MB by default; spatch runs as fast with
	 * half of it (apply on linux-source-6.1: 2.73-2.84 s against
	 * 2.79-2.97 s), and a small run then peaks 1.2 MB lower.  A tuning
	 * of the user's own is left as it is.
	 */
	if (!getenv("OCAMLRUNPARAM") && !getenv("CAMLRUNPARAM"))
		strlist_push(&cp->env, "OCAMLRUNPARAM=s=128k");
	cp->dir = opts->tmpdir;
	cp->no_stdin = 1;
}

int spatch_take_output(struct spatch_job *job, const char *found)
{
	int ret = found ? rename(found, job->output) : 0;

	job->changed = found && !ret;
	return ret;
}

/* ---- batches ---- */

/*
 * The processors one batch uses: opts->jobs through spatch's own -j,
 * unless the semantic patch's base name is one spatch's shell may not
 * see (with -j, spatch names its work directory after it and removes
 * that with "sh -c rm -rf"); then 1, and the batches run side by side.
 */
int spatch_batch_jobs(const struct spatch_run_opts *opts)
{
	const char *slash = strrchr(opts->cocci, '/');

	if (opts->jobs < 2 ||
	    !spatch_safe_name(slash ? slash + 1 : opts->cocci))
		return 1;
	return opts->jobs;
}

/* timeout_sec, and a SHARE of it for each file */
unsigned int spatch_batch_timeout(unsigned int limit, size_t nr)
{
	unsigned long long t =
		limit + ((unsigned long long)nr * limit + SPATCH_BATCH_SHARE -
			 1) / SPATCH_BATCH_SHARE;

	return !limit ? 0 : t > UINT_MAX ? UINT_MAX : (unsigned int)t;
}

void spatch_rerun_batch(struct spatch_run *run, struct spatch_batch *b)
{
	size_t i;

	for (i = 0; i < b->nr; i++)
		spatch_push_single(run, b->jobs[i]);
}

void spatch_batch_args(struct child_process *cp,
		       const struct spatch_run_opts *opts,
		       const struct spatch_batch *b, const char *groups)
{
	spatch_push_common_args(cp, opts);
	spatch_outdir_push_args(&b->od, cp);
	if (spatch_batch_jobs(opts) > 1) {
		strlist_push(&cp->args, "-j");
		strlist_pushf(&cp->args, "%d", opts->jobs);
		strlist_push(&cp->args, "--tmp-dir");
		strlist_pushf(&cp->args, "%s/parallel", b->od.name);
	}
	strlist_push(&cp->args, "--file-groups");
	strlist_push(&cp->args, groups);
}

/* the batch's result for job i (text, from file): kept for it, or not */
static int keep_result(const struct spatch_batch *b, size_t i,
		       const struct strbuf *text, const struct spatch_run *run,
		       const char *err)
{
	const struct spatch_run_opts *opts = run->opts;

	if (opts->batch_keep)
		return opts->batch_keep(b->jobs[i], text->buf, text->len,
					opts->cb);
	return spatch_handled(err, spatch_name(opts, b->jobs[i]->input));
}

/*
 * job i's result: 0, or -1 (untouched) to run it alone when the result
 * cannot be read or moved, or is not kept
 */
static int collect_job(struct spatch_batch *b, size_t i,
		       const struct spatch_run *run, const char *err)
{
	struct spatch_job *job = b->jobs[i];
	struct strbuf text = STRBUF_INIT;
	char *found = spatch_outdir_find(&b->od, job->input);
	int ret = -1;

	if (strbuf_read_file(&text, found ? found : job->input) < 0 ||
	    !keep_result(b, i, &text, run, err) ||
	    spatch_take_output(job, found) < 0)
		goto out_release_text;
	job->parse_error = spatch_find_parse_error(
		err, spatch_name(run->opts, job->input));
	job->left_reasons = spatch_find_left_reasons(
		err, spatch_name(run->opts, job->input));
	ret = 0;
out_release_text:
	strbuf_release(&text);
	free(found);
	return ret;
}

void spatch_batch_finished(int result, struct child_process *cp, void *cb,
			   void *task_cb)
{
	struct spatch_run *run = cb;
	struct spatch_batch *b = task_cb;
	size_t i, collected = 0;

	if (result || cp->timed_out) {
		spatch_rerun_batch(run, b);
	} else {
		spatch_outdir_scan(&b->od);
		for (i = 0; i < b->nr; i++) {
			if (collect_job(b, i, run, cp->err.buf) < 0)
				spatch_push_single(run, b->jobs[i]);
			else
				collected++;
		}
	}
	spatch_outdir_remove(&b->od);
	spatch_jobs_done(run, collected);
}
