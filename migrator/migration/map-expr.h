/*
 * map-expr.h - a map item that computes the new argument from old ones:
 * "$N" inside a C expression ("&$1->dev", "$1 ? &$1->dev : NULL",
 * "$3 - 1", "sizeof(*$1)", "($2) * 2"), read when the migration is read
 * and written out for each converted call, without a compiler.
 *
 * The expression is lexed with lexer.h and parsed as C (operands,
 * prefix, postfix, binary and conditional operators, casts, calls):
 * it must be one balanced expression, each '$' in it a "$N".  Written
 * out, each "$N" becomes the old argument's text, in parentheses when
 * the argument binds less tightly than its place in the expression
 * needs ("$1->dev" of "a + b" is "(a + b)->dev", "$3 - 1" of "a - b"
 * is "a - b - 1", "1 - $3" of it "1 - (a - b)"); an expression that is
 * integer literals and arithmetic once the arguments are in is folded
 * as a maintainer writes it ("$3 - 1" of 256 is "255", of 0x100
 * "0xff"; never to a negative number).
 *
 * An argument with a side effect (a call, "++", "--", an assignment)
 * that the new call would evaluate more than once is one apply leaves
 * (family.h); map_expr_side_effect() tells.
 *
 * map-expr-fold.c folds and tells side effects.  Caller's steps:
 * map_expr_parse() when the map is read;
 * map_expr_uses() for where an old argument goes; map_expr_text() per
 * converted call (or with the semantic patch's metavariables).
 */
#ifndef KM_MAP_EXPR_H
#define KM_MAP_EXPR_H

#include <stddef.h>
#include <stdint.h>

struct strbuf;

/* an integer literal, suffixes allowed: 0 with *value set, or -1 */
int map_integer_literal(const char *text, size_t len, uint64_t *value);

/*
 * text holds a '$': 0 when it is a C expression of "$N"s, with *arg the
 * highest N; -1 with the reason in why
 */
int map_expr_parse(const char *text, int *arg, struct strbuf *why);
/* how many times expr names old argument arg ("$arg") */
int map_expr_uses(const char *expr, int arg);
/*
 * expr with each "$N" replaced by args[N - 1] (an empty text past nr),
 * parenthesised where it needs to be, appended to out; fold: compute an
 * expression of integer literals
 */
void map_expr_text(const char *expr, const char *const *args, size_t nr,
		   int fold, struct strbuf *out);
/*
 * out's text from start, when it is integer literals and "+ - * / % <<
 * >> & | ^ ~" with parentheses, replaced by its value (in hexadecimal
 * when hex); kept when it is not, or would be negative
 */
void map_expr_fold(struct strbuf *out, size_t start, int hex);
/* arg evaluated twice would do its side effect twice: 1 */
int map_expr_side_effect(const char *arg);

#endif
