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
 * "raw1394" on the other.  header_macros_find() looks the macro up
 * where the preprocessor would: the headers the file includes with
 * "..." (beside the file) and <...> (below TREE/include), and the
 * headers they include in turn, in include order, at most
 * HEADER_MACRO_MAX of them, all read below a descriptor of TREE
 * without following a link (tree-fs.h), or from the overlay when it
 * has them (tree-overlay.h).  Each header read is added to a list the
 * caller may give, so that check's result cache knows what the answer
 * depends on.
 *
 * A file's calls ask for many names (each argument that is one
 * identifier), nearly all defined nowhere, so the headers are read for
 * the file, not for each name: struct header_macros keeps the headers
 * read so far, each read and lexed once, and reads the next ones only
 * when a name is not yet found.  The answers and the list of headers
 * read are those of a walk per name: a walk stops at the first header
 * that defines the name, and the headers before it are already read.
 *
 * Caller's steps: the file's text lexed; header_macros_new(); for each
 * name header_macros_find(), freeing the result; header_macros_free()
 * once the file's calls are described.
 */
#ifndef KM_HEADER_MACRO_H
#define KM_HEADER_MACRO_H

#include "lexer.h"
#include "strlist.h"

#define HEADER_MACRO_MAX 32 /* headers looked in, the file counted */

struct tree_overlay;

/*
 * What the headers of one tree say, for every file of one run: each
 * header read from the tree (not the overlay) is read and lexed once,
 * and its string macros and includes kept.  Shared by threads; each
 * forked worker fills its own copy.  A run reads a tree as it is when
 * the run starts: a header changed meanwhile is not read again.
 */
struct header_cache;

struct header_cache *header_cache_new(void);
void header_cache_free(struct header_cache *hc);

/* where the headers are read, and who hears of each one read */
struct header_lookup {
	const char *tree;
	const struct tree_overlay *overlay; /* NULL: the tree as it is */
	struct strlist *read; /* NULL, or each header read is added once */
	struct header_cache *cache; /* NULL: each header read for the file */
};

struct header_macros;

/*
 * The headers of the file at path (relative to the tree) holding text,
 * lexed into tokens, none read yet.  What where points to must outlive
 * the result; where itself, text and tokens need not.
 */
struct header_macros *header_macros_new(const struct header_lookup *where,
					const char *path, const char *text,
					const struct token_list *tokens);
/*
 * The string (literals concatenated, escapes kept as written) of
 * '#define name "..."' in the first header, in include order, that the
 * file includes, directly or not, and defines it so; NULL when none
 * does.  malloc'd.
 */
char *header_macros_find(struct header_macros *hm, const char *name);
void header_macros_free(struct header_macros *hm);

#endif
