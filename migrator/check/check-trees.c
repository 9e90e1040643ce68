/*
 * check-trees.c - the trees check --patch and --base compare (see
 * check-trees.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "apply.h"
#include "check-patch.h"
#include "check-trees.h"
#include "git-plumbing.h"
#include "run-command.h"
#include "scratch.h"
#include "tree-fs.h"
#include "tree-overlay.h"
#include "util.h"

#define CHECK_GIT_TIMEOUT 300

/* the largest patch check --patch reads */
#define PATCH_MAX ((size_t)256 << 20)

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

/*
 * What a patch may leave: at most tree_fs_max_file_size() bytes in one
 * file (as the tree's own files), PATCHED_TOTAL_MAX in all (a copy
 * repeated a thousand times is a small patch), all held in memory for
 * the check
 */
#define PATCHED_TOTAL_MAX (256UL << 20)

/*
 * path as the patch leaves it in scratch: a regular file, reached and
 * opened without following a symbolic link (a link the patch made is
 * an error, never followed), at most tree_fs_max_file_size() bytes.  0, 1 when
 * the patch removed it, or -1 reported.
 */
static int read_one_patched(const struct tree_fs *fs, const char *path,
			    struct strbuf *text)
{
	const char *leaf;
	int dir_fd = tree_fs_open_dir(fs, path, &leaf), fd = -1, ret = -1;
	size_t max = tree_fs_max_file_size();
	struct stat st;

	if (dir_fd >= 0)
		fd = openat(dir_fd, leaf,
			    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT) {
		ret = 1;
	} else if (fd < 0 && errno == ELOOP) {
		error("cannot read the patched '%s': the patch leaves a "
		      "symbolic link",
		      path);
	} else if (fd < 0 || fstat(fd, &st) < 0) {
		error_errno("cannot read the patched '%s'", path);
	} else if (!S_ISREG(st.st_mode)) {
		error("cannot read the patched '%s': the patch leaves no "
		      "regular file",
		      path);
	} else if ((unsigned long long)st.st_size <= max &&
		   strbuf_read_fd(text, fd) < 0) {
		error_errno("cannot read the patched '%s'", path);
	} else if ((unsigned long long)st.st_size > max || text->len > max) {
		error("cannot read the patched '%s': it is more than %zu MiB",
		      path, max >> 20);
	} else {
		ret = 0;
	}
	if (fd >= 0)
		close(fd);
	if (dir_fd >= 0)
		close(dir_fd);
	return ret;
}

/* each touched path as the patch leaves it in scratch, into ov */
static int read_patched(const char *scratch, const struct strlist *paths,
			struct tree_overlay *ov)
{
	struct tree_fs fs;
	size_t i, total = 0;
	int ret = 0;

	if (tree_fs_open(&fs, scratch) < 0)
		return error_errno("cannot open the scratch copy '%s'",
				   scratch);
	for (i = 0; !ret && i < paths->nr; i++) {
		const char *path = paths->items[i].string;
		struct strbuf text = STRBUF_INIT;
		int found = read_one_patched(&fs, path, &text);

		total += text.len;
		if (found < 0)
			ret = -1;
		else if (total > PATCHED_TOTAL_MAX)
			ret = error("cannot check the patched files: they "
				    "hold more than %lu MiB",
				    PATCHED_TOTAL_MAX >> 20);
		else if (found)
			tree_overlay_remove(ov, path);
		else
			tree_overlay_set(ov, path, text.buf, text.len);
		strbuf_release(&text);
	}
	tree_fs_close(&fs);
	return ret;
}

/*
 * The patch under review, untrusted as the tree: a regular file (a
 * FIFO is not waited on) of at most PATCH_MAX bytes.  -1 with errno
 * (EINVAL: not a regular file; EFBIG: too large).
 */
