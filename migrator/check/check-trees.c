/*
 * check-trees.c - the trees check --patch and --base compare (see
 * check-trees.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apply.h"
#include "check-patch.h"
#include "check-trees.h"
#include "run-command.h"
#include "scratch.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "util.h"

#define CHECK_GIT_TIMEOUT 300

/* --- child processes ------------------------------------------------------ */

/*
 * run argv in dir; in a scratch directory (isolate) git's discovery
 * stops above it; the result as run_command()'s, the first line of the
 * errors (or the output) in *first, the output in out
 */
static int run_in(const char *dir, int isolate, const char *const *argv,
		  char **first, struct strbuf *out)
{
	struct child_process cp;
	char *parent = xstrdup(dir), *slash = strrchr(parent, '/');
	int ret, saved_errno;

	if (slash && slash != parent)
		*slash = '\0';
	child_process_init(&cp);
	strlist_pushv(&cp.args, argv);
	if (isolate)
		strlist_pushf(&cp.env, "GIT_CEILING_DIRECTORIES=%s", parent);
	strlist_push(&cp.env, "GIT_CONFIG_NOSYSTEM=1");
	cp.dir = dir;
	cp.no_stdin = cp.capture_out = cp.capture_err = 1;
	cp.timeout_sec = CHECK_GIT_TIMEOUT;
	ret = run_command(&cp);
	saved_errno = errno;
	if (out)
		strbuf_add(out, cp.out.buf, cp.out.len);
	if (first) {
		struct strbuf *from = cp.err.len ? &cp.err : &cp.out;

		*first = xstrndup(from->buf, strcspn(from->buf, "\n"));
	}
	child_process_clear(&cp);
	free(parent);
	errno = saved_errno;
	return ret;
}

/* 0 applied; -1 reported (shown: the patch's name for messages) */
static int apply_patch(const char *scratch, const char *patch,
		       const char *shown, const char *tree)
{
	char *first = NULL;
	int ret = run_in(scratch, 1,
			 (const char *const[]){ "git", "apply", "-p1",
						"--whitespace=nowarn", patch,
						NULL },
			 &first, NULL);

	if (ret < 0 && errno == ENOENT) {
		free(first);
		ret = run_in(scratch, 1,
			     (const char *const[]){ "patch", "-p1", "--batch",
						    "--forward", "--silent",
						    "--no-backup-if-mismatch",
						    "-i", patch, NULL },
			     &first, NULL);
		if (ret < 0 && errno == ENOENT)
			ret = error("cannot apply patch '%s': neither 'git' "
				    "nor 'patch' is installed",
				    shown);
	}
	if (ret > 0)
		ret = error("cannot apply patch '%s' to '%s': %s", shown, tree,
			    first && *first ? first : "it does not apply");
	else if (ret < 0 && first)
		ret = error_errno("cannot run 'git apply' on patch '%s'",
				  shown);
	free(first);
	return ret ? -1 : 0;
}

/* --- the trees before and after ------------------------------------------- */

/*
 * A path the patch touches through a symbolic link of the tree (to
 * outside or not) is refused, as git apply refuses to patch beyond a
 * link: the copy would read, and the check judge, what the link leads
 * to.  0, or -1 reported.
 */
static int refuse_links(const char *tree, const char *patch,
			const struct strlist *paths)
{
	struct strbuf link = STRBUF_INIT;
	struct tree_fs fs;
	size_t i;
	int ret = 0;

	if (tree_fs_open(&fs, tree) < 0)
		return error_errno("cannot open tree '%s'", tree);
	for (i = 0; !ret && i < paths->nr; i++) {
		const char *path = paths->items[i].string;
		int found = tree_fs_find_link(&fs, path, &link);

		if (found > 0)
			ret = error("cannot use patch '%s': it touches '%s' "
				    "through the symbolic link '%s'",
				    patch, path, link.buf);
		else if (found < 0)
			ret = error_errno("cannot use patch '%s': cannot "
					  "read '%s'",
					  patch, path);
	}
	tree_fs_close(&fs);
	strbuf_release(&link);
	return ret;
}

/* each touched path as the patch leaves it in scratch, into ov */
static int read_patched(const char *scratch, const struct strlist *paths,
			struct tree_overlay *ov)
{
	size_t i;

