/*
 * cmd-run.c - "kmigrate run": the whole job on the migration's demo tree.
 *
 *	kmigrate run [--out DIR] [--max-line-length N] [-j N]
 *
 * Copies the migration's demo tree (tree-fixtures/linux-2.6.14-mini for
 * class-device-parent) to a scratch directory and runs, in order: scan,
 * apply --in-place, check on the result, the review of the bundled
 * hand-written conversion (check --patch), and series.  It prints a
 * report a maintainer reads in one screen and ends with the commands to
 * run the same on a real tree.  Nothing outside the scratch directory
 * and DIR is written; the series goes to DIR, or to a fresh directory
 * under $TMPDIR that is kept.
 *
 * Every step calls the library, as the command of the same name does
 * (scan.h, apply.h, check.h, check-patch.h, write-series.h), and the
 * report is made from their results: the counts, check's summary and
 * its findings of each severity (report.h), the cover letter's
 * checkpatch lines.  Exit: 0 when the job ran (findings are part of
 * the report), 2 when it could not (no demo tree, spatch missing, a
 * step that failed to run).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "apply.h"
#include "builtin.h"
#include "check-patch.h"
#include "clang-loader.h"
#include "diffstat.h"
#include "get-maintainer.h"
#include "migration.h"
#include "output-format.h"
#include "parse-options.h"
#include "report.h"
#include "scan.h"
#include "scratch.h"
#include "spatch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "tree-style.h"
#include "util.h"
#include "write-series.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

static const char *const run_usage[] = {
	"kmigrate run [--out DIR] [--max-line-length N] [-j N]",
	"",
	"Run the whole job on the migration's bundled demo tree: scan, apply,",
	"check, the review of a hand-written conversion, and series, with a",
	"short report.  The repository is not modified.",
	NULL
};

struct run_ctx {
	const struct migration *m;
	char *tree;	       /* the scratch copy, converted in place */
	char *pristine;	       /* a second copy, for the patch review */
	char *patch;	       /* the demo's hand-written conversion */
	const char *out;       /* where the series goes */
	unsigned int max_line; /* --max-line-length; 0: the tree's */
};

/* the C sources and the files series reads beside them */
static int copy_demo(const char *demo, const char *to)
{
	struct strlist extra = STRLIST_INIT;
	int ret;

	strlist_pushv(&extra, (const char *const[]){ "MAINTAINERS",
						     TREE_STYLE_CHECKPATCH,
						     GET_MAINTAINER, NULL });
	ret = scratch_copy_tree(demo, to, &extra);
	strlist_clear(&extra, 0);
	return ret;
}

static int prepare_demo(struct run_ctx *ctx, const char *out)
{
	struct series_job out_dir = { .out_dir = out };
	char *scratch, *demo;
	struct stat st;

	if (out)
		series_check_out_dir(&out_dir); /* before any work */
	if (!ctx->m->demo_tree)
		return error("migration '%s' has no demo tree to run on",
			     ctx->m->name);
	demo = xstrfmt("%s/%s", km_datadir(), ctx->m->demo_tree);
	if (stat(demo, &st) < 0 || !S_ISDIR(st.st_mode)) {
		error("cannot find the demo tree '%s'", demo);
		free(demo);
		return -1;
	}
	if (ctx->m->demo_patch)
		ctx->patch = xstrfmt("%s/%s", km_datadir(), ctx->m->demo_patch);
	scratch = tempdir_create("kmigrate-run");
	ctx->tree = xstrfmt("%s/tree", scratch);
	ctx->pristine = xstrfmt("%s/pristine", scratch);
	free(scratch);
	if (copy_demo(demo, ctx->tree) || copy_demo(demo, ctx->pristine)) {
		free(demo);
		return -1;
	}
	printf("kmigrate run: migration %s on %s\n(a scratch copy: %s)\n\n",
	       ctx->m->name, ctx->m->demo_tree, ctx->tree);
	free(demo);
	if (out) {
		ctx->out = out;
		return 0;
	}
	ctx->out = xstrfmt("%s/kmigrate-series-XXXXXX",
			   getenv("TMPDIR") && *getenv("TMPDIR") ?
				   getenv("TMPDIR") :
				   "/tmp");
	if (!mkdtemp((char *)ctx->out))
		return error_errno("cannot create a directory for the series");
	return 0;
}

