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
 * diff_changed_lines() only marks the lines a diff would add.  To read
 * a diff: diff_iter_init(), then diff_iter_next() until it returns 0.
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
 * Reading (diff-parse.c).  "@@ -l[,n] +l[,n] @@ ...", len bytes: the
 * hunk's body holds *old lines of the old side and *new of the new (n
 * is 1 when left out); 0, or -1 when the line is not such a header.
 */
int diff_hunk_header(const char *line, size_t len, unsigned long *old,
		     unsigned long *new);
/* the length of the quoted path git wrote at p ("\"a/x\\ty.c\""), or 0 */
size_t diff_quoted_len(const char *p, size_t len);

/*
 * The lines of a unified diff (git's "diff --git" form or plain
 * "---"/"+++" pairs, with a mail's headers or any text around the
 * files), one at a time, each with what it is.  Outside a hunk a line
 * is read by its first bytes; inside one, by the counts of its "@@"
 * header, so a deleted "-- x" is never a "--- " header.  diffstat.c and
 * check-patch.c read diffs through it.
 */
enum diff_line_kind {
	DIFF_LINE_TEXT,	    /* outside files and hunks: "index ...", mail */
	DIFF_LINE_DIFF,	    /* "diff ...": a file starts, git's form */
	DIFF_LINE_OLD_PATH, /* "--- PATH" (a file starts, plain form) */
	DIFF_LINE_NEW_PATH, /* "+++ PATH" */
	DIFF_LINE_BINARY,   /* "Binary files ... differ", "GIT binary patch" */
	DIFF_LINE_HUNK,	    /* "@@ -l,n +l,n @@": old_left, new_left set */
	DIFF_LINE_CONTEXT,  /* ' ' (or nothing) in a hunk: both sides */
	DIFF_LINE_DELETED,  /* '-' in a hunk */
	DIFF_LINE_ADDED,    /* '+' in a hunk */
	DIFF_LINE_NO_NEWLINE, /* "\ No newline at end of file" */
};

struct diff_iter {
	const char *pos, *end;		  /* the text still to read */
	const char *line;		  /* the current line, in the text, */
	size_t len;			  /* without its '\n' */
	enum diff_line_kind kind;	  /* what it is */
	unsigned long old_left, new_left; /* the hunk's lines still to come */
	const char *error;		  /* after -1: what is wrong */
};

void diff_iter_init(struct diff_iter *it, const char *text, size_t len);

/*
 * The next line into it->line, len and kind: 1; 0 at the end of the
 * text (old_left or new_left not 0 then: the text ends inside a hunk);
 * -1 when the line makes the diff malformed, it->error saying why: a
 * "@@ -" line that is no hunk header (read as DIFF_LINE_TEXT), or a
 * line the hunk has no room for (the hunk ends, and the line gets the
 * kind it has outside one).  A caller may stop there or read on.
 */
int diff_iter_next(struct diff_iter *it);

#endif
