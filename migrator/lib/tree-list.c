/*
 * tree-list.c - the listings of a tree's directories, read ahead on
 * helper threads (see tree-list.h).
 *
 * A listing is read with getdents64() into a buffer of the reader's (no
 * DIR: opendir() would fstat() and fcntl() the descriptor first), its
 * names gathered into one block, each lstat()ed through the directory's
 * descriptor, which is closed before the entries are sorted and the
 * subdirectories asked for.  The asked listings are a list, last asked
 * first, under the lister's lock; the walk unlinks the one it needs
 * when no helper has started it, and the ones it drops unread.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strbuf.h"
#include "tree-fs.h"
#include "tree-list.h"
#include "tree-walk.h"
#include "util.h"

#define DENTS_SIZE 32768 /* as readdir() reads */

/*
 * A regular file's entry the walk has no use for, not lstat()ed: a
 * quarter of a kernel tree's entries (Makefiles, Kconfig, .S,
 * Documentation)
 */
static int passes_over(const char *name, unsigned char d_type)
{
	return d_type == DT_REG && !tree_walk_wants(name) &&
	       !tree_fs_is_leftover(name);
}

static int wanted(const char *name, unsigned char d_type)
{
	if (name[0] == '.' &&
	    (!name[1] || (name[1] == '.' && !name[2]))) /* "." and ".." */
		return 0;
	return !passes_over(name, d_type);
}

/* the names of the directory open at fd, each ended by a NUL, into names */
static int read_names(int fd, void *dents, struct strbuf *names, size_t *nr)
{
	for (;;) {
		ssize_t n = getdents64(fd, dents, DENTS_SIZE), off;

		if (n <= 0)
			return n;
		for (off = 0; off < n;) {
			const struct dirent64 *de =
				(const void *)((char *)dents + off);

			off += de->d_reclen;
			if (!wanted(de->d_name, de->d_type))
				continue;
			strbuf_add(names, de->d_name, strlen(de->d_name) + 1);
			(*nr)++;
		}
	}
}

/* the character after a name: '/' for a directory's */
static int end_of(const struct tree_entry *e)
{
	return !e->err && S_ISDIR(e->st.st_mode) ? '/' : 0;
}

/*
 * By name, a directory's as if it ended in '/': the walk then meets the
 * paths below in byte order ("a.c" before "a/x.c")
 */
static int by_name(const void *a, const void *b)
{
	const struct tree_entry *x = a, *y = b;
	const unsigned char *p = (const unsigned char *)x->name;
	const unsigned char *q = (const unsigned char *)y->name;

	for (; *p && *p == *q; p++, q++)
		;
	return (*p ? *p : end_of(x)) - (*q ? *q : end_of(y));
}

static struct tree_listing *new_listing(char *full, const struct stat *st,
					const struct tree_listing *parent)
{
	struct tree_listing *dl = xcalloc(1, sizeof(*dl));

	dl->full = full;
	dl->dev = st->st_dev;
	dl->ino = st->st_ino;
	dl->parent = parent;
	return dl;
}

/* the walk enters e, unless it is dl or one of dl's ancestors (a loop) */
static int enters(const struct tree_listing *dl, const struct tree_entry *e)
{
	if (e->err || !S_ISDIR(e->st.st_mode) || tree_walk_skips_dir(e->name))
		return 0;
	for (; dl; dl = dl->parent)
		if (dl->dev == e->st.st_dev && dl->ino == e->st.st_ino)
			return 0;
	return 1;
}

static void ask(struct tree_lister *l, struct tree_listing *dl)
{
	dl->next = l->asked;
	if (dl->next)
		dl->next->prev = dl;
	l->asked = dl;
}

/* dl's subdirectories into dl->ahead, the last asked for first */
static void ask_ahead(struct tree_lister *l, struct tree_listing *dl)
{
	size_t i, nr = 0;

	dl->ahead = xcalloc(dl->nr + 1, sizeof(*dl->ahead));
	for (i = 0; i < dl->nr; i++) {
		const struct tree_entry *e = &dl->entries[i];

		if (enters(dl, e)) {
			dl->ahead[i] =
				new_listing(xstrfmt("%s/%s", dl->full, e->name),
					    &e->st, dl);
			nr++;
		}
	}
	if (!nr || !l->helpers)
		return; /* read when taken */
	pthread_mutex_lock(&l->lock);
	for (i = dl->nr; i-- > 0;)
		if (dl->ahead[i])
			ask(l, dl->ahead[i]);
	pthread_cond_broadcast(&l->more);
	pthread_mutex_unlock(&l->lock);
}

