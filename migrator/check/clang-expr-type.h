/*
 * clang-expr-type.h - the type of one argument expression as libclang
 * gives it, that clang-analysis.c and clang-expr-type.c share, they
 * only; callers use clang-analysis.h.
 *
 * The call walk (clang-analysis.c) finds each argument's cursor; this
 * says what the expression is, apart from where it was found.
 */
#ifndef KM_CLANG_EXPR_TYPE_H
#define KM_CLANG_EXPR_TYPE_H

#include "clang-loader.h"

struct call_argument;

/* fill arg from the argument expression at cursor */
void clang_argument_type(struct call_argument *arg, CXCursor cursor);

/*
 * 1 when decl is C89's implicit declaration of a function the parse
 * never saw declared, which libclang places at the function's first
 * call (in this file or a header before it) for every call of it
 */
int clang_implicit_declaration(CXCursor decl);

#endif
