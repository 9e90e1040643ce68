/*
 * cmd-series.c - "kmigrate series TREE --out DIR": the conversion as a
 * git am-able patch series with a cover letter.
 *
 *	kmigrate series TREE --out DIR [--split atomic|subsystem]
 *		[--from "NAME <EMAIL>"] [--signoff] [--to ADDR]...
 *		[--cc ADDR]... [--no-get-maintainer] [--no-checkpatch]
 *		[--max-line-length N] [--force]
 *
 * Steps: apply converts the tree in memory (TREE is never written); the
 * changes become patches (series.c), a subsystem split's addressed by
 * the tree's own scripts/get_maintainer.pl unless --no-get-maintainer
 * (running it runs the tree's code); the patches are written into a
 * fresh directory beside DIR (mbox.h); the tree's own checkpatch, when it
 * has one and perl is there (code from the tree, run as the user: the
 * usage says so, and --no-checkpatch leaves it out), judges each of
 * them, and git am must turn a scratch copy of the tree into apply's
 * result, byte for byte (series-verify.c); check then judges that
 * converted copy; the cover letter (series-cover.c) is written last, and
 * only then do the files replace what DIR held.  Any failure leaves DIR
 * as it was.  Without git the series is written unverified, and the
 * cover letter says so.  When nothing is converted no series is written:
 * a note says whether the tree has no call of the function at all, or
 * none that apply converted.
 *
 * Exit: 0 written, or nothing to convert; 1 check found errors (without
 * --force), the series does not reproduce apply's result, or apply left
 * calls or failed files; 2 usage errors, an unusable DIR or TREE, no
 * identity for the patches.  stdout lists the files written, like git
 * format-patch; the summary goes to stderr.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "apply.h"
#include "builtin.h"
#include "clang-loader.h"
#include "check.h"
#include "finding.h"
#include "get-maintainer.h"
#include "mbox.h"
#include "migration.h"
#include "parse-options.h"
#include "report.h"
#include "run-command.h"
#include "scan.h"
#include "series.h"
#include "series-verify.h"
#include "tempfile.h"
#include "util.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

static const char *const series_usage[] = {
	"kmigrate series [options] TREE --out DIR",
	"",
	"Write the conversion of TREE as a git am-able patch series with a",
	"cover letter into DIR; TREE is never modified.  This runs",
	"code from TREE, as you: its scripts/checkpatch.pl on each patch,",
	"when TREE has one and perl is installed (--no-checkpatch leaves it",
	"out), and, with --split subsystem, its scripts/get_maintainer.pl for",
	"To and Cc (--no-get-maintainer takes them from its MAINTAINERS",
	"instead).",
	NULL
};

static const char *const split_choices[] = { "atomic", "subsystem", NULL };

struct series_cmd {
	struct series_opts opts;
	const char *out_dir;
	int exists; /* out_dir is there already */
	int force;
	int no_checkpatch; /* never run the tree's checkpatch */
};

/* git config KEY in tree, trimmed; empty when unset or git fails */
static void git_config(struct strbuf *value, const char *tree, const char *key)
{
	struct child_process cp;

	child_process_init(&cp);
	strlist_pushv(&cp.args, (const char *const[]){ "git", "-C", tree,
						       "config", key, NULL });
	cp.capture_out = cp.quiet_err = cp.no_stdin = 1;
	if (!run_command(&cp)) {
		strbuf_add(value, cp.out.buf, cp.out.len);
		strbuf_rtrim(value);
	}
	child_process_clear(&cp);
}

/* --from, else the tree's git config, else exit 2 */
static char *identity(const char *from, const char *tree)
{
	struct strbuf name = STRBUF_INIT, email = STRBUF_INIT;
	char *ident = NULL, *name_part, *email_part;

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
	git_config(&name, tree, "user.name");
	git_config(&email, tree, "user.email");
	if (name.len && email.len)
		ident = xstrfmt("%s <%s>", name.buf, email.buf);
	strbuf_release(&name);
	strbuf_release(&email);
	if (!ident)
		die("no identity for the patches: use --from \"Name <email>\"");
	return ident;
}

/* check on the converted copy decides: 0 go on, 1 errors stop the series */
static int check_gate(struct series_cmd *cmd, const char *scratch,
		      struct check_result *r, int *checked)
{
	struct check_options opts;
	struct strbuf text = STRBUF_INIT;
	size_t errors;

