/*
 * clang-find.h - the calls of a translation unit that the scan's call
 * sites are, that clang-analysis.c and clang-find.c share, they only;
 * callers use clang-analysis.h.
 *
 * A call is found by the byte offset of the function's name (where it
 * is expanded or where it is spelled, so a call written inside a macro
 * body matches too), by its old or new name; where the tree declares
 * the function as a macro, by the calls expanded there whose arguments
 * include every argument of the site.  Only the declarations that hold
 * the sites are visited when libclang finds each by its place: with a
 * precompiled preamble, visiting the whole unit reads back every
 * declaration of every header, which costs more than the reparse.
 *
 * Caller's steps: fill names, macro; call_finder_find() for a unit (again
 * for another unit of the same file); call_finder_match() for each site;
 * call_finder_release().
 */
#ifndef KM_CLANG_FIND_H
#define KM_CLANG_FIND_H

#include <stddef.h>

#include "clang-loader.h"
#include "kind.h"

struct call_analysis;
struct call_site;

/* the calls libclang found, by the offset of the function name */
struct clang_call {
	CXCursor cursor;
	unsigned int expansion, spelling;
	int named; /* the callee is the function, by a name */
};

/* a call by one of its offsets, for call_finder_match() */
struct clang_call_key {
	unsigned int offset;
	size_t call; /* its index in calls */
};

struct call_finder {
	/* the migration's names (kind.h's names), NULL after the last */
	const char *names[KIND_MAX_NAMES + 1];
	CXFile main; /* the file analysed */
	int macro;   /* the tree declares it as a macro */
	struct clang_call *calls;
	size_t nr, alloc;
	struct clang_call_key *keys; /* by offset, then call */
	size_t nr_keys;
};

/* the unit's calls that the sites of calls may be (abs: the main file) */
void call_finder_find(struct call_finder *cf, CXTranslationUnit tu,
		      const char *abs, const struct call_analysis *calls,
		      size_t nr);
/* the call found for site, or NULL */
const struct clang_call *call_finder_match(const struct call_finder *cf,
					   const struct call_site *site);
/* the argument of the call spelled at offset, or -1 */
int call_argument_at(CXCursor call, unsigned int offset);
/* calls of the form the tree declares are the ones libclang keeps */
int call_expected_to_parse(const struct call_analysis *call);
/* a call libclang should have kept is not among those it found */
int call_finder_missing(const struct call_finder *cf,
			const struct call_analysis *calls, size_t nr);
/* forget the calls found (names and macro stay) */
void call_finder_release(struct call_finder *cf);

#endif
