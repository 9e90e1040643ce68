/*
 * builtin.h - the kmigrate commands.
 *
 * Every command is one file, migrator/cmd-NAME.c, with one entry point
 *	int cmd_NAME(int argc, const char **argv);
 * called with argv[0] = "NAME" and the arguments after it; it returns the
 * process exit code (0 fine, 1 findings or calls left, 2 usage or setup
 * error).  To add a command: write the file, declare it here, add one
 * line to the command table in migrator/kmigrate.c, document it in
 * kmigrate.1 and test it in tests/t-NAME.sh (README.md, "Adding a
 * command", says more).  The files link into the kmigrate binary, not
 * into libmigrator.a (see the Makefile).  The global options
 * (before the command) are in km_global; commands read -j and --migration
 * from there and may accept -j themselves through OPT_JOBS.
 */
#ifndef KM_BUILTIN_H
#define KM_BUILTIN_H

#include <limits.h>

struct km_global_options {
	int jobs;	       /* -j N: 0 means one per processor */
	const char *migration; /* --migration NAME */
	int no_cache;	       /* --no-cache (result-cache.h) */
};

extern struct km_global_options km_global;

#define OPT_JOBS()                                      \
	OPT_JOBS_INT('j', "jobs", &km_global.jobs, "N", \
		     "run N jobs in parallel (default: processors)")

/* apply, check, series and run: bypass the result cache */
#define OPT_NO_CACHE()                               \
	OPT_BOOL(0, "no-cache", &km_global.no_cache, \
		 "neither read nor write the result cache")
/* after parse_options(): --no-cache given, the cache is bypassed */
void km_setup_cache(void);

/* the number of jobs to run: -j or the number of processors */
int km_jobs(void);

/*
 * --max-line-length N for apply, series and run: the int starts as
 * KM_LINE_LENGTH_UNSET; km_max_line_length() gives apply_opts' value, 0
 * for the tree's own limit, and exits 2 on an N outside 1..1000
 */
#define KM_LINE_LENGTH_UNSET INT_MIN
#define OPT_MAX_LINE_LENGTH(v)                  \
	OPT_INT(0, "max-line-length", (v), "N", \
		"wrap changed lines past N (default: the tree's checkpatch's)")
unsigned int km_max_line_length(const char *cmd, int value);

int cmd_scan(int argc, const char **argv);
int cmd_apply(int argc, const char **argv);
int cmd_check(int argc, const char **argv);
int cmd_series(int argc, const char **argv);
int cmd_cocci(int argc, const char **argv);
int cmd_model(int argc, const char **argv);
int cmd_run(int argc, const char **argv);

#endif
