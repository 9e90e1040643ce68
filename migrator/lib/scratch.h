/*
 * scratch.h - scratch copies of a tree, for the commands that must never
 * touch the tree they are given (check --patch, check --base, series'
 * verification, spatch's batches).
 *
 * Scratch files are not the user's: they are written plainly, without
 * fsync or atomic renames, in a directory made by tempdir_create() that
 * goes away with the process.
 *
 * Caller's steps: dir = tempdir_create(...); scratch_copy_tree(tree, dir,
 * extra) or write_scratch_file(path, ...); work in dir.
 */
#ifndef KM_SCRATCH_H
#define KM_SCRATCH_H

#include <stddef.h>

#include "strlist.h"

/* mkdir -p of path's directories below its first skip bytes; -1 with errno */
int make_leading_dirs(const char *path, size_t skip);

/* path, its directories made, holding buf; -1 after a one-line error */
int write_scratch_file(const char *path, const void *buf, size_t len);

/*
 * Copy the tree's C sources (the files tree_walk() lists) and the extra
 * paths (may be NULL; a path the tree does not have is skipped: a patch
 * may create it) to the same paths under scratch, modes kept.  -1 after
 * a one-line error.
 */
int scratch_copy_tree(const char *tree, const char *scratch,
		      const struct strlist *extra);
/*
 * Only the paths given (one the tree does not have, or has as no
 * regular file, is skipped), read through tree-fs.h: a path reached
 * through a symbolic link of the tree is an error, never followed
 */
int scratch_copy_files(const char *tree, const char *scratch,
		       const struct strlist *paths);

#endif
