/*
 * check-trees.h - the trees check --patch and --base compare, that
 * check-patch.c and check-trees.c share, they only; callers use
 * check-patch.h.  The tree as a patch leaves it (an overlay of the
 * patched files), as apply converts it (an overlay of apply's texts),
 * and a revision of it extracted by git, whole or the changed files only.
 *
 * Child processes get an argv, never a shell string; git runs with its
 * discovery stopped at the scratch directory's parent, so a scratch copy
 * inside some other repository stays a plain directory.
 */
#ifndef KM_CHECK_TREES_H
#define KM_CHECK_TREES_H

struct migration;
struct strlist;
struct tree_overlay;

/*
 * The tree as the patch leaves it, in ov: the patch applied to copies
 * of the files it touches only, in scratch; the patched files are read
 * back without following a link, each a regular file within --max-file-size.
 * paths gets patch_touched_paths()'s list (the caller clears it with
 * its utils).  -1 reported
 */
int make_patched(const char *tree, const char *patch, const char *scratch,
		 struct tree_overlay *ov, struct strlist *paths);
/* the semantic conversion of the tree, its new texts in ov */
int make_converted(const char *tree, const struct migration *m, int jobs,
		   struct tree_overlay *ov);
/* REV's version of the tree, extracted into scratch/tree; -1 reported */
int make_base(const char *tree, const char *rev, const char *scratch,
	      char **base_tree);
/*
 * What --base REV needs of REV when the change is in .c files only: the
 * files of TREE that differ from REV (git_changed_files(), hashing on
 * jobs threads) into changed (the caller clears it); when each is a .c
 * file, REV's version of them in ov (a file REV has not is removed),
 * extracted into scratch/files and read back as make_patched() reads
 * its files, and 0; 1 when
 * another file changed (a header: the caller extracts the whole tree
 * with make_base()); -1 reported
 */
int make_base_changes(const char *tree, const char *rev, const char *scratch,
		      int jobs, struct tree_overlay *ov,
		      struct strlist *changed);

#endif
