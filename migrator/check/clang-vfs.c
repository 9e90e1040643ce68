/*
 * clang-vfs.c - the file system libclang parses through (see
 * clang-vfs.h).
 *
 * Contract: with "fallthrough": false, what the overlay does not list
 * does not exist for libclang.  It lists five directories as they are
 * (clang's own headers, the scratch autoconf.h, the tree, the asm link's
 * include/asm-ARCH, the scratch "generated" directory of clang-env.c: the
 * asm-generic wrappers and the header included before every file), and
 * over them, first, what in the tree must not be opened: a FIFO, a
 * device, a socket, a link out of the tree or to one of those, a file
 * over the size cap become a stand-in file holding an #error; a
 * directory reached through a link out of the tree, and a
 * version-control directory, become an empty one.  So an absolute
 * #include, one whose ".." leaves the tree, a path flag of
 * compile_commands.json that points elsewhere, and any name in the tree
 * that is no regular file are an error on the file that includes it,
 * never an open.  The overlay stays small (the tree's bad entries only),
 * so libclang, which reads it again for each parse, pays little.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clang-vfs.h"
#include "scratch.h"
#include "strbuf.h"
#include "strlist.h"
#include "tree-fs.h"
#include "util.h"

struct vfs_walk {
	const char *tree;
	struct strlist files;  /* shown as the stand-in */
	struct strlist dirs;   /* shown empty */
	struct strlist linked; /* directories walked through a link */
	unsigned int depth;
};

/* a YAML double-quoted string; 0 for a name LLVM's YAML would misread */
static int vfs_quote(struct strbuf *out, const char *s)
{
	strbuf_addch(out, '"');
	for (; *s; s++) {
		unsigned char c = *s;

		if (c < 0x20 || c >= 0x7f)
			return 0;
		if (c == '"' || c == '\\')
			strbuf_addch(out, '\\');
		strbuf_addch(out, c);
	}
	strbuf_addch(out, '"');
	return 1;
}

static int is_skipped_dir(const char *name)
{
	return !strcmp(name, ".git") || !strcmp(name, ".hg") ||
	       !strcmp(name, ".svn");
}

static void vfs_walk_dir(struct vfs_walk *w, const char *dir);

/* a directory: walked (once, when reached through a link), or hidden */
static void vfs_walk_subdir(struct vfs_walk *w, const char *name,
			    const char *path, const char *real)
{
	if (is_skipped_dir(name) || w->depth >= 256) {
		strlist_push(&w->dirs, path);
		return;
	}
	if (real) {
		if (strlist_find(&w->linked, real) >= 0)
			return;
		strlist_push(&w->linked, real);
	}
	w->depth++;
	vfs_walk_dir(w, path);
	w->depth--;
}

/* one directory entry at path: what libclang may not open is noted */
static void vfs_walk_entry(struct vfs_walk *w, const char *name,
			   const char *path)
{
	struct stat st;
	char *real = NULL;

	if (lstat(path, &st))
		return;
	if (S_ISLNK(st.st_mode)) {
		real = realpath(path, NULL);
		if (!real)
			goto out; /* dangling: not found for libclang too */
		if (stat(real, &st)) {
			strlist_push(&w->files, path);
			goto out;
		}
		if (!tree_path_is_beneath(real, w->tree)) {
			strlist_push(S_ISDIR(st.st_mode) ? &w->dirs : &w->files,
				     path);
			goto out;
		}
	}
	if (S_ISDIR(st.st_mode))
		vfs_walk_subdir(w, name, path, real);
	else if (!S_ISREG(st.st_mode) ||
		 (size_t)st.st_size > tree_fs_max_file_size())
		strlist_push(&w->files, path);
out:
	free(real);
}

static void vfs_walk_dir(struct vfs_walk *w, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d) {
		strlist_push(&w->dirs, dir);
		return;
	}
	while ((de = readdir(d))) {
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xstrfmt("%s/%s", dir, de->d_name);
		vfs_walk_entry(w, de->d_name, path);
		free(path);
	}
	closedir(d);
}

/*
 * One root entry of the overlay: name shown as external, a file or a
 * directory ("directory-remap").  A name LLVM's YAML cannot hold
 * hides its nearest directory that it can, shown as the empty one.
 */
