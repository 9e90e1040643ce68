/*
 * scan-index.h - which files of a tree did not name the migrated
 * function when the scan last read them, by what stat() said of them
 * then, so that the next scan reads only the files that changed and
 * those that name it.
 *
 * A scan reads every *.c and *.h file of the tree to find the few that
 * name the function: on a 6.1 kernel, 60,000 files and a second for a
 * second scan of the same tree.  As git trusts the stat data its index
 * keeps, the scan trusts a file whose size, modification and change
 * times, inode and device are those it had when it was read and found
 * not to name the function.  A file modified within a second of the
 * scan that read it is not trusted (git's "racy" files): its time could
 * hide a change made in the same tick; a time set back (touch -d) moves
 * the change time, which is compared too.  The index lives in the result
 * cache (result-cache.h), one entry per tree and names scan looks for;
 * --no-cache reads and writes none, and a damaged entry is no index.
 *
 * Caller's steps: scan_index_load(); for each file the walk lists,
 * scan_index_clean() (1: it need not be read); after the scan, note
 * each file read (scan_index_note()) and scan_index_store();
 * scan_index_release().
 */
#ifndef KM_SCAN_INDEX_H
#define KM_SCAN_INDEX_H

#include <stddef.h>
#include <time.h>

#include "result-cache.h"
#include "strbuf.h"

struct migration;
struct tree_file;

struct scan_index_entry {
	const char *path; /* into loaded, or the walk's */
	unsigned long long size, ino, dev;
	long long mtime_sec, ctime_sec;
	long mtime_nsec, ctime_nsec;
};

struct scan_index {
	int enabled;
	struct result_key key;	      /* the tree's and the function's names */
	struct timespec started;      /* when this scan began */
	struct strbuf loaded;	      /* the entry as read */
	struct scan_index_entry *old; /* its files, by path */
	size_t nr_old;
	const struct tree_file **noted; /* clean now, in path order */
	size_t nr_noted, alloc_noted;
};

void scan_index_load(struct scan_index *ix, const char *tree,
		     const struct migration *m);
/* f did not name the function when read and has not changed since */
int scan_index_clean(const struct scan_index *ix, const struct tree_file *f);
/* f was read (or trusted) and does not name the function */
void scan_index_note(struct scan_index *ix, const struct tree_file *f);
/* keep what was noted (in path order), when it differs from the loaded */
void scan_index_store(struct scan_index *ix);
void scan_index_release(struct scan_index *ix);

#endif
