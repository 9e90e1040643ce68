/*
 * series-prefix.h - a subsystem's subject prefix as its own history
 * writes it: the most common "prefix: " of the subjects of the commits
 * that touched its directory ("Input: ", "usb: gadget: ", "ASoC: ").
 *
 * Only the tree's own history counts: git runs in the tree with the
 * directory above it as ceiling, so a tree that is not the top of a git
 * work tree has none (a fixture inside another repository gets nothing
 * from that repository's log).  A prefix is the leading "word: " groups
 * of a subject, each without spaces; "treewide" is no subsystem's; the
 * most common one wins if at least SERIES_PREFIX_MIN_SEEN of the last
 * SERIES_PREFIX_COMMITS commits use it, ties going to the most recent.
 *
 * Caller's steps: series_git_prefixes() for the directories, free each
 * prefix; the parsers alone: subject_prefix(), subject_prefix_common().
 */
#ifndef KM_SERIES_PREFIX_H
#define KM_SERIES_PREFIX_H

#include <stddef.h>

#define SERIES_PREFIX_COMMITS 50
#define SERIES_PREFIX_MIN_SEEN 2
#define SERIES_PREFIX_TIMEOUT 60

/* "usb: gadget: f_fs: fix it" -> "usb: gadget: f_fs"; NULL when none */
char *subject_prefix(const char *subject, size_t len);

/* the winning prefix of subjects, one a line, newest first; or NULL */
char *subject_prefix_common(const char *subjects);

/*
 * prefixes[i]: the prefix the commits touching dirs[i] (relative to
 * tree, "" for none) use, malloc'd, or NULL; jobs git processes at once
 */
void series_git_prefixes(const char *tree, const char *const *dirs, size_t nr,
			 char **prefixes, int jobs);

#endif
