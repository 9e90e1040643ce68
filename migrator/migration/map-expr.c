/*
 * map-expr.c - the map's expression items (see map-expr.h): a small C
 * expression parser over lexer.h's tokens that gives each token its
 * role (operand, prefix, binary operator of some precedence, ...), from
 * which come the validity of "$1 ? &$1->dev : NULL", how tightly an
 * argument binds, and what each "$N"'s place needs; then the folding of
 * integer arithmetic, and what an argument evaluated twice would redo.
 *
 * Precedences are C's, higher binds tighter: 1 comma, 2 assignment, 3
 * conditional, 4 "||" up to 13 "*", 14 prefix operators and casts, 15
 * postfix and primary expressions.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "map-expr.h"
#include "strbuf.h"
#include "util.h"

enum expr_role {
	ROLE_NONE,
	ROLE_OPERAND, /* a name, a literal, a "$N" */
	ROLE_MEMBER,  /* the name after "->" or "." */
	ROLE_PREFIX,  /* "&", "-", sizeof, a cast's ')' */
	ROLE_CAST,    /* a cast's '(' and its type */
	ROLE_BINARY,  /* with its precedence */
	ROLE_ASSIGN,
	ROLE_QUESTION,
	ROLE_COLON,
	ROLE_POSTFIX, /* "->", ".", "++", a call's '(', '[' */
	ROLE_OPEN,    /* a parenthesised expression's '(' */
	ROLE_CLOSE,
	ROLE_COMMA, /* between a call's arguments */
};

#define PREC_PREFIX 14
#define PREC_POSTFIX 15

struct expr_parse {
	const char *buf;
	struct token_list tl;
	size_t i;
	unsigned char *role, *prec, *level;
	unsigned char depth;
	const char *why; /* NULL while it parses */
};

static const struct {
	const char *op;
	unsigned char prec;
} binary_ops[] = {
	{ "||", 4 },  { "&&", 5 },  { "|", 6 },	  { "^", 7 },  { "&", 8 },
	{ "==", 9 },  { "!=", 9 },  { "<", 10 },  { ">", 10 }, { "<=", 10 },
	{ ">=", 10 }, { "<<", 11 }, { ">>", 11 }, { "+", 12 }, { "-", 12 },
	{ "*", 13 },  { "/", 13 },  { "%", 13 },
};

static const char *const assign_ops[] = { "=",	"+=", "-=", "*=",  "/=", "%=",
					  "&=", "|=", "^=", "<<=", ">>=" };
static const char *const prefix_ops[] = { "&", "*", "+",  "-",
					  "!", "~", "++", "--" };
/* prefix operators on a type or an expression */
static const char *const size_words[] = { "sizeof", "_Alignof", "alignof",
					  "__alignof__" };
static const char *const type_words[] = {
	"struct", "union",  "enum",  "const", "volatile", "unsigned",
	"signed", "int",    "char",  "short", "long",	  "void",
	"float",  "double", "_Bool", "bool",
};

/* "$N": N, else 0 */
static int dollar_of(const char *buf, const struct token *t)
{
	const char *s = buf + t->start;
	size_t len = t->end - t->start, k;

	if (t->type != TOKEN_IDENT || len < 2 || *s != '$' || s[1] == '0')
		return 0;
	for (k = 1; k < len; k++)
		if (!isdigit((unsigned char)s[k]))
			return 0;
	return len > 5 || atoi(s + 1) > 1000 ? 0 : atoi(s + 1);
}

static const struct token *cur(const struct expr_parse *p)
{
	return p->i < p->tl.nr ? &p->tl.tokens[p->i] : NULL;
}

static int cur_is(const struct expr_parse *p, const char *text)
{
	const struct token *t = cur(p);

	return t && t->type == TOKEN_PUNCT && token_is(p->buf, t, text);
}

static int in(const struct expr_parse *p, const char *const *words, size_t nr)
{
	const struct token *t = cur(p);

	return t && token_in(p->buf, t, words, nr);
}