	for (i = 0; i < paths->nr; i++) {
		const char *path = paths->items[i].string;
		char *full = xstrfmt("%s/%s", scratch, path);
		struct strbuf text = STRBUF_INIT;
		int ret = strbuf_read_file(&text, full);

		if (ret < 0 && errno == ENOENT)
			tree_overlay_remove(ov, path);
		else if (ret < 0)
			error_errno("cannot read the patched '%s'", path);
		else
			tree_overlay_set(ov, path, text.buf, text.len);
		strbuf_release(&text);
		free(full);
		if (ret < 0 && errno != ENOENT)
			return -1;
	}
	return 0;
}

int make_patched(const char *tree, const char *patch, const char *scratch,
		 struct tree_overlay *ov)
{
	struct strlist paths = STRLIST_INIT;
	struct strbuf text = STRBUF_INIT;
	char abs[PATH_MAX], *refused = NULL;
	int ret = -1;

	if (strbuf_read_file(&text, patch) < 0 || !realpath(patch, abs)) {
		error_errno("cannot read patch '%s'", patch);
		goto out_release;
	}
	if (patch_touched_paths(text.buf, text.len, &paths, &refused)) {
		error("cannot use patch '%s': %s", patch, refused);
		goto out_release;
	}
	if (!refuse_links(tree, patch, &paths) &&
	    !scratch_copy_files(tree, scratch, &paths) &&
	    !apply_patch(scratch, abs, patch, tree))
		ret = read_patched(scratch, &paths, ov);
out_release:
	free(refused);
	strlist_clear(&paths, 0);
	strbuf_release(&text);
	return ret;
}

int make_converted(const char *tree, const struct migration *m, int jobs,
		   struct tree_overlay *ov)
{
	struct apply_result conv;
	struct apply_opts opts;
	size_t i;

	memset(&opts, 0, sizeof(opts));
	opts.tree = tree;
	opts.m = m;
	opts.jobs = jobs;
	opts.timeout_sec = APPLY_DEFAULT_TIMEOUT;
	if (apply_tree(&opts, &conv) < 0)
		return -1;
	for (i = 0; i < conv.nr_files; i++) {
		const struct apply_file *f = &conv.files[i];

		if (!f->failure && f->converted)
			tree_overlay_set(ov, f->path, f->new_text.buf,
					 f->new_text.len);
	}
	apply_result_release(&conv);
	return 0;
}

/* git's answer in dir, trimmed; -1 when git fails */
static int git_line(const char *dir, const char *const *argv, char **line)
{
	struct strbuf out = STRBUF_INIT;
	int ret = run_in(dir, 0, argv, NULL, &out);

	strbuf_rtrim(&out);
	*line = strbuf_detach(&out, NULL);
	return ret ? -1 : 0;
}

int make_base(const char *tree, const char *rev, const char *scratch,
	      char **base_tree)
{
	char *prefix = NULL, *commit = NULL, *spec = NULL, *first = NULL;
	char *verify = xstrfmt("%s^{commit}", rev);
	char *tar = xstrfmt("%s/base.tar", scratch);
	int ret = -1;

	*base_tree = xstrfmt("%s/tree", scratch);
	if (git_line(tree,
		     (const char *const[]){ "git", "rev-parse", "--show-prefix",
					    NULL },
		     &prefix)) {
		error("cannot use '--base': '%s' is not in a git work tree",
		      tree);
		goto out_free;
	}
	if (git_line(tree,
		     (const char *const[]){ "git", "rev-parse", "--verify",
					    "--quiet", verify, NULL },
		     &commit)) {
		error("cannot use '--base': '%s' is not a commit in '%s'", rev,
		      tree);
		goto out_free;
	}
	spec = *prefix ? xstrfmt("%s:%.*s", commit, (int)strlen(prefix) - 1,
				 prefix) :
			 xstrfmt("%s^{tree}", commit);
	if (run_in(tree, 0,
		   (const char *const[]){ "git", "-c", "core.autocrlf=false",
					  "archive", "--format=tar", "-o", tar,
					  spec, NULL },
		   &first, NULL)) {
		error("cannot use '--base': cannot extract '%s' from '%s': %s",
		      tree, rev, first ? first : "git archive fails");
		goto out_free;
	}
	free(first);
	first = NULL;
	if (mkdir(*base_tree, 0777) ||
	    run_in(scratch, 1,
		   (const char *const[]){ "tar", "-x", "-f", tar, "-C",
					  *base_tree, NULL },
		   &first, NULL)) {
		error("cannot use '--base': cannot unpack '%s': %s", rev,
		      first ? first : strerror(errno));
		goto out_free;
	}
	ret = 0;
out_free:
	unlink(tar);
	free(tar);
	free(verify);
	free(prefix);
	free(commit);
	free(spec);
	free(first);
	return ret;
}
