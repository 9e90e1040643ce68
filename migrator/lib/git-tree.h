/*
 * git-tree.h - a revision's files as git ls-tree lists them, and git's
 * reason for a failure, that git-plumbing.c, git-tree.c, git-write.c
 * and git-changes.c share, they only; callers use git-plumbing.h.
 *
 * Caller's steps: list_files() into a struct tree_files (zeroed, its
 * links STRLIST_INIT), tree_files_release().
 */
#ifndef KM_GIT_TREE_H
#define KM_GIT_TREE_H

#include <stddef.h>
#include <sys/types.h>

#include "run-command.h"
#include "strbuf.h"
#include "strlist.h"

/* the most a revision's listing may hold */
#define LS_TREE_MAX (64UL << 20)

struct tree_file {
	char oid[68];
	unsigned long size;
	mode_t mode;
	char *path;
};

struct tree_files {
	struct tree_file *files;
	size_t nr, alloc;
	unsigned long total;
	struct strlist links; /* the links and submodules left out */
};

/* git's own reason: the last line of its errors, or what (git-plumbing.c) */
void git_reason(struct strbuf *why, const struct child_process *cp, int ret,
		const char *what);
/* path for a one-line message: its control characters as '?' */
char *shown_path(const char *path);
/*
 * size (text) as f's size, within GIT_BLOB_MAX and, with the sizes
 * list has taken before, GIT_TREE_MAX; -1 with the reason in why
 */
int take_size(struct tree_files *list, struct tree_file *f, const char *size,
	      struct strbuf *why);
/*
 * The regular files of spec, sorted, into list: with their sizes when
 * sized (ls-tree -l, which reads every blob's header), else without;
 * a name git would refuse, or a listing over LS_TREE_MAX, is an
 * error; -1 with the reason in why
 */
int list_files(const char *dir, const char *spec, int sized,
	       struct tree_files *list, struct strbuf *why);
void tree_files_release(struct tree_files *list);
/* a path against a struct strlist_item's string: for bsearch() */
int compare_path(const void *key, const void *elem);

#endif
