/*
 * tree-walk.c - listing the C sources of a tree (see tree-walk.h).
 *
 * A depth-first walk through the listings of tree-list.h: each entry
 * lstat()ed, read ahead on helper threads while the walk visits the
 * directories before them.  The walk holds no directory open; each
 * helper holds one at a time.  Loops are stopped by the stack of the
 * directories being walked (dev, ino); a directory reached through a
 * link is followed once.  At the end, duplicates (one file reached
 * through links) are dropped, a direct path kept over the others, and
 * the files sorted by path.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "strlist.h"
#include "tree-fs.h"
#include "tree-list.h"
#include "tree-walk.h"
#include "util.h"

struct dir_id {
	dev_t dev;
	ino_t ino;
};

struct walker {
	struct tree_walk *walk;
	const char *root;
	struct dir_id *stack; /* the directories being walked */
	size_t depth, alloc_stack;
	struct dir_id *followed; /* link targets already walked */
	size_t nr_followed, alloc_followed;
	struct tree_lister lister;
	struct tree_listing *current; /* the directory being visited */
};

static void walk_listing(struct walker *w, const char *rel, int via_link,
			 struct tree_listing *dl);

static int dir_seen(const struct dir_id *ids, size_t nr, const struct stat *st)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (ids[i].dev == st->st_dev && ids[i].ino == st->st_ino)
			return 1;
	return 0;
}

/* "cannot read": a problem unless the path is simply gone (ENOENT) */
static void note_unreadable(struct walker *w, const char *rel,
			    const char *shown, int err)
{
	tree_notes_add(&w->walk->notes, rel, 1, "cannot read '%s': %s", shown,
		       strerror(err))
		->problem = err == ENOENT ? TREE_NOTE_PLAIN :
					    TREE_NOTE_UNREADABLE;
}

static void add_file(struct walker *w, const char *rel, const struct stat *st,
		     int via_link)
{
	struct tree_walk *walk = w->walk;
	struct tree_file *file;

	ALLOC_GROW(walk->files, walk->nr_files + 1, walk->alloc_files);
	file = &walk->files[walk->nr_files++];
	file->path = xstrdup(rel);
	file->dev = st->st_dev;
	file->ino = st->st_ino;
	file->size = st->st_size;
	file->mtime = st->st_mtim;
	file->ctime = st->st_ctim;
	file->via_link = via_link;
}

/*
 * The directory st at rel, unless it is one being walked (a loop); its
 * listing from *ahead when one was asked for (tree-list.h)
 */
static void enter_dir(struct walker *w, const char *rel, const struct stat *st,
		      int via_link, struct tree_listing **ahead)
{
	struct tree_listing *dl;

	if (dir_seen(w->stack, w->depth, st))
		return; /* a loop: *ahead is dropped with its parent */
	if (ahead && *ahead) {
		dl = *ahead;
		*ahead = NULL;
		tree_list_take(&w->lister, dl);
	} else {
		dl = tree_list_read(&w->lister,
				    *rel ? xstrfmt("%s/%s", w->root, rel) :
					   xstrdup(w->root),
				    st, w->current);
	}
	ALLOC_GROW(w->stack, w->depth + 1, w->alloc_stack);
	w->stack[w->depth++] = (struct dir_id){ st->st_dev, st->st_ino };
	walk_listing(w, rel, via_link, dl);
	w->depth--;
	tree_listing_free(&w->lister, dl);
}

/* a source or a directory: what an entry of a wanted name leads to */
static void visit_target(struct walker *w, const char *rel, const char *name,
			 const struct stat *st, int via_link,
			 struct tree_listing **ahead)
{
	if (S_ISDIR(st->st_mode)) {
		if (!tree_walk_skips_dir(name))
			enter_dir(w, rel, st, via_link, ahead);
	} else if (!tree_walk_wants(name)) {
		return;
	} else if (S_ISREG(st->st_mode)) {
		add_file(w, rel, st, via_link);
	} else {
		/* a FIFO, a device: never opened, an error on the file */
		tree_notes_add(&w->walk->notes, rel, 1,
			       "cannot read '%s': not a regular file", rel)
			->problem = TREE_NOTE_UNREADABLE;
	}
}

static int inside_root(const struct walker *w, const char *real)
{
	return tree_path_is_beneath(real, w->walk->real_root);
}

