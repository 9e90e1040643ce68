/*
 * rewrite.h - apply's own conversion of a file, from its original bytes
 * (apply.c's step 4): what the migration's kind is given to rewrite
 * (kind.h's rewrite op), and the call kind's rewrite.
 *
 * apply decides which occurrences are converted (those spatch converted
 * that it may convert itself); the kind writes the whole new text, in
 * kernel style, every byte outside the changed lines copied unchanged;
 * apply then cross-checks the new text against the original
 * (cross-check.h), so a rewrite that changed anything else fails the
 * file instead of corrupting it.
 *
 * Caller's steps: fill a struct apply_rewrite, call m->kind->rewrite()
 * on it, read out, converted and the warnings (taking what it keeps),
 * rewrite_release_warnings().
 */
#ifndef KM_REWRITE_H
#define KM_REWRITE_H

#include <stddef.h>

#include "call-site.h"
#include "map-values.h"
#include "migration.h"
#include "strbuf.h"

/*
 * A converted occurrence lost a value (apply.h's APPLY_DROPPED: words
 * made when printed): site is its index, the parts are the caller's;
 * arg 0: a return of the function lost its error (text: the return)
 */
struct rewrite_warning {
	size_t site;
	size_t arg;	/* 1-based: the argument removed */
	char *text;	/* its text */
	char *param;	/* its parameter's name */
	char *function; /* the function's */
	/* arg 0: a return that lost its error, here (1-based); else 0 */
	size_t line, column;
};

struct apply_rewrite {
	const struct migration *m;
	const struct map_values_file *values; /* scanned_text's, or NULL */
	const char *buf;		      /* the original text */
	size_t len;
	const struct call_site *sites; /* its scan's occurrences */
	size_t nr_sites;
	const unsigned char *convert; /* per site: 1 to convert it */
	size_t max_columns;	      /* the tree's line limit */
	struct strbuf *out;	      /* the new text, appended */
	size_t converted;	      /* set: how many were converted */
	/* set: what a conversion lost, by site; the caller frees them */
	struct rewrite_warning *warnings;
	size_t nr_warnings, alloc_warnings;
};

/*
 * The call kind's rewrite (rewrite-calls.c): each call to convert as
 * the migration's map says, by reformat.h; a warning for each argument
 * removed whose value the map does not let go silently ("drop:")
 */
void rewrite_calls(struct apply_rewrite *rw);
/* free the warnings left in rw and the array */
void rewrite_release_warnings(struct apply_rewrite *rw);

#endif