static int read_patch(const char *patch, struct strbuf *text)
{
	struct stat st;
	int fd = open(patch, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	int ret = -1, saved_errno;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		goto out_close;
	if (!S_ISREG(st.st_mode))
		errno = EINVAL;
	else if ((unsigned long long)st.st_size > PATCH_MAX)
		errno = EFBIG;
	else
		ret = strbuf_read_fd_max(text, fd, PATCH_MAX);
out_close:
	saved_errno = errno;
	close(fd);
	errno = saved_errno;
	return ret;
}

int make_patched(const char *tree, const char *patch, const char *scratch,
		 struct tree_overlay *ov, struct strlist *paths)
{
	struct strbuf text = STRBUF_INIT;
	char abs[PATH_MAX], *refused = NULL;
	int ret = -1;

	if (read_patch(patch, &text) < 0 || !realpath(patch, abs)) {
		error("cannot read patch '%s': %s", patch,
		      errno == EINVAL ? "not a regular file" :
		      errno == EFBIG  ? "larger than 256M" :
					strerror(errno));
		goto out_release;
	}
	if (patch_touched_paths(text.buf, text.len, paths, &refused)) {
		error("cannot use patch '%s': %s", patch, refused);
		goto out_release;
	}
	if (!refuse_links(tree, patch, paths) &&
	    !scratch_copy_files(tree, scratch, paths) &&
	    !apply_patch(scratch, abs, patch, tree))
		ret = read_patched(scratch, paths, ov);
out_release:
	free(refused);
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

/* git's answer in dir, a repository not ours, trimmed; -1 when git fails */
static int git_line(const char *dir, const char *const *argv, char **line)
{
	struct child_process cp;
	int ret;

	child_process_init(&cp);
	git_untrusted_cmd(&cp, dir);
	strlist_pushv(&cp.args, argv);
	cp.capture_out = cp.quiet_err = 1;
	ret = run_command(&cp);
	strbuf_rtrim(&cp.out);
	*line = strbuf_detach(&cp.out, NULL);
	child_process_clear(&cp);
	return ret ? -1 : 0;
}

/* REV's tree-ish for TREE (REV:PREFIX in a subfolder); -1 reported */
static int base_spec(const char *tree, const char *rev, char **spec)
{
	char *prefix = NULL, *commit = NULL;
	char *verify = xstrfmt("%s^{commit}", rev);
	int ret = -1;

	if (git_line(tree,
		     (const char *const[]){ "rev-parse", "--show-prefix",
					    NULL },
		     &prefix)) {
		error("cannot use '--base': '%s' is not in a git work tree",
		      tree);
		goto out_free;
	}
	if (git_line(tree,
		     (const char *const[]){ "rev-parse", "--verify", "--quiet",
					    verify, NULL },
		     &commit)) {
		error("cannot use '--base': '%s' is not a commit in '%s'", rev,
		      tree);
		goto out_free;
	}
	*spec = *prefix ? xstrfmt("%s:%.*s", commit, (int)strlen(prefix) - 1,
				  prefix) :
			  xstrfmt("%s^{tree}", commit);
	ret = 0;
out_free:
	free(verify);
	free(prefix);
	free(commit);
	return ret;
}

int make_base(const char *tree, const char *rev, const char *scratch,
	      char **base_tree)
{
	struct strbuf why = STRBUF_INIT;
	char *spec = NULL;
	int ret = -1;

	*base_tree = xstrfmt("%s/tree", scratch);
	if (base_spec(tree, rev, &spec))
		goto out_free;
	if (git_write_tree(tree, spec, *base_tree, &why)) {
		error("cannot use '--base': cannot extract '%s' from '%s': %s",
		      tree, rev, why.buf);
		goto out_free;
	}
	ret = 0;
out_free:
	strbuf_release(&why);
	free(spec);
	return ret;
}

static int is_c_file(const char *path)
{
	size_t len = strlen(path);

	return len > 2 && !strcmp(path + len - 2, ".c");
}

int make_base_changes(const char *tree, const char *rev, const char *scratch,
		      int jobs, struct tree_overlay *ov,
		      struct strlist *changed)
{
	struct strbuf why = STRBUF_INIT;
	char *spec = NULL, *files = xstrfmt("%s/files", scratch);
	size_t i;
	int ret = -1;

	if (base_spec(tree, rev, &spec))
		goto out_free;
	if (git_changed_files(tree, spec, jobs, changed, &why)) {
		error("cannot use '--base': cannot compare '%s' with '%s': %s",
		      tree, rev, why.buf);
		goto out_free;
	}
	for (i = 0; i < changed->nr; i++)
		if (!is_c_file(changed->items[i].string)) {
			ret = 1;
			goto out_free;
		}
	if (git_write_files(tree, spec, changed, files, &why)) {
		error("cannot use '--base': cannot extract '%s' from '%s': %s",
		      tree, rev, why.buf);
		goto out_free;
	}
	ret = read_patched(files, changed, ov);
out_free:
	strbuf_release(&why);
	free(files);
	free(spec);
	return ret;
}
