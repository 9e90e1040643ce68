/*
 * reformat.h - insert a new argument into calls, in kernel style.
 *
 * The caller describes each call to change by byte offsets into the
 * original text (its '(' and ')' and its top-level commas, all of the
 * call itself, none of nested calls) and asks for one argument text to
 * become argument number "position" (1-based) of each of them.
 * reformat_insert_argument() writes the whole new text; every byte
 * outside the changed lines is copied unchanged (CR, NUL, non-UTF-8).
 *
 * The layout rules (tree-fixtures/README.md):
 *  a. the argument goes right after the comma that ends argument
 *     position - 1: "cls, X" becomes "cls, NULL, X", and a line that
 *     ended with that comma now ends "cls, NULL,"; trailing whitespace
 *     on a changed line is removed (not the blanks inside a literal or
 *     a comment left open at the line's end: they are its bytes);
 *  b. when argument position - 1 stands alone on its line, "NULL," goes
 *     on a new line of its own after it, with the same indentation;
 *  c. a changed line now wider than 80 columns, that was not before, is
 *     broken after the last top-level comma of the call that keeps the
 *     first part within 80 columns; the rest goes on a new line indented
 *     to the column after the call's '(' (tabs, then spaces), and again
 *     while the rest is too wide.  A CR ending the line is kept, and the
 *     new line gets one too.
 * Position 1 inserts right after '(' and position nargs + 1 appends
 * after the last argument; rule c applies to both.
 */
#ifndef KM_REFORMAT_H
#define KM_REFORMAT_H

#include <stddef.h>

#include "strbuf.h"

#define REFORMAT_MAX_COLUMNS 80

struct reformat_call {
	size_t open;		/* offset of the call's '(' */
	size_t close;		/* offset of its ')' */
	const size_t *commas;	/* offsets of its top-level commas, in order */
	size_t nr_commas;
};

/*
 * Append to out the text of buf with arg inserted as argument "position"
 * of every call in calls[] (any order, nesting allowed).  Returns the
 * number of calls changed; a call with too few arguments for position
 * is left as it is.
 */
size_t reformat_insert_argument(struct strbuf *out, const char *buf,
				size_t len, const struct reformat_call *calls,
				size_t nr, const char *arg, int position);

/* display width of bytes [from, to) starting at column col (tabs of 8) */
size_t reformat_columns(const char *buf, size_t from, size_t to, size_t col);

#endif
