/*
 * spatch.c - running spatch (see spatch.h); the batches are in
 * spatch-batch.c, what every process shares in spatch-process.c, its
 * version in spatch-version.c.
 *
 * Contract: spatch_run() has spatch-batch.c sort the jobs into batches
 * and run them, then runs one process per job for the rest (the jobs that are
 * not batched, and those of the batches that failed) through
 * run_processes_parallel(), and fills in each job's results from the
 * exit status, the time limit, stderr and the output file spatch left
 * in its own directory (spatch-output.h).  What spatch 1.1.1 does that
 * this relies on: a run that changes nothing, or cannot parse a file,
 * still exits 0; --verbose-parsing reports each parse error as "parse
 * error" then ' = File "NAME", line L, column C, ...'; each file of a
 * run is named in a line "HANDLING: NAME", or "Skipping: NAME" when it
 * lacks the patch's tokens.
 *
 * spatch 1.1.1 hands the names it is given to sh -c ("diff -u -b -B
 * NAME ...", "cp ... NAME"; kmigrate asks for neither), so a name is
 * code for a shell.  Every spatch therefore runs in opts->tmpdir and is
 * given only names relative to it that kmigrate chose (spatch_name()):
 * the inputs, the groups file and its own temporary directory (which
 * also keeps its copies of the sources where kmigrate's cleanup finds
 * them, never in /tmp).  Only the semantic patch, kmigrate's own data,
 * is named by its full path.
 */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
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
#include "spatch-allow.h"
#include "spatch.h"
#include "strbuf.h"
#include "util.h"

int spatch_parse_options(const char *text, struct strlist *options,
			 struct strbuf *why)
{
	static const char key[] = "// Options:";
	const char *line = text;

	while (line && *line) {
		const char *end = strchrnul(line, '\n');

		if (!strncmp(line, key, strlen(key))) {
			char *value =
				xstrndup(line + strlen(key),
					 (size_t)(end - line) - strlen(key));
			int ret = spatch_options_allow(value, options, why);

			free(value);
			return ret;
		}
		line = *end ? end + 1 : NULL;
	}
	return 0;
}

char *spatch_iso_file(const char *cocci_path)
{
	size_t n = strlen(cocci_path);
	char *iso;

	if (n < 6 || strcmp(cocci_path + n - 6, ".cocci"))
		return NULL;
	iso = xstrfmt("%.*s.iso", (int)(n - 6), cocci_path);
	if (!access(iso, R_OK))
		return iso;
	free(iso);
	return NULL;
}

int spatch_declares_virtual(const char *text, const char *name)
{
	static const char key[] = "virtual";
	const char *line = text;
	size_t n = strlen(name);

	while (line && *line) {
		const char *end = strchrnul(line, '\n'), *p = line;

		if (!strncmp(line, key, strlen(key)) &&
		    (line[strlen(key)] == ' ' || line[strlen(key)] == '\t')) {
			for (p += strlen(key); p < end; p++)
				if (!strncmp(p, name, n) &&
				    strchr(" \t,", p[-1]) &&
				    (p + n == end || strchr(" \t,\r", p[n])))
					return 1;
		}
		line = *end ? end + 1 : NULL;
	}
	return 0;
}

int spatch_cocci_options(const char *cocci_path, struct strlist *options)
{
	struct strbuf text = STRBUF_INIT, why = STRBUF_INIT;
	char *iso;

	if (strbuf_read_file(&text, cocci_path) < 0) {
		strbuf_release(&text);
		return error_errno("cannot read '%s'", cocci_path);
	}
	if (spatch_parse_options(text.buf, options, &why) < 0) {
		error("cannot run '%s': its Options: line: %s", cocci_path,
		      why.buf);
		strbuf_release(&why);
		strbuf_release(&text);
		return -1;
	}
	strbuf_release(&why);
	if (spatch_declares_virtual(text.buf, "left")) {
		strlist_push(options, "-D");
		strlist_push(options, "left");
	}
	strbuf_release(&text);
	iso = spatch_iso_file(cocci_path);
	if (iso) {
		strlist_push(options, "--iso-file");
		strlist_push(options, iso);
		free(iso);
	}
	return 0;
}

/* ---- one process per file ---- */

/* a job running alone, and the directory its spatch keeps its output in */
struct single {
	struct spatch_job *job;
	struct spatch_outdir od;
};

