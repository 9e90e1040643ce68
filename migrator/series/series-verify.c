/*
 * series-verify.c - checkpatch and git am on a written series (see
 * series-verify.h).
 *
 * Contract: checkpatch runs in the tree (it finds its data files there),
 * one patch at a time, each run limited to CHECKPATCH_TIMEOUT seconds;
 * a verdict is taken from its "total:" line, so its exit status alone
 * only tells when that line is missing.  git runs in scratch on
 * scratch's own repository, with a fixed identity and no configuration
 * but ours (no hooks, no signing, no CRLF conversion, no templates, no
 * maintenance run after a commit: 20-30 ms of git's), so the user's
 * settings can neither break nor bend the verification, and the tree's
 * file names are literal paths to it (GIT_LITERAL_PATHSPECS); each run is
 * limited to GIT_TIMEOUT seconds.  The scratch copy holds the files the
 * series changes and nothing else (git am reads no other), as the tree
 * has them, modes kept; check reads apply's texts over the tree itself
 * (tree-overlay.h).  Scratch belongs to the caller, who removes it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run-command.h"
#include "scratch.h"
#include "series.h"
#include "series-verify.h"
#include "tree-walk.h"
#include "util.h"

#define CHECKPATCH "scripts/checkpatch.pl"
#define CHECKPATCH_TIMEOUT 300
#define GIT_TIMEOUT 600

/* "total: 0 errors, 1 warnings, 12 lines checked" or "clean" */
static char *checkpatch_verdict(int status, const struct strbuf *out)
{
	const char *line, *eol, *total = NULL;
	unsigned int errors = 1, warnings = 1;

	for (line = out->buf; *line; line = *eol ? eol + 1 : eol) {
		eol = strchrnul(line, '\n');
		if (!strncmp(line, "total: ", 7))
			total = line;
	}
	if (total &&
	    sscanf(total, "total: %u errors, %u warnings", &errors,
		   &warnings) == 2 &&
	    !errors && !warnings)
		return xstrdup("clean");
	if (total)
		return xstrndup(total, strcspn(total, "\n"));
	if (!status)
		return xstrdup("clean");
	return xstrfmt("checkpatch failed (exit %d): %.*s", status,
		       (int)strcspn(out->buf, "\n"), out->buf);
}

/*
 * checkpatch on one patch: its exit status, -1 when perl cannot run;
 * without a Signed-off-by in the patches, checkpatch is told so
 */
static int run_checkpatch(const char *tree, const char *patch, int signoff,
			  struct strbuf *out)
{
	struct child_process cp;
	int status, saved_errno;

	child_process_init(&cp);
	strlist_pushv(&cp.args, (const char *const[]){ "perl", CHECKPATCH,
						       "--no-tree", NULL });
	if (!signoff)
		strlist_push(&cp.args, "--no-signoff");
	strlist_push(&cp.args, patch);
	cp.dir = tree;
	cp.no_stdin = cp.capture_out = cp.merge_err = 1;
	cp.timeout_sec = CHECKPATCH_TIMEOUT;
	status = run_command(&cp);
	saved_errno = errno;
	strbuf_add(out, cp.out.buf, cp.out.len);
	child_process_clear(&cp);
	errno = saved_errno;
	return status;
}

void series_checkpatch(struct series *s, const char *staged)
{
	const char *tree = s->opts->tree;
	char *script = xstrfmt("%s/%s", tree, CHECKPATCH);
	struct strbuf out = STRBUF_INIT;
	size_t i;

	if (access(script, R_OK)) {
		s->checkpatch_note =
			xstrdup("not run, the tree has no " CHECKPATCH);
		goto out_free_script;
	}
	for (i = 0; i < s->nr; i++) {
		char *patch = xstrfmt("%s/%s", staged, s->patches[i].file_name);
		int status =
			run_checkpatch(tree, patch, s->opts->signoff, &out);

		free(patch);
		if (status < 0) {
			s->checkpatch_note = xstrfmt("not run, cannot run "
						     "'perl': %s",
						     strerror(errno));
			break;
		}
		s->patches[i].checkpatch = checkpatch_verdict(status, &out);
		strbuf_reset(&out);
	}
	strbuf_release(&out);
out_free_script:
	free(script);
}

/* the only configuration git has here (see the contract above) */
static const char *const git_config[] = { "core.autocrlf=false",
					  "core.safecrlf=false",
					  "core.hooksPath=/dev/null",
					  "commit.gpgsign=false",
					  "user.name=kmigrate",
					  "user.email=kmigrate@localhost",
					  "init.defaultBranch=base",
					  "core.quotePath=false",
					  "maintenance.auto=false",
					  "gc.auto=0",
					  NULL };

