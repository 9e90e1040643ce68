/*
 * builtin.h - the kmigrate commands.
 *
 * Every command is one file, migrator/builtin/cmd-NAME.c, with one entry
 * point
 *	int cmd_NAME(int argc, const char **argv, struct km_setup *setup);
 * called with argv[0] = "NAME" and the arguments after it; it returns the
 * process exit code (0 fine, 1 findings or calls left, 2 usage or setup
 * error).  Its first step is setup_command() with its option table and
 * usage lines: that parses the options and does, once for every
 * command, what the command's row in the table (commands.c) asks for
 * (NEED_TREE, NEED_MIGRATION, as git's RUN_SETUP; setup.c does it);
 * main() releases what it set up when the command returns.
 *
 * To add a command: write the file, declare it here, add one line to
 * the command table in commands.c, document it in kmigrate.1 and test
 * it in tests/t-NAME.sh (README.md, "Adding a command", says more).  The files
 * link into the kmigrate binary, not into
 * libmigrator.a (see the Makefile).  The global options (before the
 * command) are in km_global and km_verbosity; commands read -j and
 * --migration from there and may accept -j, -q and --max-file-size
 * themselves through OPT_JOBS(), OPT_QUIET() and OPT_MAX_FILE_SIZE().
 */
#ifndef KM_BUILTIN_H
#define KM_BUILTIN_H

#include <limits.h>
#include <stddef.h>

struct map_values;
struct migration;
struct option;

/* what a command's row asks main to set up before it runs */
#define NEED_TREE (1 << 0)	/* exactly one operand, TREE: a directory */
#define NEED_MIGRATION (1 << 1) /* the migration --migration names */

struct km_setup {
	const char *cmd;	     /* its name, for messages: "scan" */
	unsigned int flags;	     /* its row's NEED_* */
	const char *tree;	     /* NEED_TREE: the TREE operand */
	struct migration *migration; /* NEED_MIGRATION: loaded */
};

/*
 * A command's first step: parse its options (parse-options.h; "-h"
 * prints the usage and exits 0), bypass the result cache when
 * --no-cache was given, then, as its row asks, take exactly one operand
 * as setup->tree and open it as a directory, and load the migration
 * into setup->migration.  A usage error, a TREE that cannot be opened
 * ("cannot open tree 'X': Not a directory") or a migration that cannot
 * be loaded is one line on stderr and exit 2.  Returns the number of
 * operands left in argv (none with NEED_TREE).
 */
int setup_command(struct km_setup *setup, int argc, const char **argv,
		  const struct option *options, const char *const *usage);

/* NEED_TREE's checks, for a command whose TREE is optional */
void setup_tree(struct km_setup *setup, const char *tree);

struct km_global_options {
	int jobs;	       /* -j N: 0 means one per processor */
	const char *migration; /* --migration NAME */
	int no_cache;	       /* --no-cache (result-cache.h) */
	size_t max_file_size;  /* --max-file-size: 0 is tree-fs.h's */
};

extern struct km_global_options km_global;

#define OPT_JOBS()                                      \
	OPT_JOBS_INT('j', "jobs", &km_global.jobs, "N", \
		     "run N jobs in parallel (default: processors)")

/* the cap on a file read from the tree (tree-fs.h), global or not */
#define OPT_MAX_FILE_SIZE()                                            \
	OPT_SIZE(0, "max-file-size", &km_global.max_file_size, "SIZE", \
		 "read no tree file larger than SIZE (default: 64M)")

/* -q on a command: km_verbosity 0, as the global -q */
#define OPT_QUIET(h) OPT_SET_INT('q', "quiet", &km_verbosity, 0, (h))

/* apply, check, series and run: bypass the result cache */
#define OPT_NO_CACHE()                               \
	OPT_BOOL(0, "no-cache", &km_global.no_cache, \
		 "neither read nor write the result cache")

/* the number of jobs to run: -j or the number of processors */
int km_jobs(void);

/*
 * The values libclang gives, in their own translation units, the
 * arguments of the old-form calls of tree whose case (family.h) their
 * text leaves open (case-values.c), added to out for apply_opts'
 * values; nothing, and not a word, without libclang.  0, or -1 when
 * the tree cannot be scanned (apply says why).
 */
int km_case_values(const char *tree, const struct migration *m,
		   struct map_values *out);

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

/* a row of the command table (commands.c), which main() runs from */
struct command {
	const char *name;
	int (*fn)(int argc, const char **argv, struct km_setup *setup);
	unsigned int flags; /* NEED_*: what setup_command() does for it */
	const char *summary;
};

extern const struct command km_commands[];
extern const size_t km_nr_commands;

/* the row of the command NAME, or NULL */
const struct command *find_command(const char *name);

int cmd_scan(int argc, const char **argv, struct km_setup *setup);
int cmd_apply(int argc, const char **argv, struct km_setup *setup);
int cmd_check(int argc, const char **argv, struct km_setup *setup);
int cmd_series(int argc, const char **argv, struct km_setup *setup);
int cmd_cocci(int argc, const char **argv, struct km_setup *setup);
int cmd_model(int argc, const char **argv, struct km_setup *setup);
int cmd_run(int argc, const char **argv, struct km_setup *setup);

#endif