static unsigned char binary_prec(const struct expr_parse *p)
{
	const struct token *t = cur(p);
	size_t k;

	for (k = 0; t && t->type == TOKEN_PUNCT && k < ARRAY_SIZE(binary_ops);
	     k++)
		if (token_is(p->buf, t, binary_ops[k].op))
			return binary_ops[k].prec;
	return 0;
}

static void mark(struct expr_parse *p, enum expr_role role, unsigned char prec)
{
	p->role[p->i] = (unsigned char)role;
	p->prec[p->i] = prec;
	p->level[p->i] = p->depth;
	p->i++;
}

static void fail(struct expr_parse *p, const char *why)
{
	if (!p->why)
		p->why = why;
	p->i = p->tl.nr;
}

static void expect(struct expr_parse *p, const char *text, enum expr_role role,
		   const char *why)
{
	if (cur_is(p, text))
		mark(p, role, 0);
	else
		fail(p, why);
}

/*
 * The '(' at p->i opens a type ("(struct dev *)", "(u32)" before an
 * operand): the index of its ')', else 0
 */
static size_t type_group(const struct expr_parse *p, int cast)
{
	const struct token *t = p->tl.tokens;
	size_t j = p->i + 1, words = 0, stars = 0;

	for (; j < p->tl.nr; j++) {
		if (t[j].type == TOKEN_IDENT && !dollar_of(p->buf, &t[j]))
			words++;
		else if (token_is(p->buf, &t[j], "*") && words)
			stars++;
		else
			break;
	}
	if (!words || j >= p->tl.nr || !token_is(p->buf, &t[j], ")"))
		return 0;
	if (words > 1 || stars ||
	    token_in(p->buf, &t[p->i + 1], type_words, ARRAY_SIZE(type_words)))
		return j;
	/* "(name)" is a cast when an operand follows it */
	if (!cast || j + 1 >= p->tl.nr)
		return 0;
	t += j + 1;
	return t->type == TOKEN_IDENT || t->type == TOKEN_NUMBER ||
			       t->type == TOKEN_STRING ||
			       t->type == TOKEN_CHAR ||
			       token_is(p->buf, t, "(") ||
			       token_is(p->buf, t, "!") ||
			       token_is(p->buf, t, "~") ?
		       j :
		       0;
}

/* a type in parentheses, its '(' at p->i and ')' at close */
static void mark_type(struct expr_parse *p, size_t close, enum expr_role end)
{
	p->depth++;
	while (p->i < close)
		mark(p, ROLE_CAST, 0);
	p->depth--;
	mark(p, end, 0);
}

static void parse_expr(struct expr_parse *p);

static void parse_postfix(struct expr_parse *p)
{
	while (cur(p) && !p->why) {
		if (cur_is(p, "->") || cur_is(p, ".")) {
			mark(p, ROLE_POSTFIX, 0);
			if (!cur(p) || cur(p)->type != TOKEN_IDENT ||
			    dollar_of(p->buf, cur(p)))
				fail(p,
				     "a member name must follow '->' or '.'");
			else
				mark(p, ROLE_MEMBER, 0);
		} else if (cur_is(p, "++") || cur_is(p, "--")) {
			mark(p, ROLE_POSTFIX, 0);
		} else if (cur_is(p, "[")) {
			mark(p, ROLE_POSTFIX, 0);
			p->depth++;
			parse_expr(p);
			p->depth--;
			expect(p, "]", ROLE_CLOSE, "an unclosed '['");
		} else if (cur_is(p, "(")) {
			mark(p, ROLE_POSTFIX, 0);
			p->depth++;
			while (!cur_is(p, ")") && !p->why) {
				parse_expr(p);
				if (cur_is(p, ","))
					mark(p, ROLE_COMMA, 0);
				else if (!cur_is(p, ")"))
					fail(p, "an unclosed '('");
			}
			p->depth--;
			expect(p, ")", ROLE_CLOSE, "an unclosed '('");
		} else {
			return;
		}
	}
}

