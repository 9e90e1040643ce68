/*
 * name-index.h - what one file's text declares, by name, found in one
 * pass over its tokens: the types each name is declared with (as
 * find_declared_types() finds them, lexer.h) and the first object-like
 * #define of it (define_body()'s).  evidence.c looks an argument's
 * identifier up here, so that a call's evidence costs the same however
 * long the file is and however many calls it holds: looking each one up
 * in the whole file made a scan quadratic in the calls of one file.
 *
 * Caller's steps: name_index_init() with the file's tokens (nothing is
 * read yet), name_index_find() for each name (the first builds the
 * index), name_index_release().  The index borrows the tokens and the
 * buffer; one thread uses it at a time.
 */
#ifndef KM_NAME_INDEX_H
#define KM_NAME_INDEX_H

#include <stddef.h>

#include "name-table.h"
#include "strlist.h"

struct token_list;

struct name_decls {
	struct strlist types; /* each declaration's, in the file's order */
	size_t define; /* directive of its first object-like #define; 0 */
};

struct name_index {
	const struct token_list *tokens;
	const char *buf;
	struct name_table table; /* of struct name_decls */
	int built;
};

void name_index_init(struct name_index *ix, const struct token_list *tokens,
		     const char *buf);
/* what the file declares of name, or NULL when nothing */
const struct name_decls *name_index_find(struct name_index *ix,
					 const char *name);
void name_index_release(struct name_index *ix);

#endif
