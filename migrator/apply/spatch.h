/*
 * spatch.h - run Coccinelle's spatch on files, many at once.
 *
 * kmigrate never lets spatch see the tree: each job names a copy that
 * the caller made in the scratch directory opts->tmpdir, under a name
 * the caller chose ("3.c"), and a file there for the result; the caller
 * decides what to do with it.  spatch runs in that directory and is
 * given names relative to it only (spatch_name()), because spatch 1.1.1
 * puts the names it is given into sh -c command lines: a file in the
 * tree named "$(id>PWNED).c" would run.  A job is one file with one
 * semantic patch.  Every spatch process keeps the files it changes in a
 * directory of its own and runs no child process (spatch-output.h).
 * Jobs run in batches when the caller asks for them (opts->batches):
 * one process reads the inputs of a batch where they are, each file a
 * group of its own (spatch 1.1.1 makes the files named on one command
 * line one group, which is not the same conversion):
 *
 *	spatch --sp-file COCCI -D patch <the cocci's "// Options:">
 *	       --quiet --verbose-parsing --no-show-diff --save-tmp-files
 *	       --temp-files run-XXXXXX [-j JOBS --tmp-dir run-XXXXXX/parallel]
 *	       --file-groups run-XXXXXX/groups
 *
 * A batch never holds two inputs of the same base name: spatch names
 * its output files after that base name alone.  With opts->jobs above
 * 1, a batch uses them all through spatch's own -j: it parses the
 * semantic patch once for all its files, and the batches run one after
 * the other.  spatch then works in run-XXXXXX/parallel_NAME_DATE_PID,
 * NAME being the semantic patch's base name, and removes that with
 * "sh -c rm -rf": a semantic patch whose base name is not made of
 * letters, digits and "._-" gets no -j, and its batches run side by
 * side instead, one process each.
 *
 * A batch is decided by its result, not by its stderr: on real kernel
 * code spatch prints parse-recovery lines of every kind ("ERROR-RECOV",
 * "PB: found synchro point", "SUSPICIOUS: ...") for files it converts
 * well.  A batch that fails as a process (exit status, signal, time
 * limit) runs again one process per file; after one that exits
 * normally each file's result is judged on its own (opts->batch_keep:
 * the caller rescans it; without one, spatch must say it handled the
 * file), and only a job whose result is not kept or cannot be read
 * runs again alone, exactly as jobs without batches run:
 *
 *	spatch --sp-file COCCI -D patch <the cocci's "// Options:">
 *	       --quiet --verbose-parsing --no-show-diff --save-tmp-files
 *	       --temp-files run-XXXXXX INPUT
 *
 * so a failure is always found and told for the one file it concerns.
 * Either way OUTPUT exists afterwards only when spatch changed the file;
 * stderr is kept to find parse errors and the reason of a failure.  A
 * process that runs past its time limit is killed with its process
 * group: one file gets timeout_sec, a batch of N files timeout_sec plus
 * a tenth of it per file (a file that needs more than its share still
 * gets its full limit in the rerun).
 *
 * Caller's steps: spatch_check() once (prints the one-line hint and
 * returns -1 when spatch is missing or too old), spatch_cocci_options()
 * per semantic patch, fill an array of spatch_job (input, output),
 * spatch_run(), read the results, spatch_job_release().
 */
#ifndef KM_SPATCH_H
#define KM_SPATCH_H

#include <stddef.h>

#include "sha256.h"
#include "spatch-stderr.h"
#include "strlist.h"

struct strbuf;

#define SPATCH_PROGRAM "spatch"
#define SPATCH_MIN_MAJOR 1
#define SPATCH_MIN_MINOR 0
#define SPATCH_BATCH_MAX 64   /* files in one batch, about */
#define SPATCH_BATCH_SHARE 10 /* a batch file's time: limit / SHARE */

struct spatch_batch;

struct spatch_version {
	int major, minor, patch;
	/*
	 * the spatch binary PATH finds, named by a SHA-256 of its path,
	 * device, inode, size and times (spatch-version.c); "" if none
	 */
	char binary[SHA256_HEX_LEN + 1];
};

