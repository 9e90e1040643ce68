/*
 * slice.h - the part of a C file that spatch needs for the calls of one
 * function: the file with every top-level function body, and every
 * file-scope "= { ... }" initializer, that does not name it blanked.
 *
 * A blanked byte becomes a space, except '\n', so every offset, line
 * and column stays where it was, and what is left reads as the same C
 * (a function with an empty body, an empty initializer).  A region is
 * kept whole when the function's name occurs anywhere in it or in what
 * leads up to it since the end of the previous top-level declaration
 * (the function's header, a comment before it, the declarator of an
 * initializer): in code, in a comment or in a string alike, so a scan
 * of the slice finds every occurrence the scan of the file finds.
 *
 * The regions come from the lexer's tokens (lexer.h), braces counted
 * at file scope: a '{' whose previous token is ')' with no '=' or
 * typedef since the last ';' or '}' opens a function body, unless only
 * attributes and a tag stand between it and a struct, union or enum
 * ("struct __attribute__((packed)) {"); one right after '=' opens an
 * initializer; any other (struct, enum, a K&R parameter list, extern
 * "C") is kept.  Preprocessor directive lines are never blanked, nor
 * counted as code; inside #if/#ifdef/#ifndef ... #endif the braces
 * count as in the first branch only (#elif and #else branches often
 * repeat an opening line), and a region that a conditional crosses
 * (one opened before it and closed inside, or the reverse) is kept.  A
 * file whose braces or conditionals do not balance that way is not
 * sliced at all.
 *
 * Caller's steps: lex the text (lex_buffer()); slice_text() on a
 * writable copy of the same bytes; use the copy.
 */
#ifndef KM_SLICE_H
#define KM_SLICE_H

#include <stddef.h>

#include "lexer.h"

/*
 * Blank buf (len bytes, lexed into tokens) for the names (NULL-ended):
 * the bytes blanked, 0 when none is (nothing to blank, or braces that
 * do not balance: buf is then unchanged)
 */
size_t slice_text(char *buf, size_t len, const struct token_list *tokens,
		  const char *const *names);

#endif
