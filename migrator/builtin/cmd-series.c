/*
 * cmd-series.c - "kmigrate series TREE --out DIR": the conversion as a
 * git am-able patch series with a cover letter.
 *
 *	kmigrate series TREE --out DIR [--split atomic|subsystem]
 *		[--from "NAME <EMAIL>"] [--signoff] [--to ADDR]...
 *		[--cc ADDR]... [--checkpatch] [--get-maintainer]
 *		[--max-line-length N] [--force]
 *
 * The author is --from, else the user's own git identity: GIT_AUTHOR_NAME
 * and GIT_AUTHOR_EMAIL, or user.name and user.email of the user's global
 * configuration; never the tree's .git/config, which is not the user's.
 *
 * Steps (write-series.c does them; this file reads the command line and
 * finds the author): apply converts the tree in memory (TREE is never
 * written); the changes become patches (series.c), a subsystem split's
 * addressed from the tree's MAINTAINERS, read by kmigrate, or by the
 * tree's own scripts/get_maintainer.pl with --get-maintainer; the
 * patches are written into a fresh directory beside DIR (mbox.h); with
 * --checkpatch the tree's own checkpatch, when it has one and perl is
 * there, judges each of them; and git am must turn a scratch copy of the
 * files the series changes into apply's result, byte for byte
 * (series-verify.c); check then judges the tree with apply's texts over
 * it; the cover letter (series-cover.c) is written last, and only then
 * do the files replace what DIR held.  Any failure leaves DIR as it was.
 * Without git the series is written unverified, and the cover letter
 * says so.  When nothing is converted no series is written: a note says
 * whether the tree has no call of the function at all, or none that
 * apply converted.
 *
 * Nothing from the tree is run unless asked: those two scripts are the
 * tree's code, run as the user, so each is an opt-in the usage names;
 * --no-checkpatch and --no-get-maintainer, the defaults, undo an
 * earlier --checkpatch or --get-maintainer.
 *
 * Exit: 0 written, or nothing to convert; 1 check found errors (without
 * --force), the series does not reproduce apply's result, or apply left
 * calls or failed files; 2 usage errors, an unusable DIR or TREE, no
 * identity for the patches.  stdout lists the files written, like git
 * format-patch; the summary goes to stderr.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "clang-loader.h"
#include "git-plumbing.h"
#include "map-values.h"
#include "mbox.h"
#include "parse-options.h"
#include "util.h"
#include "write-series.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

static const char *const series_usage[] = {
	"kmigrate series [options] TREE --out DIR",
	"",
	"Write the conversion of TREE as a git am-able patch series with a",
	"cover letter into DIR; TREE is never modified.  No code from TREE",
	"is run unless you ask: --checkpatch runs its scripts/checkpatch.pl",
	"on each patch, and --get-maintainer (with --split subsystem) its",
	"scripts/get_maintainer.pl for To and Cc, both with perl, as you;",
	"without it To and Cc come from its MAINTAINERS.  Use them only on",
	"a tree you trust.",
	NULL
};

static const char *const split_choices[] = { "atomic", "subsystem", NULL };

/*
 * --from, else the user's own git identity (git-plumbing.h: never the
 * tree's .git/config, which is the tree author's), else exit 2
 */
static char *identity(const char *from)
{
	struct strbuf ident = STRBUF_INIT;
	char *name_part, *email_part;

	if (from) {
		if (mbox_split_ident(from, &name_part, &email_part) < 0)
			usage_error("series",
				    "option '--from' needs "
				    "\"Name <email>\", not '%s'",
				    from);
		free(name_part);
		free(email_part);
		return xstrdup(from);
	}
	if (git_user_ident(&ident) < 0)
		die("no identity for the patches: use --from \"Name <email>\"");
	return strbuf_detach(&ident, NULL);
}

