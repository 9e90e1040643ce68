/*
 * write-series.c - "kmigrate series" without its command line: convert,
 * make the series, judge it, put it in place (see write-series.h).
 *
 * Contract: the steps of write-series.h, in that order; the series
 * itself is series.h's, the directory's handling mbox.h's, the
 * verification series-verify.h's.  out_dir is written only by
 * mbox_dir_install(), at the very end; on any failure the staged files
 * are removed and job->written is empty.  Nothing is printed on stdout;
 * on stderr, what went wrong, the notes of a subsystem split and, with
 * job->apply_report, apply's report.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "apply.h"
#include "check.h"
#include "finding.h"
#include "get-maintainer.h"
#include "mbox.h"
#include "report.h"
#include "scan.h"
#include "series-verify.h"
#include "tempfile.h"
#include "tree-overlay.h"
#include "util.h"
#include "write-series.h"

/* check on the converted tree (the tree and apply's texts): check_tree()'s */
static int check_converted(const struct series_job *job, const struct series *s,
			   struct check_result *r)
{
	struct tree_overlay converted = TREE_OVERLAY_INIT;
	struct check_options opts;
	size_t i;
	int ret;

	for (i = 0; i < s->nr_changes; i++)
		tree_overlay_set(&converted, s->changes[i].path,
				 s->changes[i].new_text, s->changes[i].new_len);
	memset(&opts, 0, sizeof(opts));
	opts.tree = job->opts.tree;
	opts.overlay = &converted;
	opts.migration = job->opts.migration;
	opts.jobs = job->opts.jobs;
	ret = check_tree(&opts, r);
	r->overlay = NULL; /* released below */
	tree_overlay_release(&converted);
	return ret;
}

/* what check found (analysed: check_converted()'s) decides: 0 go on */
static int check_gate(struct series_job *job, struct check_result *r,
		      int analysed)
{
	struct strbuf text = STRBUF_INIT;
	size_t errors;

	if (analysed < 0) {
		job->opts.check_note = "check could not analyse the converted "
				       "tree";
		return 0;
	}
	job->opts.findings = &r->findings;
	errors = findings_count(&r->findings, SEVERITY_ERROR);
	if (!errors || job->force)
		return 0;
	report_text(&text, &r->findings, r->findings.nr);
	fputs(text.buf, stderr);
	strbuf_release(&text);
	error("check finds %zu error%s in the converted tree: no series "
	      "written (--force writes it anyway)",
	      errors, errors == 1 ? "" : "s");
	return 1;
}

/* what the user must know of the split before the files are listed */
static void say_how_split(const struct series_job *job, const struct series *s)
{
	if (job->opts.split != SERIES_SUBSYSTEM)
		return;
	if (s->basis == SERIES_BY_DIR_NO_PATTERNS)
		note("the MAINTAINERS of '%s' has no F: patterns (a tree "
		     "before 2.6.30): split by directory instead",
		     job->opts.tree);
	else if (s->basis == SERIES_BY_DIR_NO_MAINTAINERS)
		note("'%s' has no MAINTAINERS: split by directory",
		     job->opts.tree);
	if (s->get_maintainer_error)
		warning("'%s' failed: %s; To and Cc from MAINTAINERS instead",
			GET_MAINTAINER, s->get_maintainer_error);
}

/* the patches into staged, their names into names; -1 (reported) */
static int stage_patches(const struct series *s, const char *staged,
			 struct strlist *names)
{
	size_t i;

	for (i = 0; i < s->nr; i++) {
		const struct series_patch *p = &s->patches[i];

		strlist_push(names, p->file_name);
		if (mbox_dir_write(staged, p->file_name, p->mail.buf,
				   p->mail.len))
			return -1;
	}
	return 0;
}

/* checkpatch and git am on the staged series, beside check's analysis */
struct verify_job {
	const struct series_job *job;
	struct series *s;
	const char *staged, *scratch;
	int failed;
};

/* checkpatch and git am: s's notes and verdicts, which check does not read */
static void verify_staged(struct verify_job *v)
{
	if (v->job->checkpatch)
		series_checkpatch(v->s, v->staged);
	else
		v->s->checkpatch_note = xstrdup("not run, it is the tree's "
						"code (series --checkpatch "
						"runs it)");
	v->failed = series_verify(v->s, v->staged, v->scratch) < 0;
}

/*
 * checkpatch, git am and check on the staged series: 0 go on, 1 stop.
 * check's verdict counts only when git am reproduced the converted
 * tree.  One after the other: check forks its libclang workers
 * (fork-tasks.h), which a thread running beside them could leave
 * holding a lock of the allocator's in the copy.
 */
static int judge_staged(struct series_job *job, struct series *s,
			const char *staged, struct check_result *r,
			int *checked)
{
	struct verify_job v = { job, s, NULL, NULL, 0 };
	char *abs = realpath(staged, NULL), *scratch;
	int analysed;

	if (!abs) {
		error_errno("cannot resolve '%s'", staged);
		return 1;
	}
	scratch = tempdir_create("kmigrate-series");
	v.staged = abs;
	v.scratch = scratch;
	verify_staged(&v);
	*checked = 1; /* r is filled, to release */
	analysed = check_converted(job, s, r);
	free(scratch);
	free(abs);
	return v.failed || check_gate(job, r, analysed);
}