static void visit_link(struct walker *w, const char *rel, const char *name,
		       const char *full)
{
	char *real = realpath(full, NULL);
	struct stat st;

	if (!real || stat(full, &st)) {
		if (tree_walk_wants(name))
			note_unreadable(w, rel, rel, errno);
		goto out_free_real;
	}
	if (!inside_root(w, real)) {
		struct tree_note *note = NULL;

		if (tree_walk_wants(name) || S_ISDIR(st.st_mode))
			note = tree_notes_add(&w->walk->notes, rel, 0,
					      "skipping '%s': %s", rel,
					      "symlink to outside the tree");
		/* a source of the tree whose text is elsewhere: unknown */
		if (note && !S_ISDIR(st.st_mode))
			note->problem = TREE_NOTE_UNREADABLE;
		goto out_free_real;
	}
	if (S_ISDIR(st.st_mode)) {
		if (dir_seen(w->followed, w->nr_followed, &st))
			goto out_free_real;
		ALLOC_GROW(w->followed, w->nr_followed + 1, w->alloc_followed);
		w->followed[w->nr_followed++] =
			(struct dir_id){ st.st_dev, st.st_ino };
	}
	visit_target(w, rel, name, &st, 1, NULL);
out_free_real:
	free(real);
}

static void visit(struct walker *w, const char *dir_rel,
		  const struct tree_entry *e, int via_link,
		  struct tree_listing **ahead)
{
	const char *name = e->name;
	char *rel = *dir_rel ? xstrfmt("%s/%s", dir_rel, name) : xstrdup(name);
	const struct stat *st = &e->st;

	if (e->err) {
		if (tree_walk_wants(name))
			note_unreadable(w, rel, rel, e->err);
	} else if (S_ISLNK(st->st_mode)) {
		char *full = xstrfmt("%s/%s", w->root, rel);

		visit_link(w, rel, name, full);
		free(full);
	} else if (S_ISREG(st->st_mode) && !via_link &&
		   tree_fs_is_leftover(name)) {
		strlist_push(&w->walk->leftovers, rel);
	} else {
		visit_target(w, rel, name, st, via_link, ahead);
	}
	free(rel);
}

/* the entries of the directory at rel, listed in dl, visited in order */
static void walk_listing(struct walker *w, const char *rel, int via_link,
			 struct tree_listing *dl)
{
	struct tree_listing *outer = w->current;
	size_t i;

	if (dl->err) {
		note_unreadable(w, rel, *rel ? rel : w->root, dl->err);
		return;
	}
	w->current = dl;
	for (i = 0; i < dl->nr; i++)
		visit(w, rel, &dl->entries[i], via_link, &dl->ahead[i]);
	w->current = outer;
}

/* a file reached through a link, by inode: drop_duplicates()'s */
struct linked {
	dev_t dev;
	ino_t ino;
	const char *path;
	size_t at; /* in walk->files */
};

static int cmp_inode(const void *a, const void *b)
{
	const struct linked *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x->path ? strcmp(x->path, y->path) : 0;
}

/*
 * One path per file: the direct ones, else the first through a link, in
 * path order.  Only a link lists a file twice (a file with two hard
 * links is two paths, both kept), so only the few files reached
 * through links are sorted by inode, and each direct file is looked up
 * among them.
 */
static void drop_duplicates(struct tree_walk *walk)
{
	struct linked *linked = NULL;
	size_t i, nr = 0, alloc = 0, kept = 0;
	char *drop;

	for (i = 0; i < walk->nr_files; i++) {
		const struct tree_file *f = &walk->files[i];

		if (!f->via_link)
			continue;
		ALLOC_GROW(linked, nr + 1, alloc);
		linked[nr++] = (struct linked){ f->dev, f->ino, f->path, i };
	}
	if (!nr)
		return;
	sane_qsort(linked, nr, sizeof(*linked), cmp_inode);
	drop = xcalloc(walk->nr_files, 1);
	for (i = 1; i < nr; i++)
		if (linked[i].dev == linked[i - 1].dev &&
		    linked[i].ino == linked[i - 1].ino)
			drop[linked[i].at] = 1;
	for (i = 0; i < walk->nr_files; i++) {
		const struct tree_file *f = &walk->files[i];
		struct linked key = { f->dev, f->ino, NULL, 0 }, *hit;

		if (f->via_link)
			continue;
		hit = sane_bsearch(&key, linked, nr, sizeof(*linked),
				   cmp_inode);
		if (!hit)
			continue;
		while (hit > linked && !cmp_inode(&key, hit - 1))
			hit--;
		drop[hit->at] = 1; /* the first: the rest are dropped */
	}
	for (i = 0; i < walk->nr_files; i++) {
		if (drop[i])
			free(walk->files[i].path);
		else
			walk->files[kept++] = walk->files[i];
	}
	walk->nr_files = kept;
	free(drop);
	free(linked);
}

