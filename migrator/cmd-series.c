/*
 * cmd-series.c - "kmigrate series TREE --out DIR": the conversion as a
 * git am-able patch series with a cover letter.
 *
 *	kmigrate series TREE --out DIR [--split atomic|subsystem]
 *		[--from "NAME <EMAIL>"] [--signoff] [--to ADDR]...
 *		[--cc ADDR]... [--force]
 *
 * Steps: apply converts the tree in memory (TREE is never written); the
 * changes become patches (series.c); the patches are written into a
 * fresh directory beside DIR (mbox.h); the tree's own checkpatch, when it
 * has one and perl is there, judges each of them; a scratch copy of the
 * tree (its C sources and the changed files) goes into a git repository
 * of its own, git am applies the patches there (--keep-cr, so CRLF files
 * survive) and every changed file must come out byte for byte as apply
 * made it; check then judges that converted copy; the cover letter is
 * written last, and only then do the files replace what DIR held.  Any
 * failure leaves DIR as it was.  Without git the series is written
 * unverified, and the cover letter says so.
 *
 * Exit: 0 written; 1 check found errors (without --force), or the series
 * does not reproduce apply's result; 2 usage errors, an unusable DIR or
 * TREE, no identity for the patches.  stdout lists the files written,
 * like git format-patch; the summary goes to stderr.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "apply.h"
#include "builtin.h"
#include "check.h"
#include "finding.h"
#include "mbox.h"
#include "migration.h"
#include "parse-options.h"
#include "report.h"
#include "run-command.h"
#include "series.h"
#include "tempfile.h"
#include "tree-walk.h"
#include "util.h"

#ifndef KMIGRATE_VERSION
#define KMIGRATE_VERSION "unknown"
#endif

#define GIT_TIMEOUT 600

static const char *const series_usage[] = {
	"kmigrate series [options] TREE --out DIR",
	NULL
};

static const char *const split_choices[] = { "atomic", "subsystem", NULL };

/* --from, else the tree's git config, else exit 2 */
static char *identity(const char *from, const char *tree)
{
	const char *keys[] = { "user.name", "user.email" };
	struct strbuf value[2] = { STRBUF_INIT, STRBUF_INIT };
	char *name, *email, *ident = NULL;
	size_t i;

	if (from) {
		if (mbox_split_ident(from, &name, &email) < 0)
			usage_error("series", "option '--from' needs "
				    "\"Name <email>\", not '%s'", from);
		free(name);
		free(email);
		return xstrdup(from);
	}
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		struct child_process cp;

		child_process_init(&cp);
		strlist_pushf(&cp.args, "git");
		strlist_push(&cp.args, "-C");
		strlist_push(&cp.args, tree);
		strlist_push(&cp.args, "config");
		strlist_push(&cp.args, keys[i]);
		cp.capture_out = cp.quiet_err = cp.no_stdin = 1;
		if (!run_command(&cp)) {
			strbuf_add(&value[i], cp.out.buf, cp.out.len);
			strbuf_rtrim(&value[i]);
		}
		child_process_clear(&cp);
	}
	if (value[0].len && value[1].len)
		ident = xstrfmt("%s <%s>", value[0].buf, value[1].buf);
	strbuf_release(&value[0]);
	strbuf_release(&value[1]);
	if (!ident)
		die("no identity for the patches: use --from \"Name <email>\"");
	return ident;
}

/* mkdir -p of the directories leading to path */
static int make_leading_dirs(char *path)
{
	char *slash;

	for (slash = strchr(path + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, 0777) && errno != EEXIST) {
			error_errno("cannot create '%s'", path);
			*slash = '/';
			return -1;
		}
		*slash = '/';
	}
	return 0;
}

/* a scratch file: no fsync, nothing to keep atomic */
static int write_file(const char *path, const char *buf, size_t len)
{
	FILE *fp = fopen(path, "w");
	int ret = 0;

	if (!fp || fwrite(buf, 1, len, fp) != len)
		ret = error_errno("cannot write '%s'", path);
	if (fp && fclose(fp) && !ret)
		ret = error_errno("cannot write '%s'", path);
	return ret;
}

/* copy tree/path to scratch/path, mode included */
static int copy_file(const char *tree, const char *scratch, const char *path)
{
	struct strbuf text = STRBUF_INIT;
	char *from = xstrfmt("%s/%s", tree, path);
	char *to = xstrfmt("%s/%s", scratch, path);
	struct stat st;
	int ret;

	if (stat(from, &st) || strbuf_read_file(&text, from) < 0)
		ret = error_errno("cannot read '%s'", from);
	else
		ret = make_leading_dirs(to) ||
		      write_file(to, text.buf, text.len) ? -1 : 0;
	if (!ret && chmod(to, st.st_mode & 07777))
		ret = error_errno("cannot write '%s'", to);
	strbuf_release(&text);
	free(from);
	free(to);
	return ret;
}

