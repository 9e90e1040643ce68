/*
 * scratch.c - scratch copies of a tree (see scratch.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "scratch.h"
#include "strbuf.h"
#include "tree-fs.h"
#include "tree-walk.h"
#include "util.h"

int make_leading_dirs(const char *path, size_t skip)
{
	char *dir = xstrdup(path), *slash;
	int ret = 0;

	for (slash = strchr(dir + skip + 1, '/'); slash && !ret;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(dir, 0777) < 0 && errno != EEXIST)
			ret = -1;
		*slash = '/';
	}
	free(dir);
	return ret;
}

int write_scratch_file(const char *path, const void *buf, size_t len)
{
	FILE *fp;
	int ret = 0;

	if (make_leading_dirs(path, 0) < 0)
		return error_errno("cannot create the directories of '%s'",
				   path);
	fp = fopen(path, "w");
	if (!fp || fwrite(buf, 1, len, fp) != len)
		ret = error_errno("cannot write '%s'", path);
	if (fp && fclose(fp) && !ret)
		ret = error_errno("cannot write '%s'", path);
	return ret;
}

/* tree/path to scratch/path, mode included; missing_ok: ENOENT skips */
static int copy_file(const char *tree, const char *scratch, const char *path,
		     int missing_ok)
{
	struct strbuf text = STRBUF_INIT;
	char *from = xstrfmt("%s/%s", tree, path);
	char *to = xstrfmt("%s/%s", scratch, path);
	struct stat st;
	int ret = 0;

	if (stat(from, &st) < 0) {
		if (!missing_ok || errno != ENOENT)
			ret = error_errno("cannot read '%s'", from);
	} else if (!S_ISREG(st.st_mode)) {
		if (!missing_ok)
			ret = error("cannot read '%s': not a regular file",
				    from);
	} else if (tree_fs_read_path(tree, path, &text) < 0) {
		char why[128];

		ret = error("cannot read '%s': %s", from,
			    tree_fs_strerror(errno, why, sizeof(why)));
	} else if (write_scratch_file(to, text.buf, text.len) < 0) {
		ret = -1;
	} else if (chmod(to, st.st_mode & 07777) < 0) {
		ret = error_errno("cannot write '%s'", to);
	}
	strbuf_release(&text);
	free(from);
	free(to);
	return ret;
}

int scratch_copy_tree(const char *tree, const char *scratch,
		      const struct strlist *extra)
{
	struct tree_walk walk = TREE_WALK_INIT;
	size_t i;
	int ret = 0;

	if (tree_walk(&walk, tree) < 0)
		return error_errno("cannot open tree '%s'", tree);
	for (i = 0; !ret && i < walk.nr_files; i++)
		ret = copy_file(tree, scratch, walk.files[i].path, 0);
	for (i = 0; !ret && extra && i < extra->nr; i++)
		ret = copy_file(tree, scratch, extra->items[i].string, 1);
	tree_walk_release(&walk);
	return ret;
}

/* one file of the tree, read through fs (no link followed), to scratch */
static int copy_beneath(const struct tree_fs *fs, const char *scratch,
			const char *path)
{
	struct strbuf text = STRBUF_INIT;
	char *to = xstrfmt("%s/%s", scratch, path);
	struct stat st;
	int ret = 0;

	if (tree_fs_read(fs, path, &text, &st) < 0) {
		if (errno == ELOOP)
			ret = error(
				"cannot read '%s/%s': it is reached through "
				"a symbolic link",
				fs->root, path);
		else if (errno != ENOENT && errno != EINVAL)
			ret = error_errno("cannot read '%s/%s'", fs->root,
					  path);
	} else if (write_scratch_file(to, text.buf, text.len) < 0) {
		ret = -1;
	} else if (chmod(to, st.st_mode & 0777) < 0) {
		ret = error_errno("cannot write '%s'", to);
	}
	strbuf_release(&text);
	free(to);
	return ret;
}

int scratch_copy_files(const char *tree, const char *scratch,
		       const struct strlist *paths)
{
	struct tree_fs fs;
	size_t i;
	int ret = 0;

	if (tree_fs_open(&fs, tree) < 0)
		return error_errno("cannot open tree '%s'", tree);
	for (i = 0; !ret && i < paths->nr; i++)
		ret = copy_beneath(&fs, scratch, paths->items[i].string);
	tree_fs_close(&fs);
	return ret;
}
