/*
 * clang-asm-generic.c - the <asm/NAME.h> headers Kbuild generates for
 * an architecture from asm-generic (see clang-asm-generic.h).
 *
 * An architecture's include/asm/ holds only the headers it writes
 * itself; for the others (mandatory-y, generic-y in the Kbuild files)
 * the build generates arch/ARCH/include/generated/{,uapi/}asm/NAME.h
 * holding "#include <asm-generic/NAME.h>".  A tree that was never
 * built has none of them, so a header as basic as <asm/types.h> (u8,
 * u32) is missing and every type of the kernel after it is an error.
 * clang_asm_generic_write() writes one such wrapper per regular
 * NAME.h of the tree's include/asm-generic/ and include/uapi/asm-generic/
 * (each directory reached without following a link, as the scan walks
 * the tree: a link out of it is not listed) into a scratch directory
 * that clang-env.c puts last on the include path (-idirafter): a header
 * of the architecture's own, or of a built tree's generated directory,
 * is found first.  Only names of letters,
 * digits, '_', '-' and '.' are taken; the wrapper's text is kmigrate's,
 * and what it includes is read through the tree's file system
 * (clang-vfs.c) like any other header.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clang-asm-generic.h"
#include "scratch.h"
#include "strbuf.h"
#include "tree-fs.h"
#include "util.h"

/* NAME.h of plain characters */
static int is_header_name(const char *name)
{
	size_t n = strlen(name), i;

	if (n < 3 || strcmp(name + n - 2, ".h") || name[0] == '.')
		return 0;
	for (i = 0; i < n; i++)
		if (!is_c_ident_char(name[i]) && name[i] != '-' &&
		    name[i] != '.')
			return 0;
	return 1;
}

/*
 * The tree's directory dir, listed: opened one component at a time
 * without following a link (tree-fs.h), as the scan walks it, so a link
 * out of the tree is never listed; NULL when it is none
 */
static DIR *open_tree_dir(const struct tree_fs *fs, const char *dir)
{
	char *path = xstrfmt("%s/-", dir);
	const char *leaf;
	int fd = tree_fs_open_dir(fs, path, &leaf);
	DIR *d = NULL;

	free(path);
	if (fd >= 0 && !(d = fdopendir(fd)))
		close(fd);
	return d;
}

/* a wrapper in asm_dir for each header of the tree's dir; how many */
static int add_wrappers(const struct tree_fs *fs, const char *dir,
			const char *asm_dir)
{
	DIR *d = open_tree_dir(fs, dir);
	struct dirent *de;
	struct stat st;
	int nr = 0;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char *text, *file;

		if (!is_header_name(de->d_name) ||
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode))
			continue;
		text = xstrfmt("#include <asm-generic/%s>\n", de->d_name);
		file = xstrfmt("%s/%s", asm_dir, de->d_name);
		if (!write_scratch_file(file, text, strlen(text)))
			nr++;
		free(file);
		free(text);
	}
	closedir(d);
	return nr;
}

int clang_asm_generic_write(const char *dir, const char *tree)
{
	char *asm_dir = xstrfmt("%s/asm", dir);
	struct tree_fs fs;
	int nr = 0;

	if ((!mkdir(asm_dir, 0700) || errno == EEXIST) &&
	    !tree_fs_open(&fs, tree)) {
		nr += add_wrappers(&fs, "include/asm-generic", asm_dir);
		nr += add_wrappers(&fs, "include/uapi/asm-generic", asm_dir);
		tree_fs_close(&fs);
	}
	free(asm_dir);
	return nr;
}
