/*
 * scan-index.c - the stat data of the files a scan found clean (see
 * scan-index.h).
 *
 * Contract: the entry's payload is a first line "kmigrate-scan-index 1",
 * then one line a file, in the walk's path order: its size, its
 * modification and change times (seconds.nanoseconds), its inode and
 * device, a space and its path.  A path holding a newline is never
 * noted; a line that does not read ends the index there (what came
 * before still counts).  Loading keeps the payload and points into it.
 */
#include <stdlib.h>
#include <string.h>

#include "migration.h"
#include "result-cache.h"
#include "scan-index.h"
#include "tree-walk.h"
#include "util.h"

#define INDEX_MAGIC "kmigrate-scan-index 1\n"

static void index_key(const char *real, const struct migration *m,
		      struct result_key *key)
{
	const char *names[KIND_MAX_NAMES];
	size_t i, n = m->kind->names(m, names);

	result_key_init(key, "scan-index");
	result_key_addstr(key, real);
	/* the names a clean file lacks; two at least, "" for none */
	for (i = 0; i < n || i < 2; i++)
		result_key_addstr(key, i < n ? names[i] : "");
}

/* a decimal number and the one character after it, which must be sep */
static unsigned long long number(char **p, int sep, int *bad)
{
	unsigned long long n = 0;
	char *s = *p;

	if (*s < '0' || *s > '9')
		*bad = 1;
	for (; *s >= '0' && *s <= '9'; s++)
		n = n * 10 + (unsigned long long)(*s - '0');
	if (*s != sep)
		*bad = 1;
	*p = *s ? s + 1 : s;
	return n;
}

/* one line of the payload (NUL-terminated) into e */
static int parse_line(char *line, struct scan_index_entry *e)
{
	int bad = 0;

	e->size = number(&line, ' ', &bad);
	e->mtime_sec = (long long)number(&line, '.', &bad);
	e->mtime_nsec = (long)number(&line, ' ', &bad);
	e->ctime_sec = (long long)number(&line, '.', &bad);
	e->ctime_nsec = (long)number(&line, ' ', &bad);
	e->ino = number(&line, ' ', &bad);
	e->dev = number(&line, ' ', &bad);
	e->path = line;
	return bad || !*line ? -1 : 0;
}

static void parse_payload(struct scan_index *ix)
{
	char *p = ix->loaded.buf + strlen(INDEX_MAGIC), *end;
	size_t alloc = 0;

	while (*p && (end = strchr(p, '\n'))) {
		struct scan_index_entry e;

		*end = '\0';
		if (parse_line(p, &e) < 0 ||
		    (ix->nr_old &&
		     strcmp(ix->old[ix->nr_old - 1].path, e.path) >= 0))
			break;
		ALLOC_GROW(ix->old, ix->nr_old + 1, alloc);
		ix->old[ix->nr_old++] = e;
		p = end + 1;
	}
}

void scan_index_load(struct scan_index *ix, const char *tree,
		     const struct migration *m)
{
	char *real;

	memset(ix, 0, sizeof(*ix));
	strbuf_init(&ix->loaded, 0);
	clock_gettime(CLOCK_REALTIME, &ix->started);
	real = realpath(tree, NULL);
	if (!result_cache_enabled() || !real)
		goto out_free;
	index_key(real, m, &ix->key);
	ix->enabled = 1;
	if (result_cache_get(&ix->key, &ix->loaded) > 0 &&
	    !strncmp(ix->loaded.buf, INDEX_MAGIC, strlen(INDEX_MAGIC)))
		parse_payload(ix);
out_free:
	free(real);
}

static int by_path(const void *key, const void *elem)
{
	return strcmp(key, ((const struct scan_index_entry *)elem)->path);
}

static int same_stat(const struct scan_index_entry *e,
		     const struct tree_file *f)
{
	return e->size == (unsigned long long)f->size &&
	       e->ino == (unsigned long long)f->ino &&
	       e->dev == (unsigned long long)f->dev &&
	       e->mtime_sec == (long long)f->mtime.tv_sec &&
	       e->mtime_nsec == f->mtime.tv_nsec &&
	       e->ctime_sec == (long long)f->ctime.tv_sec &&
	       e->ctime_nsec == f->ctime.tv_nsec;
}

int scan_index_clean(const struct scan_index *ix, const struct tree_file *f)
{
	const struct scan_index_entry *e;

	if (!ix->nr_old)
		return 0;
	e = bsearch(f->path, ix->old, ix->nr_old, sizeof(*ix->old), by_path);
	return e && same_stat(e, f);
}

void scan_index_note(struct scan_index *ix, const struct tree_file *f)
{
	if (!ix->enabled || strchr(f->path, '\n') ||
	    tree_time_racy(&f->mtime, &ix->started))
		return;
	ALLOC_GROW(ix->noted, ix->nr_noted + 1, ix->alloc_noted);
	ix->noted[ix->nr_noted++] = f;
}

/* what was noted is what was loaded, file for file */
static int unchanged(const struct scan_index *ix)
{
	size_t i;

	if (ix->nr_noted != ix->nr_old)
		return 0;
	for (i = 0; i < ix->nr_noted; i++)
		if (strcmp(ix->noted[i]->path, ix->old[i].path) ||
		    !same_stat(&ix->old[i], ix->noted[i]))
			return 0;
	return 1;
}

void scan_index_store(struct scan_index *ix)
{
	struct strbuf payload = STRBUF_INIT;
	size_t i;

	if (!ix->enabled || !ix->nr_noted || unchanged(ix))
		return;
	strbuf_addstr(&payload, INDEX_MAGIC);
	for (i = 0; i < ix->nr_noted; i++) {
		const struct tree_file *f = ix->noted[i];

		strbuf_addf(&payload,
			    "%llu %lld.%09ld %lld.%09ld %llu %llu %s\n",
			    (unsigned long long)f->size,
			    (long long)f->mtime.tv_sec, f->mtime.tv_nsec,
			    (long long)f->ctime.tv_sec, f->ctime.tv_nsec,
			    (unsigned long long)f->ino,
			    (unsigned long long)f->dev, f->path);
	}
	result_cache_put(&ix->key, payload.buf, payload.len);
	strbuf_release(&payload);
}

void scan_index_release(struct scan_index *ix)
{
	strbuf_release(&ix->loaded);
	free(ix->noted);
	free(ix->old);
	memset(ix, 0, sizeof(*ix));
}