struct spatch_job {
	char *input;  /* the file spatch reads, in opts->tmpdir */
	char *output; /* where the changed file goes, in opts->tmpdir */
	void *util;   /* the caller's */

	/* results */
	int changed; /* output holds spatch's change */
	int timed_out;
	char *failure;	    /* why the run failed, or NULL */
	char *parse_error;  /* spatch's first parse error in input, or NULL */
	char *left_reasons; /* spatch_find_left_reasons() of input, or NULL */
};

struct spatch_run_opts {
	const char *cocci;	       /* the semantic patch */
	const struct strlist *options; /* its "// Options:" */
	int jobs;		       /* processors to use */
	int batches;		       /* at least that many; 0: none */
	unsigned int timeout_sec;      /* per file; 0: none */
	const char *tmpdir;	       /* where spatch runs: every file */
	/* called as jobs finish (a batch at once), from the calling thread */
	void (*progress)(size_t done, size_t total, void *cb);
	/*
	 * The judge of a batch's result for one job: text (len bytes) is
	 * the file the batch made of the job's input (the input itself
	 * when it made none); 1 keeps it, 0 runs the job alone.  NULL: a
	 * result is kept when spatch says it handled the input.
	 */
	int (*batch_keep)(const struct spatch_job *job, const char *text,
			  size_t len, void *cb);
	void *cb;
	/*
	 * A batch spatch_prestart() started with these options, or NULL:
	 * spatch_run() gives it the run's first batch, or cancels it.
	 */
	struct spatch_batch *prestart;
};

/* "spatch version 1.1.1 compiled with ...": 0, or -1 if it is not that */
int spatch_parse_version(const char *text, struct spatch_version *v);

/*
 * 0 when spatch runs and is recent enough; else one line on stderr, -1.
 * What "spatch --version" says is cached for the binary PATH finds.
 */
int spatch_check(struct spatch_version *v);
/* 1 when the result cache knows the version of the spatch PATH finds */
int spatch_version_cached(void);

/*
 * 1 when the cocci text declares the virtual rule name ("virtual patch,
 * left")
 */
int spatch_declares_virtual(const char *cocci_text, const char *name);
/*
 * Append the options of the cocci text's "// Options:" line: 0, or -1
 * with why naming the first option that is not on the allow-list of
 * spatch-allow.h (the tree and a migration folder are untrusted:
 * "--sp-file", "-o", "--python" are refused)
 */
int spatch_parse_options(const char *cocci_text, struct strlist *options,
			 struct strbuf *why);
/*
 * the same from the file (a refused option: -1, reported in one line
 * naming it), "--iso-file X.iso" when X.cocci has one beside
 * it (spatch_iso_file()), and "-D left" when it declares "virtual left"
 * (a hand-written patch that names the calls it leaves, with their
 * reasons: spatch_find_left_reasons()); -1 (reported) if it cannot be
 * read
 */
int spatch_cocci_options(const char *cocci_path, struct strlist *options);
/* X.iso beside X.cocci, when it can be read (free it); else NULL */
char *spatch_iso_file(const char *cocci_path);

/*
 * The name spatch is given for path: path relative to opts->tmpdir when
 * it is inside it and made only of letters, digits and "._-/" (no "..",
 * no leading '-' or '.'), else NULL.  Only such names reach spatch.
 */
const char *spatch_name(const struct spatch_run_opts *opts, const char *path);

/*
 * Run every job; the results are in the jobs.  A job whose input or
 * output spatch_name() refuses fails without running.
 */
void spatch_run(struct spatch_job *jobs, size_t nr,
		const struct spatch_run_opts *opts);

void spatch_job_release(struct spatch_job *job);

/*
 * Start the spatch of a batch now, before its files are known, so that
 * it parses the semantic patch while the caller prepares them: it reads
 * the list of its files from its stdin ("--file-groups /dev/stdin"),
 * which the spatch_run() given it as opts->prestart writes.  NULL when
 * it cannot start, or when the batches of opts would not run one at a
 * time.  A batch no spatch_run() takes must be cancelled.
 */
struct spatch_batch *spatch_prestart(const struct spatch_run_opts *opts);
/* kill a prestarted batch and remove what it left */
void spatch_prestart_cancel(struct spatch_batch *b);

#endif
