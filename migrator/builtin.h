/*
 * builtin.h - the kmigrate commands.
 *
 * Every command is one file, migrator/cmd-NAME.c, with one entry point
 *	int cmd_NAME(int argc, const char **argv);
 * called with argv[0] = "NAME" and the arguments after it; it returns the
 * process exit code (0 fine, 1 findings or calls left, 2 usage or setup
 * error).  To add a command: write the file, declare it here, and add one
 * line to the command table in migrator/kmigrate.c.  The global options
 * (before the command) are in km_global; commands read -j and --migration
 * from there and may accept -j themselves through OPT_JOBS.
 */
#ifndef KM_BUILTIN_H
#define KM_BUILTIN_H

struct km_global_options {
	int jobs;			/* -j N: 0 means one per processor */
	const char *migration;		/* --migration NAME */
};

extern struct km_global_options km_global;

#define OPT_JOBS() OPT_INT('j', "jobs", &km_global.jobs, "N", \
			   "run N jobs in parallel (default: processors)")

/* the number of jobs to run: -j or the number of processors */
int km_jobs(void);

int cmd_scan(int argc, const char **argv);
int cmd_apply(int argc, const char **argv);
int cmd_check(int argc, const char **argv);
int cmd_series(int argc, const char **argv);
int cmd_cocci(int argc, const char **argv);
int cmd_model(int argc, const char **argv);
int cmd_run(int argc, const char **argv);

#endif
