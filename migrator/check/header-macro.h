/*
 * header-macro.h - the string a macro of a file's headers stands for,
 * from the headers' text.
 *
 * When libclang sees a call, a format written as a macro ("NAME" of
 * '#define NAME "raw1394"') comes out expanded; when it cannot (an
 * old-form call in a tree that declares the new prototype, say), the
 * text fallbacks of decl-lookup.c only know the macros the file itself
 * defines.  A driver that keeps its names in a private header then had
 * its call described as "<NAME>" on one side of a comparison and
 * "raw1394" on the other.  header_string_macro() looks the macro up
 * where the preprocessor would: the headers the file includes with
 * "..." (beside the file) and <...> (below TREE/include), and the
 * headers they include in turn, in include order, each read once, at
 * most HEADER_MACRO_MAX of them, all read below a descriptor of TREE
 * without following a link (tree-fs.h), or from the overlay when it
 * has them (tree-overlay.h).  Each header read is added to a list the
 * caller may give, so that check's result cache knows what the answer
 * depends on.
 *
 * Caller's steps: the file's text lexed; header_string_macro(); free the
 * result.
 */
#ifndef KM_HEADER_MACRO_H
#define KM_HEADER_MACRO_H

#include <stddef.h>

#include "lexer.h"
#include "strlist.h"

#define HEADER_MACRO_MAX 32 /* headers read for one lookup */

struct tree_overlay;

/* where the headers are read, and who hears of each one read */
struct header_lookup {
	const char *tree;
	const struct tree_overlay *overlay; /* NULL: the tree as it is */
	struct strlist *read; /* NULL, or each header read is added once */
};

/*
 * The string (literals concatenated, escapes kept as written) of
 * '#define name "..."' in a header that path (relative to the tree) includes,
 * directly or not; NULL when none defines it so.  malloc'd.
 */
char *header_string_macro(const struct header_lookup *where, const char *path,
			  const char *text, size_t len,
			  const struct token_list *tokens, const char *name);

#endif