static int next_job(struct child_process *cp, void *cb, void **task_cb)
{
	struct spatch_run *run = cb;
	struct single *single;
	struct spatch_job *job;

	for (;;) {
		if (run->next_single >= run->nr_singles)
			return 0;
		job = run->singles[run->next_single++];
		single = xcalloc(1, sizeof(*single));
		if (!spatch_outdir_create(&single->od, run->opts->tmpdir))
			break;
		job->failure = xstrfmt("cannot run 'spatch': no directory "
				       "for its output: %s",
				       strerror(errno));
		free(single);
		spatch_jobs_done(run, 1);
	}
	single->job = job;
	spatch_push_common_args(cp, run->opts);
	spatch_outdir_push_args(&single->od, cp);
	strlist_push(&cp->args, spatch_name(run->opts, job->input));
	cp->timeout_sec = run->opts->timeout_sec;
	*task_cb = single;
	return 1;
}

/*
 * Why a process of one file failed: a signal first (what spatch printed
 * before it died is no verdict on the file), then spatch's own line
 */
static char *describe_failure(int result, const struct child_process *cp)
{
	char *line;

	if (result < 0)
		return xstrfmt("cannot run 'spatch': %s", strerror(errno));
	if (result > 128 && result - 128 < NSIG)
		return xstrfmt("spatch killed by signal %d (%s)", result - 128,
			       strsignal(result - 128));
	line = spatch_failure_line(cp->err.buf);
	if (line) {
		char *failure = xstrfmt("spatch failed: %s", line);

		free(line);
		return failure;
	}
	return xstrfmt("spatch failed: exit status %d", result);
}

static void job_finished(int result, struct child_process *cp, void *cb,
			 void *task_cb)
{
	struct spatch_run *run = cb;
	struct single *single = task_cb;
	struct spatch_job *job = single->job;

	job->parse_error = spatch_find_parse_error(
		cp->err.buf, spatch_name(run->opts, job->input));
	job->left_reasons = spatch_find_left_reasons(
		cp->err.buf, spatch_name(run->opts, job->input));
	if (cp->timed_out) {
		job->timed_out = 1;
		job->failure = xstrfmt("spatch timed out after %u s",
				       run->opts->timeout_sec);
	} else if (result) {
		job->failure = describe_failure(result, cp);
	} else {
		char *found;

		spatch_outdir_scan(&single->od);
		found = spatch_outdir_find(&single->od, job->input);
		if (spatch_take_output(job, found) < 0)
			job->failure = xstrfmt("cannot keep spatch's output: "
					       "%s",
					       strerror(errno));
		free(found);
	}
	spatch_outdir_remove(&single->od);
	free(single);
	spatch_jobs_done(run, 1);
}

static void run_singles(struct spatch_run *run)
{
	struct parallel_processes_opts popts = { run->opts->jobs, next_job,
						 job_finished, run };

	if (run->nr_singles)
		run_processes_parallel(&popts);
}

/* a job spatch may not be given: failed before it runs */
static int refuse_job(const struct spatch_run_opts *opts,
		      struct spatch_job *job)
{
	if (!opts->tmpdir)
		job->failure = xstrfmt("cannot run 'spatch': no scratch "
				       "directory for it");
	else if (!spatch_name(opts, job->input) ||
		 !spatch_name(opts, job->output))
		job->failure = xstrfmt("cannot run 'spatch' on '%s': not a "
				       "name kmigrate chose (a bug)",
				       job->input);
	return job->failure != NULL;
}

void spatch_run(struct spatch_job *jobs, size_t nr,
		const struct spatch_run_opts *opts)
{
	struct spatch_run run = { .opts = opts, .total = nr };
	size_t i;

	for (i = 0; i < nr; i++) {
		if (refuse_job(opts, &jobs[i]))
			spatch_jobs_done(&run, 1);
		else
			unlink(jobs[i].output); /* only a fresh output counts */
	}
	spatch_plan_batches(&run, jobs, nr);
	spatch_run_batches(&run);
	run_singles(&run);
	free(run.singles);
}

void spatch_job_release(struct spatch_job *job)
{
	free(job->input);
	free(job->output);
	free(job->failure);
	free(job->parse_error);
	free(job->left_reasons);
	job->input = job->output = job->failure = job->parse_error = NULL;
	job->left_reasons = NULL;
}
