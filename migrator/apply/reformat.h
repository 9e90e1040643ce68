/*
 * reformat.h - convert calls in place, in kernel style: a new name,
 * removed, reordered and inserted arguments.
 *
 * The caller describes each call to change by byte offsets into the
 * original text (its '(' and ')' and its top-level commas, all of the
 * call itself, none of nested calls) and the conversion as a map (the
 * migration's "new-call", see migration.h): a new name or none, where
 * each old fixed argument goes (0: removed), and the values inserted.
 * Arguments after the old fixed ones (the variadic ones) follow the
 * last kept one unchanged.  reformat_convert() writes the whole new
 * text; every byte outside the changed lines is copied unchanged (CR,
 * NUL, non-UTF-8).  reformat_insert_argument() is the map of one value
 * inserted at one position.
 *
 * A new name replaces the old one (rule c if that line got too wide).
 * A removed argument goes with its comma and the blanks between it and
 * the next argument (f(owner, "x") becomes f("x"); a last
 * argument with the comma and blanks before it).  A reordered argument
 * keeps the slot's layout: only the texts move.  An inserted value
 * follows the layout rules (tree-fixtures/README.md):
 *  a. the argument goes right after the comma that ends argument
 *     position - 1: "cls, X" becomes "cls, NULL, X", and a line that
 *     ended with that comma now ends "cls, NULL,"; trailing whitespace
 *     on a changed line is removed (not the blanks inside a literal or
 *     a comment left open at the line's end: they are its bytes);
 *  b. when argument position - 1 stands alone on its line, "NULL," goes
 *     on a new line of its own after it, with the same indentation;
 *  c. a changed line now wider than max_columns (the tree's limit,
 *     REFORMAT_MAX_COLUMNS when it has none), that was not before, is
 *     broken after the last top-level comma of the call that keeps the
 *     first part within max_columns; the rest goes on a new line indented
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

#define REFORMAT_MAX_COLUMNS 80 /* coding-style.rst's, for trees without one */

struct reformat_map;

struct reformat_call {
	size_t open;	      /* offset of the call's '(' */
	size_t close;	      /* offset of its ')' */
	const size_t *commas; /* offsets of its top-level commas, in order */
	size_t nr_commas;
	/* its own conversion (a variant's, family.h), or NULL: map's */
	const struct reformat_map *map;
};

/* a conversion: how each call changes */
struct reformat_map {
	const char *new_name;	   /* NULL: the name stays */
	size_t nr_old;		   /* the old fixed arguments */
	const int *old_to_new;	   /* per old one: 1-based new slot, 0 */
	const char *const *values; /* per new slot: a value, or NULL */
	size_t nr_new;		   /* the new fixed arguments */
};

/*
 * Append to out the text of buf with every call in calls[] (any order,
 * nesting allowed) converted by map, a line wrapped (or joined) only
 * within max_columns.  Returns the number of calls changed; a call with
 * fewer arguments than map->nr_old is left as it is.
 */
size_t reformat_convert(struct strbuf *out, const char *buf, size_t len,
			const struct reformat_call *calls, size_t nr,
			const struct reformat_map *map, size_t max_columns);

/*
 * The same with arg inserted as argument "position" (1-based) of every
 * call; a call with too few arguments for position is left as it is.
 */
size_t reformat_insert_argument(struct strbuf *out, const char *buf, size_t len,
				const struct reformat_call *calls, size_t nr,
				const char *arg, int position,
				size_t max_columns);

/* display width of bytes [from, to) starting at column col (tabs of 8) */
size_t reformat_columns(const char *buf, size_t from, size_t to, size_t col);

#endif