/*
 * the tree as check needs it (its C sources) and the files the series
 * changes, as they are in the tree, into scratch
 */
static int copy_tree(const struct series *s, const char *tree,
		     const char *scratch)
{
	struct tree_walk walk = TREE_WALK_INIT;
	size_t i;
	int ret = 0;

	if (tree_walk(&walk, tree) < 0)
		return error_errno("cannot read the tree '%s'", tree);
	for (i = 0; !ret && i < walk.nr_files; i++)
		ret = copy_file(tree, scratch, walk.files[i].path);
	for (i = 0; !ret && i < s->nr_changes; i++)
		ret = copy_file(tree, scratch, s->changes[i].path);
	tree_walk_release(&walk);
	return ret;
}

/* does every changed file in scratch hold what apply made of it? */
static int compare_files(const struct series *s, const char *scratch)
{
	struct strbuf text = STRBUF_INIT;
	size_t i;
	int ret = 0;

	for (i = 0; i < s->nr_changes; i++) {
		const struct series_change *c = &s->changes[i];
		char *path = xstrfmt("%s/%s", scratch, c->path);

		strbuf_reset(&text);
		if (strbuf_read_file(&text, path) < 0)
			ret = error_errno("the series does not reproduce '%s': "
					  "cannot read it", c->path);
		else if (text.len != c->new_len ||
			 memcmp(text.buf, c->new_text, text.len))
			ret = error("the series does not reproduce '%s': it "
				    "differs from apply's conversion", c->path);
		free(path);
	}
	strbuf_release(&text);
	return ret;
}

/*
 * run git in scratch, on scratch's own repository, with a fixed identity
 * and no configuration but ours; the result as run_command()'s, with
 * stdout and stderr in out (errno kept for a git that cannot start)
 */
static int git_argv(const char *scratch, struct strbuf *out,
		    const struct strlist *args)
{
	struct child_process cp;
	size_t i;
	int ret, saved_errno;

	child_process_init(&cp);
	strlist_pushv(&cp.args, (const char *const[]) {
		"git", "-c", "core.autocrlf=false", "-c", "core.safecrlf=false",
		"-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false",
		"-c", "user.name=kmigrate",
		"-c", "user.email=kmigrate@localhost",
		"-c", "init.defaultBranch=base", "-c", "core.quotePath=false",
		NULL });
	for (i = 0; i < args->nr; i++)
		strlist_push(&cp.args, args->items[i].string);
	strlist_push(&cp.env, "GIT_CONFIG_NOSYSTEM=1");
	strlist_push(&cp.env, "GIT_CONFIG_GLOBAL=/dev/null");
	strlist_pushf(&cp.env, "GIT_DIR=%s/.git", scratch);
	strlist_pushf(&cp.env, "GIT_WORK_TREE=%s", scratch);
	strlist_pushf(&cp.env, "GIT_INDEX_FILE=%s/.git/index", scratch);
	cp.dir = scratch;
	cp.no_stdin = cp.capture_out = cp.capture_err = 1;
	cp.timeout_sec = GIT_TIMEOUT;
	ret = run_command(&cp);
	saved_errno = errno;
	strbuf_reset(out);
	strbuf_add(out, cp.out.buf, cp.out.len);
	strbuf_add(out, cp.err.buf, cp.err.len);
	strbuf_rtrim(out);
	child_process_clear(&cp);
	errno = saved_errno;
	return ret;
}

/* the same with a NULL-terminated vector */
static int git(const char *scratch, struct strbuf *out,
	       const char *const *argv)
{
	struct strlist args = STRLIST_INIT;
	int ret;

	strlist_pushv(&args, argv);
	ret = git_argv(scratch, out, &args);
	strlist_clear(&args, 0);
	return ret;
}

/* the staged patches, by absolute path, in order */
static void patch_paths(struct strlist *list, const struct series *s,
			const char *staged)
{
	size_t i;

	for (i = 0; i < s->nr; i++)
		strlist_pushf(list, "%s/%s", staged, s->patches[i].file_name);
}

