/*
 * map-expr-fold.c - what a map's expression item makes of literal
 * arguments, and of arguments with side effects (see map-expr.h):
 * integer arithmetic computed as a maintainer writes it ("256 - 1" is
 * "255"), by precedence climbing over lexer.h's tokens in 64 bits, and
 * refused on an overflow, a division by zero, a shift out of range, a
 * negative result or any token that is not arithmetic; and the tokens
 * that make evaluating an argument twice do something twice.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "map-expr.h"
#include "strbuf.h"
#include "util.h"

struct fold {
	const char *buf;
	const struct token *t;
	size_t nr, i;
	int bad;
};

static const struct {
	const char *op;
	int prec;
} fold_ops[] = {
	{ "|", 6 },  { "^", 7 },  { "&", 8 },  { "<<", 11 }, { ">>", 11 },
	{ "+", 12 }, { "-", 12 }, { "*", 13 }, { "/", 13 },  { "%", 13 },
};

int map_integer_literal(const char *text, size_t len, uint64_t *value)
{
	char *buf = xstrndup(text, len), *end;
	int ret = -1;

	if (len && isdigit((unsigned char)*buf)) {
		errno = 0;
		*value = strtoull(buf, &end, 0);
		while (*end && strchr("uUlL", *end))
			end++;
		ret = errno || *end ? -1 : 0;
	}
	free(buf);
	return ret;
}

static int fold_is(const struct fold *f, const char *text)
{
	return f->i < f->nr && f->t[f->i].type == TOKEN_PUNCT &&
	       token_is(f->buf, &f->t[f->i], text);
}

/* the operator at f->i: its index in fold_ops, or -1 */
static int fold_op(const struct fold *f)
{
	size_t k;

	for (k = 0; k < ARRAY_SIZE(fold_ops); k++)
		if (fold_is(f, fold_ops[k].op))
			return (int)k;
	return -1;
}

static int64_t fold_binary(struct fold *f, int min);

static int64_t fold_unary(struct fold *f)
{
	const struct token *t = &f->t[f->i];
	uint64_t n;
	int64_t v;

	if (f->i >= f->nr) {
		f->bad = 1;
		return 0;
	}
	if (fold_is(f, "-") || fold_is(f, "+") || fold_is(f, "~")) {
		char op = f->buf[t->start];

		f->i++;
		v = fold_unary(f);
		if (op == '-' && v == INT64_MIN)
			f->bad = 1;
		return op == '-' ? -v : op == '~' ? ~v : v;
	}
	if (fold_is(f, "(")) {
		f->i++;
		v = fold_binary(f, 0);
		f->bad |= !fold_is(f, ")");
		f->i++;
		return v;
	}
	f->i++;
	if (t->type != TOKEN_NUMBER ||
	    map_integer_literal(f->buf + t->start, t->end - t->start, &n) < 0 ||
	    n > INT64_MAX) {
		f->bad = 1;
		return 0;
	}
	return (int64_t)n;
}

static int64_t fold_apply(struct fold *f, char op, char op2, int64_t a,
			  int64_t b)
{
	int64_t r = 0;

	switch (op) {
	case '+':
		f->bad |= __builtin_add_overflow(a, b, &r);
		return r;
	case '-':
		f->bad |= __builtin_sub_overflow(a, b, &r);
		return r;
	case '*':
		f->bad |= __builtin_mul_overflow(a, b, &r);
		return r;
	case '/':
	case '%':
		if (!b || (a == INT64_MIN && b == -1)) {
			f->bad = 1;
			return 0;
		}
		return op == '/' ? a / b : a % b;
	case '<':
	case '>':
		if (op2 != op || b < 0 || b > 62 || a < 0 ||
		    (op == '<' && a > (INT64_MAX >> b))) {
			f->bad = 1;
			return 0;
		}
		return op == '<' ? a << b : a >> b;
	case '&':
		return a & b;
	case '|':
		return a | b;
	default:
		return a ^ b;
	}
}

static int64_t fold_binary(struct fold *f, int min)
{
	int64_t v = fold_unary(f);
	int k;

	while (!f->bad && (k = fold_op(f)) >= 0 && fold_ops[k].prec > min) {
		const char *op = fold_ops[k].op;

		f->i++;
		v = fold_apply(f, op[0], op[1], v,
			       fold_binary(f, fold_ops[k].prec));
	}
	return v;
}

void map_expr_fold(struct strbuf *out, size_t start, int hex)
{
	struct token_list tl = TOKEN_LIST_INIT;
	struct fold f;
	int64_t v;

	lex_buffer(out->buf + start, out->len - start, &tl);
	f = (struct fold){ out->buf + start, tl.tokens, tl.nr, 0, 0 };
	v = fold_binary(&f, 0);
	if (!f.bad && f.i == f.nr && tl.nr > 1 && v >= 0) {
		strbuf_setlen(out, start);
		strbuf_addf(out, hex ? "0x%" PRIx64 : "%" PRId64, v);
	}
	token_list_release(&tl);
}

/* names whose parentheses evaluate nothing */
static const char *const pure_words[] = { "sizeof",  "_Alignof",
					  "alignof", "__alignof__",
					  "typeof",  "__typeof__" };
static const char *const effect_ops[] = { "++", "--",  "=",  "+=", "-=",
					  "*=", "/=",  "%=", "&=", "|=",
					  "^=", "<<=", ">>=" };

int map_expr_side_effect(const char *arg)
{
	struct token_list tl = TOKEN_LIST_INIT;
	size_t i;
	int effect = 0;

	lex_buffer(arg, strlen(arg), &tl);
	for (i = 0; i < tl.nr && !effect; i++) {
		const struct token *t = &tl.tokens[i];

		if (t->type == TOKEN_PUNCT)
			effect = token_in(arg, t, effect_ops,
					  ARRAY_SIZE(effect_ops));
		else if (t->type == TOKEN_IDENT && i + 1 < tl.nr)
			effect = token_is(arg, &tl.tokens[i + 1], "(") &&
				 !token_in(arg, t, pure_words,
					   ARRAY_SIZE(pure_words));
	}
	token_list_release(&tl);
	return effect;
}