static int cmp_path(const void *a, const void *b)
{
	const struct tree_file *x = a, *y = b;

	return strcmp(x->path, y->path);
}

/* in byte order of their paths (the walk's order nearly is) */
static void sort_files(struct tree_walk *walk)
{
	size_t i;

	for (i = 1; i < walk->nr_files; i++)
		if (strcmp(walk->files[i - 1].path, walk->files[i].path) > 0)
			break;
	if (i < walk->nr_files)
		sane_qsort(walk->files, walk->nr_files, sizeof(*walk->files),
			   cmp_path);
}

int tree_walk(struct tree_walk *walk, const char *root)
{
	struct walker w = { .walk = walk, .root = root };
	struct stat st;

	if (stat(root, &st))
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	walk->real_root = realpath(root, NULL);
	if (!walk->real_root)
		return -1;
	tree_lister_start(&w.lister);
	enter_dir(&w, "", &st, 0, NULL);
	tree_lister_finish(&w.lister);
	drop_duplicates(walk);
	sort_files(walk);
	tree_notes_sort(&walk->notes);
	free(w.stack);
	free(w.followed);
	return 0;
}

void tree_file_stat_fields(const struct tree_file *f,
			   long long fields[TREE_FILE_STAT_FIELDS])
{
	fields[0] = (long long)f->dev;
	fields[1] = (long long)f->ino;
	fields[2] = (long long)f->size;
	fields[3] = f->mtime.tv_sec;
	fields[4] = f->mtime.tv_nsec;
	fields[5] = f->ctime.tv_sec;
	fields[6] = f->ctime.tv_nsec;
}

int tree_time_racy(const struct timespec *t, const struct timespec *started)
{
	return t->tv_sec + 1 >= started->tv_sec;
}

void tree_walk_release(struct tree_walk *walk)
{
	size_t i;

	for (i = 0; i < walk->nr_files; i++)
		free(walk->files[i].path);
	free(walk->files);
	free(walk->real_root);
	tree_notes_release(&walk->notes);
	strlist_clear(&walk->leftovers, 0);
	memset(walk, 0, sizeof(*walk));
}

struct tree_note *tree_notes_add(struct tree_notes *notes, const char *path,
				 int warning, const char *fmt, ...)
{
	struct tree_note *note;
	va_list ap;

	ALLOC_GROW(notes->items, notes->nr + 1, notes->alloc);
	note = &notes->items[notes->nr++];
	note->path = xstrdup(path);
	note->warning = warning;
	va_start(ap, fmt);
	if (vasprintf(&note->message, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	note->problem = TREE_NOTE_PLAIN;
	return note;
}

size_t tree_notes_count(const struct tree_notes *notes,
			enum tree_note_problem problem)
{
	size_t i, nr = 0;

	for (i = 0; i < notes->nr; i++)
		nr += notes->items[i].problem == problem;
	return nr;
}

void tree_notes_take(struct tree_notes *dst, struct tree_notes *src)
{
	size_t i;

	for (i = 0; i < src->nr; i++) {
		ALLOC_GROW(dst->items, dst->nr + 1, dst->alloc);
		dst->items[dst->nr++] = src->items[i];
	}
	free(src->items);
	memset(src, 0, sizeof(*src));
}

struct note_ref {
	struct tree_note note;
	size_t seq;
};

static int cmp_note(const void *a, const void *b)
{
	const struct note_ref *x = a, *y = b;
	int c = strcmp(x->note.path, y->note.path);

	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void tree_notes_sort(struct tree_notes *notes)
{
	struct note_ref *refs = xcalloc(notes->nr, sizeof(*refs));
	size_t i;

	for (i = 0; i < notes->nr; i++)
		refs[i] = (struct note_ref){ notes->items[i], i };
	sane_qsort(refs, notes->nr, sizeof(*refs), cmp_note);
	for (i = 0; i < notes->nr; i++)
		notes->items[i] = refs[i].note;
	free(refs);
}

void tree_notes_print(const struct tree_notes *notes)
{
	size_t i;

	for (i = 0; i < notes->nr; i++) {
		if (notes->items[i].warning)
			warning("%s", notes->items[i].message);
		else
			note("%s", notes->items[i].message);
	}
}

void tree_notes_release(struct tree_notes *notes)
{
	size_t i;

	for (i = 0; i < notes->nr; i++) {
		free(notes->items[i].path);
		free(notes->items[i].message);
	}
	free(notes->items);
	memset(notes, 0, sizeof(*notes));
}