/* 0 applied, 1 git is not installed, -1 (reported) failed */
static int apply_with_git(const struct series *s, const char *scratch,
			  const char *staged)
{
	struct strlist am = STRLIST_INIT, add = STRLIST_INIT;
	struct strbuf out = STRBUF_INIT;
	int ret = git(scratch, &out, (const char *[]) { "init", "-q", NULL });
	size_t i;

	if (ret < 0 && errno == ENOENT) {
		strbuf_release(&out);
		return 1;
	}
	strlist_pushv(&add, (const char *const[]) { "add", "-f", "--", NULL });
	for (i = 0; i < s->nr_changes; i++)
		strlist_push(&add, s->changes[i].path);
	if (ret || git_argv(scratch, &out, &add) ||
	    git(scratch, &out, (const char *[]) { "commit", "-q",
		"--no-verify", "-m", "the tree before the series", NULL })) {
		ret = error("cannot verify the series: git fails in '%s': %s",
			    scratch, out.buf);
		goto out_release;
	}
	strlist_pushv(&am, (const char *const[]) {
		"am", "-q", "--keep-cr", "--no-3way", NULL });
	patch_paths(&am, s, staged);
	if (git_argv(scratch, &out, &am))
		ret = error("the series does not apply with git am: %s",
			    out.buf);
out_release:
	strlist_clear(&am, 0);
	strlist_clear(&add, 0);
	strbuf_release(&out);
	return ret;
}

