/*
 * expr-depth.h - how deep a file's expressions go, read from its tokens
 * before libclang parses it: libclang recurses once per operator of a
 * chain, so an expression of thousands of terms overflows its stack
 * and kills the process (libclang's crash recovery cannot catch that).
 *
 * The depth at a token is the sum, over the brackets open there and
 * the file's top, of the operators of the current element: an
 * operator token, a closed (...) or [...] (a cast, a call, a group),
 * each count one; ';', '}', "case" and "default" end the element, and
 * so does a ',' directly inside {...}, [...], a call's (...) or the
 * top (a list of initialisers, arguments, declarators), while a ','
 * inside a group's (...) is the comma operator and counts.  Comments
 * and preprocessor directives are not read.
 */
#ifndef KM_EXPR_DEPTH_H
#define KM_EXPR_DEPTH_H

#include <stddef.h>

#include "lexer.h"

/*
 * The most libclang is handed: past it the file is not parsed.  Casts,
 * the costliest operator, overflow libclang 14's 8 MiB parse thread
 * between 1,500 and 2,000 deep, a sum between 30,000 and 40,000; the
 * deepest expression of linux 6.1 is well below (see
 * Documentation/kmigrate-check.md).
 */
#define EXPR_DEPTH_LIMIT 1000
#define EXPR_DEPTH_ENV "KMIGRATE_MAX_EXPR_DEPTH"

/*
 * The limit in force into *limit: $KMIGRATE_MAX_EXPR_DEPTH when it is
 * set (a number of operators; 0: no limit, every file goes to libclang,
 * which a test uses to make libclang crash), else EXPR_DEPTH_LIMIT.
 * -1 (*limit the default) when it is not a number.
 */
int expr_depth_limit(size_t *limit);

/*
 * The deepest point of buf's code (its tokens in list): the depth, and
 * the byte offset of the token that reached it in *offset.
 */
size_t expr_depth(const char *buf, const struct token_list *list,
		  size_t *offset);

#endif
