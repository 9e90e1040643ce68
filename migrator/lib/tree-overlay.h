/*
 * tree-overlay.h - a tree as a change would leave it, without writing a
 * copy of it: the tree's files, with some replaced, added or removed in
 * memory.
 *
 * check reads a patched tree (check --patch), apply's conversion (check
 * --patch, series) and the tree itself through one overlay each: the
 * scan, the tree's API, libclang (its unsaved files) and the header
 * lookups all read a path from the overlay when it has it, else from
 * the tree.  Nothing is copied but the files the change touches.
 *
 * Contract: paths are relative to the tree, '/'-separated, as the scan
 * and a patch (after -p1) name them.  An overlay owns copies of its
 * texts; the files stay sorted by path.  A path set twice keeps the last
 * text; a removed path reads as a missing file (ENOENT).
 *
 * Caller's steps: struct tree_overlay ov = TREE_OVERLAY_INIT;
 * tree_overlay_set() / tree_overlay_remove() for each file the change
 * touches; hand &ov to the readers (a NULL overlay is the tree as it
 * is); tree_overlay_release().
 */
#ifndef KM_TREE_OVERLAY_H
#define KM_TREE_OVERLAY_H

#include <stddef.h>

#include "strbuf.h"

struct overlay_file {
	char *path;	    /* relative to the tree */
	struct strbuf text; /* empty when removed */
	int removed;	    /* the change deletes the file */
};

struct tree_overlay {
	struct overlay_file *files; /* by path, in byte order */
	size_t nr, alloc;
};

#define TREE_OVERLAY_INIT  \
	{                  \
		NULL, 0, 0 \
	}

void tree_overlay_set(struct tree_overlay *ov, const char *path,
		      const char *text, size_t len);
void tree_overlay_remove(struct tree_overlay *ov, const char *path);
/* the overlay's record of path, or NULL: the tree's own file stands */
const struct overlay_file *tree_overlay_find(const struct tree_overlay *ov,
					     const char *path);
/* path reads the same through a as through b (either may be NULL) */
int tree_overlay_same(const struct tree_overlay *a,
		      const struct tree_overlay *b, const char *path);
/*
 * Append path's text as the overlay (NULL: none) has it over tree (read
 * with tree_fs_read_path(): a regular file inside the tree, within the
 * size cap): 0, or -1 with errno (ENOENT for a removed file; else
 * tree_fs_strerror() says why).
 */
int tree_overlay_read(const struct tree_overlay *ov, const char *tree,
		      const char *path, struct strbuf *out);
void tree_overlay_release(struct tree_overlay *ov);

#endif
