/*
 * diff.h - unified diffs of two versions of a file, for git apply and patch.
 *
 * Lines are compared byte for byte, line ending included, so a CR or a
 * missing final newline is a difference and is kept in the output; a
 * last line without a newline is followed by "\ No newline at end of
 * file".  Hunks carry `context` lines of context (hunks closer than twice
 * that are merged), "@@ -l,n +l,n @@ function" headers as git writes them
 * (",n" left out when n is 1, the function line cut at 80 bytes), and
 * nothing at all is written for equal texts.
 *
 * Caller's steps: diff_write_file() (or diff_write_hunks() for the hunks)
 * appends to a strbuf the caller owns; diff_stat counts the lines.
 * diff_changed_lines() only marks the lines a diff would add.
 */
#ifndef KM_DIFF_H
#define KM_DIFF_H

#include <stddef.h>

#include "strbuf.h"

#define DIFF_CONTEXT 3

struct diff_stat {
	size_t added, removed;
};

/* the "@@" hunks turning a into b; returns how many; stat may be NULL */
size_t diff_write_hunks(struct strbuf *out, const char *a, size_t alen,
			const char *b, size_t blen, int context,
			struct diff_stat *stat);

/*
 * the lines of b a diff from a shows as added: (*changed)[i] is 1 for
 * line i (from 0) of b when it is not in the common subsequence; returns
 * the number of lines of b; *changed is the caller's to free
 */
size_t diff_changed_lines(const char *a, size_t alen, const char *b,
			  size_t blen, char **changed);

/*
 * "diff --git a/PATH b/PATH", "--- a/PATH", "+++ b/PATH" and the hunks
 * with DIFF_CONTEXT lines of context; returns the number of hunks.  A
 * path is written the way git writes it, so git apply, git am and
 * patch read back any name: quoted ("a/x\ty.c", C escapes, \ooo for
 * other control bytes) when it holds a '"', a '\\', a control byte or
 * DEL; a name with a space has a tab after it on the "---" and "+++"
 * lines.  Bytes >= 0x80 are written as they are (core.quotePath=false).
 */
size_t diff_write_file(struct strbuf *out, const char *path, const char *a,
		       size_t alen, const char *b, size_t blen,
		       struct diff_stat *stat);

/* prefix and path, quoted as diff_write_file() writes it */
void diff_quote_path(struct strbuf *out, const char *prefix, const char *path);
/* the path of a quoted one ("\"a/x\\ty.c\"", len bytes); -1 if it is not */
int diff_unquote_path(const char *quoted, size_t len, struct strbuf *out);

/*
 * "@@ -l[,n] +l[,n] @@ ...", len bytes: the hunk's body holds *old lines
 * of the old side and *new of the new (n is 1 when left out); 0, or -1
 * when the line is not such a header.  The one hunk-header parser of
 * diffstat.c and check-patch.c.
 */
int diff_hunk_header(const char *line, size_t len, unsigned long *old,
		     unsigned long *new);
/* the length of the quoted path git wrote at p ("\"a/x\\ty.c\""), or 0 */
size_t diff_quoted_len(const char *p, size_t len);

#endif
