/*
 * clang-find.c - the calls of a translation unit that the scan's call
 * sites are (see clang-find.h).
 */
#include <stdlib.h>
#include <string.h>

#include "clang-analysis.h"
#include "clang-calls.h"
#include "clang-find.h"
#include "tree-api.h"
#include "util.h"

/* the cursor comes from the main file, or from a macro expanded there */
static int expanded_in_main(const struct call_finder *cf, CXSourceLocation loc)
{
	CXFile file = NULL;

	if (clang_Location_isFromMainFile(loc))
		return 1;
	if (!cf->macro || !cf->main)
		return 0;
	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	return file == cf->main;
}

static enum CXChildVisitResult find_calls(CXCursor cursor, CXCursor parent,
					  CXClientData data)
{
	struct call_finder *cf = data;
	CXSourceLocation loc = clang_getCursorLocation(cursor);
	struct clang_call *call;
	CXString name;
	int named = 0;
	size_t i;

	(void)parent;
	if (!expanded_in_main(cf, loc))
		return CXChildVisit_Continue;
	if (clang_getCursorKind(cursor) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	name = clang_getCursorSpelling(cursor);
	for (i = 0; !named && cf->names[i]; i++)
		named = !strcmp(clang_getCString(name), cf->names[i]);
	clang_disposeString(name);
	/* a function that is a macro: what it expands to, at its name */
	if (!named && !cf->macro)
		return CXChildVisit_Recurse;
	ALLOC_GROW(cf->calls, cf->nr + 1, cf->alloc);
	call = &cf->calls[cf->nr++];
	call->cursor = cursor;
	call->named = named;
	clang_getExpansionLocation(loc, NULL, NULL, NULL, &call->expansion);
	clang_getSpellingLocation(loc, NULL, NULL, NULL, &call->spelling);
	return CXChildVisit_Recurse;
}

int call_argument_at(CXCursor call, unsigned int offset)
{
	int i, n = clang_Cursor_getNumArguments(call);

	for (i = 0; i < n; i++) {
		unsigned int at;

		clang_getSpellingLocation(
			clang_getCursorLocation(clang_Cursor_getArgument(
				call, (unsigned int)i)),
			NULL, NULL, NULL, &at);
		if (at == offset)
			return i;
	}
	return -1;
}

/* the call's arguments are all among the expansion's, by where spelled */
static int covers(const struct clang_call *cc, const struct call_site *site)
{
	size_t i;

	for (i = 0; i < site->nr_args; i++)
		if (call_argument_at(cc->cursor,
				     (unsigned int)site->args[i].start) < 0)
			return 0;
	return 1;
}

static int by_offset_then_call(const void *a, const void *b)
{
	const struct clang_call_key *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->call < y->call ? -1 : x->call > y->call;
}

/* each call by its expansion and its spelling offset, sorted */
static void sort_keys(struct call_finder *cf)
{
	size_t i;

	cf->keys = xcalloc(2 * cf->nr + 1, sizeof(*cf->keys));
	cf->nr_keys = 0;
	for (i = 0; i < cf->nr; i++) {
		cf->keys[cf->nr_keys].offset = cf->calls[i].expansion;
		cf->keys[cf->nr_keys++].call = i;
		if (cf->calls[i].spelling == cf->calls[i].expansion)
			continue;
		cf->keys[cf->nr_keys].offset = cf->calls[i].spelling;
		cf->keys[cf->nr_keys++].call = i;
	}
	sane_qsort(cf->keys, cf->nr_keys, sizeof(*cf->keys),
		   by_offset_then_call);
}

/* the first call found at the site's offset that is the site */
const struct clang_call *call_finder_match(const struct call_finder *cf,
					   const struct call_site *site)
{
	size_t lo = 0, hi = cf->nr_keys;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cf->keys[mid].offset < site->name_offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < cf->nr_keys && cf->keys[lo].offset == site->name_offset;
	     lo++) {
		const struct clang_call *cc = &cf->calls[cf->keys[lo].call];

		if (cc->named || covers(cc, site))
			return cc;
	}
	return NULL;
}