/* the cover letter beside the patches, then all of them into DIR */
static int install_series(struct series_job *job, struct series *s,
			  const char *staged, struct strlist *names)
{
	series_format_cover(s);
	strlist_push(names, SERIES_COVER_NAME);
	if (mbox_dir_write(staged, SERIES_COVER_NAME, s->cover.buf,
			   s->cover.len) ||
	    mbox_dir_install(staged, job->out_dir, job->exists, names))
		return 1;
	strlist_sort(names);
	job->nr_patches = s->nr;
	job->nr_changes = s->nr_changes;
	job->verified = s->verified;
	return 0;
}

/* plan, stage, judge the series, then put it in place: the exit code */
static int write_series(struct series_job *job,
			const struct series_change *changes, size_t nr)
{
	struct strlist *names = &job->written;
	struct check_result r;
	struct series s;
	char *staged;
	int ret = 2, checked = 0;

	series_init(&s, &job->opts);
	if (series_plan(&s, changes, nr) || series_format_patches(&s))
		goto out_release_series;
	say_how_split(job, &s);
	staged = mbox_dir_stage(job->out_dir);
	if (!staged)
		goto out_release_series;
	if (stage_patches(&s, staged, names))
		ret = 2;
	else
		ret = judge_staged(job, &s, staged, &r, &checked) ||
		      install_series(job, &s, staged, names);
	if (ret) {
		mbox_dir_unstage(staged);
		strlist_clear(names, 0);
	}
	free(staged);
	if (checked)
		check_result_release(&r);
out_release_series:
	series_release(&s);
	return ret;
}

/* apply's conversion of the tree, in memory: the files it changed */
struct conversion {
	struct apply_result result;
	struct series_change *changes;
	size_t nr;
};

static void take_changes(struct conversion *conv)
{
	size_t i;

	conv->changes =
		xcalloc(conv->result.nr_files + 1, sizeof(*conv->changes));
	for (i = 0; i < conv->result.nr_files; i++) {
		const struct apply_file *f = &conv->result.files[i];
		struct series_change *c = &conv->changes[conv->nr];

		if (f->failure || !f->converted ||
		    (f->new_text.len == f->old_text.len &&
		     !memcmp(f->new_text.buf, f->old_text.buf,
			     f->old_text.len)))
			continue;
		c->path = f->path;
		c->old_text = f->old_text.buf;
		c->old_len = f->old_text.len;
		c->new_text = f->new_text.buf;
		c->new_len = f->new_text.len;
		c->calls = f->converted;
		conv->nr++;
	}
}

static int convert(const struct series_job *job, struct conversion *conv)
{
	const struct series_opts *sopts = &job->opts;
	struct apply_opts opts;

	memset(conv, 0, sizeof(*conv));
	memset(&opts, 0, sizeof(opts));
	opts.tree = sopts->tree;
	opts.m = sopts->migration;
	opts.jobs = sopts->jobs;
	opts.timeout_sec = APPLY_DEFAULT_TIMEOUT;
	opts.progress = job->progress;
	opts.max_line_length = sopts->max_line_length;
	opts.values = sopts->values;
	if (apply_tree(&opts, &conv->result) < 0)
		return -1;
	/* the calls apply leaves are check's errors; say so early too */
	if (job->apply_report)
		apply_print_report(&conv->result, km_verbosity == 0);
	take_changes(conv);
	return 0;
}

static void conversion_release(struct conversion *conv)
{
	free(conv->changes);
	apply_result_release(&conv->result);
}

/*
 * does the tree call the function, in any form?  apply keeps only the
 * files that name it and the calls it could not convert, so the calls
 * already in the new form are counted by a scan, when a file names it
 */
static int tree_has_calls(const struct series_opts *opts,
			  const struct apply_result *result)
{
	struct scan_result scan;
	int calls;

	if (!result->nr_files)
		return 0;
	if (scan_tree(opts->tree, opts->migration, opts->jobs, &scan) < 0)
		return 1; /* cannot tell: say what apply found */
	calls = scan.nr_occurrences > scan_count_not_calls(&scan);
	scan_result_release(&scan);
	return calls;
}

int series_write_tree(struct series_job *job)
{
	const struct series_opts *opts = &job->opts;
	struct conversion conv;
	int ret = 2;

	if (convert(job, &conv) < 0)
		goto out_release_conv;
	ret = apply_exit_code(&conv.result);
	if (conv.nr)
		ret = write_series(job, conv.changes, conv.nr);
	else if (!tree_has_calls(opts, &conv.result))
		note("no call of '%s' found in '%s': no series written",
		     scan_first_name(opts->migration), opts->tree);
	else
		fprintf(stderr,
			"kmigrate: nothing converted in '%s': no "
			"series written\n",
			opts->tree);
out_release_conv:
	conversion_release(&conv);
	return ret;
}

void series_set_date(struct series_opts *opts)
{
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	char *end;

	if (epoch && *epoch) {
		opts->date = (time_t)strtoll(epoch, &end, 10);
		if (!*end) {
			opts->tz_minutes = 0;
			return;
		}
	}
	opts->date = time(NULL);
	opts->tz_minutes = mbox_local_tz(opts->date);
}

void series_check_out_dir(struct series_job *job)
{
	if (!mbox_dir_check(job->out_dir, &job->exists))
		return;
	if (errno)
		die("cannot write the series into '%s': %s", job->out_dir,
		    strerror(errno));
	die("'%s' holds files that are not a patch series; use an empty "
	    "directory",
	    job->out_dir);
}

void series_job_release(struct series_job *job)
{
	strlist_clear(&job->written, 0);
}