/*
 * git with argv and then the strings of more (may be NULL), in scratch;
 * the result as run_command()'s, with stdout and stderr in out (errno
 * kept for a git that cannot start)
 */
static int run_git(const char *scratch, struct strbuf *out,
		   const char *const *argv, const struct strlist *more)
{
	struct child_process cp;
	size_t i;
	int ret, saved_errno;

	child_process_init(&cp);
	strlist_push(&cp.args, "git");
	for (i = 0; git_config[i]; i++) {
		strlist_push(&cp.args, "-c");
		strlist_push(&cp.args, git_config[i]);
	}
	strlist_pushv(&cp.args, argv);
	for (i = 0; more && i < more->nr; i++)
		strlist_push(&cp.args, more->items[i].string);
	strlist_push(&cp.env, "GIT_CONFIG_NOSYSTEM=1");
	strlist_push(&cp.env, "GIT_CONFIG_GLOBAL=/dev/null");
	/* the tree's file names are paths, never patterns or magic */
	strlist_push(&cp.env, "GIT_LITERAL_PATHSPECS=1");
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

#define GIT_ARGV(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* commit the changed files of scratch as they are in the tree */
static int commit_base(const struct series *s, const char *scratch,
		       struct strbuf *out)
{
	struct strlist paths = STRLIST_INIT;
	size_t i;
	int ret;

	for (i = 0; i < s->nr_changes; i++)
		strlist_push(&paths, s->changes[i].path);
	ret = run_git(scratch, out, GIT_ARGV("add", "-f", "--"), &paths) ||
	      run_git(scratch, out,
		      GIT_ARGV("commit", "-q", "--no-verify", "-m",
			       "the tree before the series"),
		      NULL);
	strlist_clear(&paths, 0);
	return ret;
}

/* git am of the staged patches, in order, onto that commit */
static int am_series(const struct series *s, const char *scratch,
		     const char *staged, struct strbuf *out)
{
	struct strlist patches = STRLIST_INIT;
	size_t i;
	int ret;

	for (i = 0; i < s->nr; i++)
		strlist_pushf(&patches, "%s/%s", staged,
			      s->patches[i].file_name);
	ret = run_git(scratch, out,
		      GIT_ARGV("am", "-q", "--keep-cr", "--no-3way"), &patches);
	strlist_clear(&patches, 0);
	return ret;
}

/* 0 applied, 1 git is not installed, -1 (reported) failed */
static int apply_with_git(const struct series *s, const char *scratch,
			  const char *staged)
{
	struct strbuf out = STRBUF_INIT;
	int ret = run_git(scratch, &out, GIT_ARGV("init", "-q", "--template="),
			  NULL);

	if (ret < 0 && errno == ENOENT)
		ret = 1;
	else if (ret || commit_base(s, scratch, &out))
		ret = error("cannot verify the series: git fails in '%s': %s",
			    scratch, out.buf);
	else if (am_series(s, scratch, staged, &out))
		ret = error("the series does not apply with git am: %s",
			    out.buf);
	strbuf_release(&out);
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
					  "cannot read it",
					  c->path);
		else if (text.len != c->new_len ||
			 memcmp(text.buf, c->new_text, text.len))
			ret = error("the series does not reproduce '%s': it "
				    "differs from apply's conversion",
				    c->path);
		free(path);
	}
	strbuf_release(&text);
	return ret;
}

int series_verify(struct series *s, const char *staged, const char *scratch)
{
	struct strlist paths = STRLIST_INIT;
	size_t i;
	int ret;

	for (i = 0; i < s->nr_changes; i++)
		strlist_push(&paths, s->changes[i].path);
	ret = scratch_copy_files(s->opts->tree, scratch, &paths);
	strlist_clear(&paths, 0);
	if (!ret)
		ret = apply_with_git(s, scratch, staged);
	if (ret == 1) {
		s->verify_note = xstrdup("The series is not verified: git is "
					 "not installed.");
		warning("cannot verify the series: 'git' is not installed");
		return 1;
	}
	if (!ret)
		ret = compare_files(s, scratch);
	if (!ret) {
		s->verified = 1;
		s->verify_note = xstrfmt("git am of the %zu patch%s onto a "
					 "copy of the tree gives the converted "
					 "tree, byte for byte.",
					 s->nr, s->nr == 1 ? "" : "es");
	}
	return ret;
}