/* calls of the form the tree declares are the ones libclang keeps */
int call_expected_to_parse(const struct call_analysis *call)
{
	enum call_site_kind kind = call->site->kind;

	if (call->site->in_macro)
		return 0;
	if (call->api->used == API_OLD)
		return kind == CALL_SITE_OLD;
	return kind == CALL_SITE_NEW;
}

/* a call libclang should have kept is not among those it saw */
int call_finder_missing(const struct call_finder *cf,
			const struct call_analysis *calls, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (call_expected_to_parse(&calls[i]) &&
		    !call_finder_match(cf, calls[i].site))
			return 1;
	return 0;
}

#define MAX_NESTING 64 /* declarations around a call, at most */

/* the declaration at file scope around offset of the main file, or null */
static CXCursor outermost_at(CXTranslationUnit tu, CXFile main, size_t offset)
{
	CXSourceLocation loc =
		clang_getLocationForOffset(tu, main, (unsigned int)offset);
	CXCursor c = clang_getCursor(tu, loc), parent;
	int depth;

	for (depth = 0; depth < MAX_NESTING && !clang_Cursor_isNull(c);
	     depth++) {
		parent = clang_getCursorSemanticParent(c);
		if (clang_getCursorKind(parent) == CXCursor_TranslationUnit)
			return clang_isDeclaration(clang_getCursorKind(c)) ?
				       c :
				       clang_getNullCursor();
		c = parent;
	}
	return clang_getNullCursor();
}

/* the declaration's extent holds offset of its file */
static int holds(CXCursor decl, size_t offset)
{
	CXSourceRange range = clang_getCursorExtent(decl);
	unsigned int start, end;

	clang_getSpellingLocation(clang_getRangeStart(range), NULL, NULL, NULL,
				  &start);
	clang_getSpellingLocation(clang_getRangeEnd(range), NULL, NULL, NULL,
				  &end);
	return start <= offset && offset < end;
}

/*
 * The calls in the declarations that hold the sites, without visiting
 * the whole unit (with a preamble, that reads back every declaration
 * of every header): 0 when a site is in no declaration libclang finds
 * by its place, as a call in a #define body is
 */
static int find_calls_near(struct call_finder *cf, CXTranslationUnit tu,
			   const struct call_analysis *calls, size_t nr)
{
	CXCursor *outer = xcalloc(nr + 1, sizeof(*outer));
	size_t i, j, n = 0;
	int found = 1;

	for (i = 0; found && i < nr; i++) {
		CXCursor d = clang_getNullCursor();

		/* the last one holds it: no search (linear in its size) */
		if (n && !calls[i].site->in_macro &&
		    holds(outer[n - 1], calls[i].site->name_offset))
			continue;
		if (!calls[i].site->in_macro)
			d = outermost_at(tu, cf->main,
					 calls[i].site->name_offset);
		found = !clang_Cursor_isNull(d);
		for (j = 0; found && j < n && !clang_equalCursors(outer[j], d);
		     j++)
			;
		if (found && j == n)
			outer[n++] = d;
	}
	for (j = 0; found && j < n; j++)
		clang_visitChildren(outer[j], find_calls, cf);
	free(outer);
	return found;
}

void call_finder_release(struct call_finder *cf)
{
	free(cf->calls);
	free(cf->keys);
	cf->calls = NULL;
	cf->keys = NULL;
	cf->nr = cf->alloc = cf->nr_keys = 0;
}

/* the calls of the unit that the sites may be: near them, else all */
void call_finder_find(struct call_finder *cf, CXTranslationUnit tu,
		      const char *abs, const struct call_analysis *calls,
		      size_t nr)
{
	call_finder_release(cf);
	cf->main = clang_getFile(tu, abs);
	if (cf->main && find_calls_near(cf, tu, calls, nr)) {
		sort_keys(cf);
		if (!call_finder_missing(cf, calls, nr))
			return;
	}
	call_finder_release(cf);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_calls, cf);
	sort_keys(cf);
}
