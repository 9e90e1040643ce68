/*
 * callback-site.h - the "callback" kind's occurrences (callback.h): the
 * member assigned a function, and that function's definition and
 * declarations, in one buffer.
 *
 * An occurrence of the member is one of
 *	.FIELD = fn		in an initializer of a "struct STRUCT"
 *				variable, or of an array of them
 *	.FIELD = W(fn)		the same through a wrapper of the data
 *	x->FIELD = fn;  x.FIELD = fn;	an assignment, when fn is defined
 *				in the buffer with the member's prototype
 * (or the same with the new member's name), in the first branch of
 * each #if conditional or in the last (the buffer is read both ways).
 * Each function is decided
 * once, from its definition in the buffer: old (to convert: it has the
 * old prototype, returns nothing but success, and no call of it uses
 * its result), new (already converted), or left, with its reason (a
 * call uses its result, it returns an error, it is not defined here).
 * After a tree's scan (callback-tree.h) a function defined in another
 * file takes the verdict the tree gives it, and the definitions and
 * declarations of such a function in a buffer are occurrences too.
 * Every occurrence of the member takes its function's kind, and so do
 * the function's definition and declarations in the buffer (a left
 * function's are a definition and declarations, not calls); each
 * record's local_name is its function.  When the data renames the
 * member, an initializer's old member given a new function (that
 * returns no value) is old, its reason CALL_REASON_CALLBACK_RENAME:
 * converting it renames the member only; an old function given to the
 * new member, or a new one to the old member otherwise, is left
 * (CALL_REASON_CALLBACK_MEMBER).
 *
 * Caller's steps: callback_site_scan() (kind.h's scan_buffer); apply
 * reads a record's span with callback_span() and the conversion of its
 * function with callback_function_edits().
 */
#ifndef KM_CALLBACK_SITE_H
#define KM_CALLBACK_SITE_H

#include <stddef.h>

#include "lexer.h"
#include "migration.h"
#include "strbuf.h"

struct call_site;
struct scan_file;

void callback_site_scan(struct scan_file *file, const char *buf, size_t len,
			const struct migration *m);
/* the occurrence is a member's (".F = fn", "->F = fn"), not a function's */
int callback_site_at_member(const struct call_site *cs);
/* buf defines the function name (in either reading) */
int callback_defines(const struct migration *m, const char *buf, size_t len,
		     const char *name);

/*
 * The tokens an occurrence at offset name_offset spans in a lexed
 * buffer: the member's name alone, or a function's declaration from its
 * first word to its ';' or the '}' of its body: [*first, *last] token
 * indices; -1 when the offset starts no such occurrence
 */
int callback_span(const struct token_list *toks, const char *buf,
		  size_t name_offset, size_t *first, size_t *last);

/* one replacement of bytes [start, end) of the buffer by text */
struct callback_edit {
	size_t start, end;
	char *text;
};

/*
 * Append to *edits the changes that convert the occurrence at
 * name_offset (a member's name, or a function's declaration or
 * definition), in offset order; -1 when it is none
 */
int callback_site_edits(const struct migration *m, const char *buf, size_t len,
			const struct token_list *toks, size_t name_offset,
			struct callback_edit **edits, size_t *nr,
			size_t *alloc);
/*
 * The error returns of the definition at name_offset ("errors: drop"
 * loses them): each return statement's bytes [start, end), appended to
 * *errs (text NULL); -1 when it is no definition
 */
int callback_error_returns(const struct migration *m, const char *buf,
			   size_t len, const struct token_list *toks,
			   size_t name_offset, struct callback_edit **errs,
			   size_t *nr, size_t *alloc);
/* the buffer with the edits made (in offset order), appended to out */
void callback_apply_edits(struct strbuf *out, const char *buf, size_t len,
			  const struct callback_edit *edits, size_t nr);
void callback_edits_release(struct callback_edit *edits, size_t nr);

#endif