/* read dl: its entries, each lstat()ed, sorted; or its errno */
static void read_listing(struct tree_lister *l, struct tree_listing *dl,
			 void *dents)
{
	struct strbuf names = STRBUF_INIT;
	int fd = open(dl->full, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	const char *name;
	size_t i, nr = 0;

	if (fd < 0 || read_names(fd, dents, &names, &nr) < 0) {
		dl->err = errno;
		if (fd >= 0)
			close(fd);
		strbuf_release(&names);
		return;
	}
	dl->names = strbuf_detach(&names, NULL);
	dl->entries = xcalloc(nr + 1, sizeof(*dl->entries));
	for (i = 0, name = dl->names; i < nr; i++, name += strlen(name) + 1) {
		struct tree_entry *e = &dl->entries[i];

		e->name = name;
		if (fstatat(fd, name, &e->st, AT_SYMLINK_NOFOLLOW))
			e->err = errno;
	}
	dl->nr = nr;
	close(fd);
	sane_qsort(dl->entries, dl->nr, sizeof(*dl->entries), by_name);
	ask_ahead(l, dl);
}

/* ---- the asked list, under the lock ---- */

static void unlink_asked(struct tree_lister *l, struct tree_listing *dl)
{
	if (dl->prev)
		dl->prev->next = dl->next;
	else
		l->asked = dl->next;
	if (dl->next)
		dl->next->prev = dl->prev;
	dl->prev = dl->next = NULL;
}

static void *helper(void *arg)
{
	struct tree_lister *l = arg;
	void *dents = xmalloc(DENTS_SIZE);

	pthread_mutex_lock(&l->lock);
	for (;;) {
		struct tree_listing *dl = l->asked;

		if (l->closing)
			break;
		if (!dl || l->ahead >= TREE_LIST_AHEAD) {
			pthread_cond_wait(&l->more, &l->lock);
			continue;
		}
		unlink_asked(l, dl);
		dl->state = LISTING_READING;
		pthread_mutex_unlock(&l->lock);
		read_listing(l, dl, dents);
		pthread_mutex_lock(&l->lock);
		dl->state = LISTING_READ;
		l->ahead++;
		pthread_cond_signal(&l->read);
	}
	pthread_mutex_unlock(&l->lock);
	free(dents);
	return NULL;
}

/* ---- the walk's side ---- */

void tree_lister_start(struct tree_lister *l)
{
	memset(l, 0, sizeof(*l));
	l->dents = xmalloc(DENTS_SIZE);
	pthread_mutex_init(&l->lock, NULL);
	pthread_cond_init(&l->more, NULL);
	pthread_cond_init(&l->read, NULL);
	while (l->helpers < TREE_LIST_HELPERS &&
	       !pthread_create(&l->threads[l->helpers], NULL, helper, l))
		l->helpers++;
}

void tree_list_take(struct tree_lister *l, struct tree_listing *dl)
{
	if (!l->helpers) {
		read_listing(l, dl, l->dents);
		return;
	}
	pthread_mutex_lock(&l->lock);
	if (dl->state == LISTING_ASKED) { /* no helper has started it */
		unlink_asked(l, dl);
		dl->state = LISTING_READING;
		pthread_mutex_unlock(&l->lock);
		read_listing(l, dl, l->dents);
		return;
	}
	while (dl->state != LISTING_READ)
		pthread_cond_wait(&l->read, &l->lock);
	l->ahead--;
	pthread_cond_signal(&l->more);
	pthread_mutex_unlock(&l->lock);
}

struct tree_listing *tree_list_read(struct tree_lister *l, char *full,
				    const struct stat *st,
				    const struct tree_listing *parent)
{
	struct tree_listing *dl = new_listing(full, st, parent);

	read_listing(l, dl, l->dents);
	return dl;
}

/* a listing asked for that the walk does not enter: unread if it can be */
static void drop(struct tree_lister *l, struct tree_listing *dl)
{
	int unread = !l->helpers;

	if (l->helpers) {
		pthread_mutex_lock(&l->lock);
		if (dl->state == LISTING_ASKED) {
			unlink_asked(l, dl);
			unread = 1;
		}
		pthread_mutex_unlock(&l->lock);
	}
	if (!unread)
		tree_list_take(l, dl);
	tree_listing_free(l, dl);
}

void tree_listing_free(struct tree_lister *l, struct tree_listing *dl)
{
	size_t i;

	if (!dl)
		return;
	for (i = 0; dl->ahead && i < dl->nr; i++)
		if (dl->ahead[i])
			drop(l, dl->ahead[i]);
	free(dl->ahead);
	free(dl->full);
	free(dl->entries);
	free(dl->names);
	free(dl);
}

void tree_lister_finish(struct tree_lister *l)
{
	pthread_mutex_lock(&l->lock);
	l->closing = 1;
	pthread_cond_broadcast(&l->more);
	pthread_mutex_unlock(&l->lock);
	while (l->helpers)
		pthread_join(l->threads[--l->helpers], NULL);
	pthread_mutex_destroy(&l->lock);
	pthread_cond_destroy(&l->more);
	pthread_cond_destroy(&l->read);
	free(l->dents);
	l->dents = NULL;
}