/* like git format-patch: the files written, then a summary on stderr */
static void report_written(const struct series_job *job)
{
	size_t i;

	for (i = 0; i < job->written.nr; i++)
		printf("%s/%s\n", job->out_dir, job->written.items[i].string);
	if (km_verbosity >= 1 && job->written.nr)
		fprintf(stderr,
			"kmigrate: %zu patch%s and a cover letter in "
			"'%s' (%s split), %zu file%s, %s\n",
			job->nr_patches, job->nr_patches == 1 ? "" : "es",
			job->out_dir,
			job->opts.split == SERIES_ATOMIC ? "atomic" :
							   "subsystem",
			job->nr_changes, job->nr_changes == 1 ? "" : "s",
			job->verified ? "verified" : "not verified");
}

int cmd_series(int argc, const char **argv, struct km_setup *setup)
{
	const char *split = "atomic", *from = NULL;
	struct strlist to = STRLIST_INIT, cc = STRLIST_INIT;
	struct map_values values = MAP_VALUES_INIT;
	struct series_job job;
	char *ident;
	int ret, max_line = KM_LINE_LENGTH_UNSET, get_maintainer = 0;
	const struct option options[] = {
		OPT_STRING('o', "out", &job.out_dir, "DIR",
			   "write the series into DIR (required)"),
		OPT_CHOICE(0, "split", &split, "MODE", split_choices,
			   "atomic (one patch, default) or subsystem"),
		OPT_STRING(0, "from", &from, "\"NAME <EMAIL>\"",
			   "the author (default: your git identity)"),
		OPT_BOOL(0, "signoff", &job.opts.signoff,
			 "add a Signed-off-by line"),
		OPT_LIST(0, "to", &to, "ADDR",
			 "add a To: address to every mail"),
		OPT_LIST(0, "cc", &cc, "ADDR",
			 "add a Cc: address to every mail"),
		OPT_SET_INT(0, "get-maintainer", &get_maintainer, 1,
			    "To/Cc by the tree's get_maintainer.pl (runs it)"),
		OPT_SET_INT(0, "no-get-maintainer", &get_maintainer, 0,
			    "To/Cc from MAINTAINERS (default)"),
		OPT_BOOL(0, "force", &job.force,
			 "write the series even when check finds errors"),
		OPT_SET_INT(0, "checkpatch", &job.checkpatch, 1,
			    "run the tree's checkpatch.pl on each patch"),
		OPT_SET_INT(0, "no-checkpatch", &job.checkpatch, 0,
			    "do not run the tree's checkpatch (default)"),
		OPT_MAX_LINE_LENGTH(&max_line),
		OPT_JOBS(),
		OPT_NO_CACHE(),
		OPT_END(),
	};

	memset(&job, 0, sizeof(job));
	setup_command(setup, argc, argv, options, series_usage);
	if (!job.out_dir)
		usage_error("series", "missing '--out DIR'");
	job.opts.max_line_length = km_max_line_length("series", max_line);
	series_check_out_dir(&job);
	/* check needs libclang: say so before any work, load it meanwhile */
	if (clang_loader_preload() < 0)
		return 2;
	ident = identity(from);
	job.opts.migration = setup->migration;
	job.opts.tree = setup->tree;
	job.opts.split = strcmp(split, "subsystem") ? SERIES_ATOMIC :
						      SERIES_SUBSYSTEM;
	job.opts.from = ident;
	job.opts.to = &to;
	job.opts.cc = &cc;
	job.opts.version = KMIGRATE_VERSION;
	job.opts.get_maintainer = get_maintainer;
	job.opts.jobs = km_jobs();
	km_case_values(setup->tree, setup->migration, &values);
	job.opts.values = &values;
	series_set_date(&job.opts);
	job.apply_report = 1;
	job.progress = km_show_progress();
	ret = series_write_tree(&job);
	if (!ret)
		report_written(&job);
	series_job_release(&job);
	map_values_release(&values);
	free(ident);
	strlist_clear(&to, 0);
	strlist_clear(&cc, 0);
	return ret;
}