static int step_scan(const struct run_ctx *ctx)
{
	struct scan_result r;
	size_t i, j, files = 0;

	if (scan_tree(ctx->tree, ctx->m, km_jobs(), &r) < 0)
		return error_errno("cannot scan '%s'", ctx->tree);
	for (i = 0; i < r.nr_files; i++)
		for (j = 0; j < r.files[i].nr_sites; j++)
			if (call_site_kind_is_call(r.files[i].sites[j].kind)) {
				files++;
				break;
			}
	printf("scan     %zu call sites in %zu files: %zu old, %zu new, "
	       "%zu ambiguous (%zu mentions that are not calls)\n",
	       r.counts[CALL_SITE_OLD] + r.counts[CALL_SITE_NEW] +
		       r.counts[CALL_SITE_AMBIGUOUS] +
		       r.counts[CALL_SITE_CONTEXT],
	       files, r.counts[CALL_SITE_OLD], r.counts[CALL_SITE_NEW],
	       r.counts[CALL_SITE_AMBIGUOUS], scan_count_not_calls(&r));
	scan_result_release(&r);
	return 0;
}

/* apply's lines against the hand-written patch's, as diffstat counts */
static void print_against_hand_patch(const struct run_ctx *ctx,
				     const struct strbuf *diff)
{
	struct strbuf hand = STRBUF_INIT;
	unsigned long added, removed, hand_added, hand_removed;

	if (!ctx->patch || strbuf_read_file(&hand, ctx->patch) < 0 ||
	    diffstat_count(diff->buf, diff->len, &added, &removed) < 0 ||
	    diffstat_count(hand.buf, hand.len, &hand_added, &hand_removed) <
		    0) {
		putchar('\n');
		strbuf_release(&hand);
		return;
	}
	printf("         %lu lines added, %lu removed (the hand-written patch: "
	       "%lu added, %lu removed)\n",
	       added, removed, hand_added, hand_removed);
	strbuf_release(&hand);
}

static int step_apply(const struct run_ctx *ctx)
{
	struct apply_opts opts = {
		.tree = ctx->tree,
		.m = ctx->m,
		.jobs = km_jobs(),
		.timeout_sec = APPLY_DEFAULT_TIMEOUT,
		.max_line_length = ctx->max_line,
	};
	struct map_values values = MAP_VALUES_INIT;
	struct apply_result r;
	struct strbuf diff = STRBUF_INIT;
	int ret = 0;

	km_case_values(ctx->tree, ctx->m, &values);
	opts.values = &values;
	ret = apply_tree(&opts, &r);
	map_values_release(&values);
	if (ret < 0)
		return -1;
	apply_write_diff(&r, &diff);
	if (apply_write_in_place(&r, ctx->tree) < 0)
		ret = error("cannot write the converted files");
	printf("apply    %zu files, %zu calls converted, %zu left\n",
	       r.nr_changed, r.nr_converted, r.nr_left);
	print_against_hand_patch(ctx, &diff);
	strbuf_release(&diff);
	apply_result_release(&r);
	return ret;
}

/*
 * check's summary, then its findings of two severities, at most max
 * each: the first's with their details, the second's a line each (the
 * report is one screen; "kmigrate check" says the rest)
 */
static void print_check(const struct run_ctx *ctx, const struct check_result *r,
			enum severity first, enum severity second, size_t max)
{
	struct report_summary summary;
	struct strbuf out = STRBUF_INIT;

	check_report_summary(&summary, r, ctx->m);
	report_summary_counts(&out, &r->findings, &summary);
	report_summary_release(&summary);
	strbuf_addch(&out, '\n');
	report_text_severity(&out, &r->findings, first, max, "  ", 1);
	report_text_severity(&out, &r->findings, second, max, "  ", 0);
	fputs(out.buf, stdout);
	strbuf_release(&out);
}

static void check_opts(const struct run_ctx *ctx, const char *tree,
		       struct check_options *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->tree = tree;
	opts->migration = ctx->m;
	opts->jobs = km_jobs();
}

static int step_check(const struct run_ctx *ctx)
{
	struct check_options opts;
	struct check_result r;
	int ret;

	check_opts(ctx, ctx->tree, &opts);
	ret = check_tree(&opts, &r);
	if (!ret) {
		printf("check    the converted tree: ");
		print_check(ctx, &r, SEVERITY_ERROR, SEVERITY_WARNING, 5);
	}
	check_result_release(&r);
	return ret ? error("cannot check the converted tree") : 0;
}

static int step_review(const struct run_ctx *ctx)
{
	struct check_compare_opts copts = { ctx->patch, NULL, 0 };
	struct check_options opts;
	struct check_result r;
	int ret;

	if (!ctx->patch)
		return 0;
	check_opts(ctx, ctx->pristine, &opts);
	ret = check_compared(&opts, &copts, &r);
	if (!ret) {
		printf("\nreview   the hand-written conversion %s: ",
		       strrchr(ctx->patch, '/') + 1);
		print_check(ctx, &r, SEVERITY_ERROR, SEVERITY_NOTE, 10);
	}
	check_result_release(&r);
	return ret ? error("cannot review '%s'", ctx->patch) : 0;
}

