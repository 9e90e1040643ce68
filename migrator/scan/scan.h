/*
 * scan.h - find and classify every occurrence of what the migration
 * changes, in one buffer or in a whole tree.  scan, apply and check
 * share it.
 *
 * What an occurrence is, is the migration's kind's (kind.h): it gives
 * the names a file must contain (for the call kind, the function's
 * name, and for a migration that renames it, its new name) and scans a
 * buffer that contains one of them.  scan_file_buffer() scans one
 * buffer (apply re-scans converted text with it): when one of the names
 * occurs as a whole identifier it has the kind record one call_site per
 * occurrence, in offset order, classified as call-site.h describes, and
 * sets their lines and columns.  A buffer without the names is not
 * lexed.
 *
 * scan_tree() walks the tree (tree-walk.h), reads the *.c and *.h files
 * in parallel on jobs threads (scan_tree_overlay(): each as an overlay
 * has it, its new files included and its removed ones left out), and keeps the
 * files with occurrences, in
 * byte order of their paths.  A file with a NUL byte or odd line ends
 * is still text: it is lexed like any other.  Only a file that is not
 * text at all, whose first 8000 bytes hold more NUL bytes than line
 * ends (an object file, UTF-16), is binary; one that has one of the
 * names is skipped with a warning marked TREE_NOTE_BINARY, and a file that
 * cannot be read is a warning marked TREE_NOTE_UNREADABLE (tree-walk.h);
 * both go to result->notes, for the caller to print
 * (tree_notes_print()) and fail on, and count as skipped.  A temporary
 * file of kmigrate's own left by a killed run is a note marked
 * TREE_NOTE_LEFTOVER (apply --in-place removes it).
 * It returns -1 with errno only when the tree itself cannot be opened.
 *
 * Caller's steps: struct scan_result r; scan_tree(tree, m, jobs, &r);
 * use r.files[i].sites[j]; scan_result_release(&r).  For one buffer:
 * struct scan_file f; scan_file_buffer(&f, path, buf, len, m); ...;
 * scan_file_release(&f).
 */
#ifndef KM_SCAN_H
#define KM_SCAN_H

#include <stddef.h>

#include "call-site.h"
#include "migration.h"
#include "sha256.h"
#include "tree-walk.h"

struct tree_overlay;

struct scan_file {
	char *path;		 /* relative to the tree */
	struct call_site *sites; /* in offset order */
	size_t nr_sites, alloc_sites;
	int shadowed; /* defines its own static function */
};

struct scan_result {
	struct scan_file *files; /* files with occurrences, by path */
	size_t nr_files;
	struct tree_notes notes; /* skipped and unreadable files */
	size_t nr_candidates;	 /* *.c and *.h files listed */
	size_t nr_skipped;	 /* paths not scanned: one per note */
	size_t nr_occurrences;
	size_t counts[CALL_SITE_NR_KINDS];
	/*
	 * SHA-256 of every *.h path listed, in order: a header added or
	 * removed anywhere changes it (check's result cache keys on it)
	 */
	unsigned char header_list[SHA256_LEN];
	/*
	 * SHA-256 of every *.c path with what stat() said of it (an
	 * overlay's file: its text), for what reads all of them to key on;
	 * c_files_racy: one changed within a second of the scan, which its
	 * stat data may not show
	 */
	unsigned char c_files[SHA256_LEN];
	int c_files_racy;
};

int scan_tree(const char *tree, const struct migration *m, int jobs,
	      struct scan_result *result);
/* the tree as overlay leaves it (tree-overlay.h; NULL: as it is) */
int scan_tree_overlay(const char *tree, const struct tree_overlay *overlay,
		      const struct migration *m, int jobs,
		      struct scan_result *result);
/*
 * The same from a walk of tree (tree-walk.h) begun at started, whose
 * notes it takes: for a caller that looks at the walk first
 */
/*
 * The overlay's sources alone, the tree's other files unread: for a
 * version of a tree whose files outside the overlay are another
 * result's concern (check --base's REV, check-patch.c)
 */
int scan_overlay_only(const char *tree, const struct tree_overlay *ov,
		      const struct migration *m, int jobs,
		      struct scan_result *result);
void scan_walked(const char *tree, struct tree_walk *walk,
		 const struct timespec *started, const struct tree_overlay *ov,
		 const struct migration *m, int jobs,
		 struct scan_result *result);
void scan_result_release(struct scan_result *result);

/*
 * path is recorded and decides ".c" (for shadowing); buf need not end
 * in NUL
 */
void scan_file_buffer(struct scan_file *file, const char *path, const char *buf,
		      size_t len, const struct migration *m);
void scan_file_release(struct scan_file *file);

/* more NUL bytes than line ends among the first 8000 bytes */
int scan_is_binary(const char *buf, size_t len);
/* the next whole-identifier occurrence of name in [from, to), or NULL */
const char *scan_find_word(const char *from, const char *to, const char *name,
			   size_t len);
/* the first name the migration's kind looks for: the one a message names */
const char *scan_first_name(const struct migration *m);
/* name occurs in buf as a whole identifier: the cheap pre-filter */
int scan_mentions(const char *buf, size_t len, const char *name);
/*
 * one of the names the migration's kind looks for (for a call: the
 * function's, old or new) occurs in buf
 */
int scan_mentions_function(const char *buf, size_t len,
			   const struct migration *m);

/* old, new, ambiguous, left by context, and the rest ("not calls") */
size_t scan_count_not_calls(const struct scan_result *result);

#endif