/* the prefix operators, the operand, its postfix operators */
static void parse_unary(struct expr_parse *p)
{
	const struct token *t;
	size_t close;

	while (in(p, prefix_ops, ARRAY_SIZE(prefix_ops)) ||
	       in(p, size_words, ARRAY_SIZE(size_words))) {
		int size = in(p, size_words, ARRAY_SIZE(size_words));

		mark(p, ROLE_PREFIX, 0);
		if (size && cur_is(p, "(") && (close = type_group(p, 0))) {
			mark_type(p, close, ROLE_CLOSE);
			return;
		}
	}
	t = cur(p);
	if (!t) {
		fail(p, "an operand is missing at the end");
	} else if (cur_is(p, "(") && (close = type_group(p, 1))) {
		mark_type(p, close, ROLE_PREFIX);
		parse_unary(p);
		return;
	} else if (cur_is(p, "(")) {
		mark(p, ROLE_OPEN, 0);
		p->depth++;
		parse_expr(p);
		p->depth--;
		expect(p, ")", ROLE_CLOSE, "an unclosed '('");
	} else if (t->type == TOKEN_STRING) {
		while (cur(p) && cur(p)->type == TOKEN_STRING)
			mark(p, ROLE_OPERAND, 0);
	} else if (t->type == TOKEN_IDENT || t->type == TOKEN_NUMBER ||
		   t->type == TOKEN_CHAR) {
		mark(p, ROLE_OPERAND, 0);
	} else {
		fail(p, "an operand is missing");
	}
	parse_postfix(p);
}

/* an expression without a top-level comma */
static void parse_expr(struct expr_parse *p)
{
	unsigned char prec;

	while (!p->why) {
		parse_unary(p);
		if ((prec = binary_prec(p))) {
			mark(p, ROLE_BINARY, prec);
		} else if (in(p, assign_ops, ARRAY_SIZE(assign_ops))) {
			mark(p, ROLE_ASSIGN, 0);
		} else if (cur_is(p, "?")) {
			mark(p, ROLE_QUESTION, 0);
			parse_expr(p);
			expect(p, ":", ROLE_COLON, "a '?' without its ':'");
		} else {
			return;
		}
	}
}

/* parse text: 0, or -1 with p->why */
static int expr_parse_init(struct expr_parse *p, const char *text)
{
	size_t n;

	memset(p, 0, sizeof(*p));
	p->buf = text;
	lex_buffer(text, strlen(text), &p->tl);
	n = p->tl.nr + 1;
	p->role = xcalloc(n, 1);
	p->prec = xcalloc(n, 1);
	p->level = xcalloc(n, 1);
	if (!p->tl.nr)
		p->why = "nothing there";
	else
		parse_expr(p);
	if (!p->why && p->i < p->tl.nr)
		p->why = "two operands without an operator between them";
	return p->why ? -1 : 0;
}

static void expr_parse_release(struct expr_parse *p)
{
	token_list_release(&p->tl);
	free(p->role);
	free(p->prec);
	free(p->level);
}

/* how tightly the expression binds: its loosest top-level operator */
static unsigned char binding(const struct expr_parse *p)
{
	unsigned char least = PREC_POSTFIX;
	size_t i;

	if (p->why)
		return 0; /* not parsed: always parenthesised */
	for (i = 0; i < p->tl.nr; i++) {
		unsigned char prec = p->role[i] == ROLE_BINARY	 ? p->prec[i] :
				     p->role[i] == ROLE_QUESTION ? 3 :
				     p->role[i] == ROLE_ASSIGN	 ? 2 :
								   PREC_POSTFIX;

		if (!p->level[i] && prec < least)
			least = prec;
	}
	if (least == PREC_POSTFIX && p->tl.nr &&
	    (p->role[0] == ROLE_PREFIX || p->role[0] == ROLE_CAST))
		least = PREC_PREFIX;
	return least;
}

