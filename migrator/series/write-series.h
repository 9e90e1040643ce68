/*
 * write-series.h - the work of "kmigrate series": a tree's conversion,
 * as a judged patch series, put into a directory.
 *
 * series_write_tree() converts job->opts.tree in memory with
 * apply_tree() (the tree is never written), groups and formats the
 * changed files as patches (series.h), writes them into a staging
 * directory beside job->out_dir (mbox.h), has the tree's own checkpatch
 * judge each of them only when job->checkpatch asks (that runs code from
 * the tree, as the user: never by default), verifies that git am turns a
 * scratch copy of the files the series changes into apply's result byte
 * for byte (series-verify.h), and runs check on the tree with apply's
 * texts over it (tree-overlay.h): its errors stop the series unless
 * job->force.  The cover letter is written last, and only then do the
 * files replace what out_dir held.  Any failure leaves out_dir as it
 * was.  When nothing is converted no series is written, and a note says
 * whether the tree has no call of the function or none that apply
 * converted.
 *
 * The command's steps: series_check_out_dir() before any work (out_dir
 * missing, empty or a series already, else one line and exit 2), then
 * fill job->opts (series_set_date() for the mails' date) and the
 * job's options, series_write_tree(), read what it wrote (job->written,
 * nr_patches, nr_changes, verified), series_job_release().
 */
#ifndef KM_WRITE_SERIES_H
#define KM_WRITE_SERIES_H

#include <stddef.h>

#include "series.h"
#include "strlist.h"

struct series_job {
	struct series_opts opts; /* tree, migration, split, from, jobs... */
	const char *out_dir;
	int exists;	  /* out_dir is there (series_check_out_dir()) */
	int force;	  /* write it even when check finds errors */
	int checkpatch;	  /* run the tree's checkpatch (opt-in) */
	int apply_report; /* say on stderr what apply left (apply.h) */
	int progress;	  /* apply's progress line on stderr */

	/* what series_write_tree() wrote */
	struct strlist written; /* the files put into out_dir, sorted */
	size_t nr_patches;	/* patches, the cover letter aside */
	size_t nr_changes;	/* files changed */
	int verified;		/* by git am, byte for byte */
};

/* out_dir may take a series (sets job->exists); else one line, exit 2 */
void series_check_out_dir(struct series_job *job);

/* SOURCE_DATE_EPOCH (reproducible builds) or now, in the local zone */
void series_set_date(struct series_opts *opts);

/*
 * The exit code of "kmigrate series": 0 written, or nothing to convert;
 * 1 check found errors (without force), the series does not reproduce
 * apply's result, or, with nothing written, apply left calls or failed
 * files; 2 the conversion, a file or git could not be run or written
 * (reported).
 */
int series_write_tree(struct series_job *job);

void series_job_release(struct series_job *job);

#endif
