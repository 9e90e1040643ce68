/*
 * cmd-apply.c - "kmigrate apply": convert the old-form calls of a tree.
 *
 *	kmigrate apply [--in-place] [--timeout SECONDS]
 *		[--max-line-length N] [-j N] [-q] TREE
 *
 * Without --in-place: a unified diff of the conversion on stdout
 * ("diff --git a/FILE b/FILE", git apply -p1 and patch -p1 take it);
 * TREE is not written.  With --in-place: every changed file is replaced
 * atomically.  On stderr: the files spatch failed on, every call left
 * unconverted as "FILE:LINE:COL: warning: not converted" with the
 * reason on indented lines below (apply_print_report()), and a summary
 * line (not with -q); a progress line on a terminal.  --timeout is the
 * time spatch may spend on one file: a file that runs past it is left
 * as it was and reported ("spatch timed out after N s").  A changed line
 * is wrapped only past the limit TREE's scripts/checkpatch.pl enforces
 * (read, never run: 100 since 5.7, 80 before and without one), or past
 * --max-line-length.
 *
 * With --in-place, a file is replaced only if it is still what apply read
 * (else: "changed during the run", left as it is), never through a
 * symbolic link, and only if the user may write it and the new file can
 * keep its owner, group and mode (apply.h, tree-fs.h); the temporary
 * files a killed run left are removed; an interrupt says which files
 * were already replaced.
 *
 * Exit: 0 every call converted; 1 some call left (ambiguous, macro,
 * spatch's verdict), a file failed or changed during the run; 2 usage
 * errors, a missing migration or spatch, a TREE that cannot be read, or
 * a file that cannot be written.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "builtin.h"
#include "migration.h"
#include "parse-options.h"
#include "scan.h"
#include "strbuf.h"
#include "tempfile.h"
#include "util.h"

static const char *const apply_usage[] = {
	"kmigrate apply [--in-place] [--timeout SECONDS] [--max-line-length N]",
	"               [-j N] [-q] TREE",
	"",
	"Convert the old-form calls of TREE with the migration's semantic",
	"patches: print the change as a unified diff, or write it with",
	"--in-place.  Every call left unconverted is reported with its reason.",
	NULL
};

/*
 * A read-only tree is said once, before any work, rather than once for
 * every file that cannot be replaced; a tree that cannot be opened is
 * left to apply_tree() to report.
 */
static int check_writable(const char *tree)
{
	char *target = xstrfmt("%s/probe", tree), *probe;
	int fd = tempfile_mkstemp(target, &probe);

	free(target);
	if (fd >= 0) {
		close(fd);
		tempfile_remove(probe);
		free(probe);
		return 0;
	}
	if (errno != EROFS && errno != EACCES && errno != EPERM)
		return 0;
	error("cannot write to tree '%s': %s; without --in-place, apply "
	      "prints the change as a diff",
	      tree, strerror(errno));
	return -1;
}

int cmd_apply(int argc, const char **argv, struct km_setup *setup)
{
	int in_place = 0, timeout = APPLY_DEFAULT_TIMEOUT;
	int max_line = KM_LINE_LENGTH_UNSET;
	const struct option options[] = {
		OPT_BOOL(0, "in-place", &in_place,
			 "write the converted files instead of a diff"),
		OPT_INT(0, "timeout", &timeout, "SECONDS",
			"time limit of spatch on one file (default 60, "
			"0: none)"),
		OPT_MAX_LINE_LENGTH(&max_line),
		OPT_JOBS(),
		OPT_MAX_FILE_SIZE(),
		OPT_NO_CACHE(),
		OPT_QUIET("no summary on stderr"),
		OPT_END(),
	};
	struct apply_opts opts = { 0 };
	struct map_values values = MAP_VALUES_INIT;
	struct apply_result result;
	struct strbuf diff = STRBUF_INIT;
	int ret;

	setup_command(setup, argc, argv, options, apply_usage);
	if (timeout < 0)
		usage_error("apply",
			    "option '--timeout' needs a number of "
			    "seconds, not %d",
			    timeout);
	opts.max_line_length = km_max_line_length("apply", max_line);
	if (in_place && check_writable(setup->tree) < 0)
		return 2;
	if (in_place)
		apply_report_interrupts();
	opts.tree = setup->tree;
	opts.m = setup->migration;
	opts.jobs = km_jobs();
	opts.timeout_sec = (unsigned int)timeout;
	opts.progress = km_show_progress();
	km_case_values(opts.tree, opts.m, &values);
	opts.values = &values;
	if (apply_tree(&opts, &result) < 0) {
		map_values_release(&values);
		return 2;
	}
	if (in_place) {
		ret = apply_write_in_place(&result, opts.tree) < 0 ? 2 : 0;
	} else {
		apply_write_diff(&result, &diff);
		fwrite(diff.buf, 1, diff.len, stdout);
		ret = fflush(stdout) ? error_errno("cannot write the diff") : 0;
		ret = ret ? 2 : 0;
	}
	if (!result.nr_files)
		note("no call of '%s' found in '%s'", scan_first_name(opts.m),
		     opts.tree);
	apply_print_report(&result, km_verbosity == 0);
	if (!ret)
		ret = apply_exit_code(&result);
	strbuf_release(&diff);
	apply_result_release(&result);
	map_values_release(&values);
	return ret;
}
