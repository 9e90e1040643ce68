/*
 * tree-list.h - the listings of a tree's directories, read ahead on
 * helper threads for tree-walk.c, which alone includes this.
 *
 * A listing is what a directory holds, each entry lstat()ed through the
 * directory's descriptor (one lookup a name), sorted by name (a
 * directory's as if it ended in '/', as its paths do); "." and
 * ".." are left out, and so are the regular files (by d_type) the walk
 * neither lists nor reports: not *.c, *.h nor a leftover (tree-fs.h).
 *
 * Whoever reads a listing asks at once for the listings of the
 * subdirectories the walk will enter (ahead[]: a directory not skipped
 * by name, nor one of the listing's own ancestors, a loop), for a helper
 * to read; the walk takes each when it gets to it (tree_list_take()),
 * by then read or being read, or else read there and then.  Helpers
 * take the listing asked for last first, and a listing's subdirectories
 * are asked for in reverse, so that helpers read depth first, ahead of
 * the walk.  At most TREE_LIST_AHEAD listings wait read for the walk;
 * each helper holds one directory open at a time.  With no helper (none
 * could be started), every listing is read when it is taken.
 *
 * Caller's steps (one thread): tree_lister_start(); tree_list_read() for
 * the root and each directory reached through a link; tree_list_take()
 * for each listing in ahead[] it enters; tree_listing_free() for each
 * (which takes and frees what it did not enter); tree_lister_finish().
 */
#ifndef KM_TREE_LIST_H
#define KM_TREE_LIST_H

#include <pthread.h>
#include <stddef.h>
#include <sys/stat.h>

#define TREE_LIST_HELPERS 2
#define TREE_LIST_AHEAD 256

struct tree_entry {
	const char *name; /* in the listing's names */
	struct stat st;
	int err; /* lstat()'s errno, or 0 */
};

enum tree_listing_state {
	LISTING_ASKED,
	LISTING_READING,
	LISTING_READ
};

struct tree_listing {
	char *full; /* the directory's path, as open() takes it */
	dev_t dev;  /* the directory's own, as its parent lstat()ed it */
	ino_t ino;
	const struct tree_listing *parent; /* for the loops: NULL at root */
	int err; /* open()'s or getdents64()'s errno: no entries */
	struct tree_entry *entries;
	size_t nr;
	char *names; /* every entry's name, NUL-terminated, one block */
	struct tree_listing **ahead; /* per entry: its subdirectory's */
	/* the lister's, under its lock */
	enum tree_listing_state state;
	struct tree_listing *prev, *next; /* while asked */
};

struct tree_lister {
	pthread_mutex_t lock; /* guards what follows */
	pthread_cond_t more, read;
	struct tree_listing *asked; /* last asked first */
	size_t ahead;		    /* read, not taken yet */
	int closing;
	size_t helpers; /* threads running */
	pthread_t threads[TREE_LIST_HELPERS];
	void *dents; /* the walk's own getdents64() buffer */
};

void tree_lister_start(struct tree_lister *l);
/*
 * The listing of the directory at full (taken over), whose stat data is
 * st, in the one at parent (NULL at the root), read here
 */
struct tree_listing *tree_list_read(struct tree_lister *l, char *full,
				    const struct stat *st,
				    const struct tree_listing *parent);
/* a listing of ahead[], read: by a helper, or here */
void tree_list_take(struct tree_lister *l, struct tree_listing *dl);
void tree_listing_free(struct tree_lister *l, struct tree_listing *dl);
void tree_lister_finish(struct tree_lister *l);

#endif
