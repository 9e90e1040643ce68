/*
 * clang-tu.h - libclang's translation units, that clang-analysis.c,
 * clang-callback.c, clang-tu.c and clang-value.c share, they only;
 * callers use clang-analysis.h and clang-value.h.  Parsing
 * one text of a file (a tree's, a patched one, apply's), parsing it
 * again for another text of the same file, and what a parse says
 * beyond its cursors (its first error, its undeclared CONFIG_ values,
 * the headers it read).
 *
 * A text is parsed with the tree's arguments (clang-env.c) and, as
 * libclang's unsaved files, the text itself, the overlay's files
 * (tree-overlay.h: a patch's header changes) and the environment's own
 * in-memory files (tests).
 *
 * Several texts of one file (check --patch: before, after, converted)
 * are parsed once: the first with a precompiled preamble, its headers'
 * function bodies skipped, then each other text by a reparse that reuses
 * the preamble while the #include lines are the same.  A function body
 * of a header does not change what a call of the file is, and the
 * file's own bodies are parsed whole, so the records are those of a
 * plain parse; a reparse that fails is a plain parse again.
 *
 * Caller's steps: clang_tu_parse() (clang_tu_reparse() for the next
 * text), read the unit, clang_disposeTranslationUnit().
 */
#ifndef KM_CLANG_TU_H
#define KM_CLANG_TU_H

#include <stddef.h>

#include "clang-loader.h"
#include "strlist.h"

struct clang_env;
struct tree_overlay;

/* a text of a file, as libclang is to read it */
struct clang_text {
	const char *abs; /* the file's absolute path below the tree */
	const char *text;
	size_t len;
	const struct tree_overlay *overlay; /* NULL: the tree as it is */
};

/*
 * A new unit for t, with -DX=1 for each of defines (may be NULL); with
 * reusable set, one that clang_tu_reparse() reparses quickly.  NULL
 * with *why (malloc'd) when libclang fails.
 */
CXTranslationUnit clang_tu_parse(const struct clang_env *env, CXIndex index,
				 const struct clang_text *t,
				 const struct strlist *defines, int reusable,
				 char **why);
/* tu as if parsed from t (same file, same arguments): 0, or -1 (why) */
int clang_tu_reparse(const struct clang_env *env, CXTranslationUnit tu,
		     const struct clang_text *t, char **why);

/* the first error of the unit, as "LINE:COL: message", or NULL */
char *clang_tu_first_error(CXTranslationUnit tu);
/* the CONFIG_ identifiers it says are undeclared, each once, at most max */
void clang_tu_undeclared_configs(CXTranslationUnit tu, struct strlist *names,
				 size_t max);
/*
 * Add to deps (each once) the files the unit included: the tree's
 * relative to it (through the environment's asm link too), others
 * (libclang's own headers, a build directory's) by their absolute
 * path; the environment's empty autoconf.h is not a dependency.
 */
void clang_tu_inclusions(const struct clang_env *env, CXTranslationUnit tu,
			 struct strlist *deps);

/*
 * What the unit of one text of a file included, kept for the file's
 * next text: with a preamble, libclang reads its inclusions back from
 * the preamble entry by entry, which costs more than the reparse.
 */
struct clang_inclusions {
	struct strlist paths;
	struct clang_text of; /* the text they are of; of.abs NULL: none */
};

#define CLANG_INCLUSIONS_INIT               \
	{                                   \
		STRLIST_INIT,               \
		{                           \
			NULL, NULL, 0, NULL \
		}                           \
	}

/*
 * clang_tu_inclusions() for tu, the unit of t, through the record of
 * the file's previous text: the same list when both texts have the same
 * preprocessor lines and every header either read (or that either's
 * overlay changes) reads the same.  The text must outlive the record.
 */
void clang_tu_inclusions_of(const struct clang_env *env, CXTranslationUnit tu,
			    const struct clang_text *t,
			    struct clang_inclusions *known,
			    struct strlist *deps);
void clang_inclusions_release(struct clang_inclusions *known);

#endif
