/*
 * tree-names.c - the names a walk of a tree lists and the directories it
 * never enters (see tree-walk.h), which tree-walk.c and the listings of
 * tree-list.c both ask.
 */
#include <string.h>

#include "tree-walk.h"
#include "util.h"

int tree_walk_wants(const char *name)
{
	size_t len = strlen(name);

	return len > 2 && name[len - 2] == '.' &&
	       (name[len - 1] == 'c' || name[len - 1] == 'h');
}

int tree_walk_skips_dir(const char *name)
{
	static const char *const skip[] = {
		".git", ".hg", ".svn", ".pc", ".tmp_versions",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(skip); i++)
		if (!strcmp(name, skip[i]))
			return 1;
	return 0;
}
