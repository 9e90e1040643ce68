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
 * into a scratch directory that clang-env.c puts last on the include
 * path (-idirafter): a header of the architecture's own, or of a built
 * tree's generated directory, is found first.  Only names of letters,
 * digits, '_', '-' and '.' are taken; the wrapper's text is kmigrate's,
 * and what it includes is read through the tree's file system
 * (clang-vfs.c) like any other header.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clang-asm-generic.h"
#include "scratch.h"
#include "strbuf.h"
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

/* a wrapper in asm_dir for each header of the tree's dir; how many */
static int add_wrappers(const char *tree, const char *dir, const char *asm_dir)
{
	char *path = xstrfmt("%s/%s", tree, dir);
	DIR *d = opendir(path);
	struct dirent *de;
	int nr = 0;

	free(path);
	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char *text, *file;

		if (!is_header_name(de->d_name))
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

char *clang_asm_generic_write(const char *scratch, const char *tree)
{
	char *dir = xstrfmt("%s/asm-generic-wrappers", scratch);
	char *asm_dir = xstrfmt("%s/asm", dir);
	int nr = 0;

	if ((!mkdir(dir, 0700) || errno == EEXIST) &&
	    (!mkdir(asm_dir, 0700) || errno == EEXIST)) {
		nr += add_wrappers(tree, "include/asm-generic", asm_dir);
		nr += add_wrappers(tree, "include/uapi/asm-generic", asm_dir);
	}
	free(asm_dir);
	if (nr)
		return dir;
	free(dir);
	return NULL;
}
