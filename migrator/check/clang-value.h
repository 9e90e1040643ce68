/*
 * clang-value.h - the integer values of argument texts in their own
 * file's translation unit, as libclang evaluates them: a macro of a
 * header the file includes, an enum constant, an expression of
 * constants ("SZ_4K", "(1 << 16)").
 *
 * Each text is parsed as the initializer of an enumerator appended to
 * the file's text (the file itself is not changed), so it must be an
 * integer constant expression there, with the tree's include paths
 * (clang-analysis.h's environment): a variable, a function's result, a
 * name the parse does not know or an error on its line leaves it
 * unknown.  A macro the file redefines after the call, or a local name
 * that hides a constant, is not seen.
 *
 * Caller's steps: clang_env_init(), then clang_values_of_file() per
 * file, on any thread or in a forked worker.
 */
#ifndef KM_CLANG_VALUE_H
#define KM_CLANG_VALUE_H

#include <stddef.h>
#include <stdint.h>

struct clang_env;
struct strlist;

struct clang_value {
	const char *text; /* an argument as written */
	int known;	  /* set: libclang evaluated it */
	uint64_t value;	  /* set: a negative one as C converts it */
};

/*
 * Evaluate values[0..nr) in the file at path (relative to env's tree)
 * whose text is text[0..len), and add to deps (unless NULL) the files
 * the parse included (clang_tu_inclusions(): what the values depend on
 * beside the text): 0, or -1 with *why (malloc'd) when the file cannot
 * be parsed at all (nothing known)
 */
int clang_values_of_file(const struct clang_env *env, const char *path,
			 const char *text, size_t len,
			 struct clang_value *values, size_t nr,
			 struct strlist *deps, char **why);

#endif