static void vfs_root(FILE *fp, const char *type, const char *name,
		     const char *external, const char *empty, int *first)
{
	struct strbuf q = STRBUF_INIT, ext = STRBUF_INIT;
	char *up = xstrdup(name), *slash;

	while (!vfs_quote(&q, up)) {
		strbuf_reset(&q);
		slash = strrchr(up, '/');
		if (!slash || slash == up)
			goto out; /* "/": never, the tree is quoted first */
		*slash = '\0';
		type = "directory-remap";
		external = empty;
	}
	vfs_quote(&ext, external);
	fprintf(fp, "%s{'type':'%s','name':%s,'external-contents':%s}\n",
		*first ? "" : ",", type, q.buf, ext.buf);
	*first = 0;
out:
	free(up);
	strbuf_release(&q);
	strbuf_release(&ext);
}

/* path under from, as it is seen under to (NULL when not under from) */
static char *vfs_rebase(const char *path, const char *from, const char *to)
{
	return tree_path_is_beneath(path, from) ?
		       xstrfmt("%s%s", to, path + strlen(from)) :
		       NULL;
}

/* the hidden entries, under the tree and as the asm link shows them */
static void vfs_hidden(FILE *fp, const struct vfs_walk *w, const char *asm_link,
		       const char *asm_dir, const char *standin,
		       const char *empty, int *first)
{
	const struct strlist *lists[] = { &w->files, &w->dirs };
	size_t i, l;

	for (l = 0; l < 2; l++)
		for (i = 0; i < lists[l]->nr; i++) {
			const char *path = lists[l]->items[i].string;
			const char *type = l ? "directory-remap" : "file";
			const char *ext = l ? empty : standin;
			char *as_asm =
				asm_dir ? vfs_rebase(path, asm_dir, asm_link) :
					  NULL;

			vfs_root(fp, type, path, ext, empty, first);
			if (as_asm)
				vfs_root(fp, type, as_asm, ext, empty, first);
			free(as_asm);
		}
}

/* what libclang reads in place of a file it must not open */
#define STANDIN "#error \"kmigrate: not a regular file of the tree\"\n"

char *clang_vfs_write(const char *scratch, const char *tree,
		      const char *resource_dir, const char *include,
		      const char *asm_dir, const char *generated)
{
	struct vfs_walk w = { tree, STRLIST_INIT, STRLIST_INIT, STRLIST_INIT,
			      0 };
	char *path = xstrfmt("%s/vfs.yaml", scratch);
	char *standin = xstrfmt("%s/unreadable.h", scratch);
	char *empty = xstrfmt("%s/empty", scratch);
	char *asm_link = xstrfmt("%s/asm", scratch);
	struct strbuf q = STRBUF_INIT;
	int first = 1;
	FILE *fp = NULL;

	if (!vfs_quote(&q, path) || !vfs_quote(&q, tree)) {
		error("cannot use '%s' or '%s' in libclang's file system: "
		      "a control or non-ASCII byte",
		      scratch, tree);
		goto fail;
	}
	if ((mkdir(empty, 0700) && errno != EEXIST) ||
	    write_scratch_file(standin, STANDIN, strlen(STANDIN)) < 0 ||
	    !(fp = fopen(path, "w")))
		goto fail_errno;
	vfs_walk_dir(&w, tree);
	fputs("{'version':0,'case-sensitive':'true',"
	      "'use-external-names':'false','fallthrough':'false',"
	      "'roots':[\n",
	      fp);
	vfs_hidden(fp, &w, asm_link, asm_dir, standin, empty, &first);
	if (resource_dir)
		vfs_root(fp, "directory-remap", resource_dir, resource_dir,
			 empty, &first);
	vfs_root(fp, "directory-remap", include, include, empty, &first);
	if (generated)
		vfs_root(fp, "directory-remap", generated, generated, empty,
			 &first);
	vfs_root(fp, "directory-remap", tree, tree, empty, &first);
	if (asm_dir)
		vfs_root(fp, "directory-remap", asm_link, asm_dir, empty,
			 &first);
	fputs("]}\n", fp);
	if (fclose(fp)) {
		fp = NULL;
		goto fail_errno;
	}
	goto out;
fail_errno:
	error_errno("cannot write '%s'", path);
	if (fp)
		fclose(fp);
fail:
	free(path);
	path = NULL;
out:
	strlist_clear(&w.files, 0);
	strlist_clear(&w.dirs, 0);
	strlist_clear(&w.linked, 0);
	strbuf_release(&q);
	free(standin);
	free(empty);
	free(asm_link);
	return path;
}
