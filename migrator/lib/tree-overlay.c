/*
 * tree-overlay.c - a tree with some files replaced in memory (see
 * tree-overlay.h).
 *
 * Contract: the files are kept sorted by path, so a lookup is a binary
 * search and the readers may walk them in the scan's order.  A read of
 * a path the overlay does not hold goes to TREE/PATH on disk.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tree-fs.h"
#include "tree-overlay.h"
#include "util.h"

/* the index of path, or of where it would go (*found: whether it is) */
static size_t position(const struct tree_overlay *ov, const char *path,
		       int *found)
{
	size_t lo = 0, hi = ov->nr;

	*found = 0;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(path, ov->files[mid].path);

		if (!cmp) {
			*found = 1;
			return mid;
		}
		if (cmp < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* path's record, a new empty one when the overlay lacks it */
static struct overlay_file *record(struct tree_overlay *ov, const char *path)
{
	int found;
	size_t at = position(ov, path, &found);
	struct overlay_file *f;

	if (found) {
		strbuf_reset(&ov->files[at].text);
		return &ov->files[at];
	}
	ALLOC_GROW(ov->files, ov->nr + 1, ov->alloc);
	memmove(ov->files + at + 1, ov->files + at,
		(ov->nr - at) * sizeof(*ov->files));
	ov->nr++;
	f = &ov->files[at];
	f->path = xstrdup(path);
	strbuf_init(&f->text, 0);
	return f;
}

void tree_overlay_set(struct tree_overlay *ov, const char *path,
		      const char *text, size_t len)
{
	struct overlay_file *f = record(ov, path);

	strbuf_add(&f->text, text, len);
	f->removed = 0;
}

void tree_overlay_remove(struct tree_overlay *ov, const char *path)
{
	record(ov, path)->removed = 1;
}

const struct overlay_file *tree_overlay_find(const struct tree_overlay *ov,
					     const char *path)
{
	int found;
	size_t at;

	if (!ov)
		return NULL;
	at = position(ov, path, &found);
	return found ? &ov->files[at] : NULL;
}

int tree_overlay_same(const struct tree_overlay *a,
		      const struct tree_overlay *b, const char *path)
{
	const struct overlay_file *x, *y;

	if (a == b)
		return 1;
	x = tree_overlay_find(a, path);
	y = tree_overlay_find(b, path);
	if (!x || !y)
		return !x && !y;
	return x->removed == y->removed && x->text.len == y->text.len &&
	       !memcmp(x->text.buf, y->text.buf, x->text.len);
}

int tree_overlay_read(const struct tree_overlay *ov, const char *tree,
		      const char *path, struct strbuf *out)
{
	const struct overlay_file *f = tree_overlay_find(ov, path);

	if (f && f->removed) {
		errno = ENOENT;
		return -1;
	}
	if (f) {
		strbuf_add(out, f->text.buf, f->text.len);
		return 0;
	}
	return tree_fs_read_path(tree, path, out);
}

void tree_overlay_release(struct tree_overlay *ov)
{
	size_t i;

	for (i = 0; i < ov->nr; i++) {
		free(ov->files[i].path);
		strbuf_release(&ov->files[i].text);
	}
	free(ov->files);
	ov->files = NULL;
	ov->nr = ov->alloc = 0;
}
