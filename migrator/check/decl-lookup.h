/*
 * decl-lookup.h - what a file's own text says about an expression, for
 * the calls libclang could not describe.
 *
 * No compiler is involved: the file is cut into tokens by the call-site
 * lexer, and a name's type is the one a declaration in the file gives it
 * ("static struct class *mem_class, *sound_class;", a parameter, a
 * structure member), the nearest one before the call winning.  Where the
 * file declares nothing, the expression's shape decides: a string
 * literal is a char *, an integer literal an int, NULL a null pointer,
 * a cast its type, and the kernel's idioms (semantic-patches/kernel-types,
 * kernel-data.h) are known: a macro's type (MKDEV() gives a dev_t), a
 * member's (the address of a "dev" member is a struct device *).
 *
 * decl-index.c holds the file's names and their declarations,
 * decl-lookup.c the guess of an expression from them.
 *
 * Caller's steps: lex the file, fill a struct source_text, then call the
 * lookups; every returned string is malloc'd (NULL: nothing known).
 */
#ifndef KM_DECL_LOOKUP_H
#define KM_DECL_LOOKUP_H

#include <stddef.h>

#include "lexer.h"

struct kernel_data;
struct strlist;

struct decl_index;

struct source_text {
	const char *buf;
	size_t len;
	const struct token_list *tokens;
	const struct kernel_data *kernel; /* may be NULL */
	struct decl_index *index;	  /* decl_index_new()'s, or NULL */
};

/*
 * The file's names, each looked up once (its declarations, the string
 * of its #define, what it is created as) however many calls ask: a
 * file's calls take the lookups' time once, not once per call.  Without
 * one, each lookup reads the whole file.
 */
struct decl_index *decl_index_new(const char *buf,
				  const struct token_list *tokens);
void decl_index_free(struct decl_index *ix);

struct expr_guess {
	char *type;	      /* "struct class *"; NULL: unknown */
	int from_declaration; /* 1: a declaration, 0: the shape */
	int is_null;	      /* NULL, 0, (void *)0 */
	int is_literal;	      /* a string literal or a macro for one */
	char *literal;	      /* its characters, escapes as written */
};

/*
 * The type name is declared with, nearest before offset before: as a
 * member of a struct or union defined in the file (member = 1), or as a
 * variable or parameter (member = 0).
 */
char *decl_type(const struct source_text *src, const char *name, size_t before,
		int member);
/*
 * The type of the member name of the record spelled record ("struct
 * w"), as the record's definition in the file declares it (a member of
 * an anonymous struct or union in it included), nearest before offset
 * before; NULL when the file defines no such member.
 */
char *decl_member_type(const struct source_text *src, const char *record,
		       const char *name, size_t before);
/* the string of '#define name "..."' in the file */
char *decl_string_macro(const struct source_text *src, const char *name);
/*
 * Every '#define NAME "..."' of the file, in the file's order, added to
 * list: NAME, its string as util (malloc'd: strlist_clear(list, 1)).
 * The first of a NAME is the one decl_string_macro() gives.
 */
void decl_string_macros(const struct source_text *src, struct strlist *list);
/*
 * "vmlogrdr" when the file assigns the expression's variable from a call
 * with a string literal: 'vmlogrdr_class = class_create(THIS_MODULE,
 * "vmlogrdr")'; the last literal among the call's arguments.
 */
char *decl_created_name(const struct source_text *src, const char *expr);

/* guess what expr (an argument's text, at offset at) is */
void guess_expression(const struct source_text *src, const char *expr,
		      size_t at, struct expr_guess *guess);
void expr_guess_release(struct expr_guess *guess);

#endif