/* how tightly an operand at token i must bind, from its neighbours */
static unsigned char needs(const struct expr_parse *p, size_t i)
{
	unsigned char left = 0, right = 0;

	if (i > 0) {
		enum expr_role r = p->role[i - 1];

		left = r == ROLE_PREFIX ? PREC_PREFIX :
		       r == ROLE_BINARY ? p->prec[i - 1] + 1 :
		       r == ROLE_ASSIGN ? 2 :
		       r == ROLE_COLON	? 3 :
					  0;
	}
	if (i + 1 < p->tl.nr) {
		enum expr_role r = p->role[i + 1];

		right = r == ROLE_POSTFIX  ? PREC_POSTFIX :
			r == ROLE_BINARY   ? p->prec[i + 1] :
			r == ROLE_QUESTION ? 4 :
			r == ROLE_ASSIGN   ? PREC_PREFIX :
					     0;
	}
	return left > right ? left : right;
}

int map_expr_parse(const char *text, int *arg, struct strbuf *why)
{
	struct expr_parse p;
	size_t i;
	int ret = expr_parse_init(&p, text);

	*arg = 0;
	for (i = 0; i < p.tl.nr; i++) {
		const struct token *t = &p.tl.tokens[i];
		int n = dollar_of(text, t);

		if (n > *arg)
			*arg = n;
		if (!n && memchr(text + t->start, '$', t->end - t->start)) {
			strbuf_addstr(why, "a '$' that is not '$N'");
			ret = -1;
			goto out_release;
		}
	}
	if (ret < 0)
		strbuf_addf(why, "not a C expression: %s", p.why);
	else if (!*arg)
		strbuf_addstr(why, "no '$N' in it");
	ret = ret < 0 || !*arg ? -1 : 0;
out_release:
	expr_parse_release(&p);
	return ret;
}

int map_expr_uses(const char *expr, int arg)
{
	struct token_list tl = TOKEN_LIST_INIT;
	size_t i;
	int n = 0;

	lex_buffer(expr, strlen(expr), &tl);
	for (i = 0; i < tl.nr; i++)
		n += dollar_of(expr, &tl.tokens[i]) == arg;
	token_list_release(&tl);
	return n;
}

/* the argument's text, blanks trimmed, in parentheses if it needs them */
static void add_arg(struct strbuf *out, const char *arg, unsigned char need)
{
	struct expr_parse p;
	size_t len;

	while (isspace((unsigned char)*arg))
		arg++;
	len = strlen(arg);
	while (len && isspace((unsigned char)arg[len - 1]))
		len--;
	expr_parse_init(&p, arg);
	if (binding(&p) < need)
		strbuf_addf(out, "(%.*s)", (int)len, arg);
	else
		strbuf_add(out, arg, len);
	expr_parse_release(&p);
}

static int is_hex(const char *arg)
{
	while (isspace((unsigned char)*arg))
		arg++;
	return arg[0] == '0' && (arg[1] == 'x' || arg[1] == 'X');
}

void map_expr_text(const char *expr, const char *const *args, size_t nr,
		   int fold, struct strbuf *out)
{
	struct expr_parse p;
	size_t i, pos = 0, start = out->len;
	int hex = 0;

	expr_parse_init(&p, expr);
	for (i = 0; i < p.tl.nr; i++) {
		const struct token *t = &p.tl.tokens[i];
		int n = dollar_of(expr, t);
		const char *arg = n && (size_t)n <= nr ? args[n - 1] : "";

		strbuf_add(out, expr + pos, t->start - pos);
		if (n) {
			add_arg(out, arg, needs(&p, i));
			hex |= is_hex(arg);
		} else {
			strbuf_add(out, expr + t->start, t->end - t->start);
		}
		pos = t->end;
	}
	strbuf_addstr(out, expr + pos);
	expr_parse_release(&p);
	if (fold)
		map_expr_fold(out, start, hex);
}