/* the lines of text holding needle, indented, at most max of them */
static void print_lines_with(const char *text, const char *needle, size_t max)
{
	const char *line;
	size_t n = 0;

	for (line = text; line && *line && n < max;
	     line = strchr(line, '\n'), line += !!line) {
		const char *eol = strchrnul(line, '\n');

		if (!memmem(line, (size_t)(eol - line), needle, strlen(needle)))
			continue;
		printf("  %.*s\n", (int)(eol - line), line);
		n++;
	}
}

/*
 * what "kmigrate series PRISTINE --out DIR --from ... --signoff
 * --checkpatch --get-maintainer" does: the demo tree is kmigrate's own
 * data, so its scripts, if it had any, are trusted as kmigrate is
 */
static void series_of_demo(const struct run_ctx *ctx, struct series_job *job,
			   const struct strlist *no_address)
{
	memset(job, 0, sizeof(*job));
	job->out_dir = ctx->out;
	series_check_out_dir(job);
	job->opts.migration = ctx->m;
	job->opts.tree = ctx->pristine;
	job->opts.split = SERIES_ATOMIC;
	job->opts.from = "kmigrate demo <demo@example.org>";
	job->opts.signoff = 1;
	job->opts.to = job->opts.cc = no_address;
	job->opts.version = KMIGRATE_VERSION;
	job->opts.max_line_length = ctx->max_line;
	job->opts.get_maintainer = 1;
	job->checkpatch = 1;
	job->opts.jobs = km_jobs();
	series_set_date(&job->opts);
}

/* the series of the unconverted copy: the conversion as patches */
static int step_series(const struct run_ctx *ctx)
{
	struct strlist none = STRLIST_INIT;
	struct strbuf cover = STRBUF_INIT;
	struct series_job job;
	char *path;
	int ret;

	series_of_demo(ctx, &job, &none);
	ret = series_write_tree(&job);
	if (ret)
		ret = error("cannot write the series of '%s'", ctx->pristine);
	else if (!job.written.nr)
		ret = error("no series written for '%s'", ctx->pristine);
	if (!ret) {
		printf("\nseries   %s: the cover letter and %zu patch%s, %s\n",
		       ctx->out, job.nr_patches,
		       job.nr_patches == 1 ? "" : "es",
		       job.verified ? "verified with git am" : "not verified");
		path = xstrfmt("%s/%s", ctx->out, SERIES_COVER_NAME);
		if (!strbuf_read_file(&cover, path))
			print_lines_with(cover.buf, "checkpatch", 2);
		free(path);
	}
	strbuf_release(&cover);
	series_job_release(&job);
	return ret;
}

static void print_next_steps(void)
{
	printf("\nOn your own kernel checkout:\n"
	       "  kmigrate scan ~/linux                 # every call site\n"
	       "  kmigrate apply ~/linux > fix.diff     # or --in-place\n"
	       "  kmigrate check ~/linux                # the CI gate\n"
	       "  kmigrate check --patch mine.patch ~/linux\n"
	       "  kmigrate series ~/linux --out outgoing/ --signoff\n");
}

int cmd_run(int argc, const char **argv, struct km_setup *setup)
{
	const char *out = NULL;
	int max_line = KM_LINE_LENGTH_UNSET;
	const struct option options[] = {
		OPT_STRING(0, "out", &out, "DIR",
			   "write the series there (default: a new directory "
			   "under $TMPDIR)"),
		OPT_MAX_LINE_LENGTH(&max_line),
		OPT_JOBS(),
		OPT_NO_CACHE(),
		OPT_END(),
	};
	struct run_ctx ctx = { 0 };
	struct spatch_version version;
	int ret = 2;

	argc = setup_command(setup, argc, argv, options, run_usage);
	if (argc)
		usage_error("run", "too many arguments");
	ctx.max_line = km_max_line_length("run", max_line);
	/* apply needs spatch, check libclang: say so before any work */
	if (spatch_check(&version) < 0 || clang_loader_init() < 0)
		return 2;
	ctx.m = setup->migration;
	if (prepare_demo(&ctx, out) || step_scan(&ctx) || step_apply(&ctx) ||
	    step_check(&ctx) || step_review(&ctx) || step_series(&ctx))
		goto out_release;
	print_next_steps();
	ret = 0;
out_release:
	free(ctx.tree);
	free(ctx.pristine);
	free(ctx.patch);
	if (!out)
		free((char *)ctx.out);
	return ret;
}
