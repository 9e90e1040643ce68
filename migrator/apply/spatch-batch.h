/*
 * spatch-batch.h - the state of one spatch_run() and its batches, that
 * spatch.c, spatch-batch.c, spatch-prestart.c and spatch-process.c
 * share, they only; callers use spatch.h.  Each uses only the ones
 * after it in that list.
 *
 * spatch_run() plans the batches (spatch_plan_batches() puts every job
 * either in a batch or in run->singles), runs them (spatch_run_batches()
 * adds the jobs of a batch that failed to run->singles), then runs each
 * job of run->singles in a process of its own.
 */
#ifndef KM_SPATCH_BATCH_H
#define KM_SPATCH_BATCH_H

#include <stddef.h>

#include "run-command.h"
#include "spatch-output.h"
#include "spatch.h"

/* a batch: one spatch over its jobs' inputs */
struct spatch_batch {
	struct spatch_job **jobs;
	size_t nr, alloc;
	size_t bytes;		 /* of the inputs, to balance the batches */
	struct spatch_outdir od; /* spatch's outputs, the groups file */
	/* a batch spatch_prestart() started (spatch-prestart.c) */
	struct child_process cp;
	int list_fd; /* spatch's stdin, for the list of its files */
};

struct spatch_run {
	const struct spatch_run_opts *opts;
	size_t total, done;	     /* jobs, for opts->progress */
	struct spatch_job **singles; /* one process each, in order */
	size_t nr_singles, alloc_singles, next_single;
	struct spatch_batch *batches;
	size_t nr_batches, next_batch;
};

/* spatch-process.c: run the job in a process of its own, after the batches */
void spatch_push_single(struct spatch_run *run, struct spatch_job *job);
/* spatch-process.c: nr more jobs have their results */
void spatch_jobs_done(struct spatch_run *run, size_t nr);
/*
 * spatch-process.c: move the output spatch left for the job (found: its path,
 * or NULL for none) to job->output and set job->changed; -1 with errno
 * if it cannot be moved
 */
int spatch_take_output(struct spatch_job *job, const char *found);
/* spatch-process.c: the program, the semantic patch and its options; the env */
void spatch_push_common_args(struct child_process *cp,
			     const struct spatch_run_opts *opts);

/*
 * spatch-process.c: letters, digits, "._-/", no "..", starts with one of
 * the first
 */
int spatch_safe_name(const char *name);

/* spatch-process.c: the processors one batch uses (spatch's own -j) */
int spatch_batch_jobs(const struct spatch_run_opts *opts);
/* spatch-batch.c: each job into a batch or run->singles */
void spatch_plan_batches(struct spatch_run *run, struct spatch_job *jobs,
			 size_t nr);
/* spatch-batch.c: run the batches; their results are in the jobs */
void spatch_run_batches(struct spatch_run *run);
/* spatch-process.c: a batch's command line, its list of files in groups */
void spatch_batch_args(struct child_process *cp,
		       const struct spatch_run_opts *opts,
		       const struct spatch_batch *b, const char *groups);
/* spatch-process.c: the time limit of a batch of nr files */
unsigned int spatch_batch_timeout(unsigned int limit, size_t nr);
/* spatch-process.c: a batch that cannot be run or trusted, rerun alone */
void spatch_rerun_batch(struct spatch_run *run, struct spatch_batch *b);
/* spatch-process.c: a batch's process ended: its results, or a rerun */
void spatch_batch_finished(int result, struct child_process *cp, void *cb,
			   void *task_cb);
/*
 * spatch-prestart.c: give the first batch of the run to the batch
 * spatch_prestart() started (ps), run it, and skip it in the run; or,
 * when there is no batch or it does not fit, cancel ps
 */
void spatch_run_prestarted(struct spatch_run *run, struct spatch_batch *ps);

#endif
