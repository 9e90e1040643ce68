/*
 * diffstat.h - the files of a unified diff and git's "--stat" summary of
 * them.
 *
 * diff_files_parse() cuts a unified diff (git's "diff --git" form or plain
 * "---"/"+++" pairs, one prefix component on the paths as "a/" and "b/")
 * into one piece per file, counting the lines each adds and deletes; the
 * pieces point into the caller's text, which must outlive them.
 *
 * diffstat_format() writes the per-file lines the way git format-patch
 * does (" path | 12 ++++++------", graph scaled so a line stays within
 * the given width, git uses 72 for mail) followed by the summary line;
 * diffstat_summary() writes that summary alone, with git's wording
 * (" 52 files changed, 86 insertions(+), 73 deletions(-)").
 * diffstat_format_diff() does both steps on a diff text, for a caller
 * that needs no more than the lines; diffstat_count() gives the
 * summary's two numbers of a diff text.
 */
#ifndef KM_DIFFSTAT_H
#define KM_DIFFSTAT_H

#include <stddef.h>

#include "strbuf.h"

#define DIFFSTAT_MAIL_WIDTH 72

struct diff_file {
	char *path;	  /* without the "a/"/"b/" prefix */
	const char *text; /* its part of the diff, headers included */
	size_t len;
	unsigned long added, deleted;
	unsigned binary : 1;
};

struct diff_files {
	struct diff_file *files;
	size_t nr, alloc;
};

#define DIFF_FILES_INIT    \
	{                  \
		NULL, 0, 0 \
	}

/* 0, or -1 (reported) when a hunk is cut short or malformed */
int diff_files_parse(struct diff_files *df, const char *diff, size_t len);
void diff_files_release(struct diff_files *df);

/* the per-file lines and the summary line, each ending in '\n' */
void diffstat_format(struct strbuf *out, const struct diff_file *files,
		     size_t nr, int width);

/* the stat lines of a diff text; -1 (reported, nothing written) if malformed */
int diffstat_format_diff(struct strbuf *out, const char *diff, size_t len,
			 int width);

/* the summary line, ending in '\n' */
void diffstat_summary(struct strbuf *out, size_t files,
		      unsigned long insertions, unsigned long deletions);

/*
 * the lines a diff text adds and deletes, over all its files (the
 * numbers of the summary line); -1 (reported, both 0) if malformed
 */
int diffstat_count(const char *diff, size_t len, unsigned long *insertions,
		   unsigned long *deletions);

#endif
