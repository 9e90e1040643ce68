/*
 * spatch.h - run Coccinelle's spatch on files, many at once.
 *
 * kmigrate never lets spatch write into the tree: each job names the
 * file spatch reads and a file in a scratch directory for spatch's -o;
 * the caller decides what to do with the result.  One job is one spatch
 * process on one file with one semantic patch:
 *
 *	spatch --sp-file COCCI -D patch <the cocci's "// Options:">
 *	       --quiet --verbose-parsing INPUT -o OUTPUT
 *
 * spatch writes OUTPUT only when it changed something; its diff on
 * stdout is thrown away; stderr is kept to find parse errors and the
 * reason of a failure.  A job that runs past the time limit is killed
 * with its process group.
 *
 * Caller's steps: spatch_check() once (prints the one-line hint and
 * returns -1 when spatch is missing or too old), spatch_cocci_options()
 * per semantic patch, fill an array of spatch_job (input, output),
 * spatch_run(), read the results, spatch_job_release().
 */
#ifndef KM_SPATCH_H
#define KM_SPATCH_H

#include <stddef.h>

#include "strlist.h"

#define SPATCH_PROGRAM "spatch"
#define SPATCH_MIN_MAJOR 1
#define SPATCH_MIN_MINOR 0

struct spatch_version {
	int major, minor, patch;
};

struct spatch_job {
	char *input;		/* the file spatch reads */
	char *output;		/* where spatch writes the changed file */
	void *util;		/* the caller's */

	/* results */
	int changed;		/* spatch wrote output */
	int timed_out;
	char *failure;		/* why the run failed, or NULL */
	char *parse_error; /* spatch's first parse error in input, or NULL */
};

struct spatch_run_opts {
	const char *cocci;		/* the semantic patch */
	const struct strlist *options;	/* its "// Options:" */
	int jobs;			/* processes at once */
	unsigned timeout_sec;		/* per job; 0: none */
	const char *tmpdir;		/* spatch's own temporary files */
	/* called after each job, from the calling thread */
	void (*progress)(size_t done, size_t total, void *cb);
	void *cb;
};

/* "spatch version 1.1.1 compiled with ...": 0, or -1 if it is not that */
int spatch_parse_version(const char *text, struct spatch_version *v);

/* 0 when spatch runs and is recent enough; else one line on stderr, -1 */
int spatch_check(struct spatch_version *v);

/* append the options of the cocci text's "// Options:" line */
void spatch_parse_options(const char *cocci_text, struct strlist *options);
/* the same from the file; -1 (reported) if it cannot be read */
int spatch_cocci_options(const char *cocci_path, struct strlist *options);

/*
 * The first parse error spatch's --verbose-parsing output reports for
 * input ("parse error at line 3, column 6"), or NULL; malloc'd.
 */
char *spatch_find_parse_error(const char *err, const char *input);

/*
 * The line that says why spatch failed: the first line of its stderr
 * that is not progress chatter, or NULL; malloc'd.
 */
char *spatch_failure_line(const char *err);

/* run every job; the results are in the jobs */
void spatch_run(struct spatch_job *jobs, size_t nr,
		const struct spatch_run_opts *opts);

void spatch_job_release(struct spatch_job *job);

#endif