	memset(&opts, 0, sizeof(opts));
	opts.tree = scratch;
	opts.migration = cmd->opts.migration;
	opts.jobs = km_jobs();
	*checked = 1;
	if (check_tree(&opts, r) < 0) {
		cmd->opts.check_note = "check could not analyse the converted "
				       "tree";
		return 0;
	}
	cmd->opts.findings = &r->findings;
	errors = findings_count(&r->findings, SEVERITY_ERROR);
	if (!errors || cmd->force)
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
static void say_how_split(const struct series_cmd *cmd, const struct series *s)
{
	if (cmd->opts.split != SERIES_SUBSYSTEM)
		return;
	if (s->basis == SERIES_BY_DIR_NO_PATTERNS)
		note("the MAINTAINERS of '%s' has no F: patterns (a tree "
		     "before 2.6.30): split by directory instead",
		     cmd->opts.tree);
	else if (s->basis == SERIES_BY_DIR_NO_MAINTAINERS)
		note("'%s' has no MAINTAINERS: split by directory",
		     cmd->opts.tree);
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

/* checkpatch, git am and check on the staged series: 0 go on, 1 stop */
static int judge_staged(struct series_cmd *cmd, struct series *s,
			const char *staged, struct check_result *r,
			int *checked)
{
	char *abs = realpath(staged, NULL), *scratch;
	int ret;

	if (!abs) {
		error_errno("cannot resolve '%s'", staged);
		return 1;
	}
	if (cmd->no_checkpatch)
		s->checkpatch_note = xstrdup("not run (--no-checkpatch)");
	else
		series_checkpatch(s, abs);
	scratch = tempdir_create("kmigrate-series");
	ret = series_verify(s, abs, scratch) < 0 ||
	      check_gate(cmd, scratch, r, checked);
	free(scratch);
	free(abs);
	return ret;
}

static void report_written(const struct series_cmd *cmd, const struct series *s,
			   const struct strlist *names)
{
	size_t i;

	for (i = 0; i < names->nr; i++)
		printf("%s/%s\n", cmd->out_dir, names->items[i].string);
	if (km_verbosity >= 1)
		fprintf(stderr,
			"kmigrate: %zu patch%s and a cover letter in "
			"'%s' (%s split), %zu file%s, %s\n",
			s->nr, s->nr == 1 ? "" : "es", cmd->out_dir,
			cmd->opts.split == SERIES_ATOMIC ? "atomic" :
							   "subsystem",
			s->nr_changes, s->nr_changes == 1 ? "" : "s",
			s->verified ? "verified" : "not verified");
}

/* the cover letter beside the patches, then all of them into DIR */
static int install_series(const struct series_cmd *cmd, struct series *s,
			  const char *staged, struct strlist *names)
{
	series_format_cover(s);
	strlist_push(names, SERIES_COVER_NAME);
	if (mbox_dir_write(staged, SERIES_COVER_NAME, s->cover.buf,
			   s->cover.len) ||
	    mbox_dir_install(staged, cmd->out_dir, cmd->exists, names))
		return 1;
	strlist_sort(names);
	report_written(cmd, s, names);
	return 0;
}

/* plan, stage, judge the series, then put it in place: the exit code */
static int write_series(struct series_cmd *cmd,
			const struct series_change *changes, size_t nr)
{
	struct strlist names = STRLIST_INIT;
	struct check_result r;
	struct series s;
	char *staged;
	int ret = 2, checked = 0;

	series_init(&s, &cmd->opts);
	if (series_plan(&s, changes, nr) || series_format_patches(&s))
		goto out_release_series;
	say_how_split(cmd, &s);
	staged = mbox_dir_stage(cmd->out_dir);
	if (!staged)
		goto out_release_series;
	if (stage_patches(&s, staged, &names))
		ret = 2;
	else
		ret = judge_staged(cmd, &s, staged, &r, &checked) ||
		      install_series(cmd, &s, staged, &names);
	if (ret)
		mbox_dir_unstage(staged, &names);
	free(staged);
	if (checked)
		check_result_release(&r);
out_release_series:
	strlist_clear(&names, 0);
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

static int convert(const struct series_opts *sopts, struct conversion *conv)
{
	struct apply_opts opts;

	memset(conv, 0, sizeof(*conv));
	memset(&opts, 0, sizeof(opts));
	opts.tree = sopts->tree;
	opts.m = sopts->migration;
	opts.jobs = km_jobs();
	opts.timeout_sec = APPLY_DEFAULT_TIMEOUT;
	opts.progress = km_show_progress();
	opts.max_line_length = sopts->max_line_length;
	if (apply_tree(&opts, &conv->result) < 0)
		return -1;
	/* the calls apply leaves are check's errors; say so early too */
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
	if (scan_tree(opts->tree, opts->migration, km_jobs(), &scan) < 0)
		return 1; /* cannot tell: say what apply found */
	calls = scan.nr_occurrences > scan_count_not_calls(&scan);
	scan_result_release(&scan);
	return calls;
}

/* convert the tree and write the series: the exit code */
static int convert_and_write(struct series_cmd *cmd)
{
	const struct series_opts *opts = &cmd->opts;
	struct conversion conv;
	int ret = 2;

	if (convert(opts, &conv) < 0)
		goto out_release_conv;
	ret = apply_exit_code(&conv.result);
	if (conv.nr)
		ret = write_series(cmd, conv.changes, conv.nr);
	else if (!tree_has_calls(opts, &conv.result))
		note("no call of '%s' found in '%s': no series written",
		     opts->migration->function, opts->tree);
	else
		fprintf(stderr,
			"kmigrate: nothing converted in '%s': no "
			"series written\n",
			opts->tree);
out_release_conv:
	conversion_release(&conv);
	return ret;
}

/* SOURCE_DATE_EPOCH (reproducible builds) or now, in the local zone */
static void mail_date(struct series_opts *opts)
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

/* DIR must be missing or a series directory */
static void check_out_dir(struct series_cmd *cmd)
{
	if (!mbox_dir_check(cmd->out_dir, &cmd->exists))
		return;
	if (errno)
		die("cannot write the series into '%s': %s", cmd->out_dir,
		    strerror(errno));
	die("'%s' holds files that are not a patch series; use an empty "
	    "directory",
	    cmd->out_dir);
}

int cmd_series(int argc, const char **argv, struct km_setup *setup)
{
	const char *split = "atomic", *from = NULL;
	struct strlist to = STRLIST_INIT, cc = STRLIST_INIT;
	struct series_cmd cmd;
	char *ident;
	int ret, max_line = KM_LINE_LENGTH_UNSET, no_get_maintainer = 0;
	const struct option options[] = {
		OPT_STRING('o', "out", &cmd.out_dir, "DIR",
			   "write the series into DIR (required)"),
		OPT_CHOICE(0, "split", &split, "MODE", split_choices,
			   "atomic (one patch, default) or subsystem"),
		OPT_STRING(0, "from", &from, "\"NAME <EMAIL>\"",
			   "the author (default: the tree's git config)"),
		OPT_BOOL(0, "signoff", &cmd.opts.signoff,
			 "add a Signed-off-by line"),
		OPT_LIST(0, "to", &to, "ADDR",
			 "add a To: address to every mail"),
		OPT_LIST(0, "cc", &cc, "ADDR",
			 "add a Cc: address to every mail"),
		OPT_BOOL(0, "no-get-maintainer", &no_get_maintainer,
			 "To/Cc from MAINTAINERS, not get_maintainer.pl"),
		OPT_BOOL(0, "force", &cmd.force,
			 "write the series even when check finds errors"),
		OPT_BOOL(0, "no-checkpatch", &cmd.no_checkpatch,
			 "do not run the tree's scripts/checkpatch.pl"),
		OPT_MAX_LINE_LENGTH(&max_line),
		OPT_JOBS(),
		OPT_NO_CACHE(),
		OPT_END(),
	};

	memset(&cmd, 0, sizeof(cmd));
	setup_command(setup, argc, argv, options, series_usage);
	if (!cmd.out_dir)
		usage_error("series", "missing '--out DIR'");
	cmd.opts.max_line_length = km_max_line_length("series", max_line);
	check_out_dir(&cmd);
	/* check needs libclang: say so before any work */
	if (clang_loader_init() < 0)
		return 2;
	ident = identity(from, setup->tree);
	cmd.opts.migration = setup->migration;
	cmd.opts.tree = setup->tree;
	cmd.opts.split = strcmp(split, "subsystem") ? SERIES_ATOMIC :
						      SERIES_SUBSYSTEM;
	cmd.opts.from = ident;
	cmd.opts.to = &to;
	cmd.opts.cc = &cc;
	cmd.opts.version = KMIGRATE_VERSION;
	cmd.opts.get_maintainer = !no_get_maintainer;
	cmd.opts.jobs = km_jobs();
	mail_date(&cmd.opts);
	ret = convert_and_write(&cmd);
	free(ident);
	strlist_clear(&to, 0);
	strlist_clear(&cc, 0);
	return ret;
}