/* apply's texts into scratch, for check, when nothing could verify */
static int write_new_texts(const struct series *s, const char *scratch)
{
	size_t i;

	for (i = 0; i < s->nr_changes; i++) {
		const struct series_change *c = &s->changes[i];
		char *path = xstrfmt("%s/%s", scratch, c->path);
		int ret = write_file(path, c->new_text, c->new_len);

		free(path);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * copy the tree into scratch, apply the staged series to it and compare
 * the files with apply's texts: 0 verified, 1 not verified (no git:
 * scratch gets apply's texts), -1 (reported) the series does not
 * reproduce the conversion; how it went is in s->verify_note
 */
static int verify_series(struct series *s, const char *tree,
			 const char *staged, const char *scratch)
{
	char abs[PATH_MAX];
	int ret;

	if (!realpath(staged, abs))
		return error_errno("cannot resolve '%s'", staged);
	ret = copy_tree(s, tree, scratch);
	if (!ret)
		ret = apply_with_git(s, scratch, abs);
	if (!ret)
		s->verify_note = xstrfmt("git am of the %zu patch%s onto a "
					 "copy of the tree gives the converted "
					 "tree, byte for byte.", s->nr,
					 s->nr == 1 ? "" : "es");
	if (ret == 1) {
		s->verify_note = xstrdup("The series is not verified: git is "
					 "not installed.");
		warning("cannot verify the series: 'git' is not installed");
		return write_new_texts(s, scratch) ? -1 : 1;
	}
	if (!ret)
		ret = compare_files(s, scratch);
	return ret;
}

/* check on the converted copy: 0 with the findings in r, -1 not run */
static int check_converted(const struct migration *m, const char *scratch,
			   struct check_result *r)
{
	struct check_options opts;

	memset(&opts, 0, sizeof(opts));
	opts.tree = scratch;
	opts.migration = m;
	opts.jobs = km_jobs();
	return check_tree(&opts, r);
}

struct series_cmd {
	struct series_opts opts;
	const char *out_dir;
	int exists;			/* out_dir is there already */
	int force;
};

static int stage_patches(struct series *s, const char *staged,
			 struct strlist *names)
{
	size_t i;

	for (i = 0; i < s->nr; i++) {
		strlist_push(names, s->patches[i].file_name);
		if (mbox_dir_write(staged, s->patches[i].file_name,
				   s->patches[i].mail.buf,
				   s->patches[i].mail.len))
			return -1;
	}
	return 0;
}

/* the findings of check decide: 0 go on, 1 errors stop the series */
static int judge(struct series_cmd *cmd, const char *scratch,
		 struct check_result *r, int *checked)
{
	struct strbuf text = STRBUF_INIT;
	size_t errors;

	*checked = 1;
	if (check_converted(cmd->opts.migration, scratch, r) < 0) {
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
	      "written (--force writes it anyway)", errors,
	      errors == 1 ? "" : "s");
	return 1;
}

static void report_written(const struct series_cmd *cmd,
			   const struct series *s, const struct strlist *names,
			   int verified)
{
	size_t i;

	for (i = 0; i < names->nr; i++)
		printf("%s/%s\n", cmd->out_dir, names->items[i].string);
	if (km_verbosity >= 1)
		fprintf(stderr, "kmigrate: %zu patch%s and a cover letter in "
			"'%s' (%s split), %zu file%s, %s\n", s->nr,
			s->nr == 1 ? "" : "es", cmd->out_dir,
			cmd->opts.split == SERIES_ATOMIC ? "atomic" :
			"subsystem", s->nr_changes,
			s->nr_changes == 1 ? "" : "s",
			verified ? "verified" : "not verified");
}

/* plan, stage, judge and verify the series, then put it in place */
static int write_series(struct series_cmd *cmd,
			const struct series_change *changes, size_t nr)
{
	struct strlist names = STRLIST_INIT;
	struct check_result r;
	struct series s;
	char *staged = NULL, *scratch;
	int ret = 2, checked = 0, verify;

	series_init(&s, &cmd->opts);
	if (series_plan(&s, changes, nr) || series_format_patches(&s))
		goto out_release;
	staged = mbox_dir_stage(cmd->out_dir);
	if (!staged || stage_patches(&s, staged, &names))
		goto out_unstage;
	series_checkpatch(&s, staged);
	scratch = tempdir_create("kmigrate-series");
	verify = verify_series(&s, cmd->opts.tree, staged, scratch);
	ret = verify < 0 || judge(cmd, scratch, &r, &checked);
	free(scratch);
	if (ret)
		goto out_unstage;
	series_format_cover(&s);
	strlist_push(&names, SERIES_COVER_NAME);
	if (mbox_dir_write(staged, SERIES_COVER_NAME, s.cover.buf,
			   s.cover.len) ||
	    mbox_dir_install(staged, cmd->out_dir, cmd->exists, &names))
		goto out_unstage_failed;
	strlist_sort(&names);
	report_written(cmd, &s, &names, verify == 0);
	ret = 0;
	goto out_free;
out_unstage_failed:
	ret = 1;
out_unstage:
	mbox_dir_unstage(staged, &names);
out_free:
	free(staged);
	if (checked)
		check_result_release(&r);
out_release:
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

static int convert(const char *tree, const struct migration *m,
		   struct conversion *conv)
{
	struct apply_opts opts;
	size_t i;

	memset(conv, 0, sizeof(*conv));
	memset(&opts, 0, sizeof(opts));
	opts.tree = tree;
	opts.m = m;
	opts.jobs = km_jobs();
	opts.timeout_sec = APPLY_DEFAULT_TIMEOUT;
	opts.progress = km_show_progress();
	if (apply_tree(&opts, &conv->result) < 0)
		return -1;
	/* the calls apply leaves are check's errors; say so early too */
	apply_print_report(&conv->result, km_verbosity == 0);
	conv->changes = xcalloc(conv->result.nr_files + 1,
				sizeof(*conv->changes));
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
	return 0;
}

static void conversion_release(struct conversion *conv)
{
	free(conv->changes);
	apply_result_release(&conv->result);
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

/* TREE must be a directory, DIR missing or a series directory */
static void check_places(const char *tree, struct series_cmd *cmd)
{
	struct stat st;

	if (stat(tree, &st))
		die("cannot read the tree '%s': %s", tree, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		die("cannot read the tree '%s': not a directory", tree);
	if (!mbox_dir_check(cmd->out_dir, &cmd->exists))
		return;
	if (errno)
		die("cannot write the series into '%s': %s", cmd->out_dir,
		    strerror(errno));
	die("'%s' holds files that are not a patch series; use an empty "
	    "directory", cmd->out_dir);
}

int cmd_series(int argc, const char **argv)
{
	const char *split = "atomic", *from = NULL;
	struct strlist to = STRLIST_INIT, cc = STRLIST_INIT;
	struct series_cmd cmd;
	struct conversion conv;
	struct migration m;
	char *ident;
	int ret;
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
		OPT_BOOL(0, "force", &cmd.force,
			 "write the series even when check finds errors"),
		OPT_JOBS(),
		OPT_END(),
	};

	memset(&cmd, 0, sizeof(cmd));
	argc = parse_options(argc, argv, options, series_usage, "series");
	if (argc != 1)
		usage_error("series", argc ? "too many arguments" :
			    "missing TREE");
	if (!cmd.out_dir)
		usage_error("series", "missing '--out DIR'");
	check_places(argv[0], &cmd);
	if (migration_load(&m, km_global.migration) < 0)
		return 2;
	ident = identity(from, argv[0]);
	cmd.opts.migration = &m;
	cmd.opts.tree = argv[0];
	cmd.opts.split = strcmp(split, "subsystem") ? SERIES_ATOMIC :
			 SERIES_SUBSYSTEM;
	cmd.opts.from = ident;
	cmd.opts.to = &to;
	cmd.opts.cc = &cc;
	cmd.opts.version = KMIGRATE_VERSION;
	mail_date(&cmd.opts);
	ret = 2;
	if (convert(argv[0], &m, &conv) < 0)
		goto out_release_conv;
	ret = apply_exit_code(&conv.result);
	if (!conv.nr)
		fprintf(stderr, "kmigrate: nothing converted in '%s': no "
			"series written\n", argv[0]);
	else
		ret = write_series(&cmd, conv.changes, conv.nr);
out_release_conv:
	conversion_release(&conv);
	free(ident);
	strlist_clear(&to, 0);
	strlist_clear(&cc, 0);
	migration_release(&m);
	return ret;
}
