/*
 * lexer.c - the byte-level C lexer (see lexer.h for the contract).
 *
 * One pass, no backtracking past the current token: skip whitespace and
 * line splices (a newline outside a splice ends a directive and starts a
 * new line), then read one token from its first byte.  A '#' that is the
 * first token of a line outside a directive opens a directive; every
 * token up to the next unspliced newline belongs to it.
 *
 * The queries at the end answer what the classification of a call asks
 * about the rest of its file: macro definitions and simple declarations
 * (their limits are described in call-site.c).
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

struct lexer {
	const char *buf;
	size_t len, pos;
	int bol;	  /* no token but comments yet on this line */
	size_t directive; /* the directive being lexed, 0 outside */
	struct token_list *list;
};

static int is_ident_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

static int is_ident_char(unsigned char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

static int is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * A line ends at "\n", at "\r\n" (its "\n"), and at a CR that no "\n"
 * follows: old Mac files, which gcc and clang read as lines too.
 */
static int is_lone_cr(const struct lexer *lx, size_t pos)
{
	return lx->buf[pos] == '\r' &&
	       (pos + 1 >= lx->len || lx->buf[pos + 1] != '\n');
}

static int is_line_end(const struct lexer *lx, size_t pos)
{
	return lx->buf[pos] == '\n' || is_lone_cr(lx, pos);
}

int lex_line_end(const char *buf, size_t len, size_t pos)
{
	return buf[pos] == '\n' ||
	       (buf[pos] == '\r' && (pos + 1 >= len || buf[pos + 1] != '\n'));
}

/* the length of a line splice ("\\\n", "\\\r\n", "\\\r") at pos, else 0 */
static size_t splice_len(const struct lexer *lx, size_t pos)
{
	const char *b = lx->buf;

	if (pos + 1 >= lx->len || b[pos] != '\\')
		return 0;
	if (b[pos + 1] == '\n')
		return 2;
	if (pos + 2 < lx->len && b[pos + 1] == '\r' && b[pos + 2] == '\n')
		return 3;
	if (b[pos + 1] == '\r')
		return 2;
	return 0;
}

static void skip_space(struct lexer *lx)
{
	while (lx->pos < lx->len) {
		char c = lx->buf[lx->pos];
		size_t splice;

		if (is_line_end(lx, lx->pos)) {
			lx->directive = 0;
			lx->bol = 1;
			lx->pos++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' ||
			   c == '\f') {
			lx->pos++;
		} else if ((splice = splice_len(lx, lx->pos))) {
			lx->pos += splice;
		} else {
			break;
		}
	}
}

static size_t block_comment_end(const struct lexer *lx, size_t pos)
{
	const char *end = memmem(lx->buf + pos + 2, lx->len - pos - 2, "*/", 2);

	return end ? (size_t)(end - lx->buf) + 2 : lx->len;
}

/* a line comment ends before the first line end that is not spliced */
static size_t line_comment_end(const struct lexer *lx, size_t pos)
{
	size_t at;

	for (at = pos + 2; at < lx->len; at++) {
		if (lx->buf[at] == '\\' && splice_len(lx, at)) {
			at += splice_len(lx, at) - 1;
			continue;
		}
		if (is_line_end(lx, at))
			return at;
	}
	return lx->len;
}

/* pos is at the opening quote; an unterminated literal ends at its line */
static size_t literal_end(const struct lexer *lx, size_t pos, char quote)
{
	size_t i = pos + 1;

	while (i < lx->len) {
		char c = lx->buf[i];

		if (c == '\\') {
			i++;
			if (i + 1 < lx->len && lx->buf[i] == '\r' &&
			    lx->buf[i + 1] == '\n')
				i++;
			i++;
			continue;
		}
		if (c == quote)
			return i + 1;
		if (is_line_end(lx, i))
			return i;
		i++;
	}
	return lx->len;
}

static size_t ident_end(const struct lexer *lx, size_t pos)
{
	while (pos < lx->len && is_ident_char((unsigned char)lx->buf[pos]))
		pos++;
	return pos;
}

/* a preprocessing number: digits, letters, '.', and exponent signs */
static size_t number_end(const struct lexer *lx, size_t pos)
{
	while (pos < lx->len) {
		unsigned char c = (unsigned char)lx->buf[pos];

		if ((c == '+' || c == '-') &&
		    memchr("eEpP", lx->buf[pos - 1], 4)) {
			pos++;
			continue;
		}
		if (!is_ident_char(c) && c != '.')
			break;
		pos++;
	}
	return pos;
}

static size_t punct_len(const struct lexer *lx, size_t pos)
{
	static const char *const three[] = { "...", "<<=", ">>=" };
	static const char *const two[] = {
		"->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
		"||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##",
	};
	size_t left = lx->len - pos, i;

	for (i = 0; left >= 3 && i < ARRAY_SIZE(three); i++)
		if (!memcmp(lx->buf + pos, three[i], 3))
			return 3;
	for (i = 0; left >= 2 && i < ARRAY_SIZE(two); i++)
		if (!memcmp(lx->buf + pos, two[i], 2))
			return 2;
	return 1;
}

static void push_token(struct lexer *lx, enum token_type type, size_t end)
{
	struct token_list *list = lx->list;
	struct token *tok;

	ALLOC_GROW(list->tokens, list->nr + 1, list->alloc);
	tok = &list->tokens[list->nr++];
	tok->type = type;
	tok->start = lx->pos;
	tok->end = end;
	tok->directive = lx->directive;
	lx->pos = end;
	if (type != TOKEN_COMMENT)
		lx->bol = 0;
}

static void open_directive(struct lexer *lx)
{
	struct token_list *list = lx->list;

	ALLOC_GROW(list->directive_hash, list->nr_directives + 1,
		   list->alloc_directives);
	list->directive_hash[list->nr_directives++] = list->nr;
	lx->directive = list->nr_directives;
}

/* an identifier, or the encoding prefix of a literal (L"x", u8'c') */
static void lex_word(struct lexer *lx)
{
	size_t end = ident_end(lx, lx->pos), n = end - lx->pos;
	const char *w = lx->buf + lx->pos;
	int prefix = (n == 1 && strchr("LuU", *w)) ||
		     (n == 2 && w[0] == 'u' && w[1] == '8');

	if (prefix && end < lx->len &&
	    (lx->buf[end] == '"' || lx->buf[end] == '\'')) {
		char quote = lx->buf[end];

		push_token(lx, quote == '"' ? TOKEN_STRING : TOKEN_CHAR,
			   literal_end(lx, end, quote));
		return;
	}
	push_token(lx, TOKEN_IDENT, end);
}

static void lex_one(struct lexer *lx)
{
	size_t pos = lx->pos;
	unsigned char c = (unsigned char)lx->buf[pos];
	unsigned char next = pos + 1 < lx->len ? lx->buf[pos + 1] : 0;

	if (c == '/' && next == '*')
		push_token(lx, TOKEN_COMMENT, block_comment_end(lx, pos));
	else if (c == '/' && next == '/')
		push_token(lx, TOKEN_COMMENT, line_comment_end(lx, pos));
	else if (c == '"' || c == '\'')
		push_token(lx, c == '"' ? TOKEN_STRING : TOKEN_CHAR,
			   literal_end(lx, pos, (char)c));
	else if (is_ident_start(c))
		lex_word(lx);
	else if (is_digit(c) || (c == '.' && is_digit(next)))
		push_token(lx, TOKEN_NUMBER, number_end(lx, pos + 1));
	else if (!c || !strchr("!%&()*+,-./:;<=>?[]^{|}~#", c))
		push_token(lx, TOKEN_OTHER, pos + 1);
	else {
		if (c == '#' && lx->bol && !lx->directive)
			open_directive(lx);
		push_token(lx, TOKEN_PUNCT, pos + punct_len(lx, pos));
	}
}

void lex_buffer(const char *buf, size_t len, struct token_list *list)
{
	struct lexer lx = { buf, len, 0, 1, 0, list };

	for (;;) {
		skip_space(&lx);
		if (lx.pos >= len)
			break;
		lex_one(&lx);
	}
}

void token_list_release(struct token_list *list)
{
	free(list->tokens);
	free(list->directive_hash);
	memset(list, 0, sizeof(*list));
}

int token_is(const char *buf, const struct token *tok, const char *text)
{
	size_t n = strlen(text);

	return tok->end - tok->start == n && !memcmp(buf + tok->start, text, n);
}

size_t directive_name(const struct token_list *list, size_t directive)
{
	size_t i;

	if (!directive || directive > list->nr_directives)
		return (size_t)-1;
	for (i = list->directive_hash[directive - 1] + 1; i < list->nr; i++) {
		const struct token *tok = &list->tokens[i];

		if (tok->directive != directive)
			break;
		if (tok->type == TOKEN_COMMENT)
			continue;
		return tok->type == TOKEN_IDENT ? i : (size_t)-1;
	}
	return (size_t)-1;
}

int directive_is_conditional(const struct token_list *list, const char *buf,
			     size_t directive)
{
	static const char *const names[] = {
		"if",	"ifdef", "ifndef",  "elif",
		"else", "endif", "elifdef", "elifndef",
	};
	size_t name = directive_name(list, directive), i;

	if (name == (size_t)-1)
		return 0;
	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (token_is(buf, &list->tokens[name], names[i]))
			return 1;
	return 0;
}

/* ---- queries about a lexed buffer ---- */

/* words dropped from a declared type before comparing it */
static const char *const type_noise[] = {
	"static", "extern",   "register", "auto",   "inline",
	"const",  "volatile", "__iomem",  "__user", "__force",
};

/* identifiers that start an expression, never a declaration's type */
static const char *const expr_keywords[] = {
	"return", "sizeof",	"case",	    "else",	   "do",      "goto",
	"typeof", "__typeof__", "_Alignof", "__alignof__", "default",
};

int token_in(const char *buf, const struct token *tok, const char *const *words,
	     size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (token_is(buf, tok, words[i]))
			return 1;
	return 0;
}

int token_is_expr_keyword(const char *buf, const struct token *tok)
{
	return tok->type == TOKEN_IDENT &&
	       token_in(buf, tok, expr_keywords, ARRAY_SIZE(expr_keywords));
}

/* a one-byte punctuator that is one of the bytes in set */
static int punct_in(const char *buf, const struct token *tok, const char *set)
{
	return tok->type == TOKEN_PUNCT && tok->end - tok->start == 1 &&
	       strchr(set, buf[tok->start]);
}

size_t token_next_code(const struct token_list *list, size_t i)
{
	size_t dir = list->tokens[i].directive;

	for (i++; i < list->nr && list->tokens[i].directive == dir; i++)
		if (list->tokens[i].type != TOKEN_COMMENT)
			return i;
	return (size_t)-1;
}

size_t token_list_find(const struct token_list *list, size_t offset)
{
	size_t lo = 0, hi = list->nr;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (list->tokens[mid].start <= offset)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

size_t define_name(const struct token_list *list, const char *buf,
		   size_t directive)
{
	size_t name = directive_name(list, directive);

	if (name == (size_t)-1 || !token_is(buf, &list->tokens[name], "define"))
		return (size_t)-1;
	name = token_next_code(list, name);
	if (name == (size_t)-1 || list->tokens[name].type != TOKEN_IDENT)
		return (size_t)-1;
	return name;
}

int define_is_function_like(const struct token_list *list, const char *buf,
			    size_t name)
{
	const struct token *t = &list->tokens[name];

	return name + 1 < list->nr && t[1].directive == t->directive &&
	       t[1].start == t->end && punct_in(buf, &t[1], "(");
}

int define_has_param(const struct token_list *list, const char *buf,
		     size_t directive, const char *param)
{
	size_t def = define_name(list, buf, directive), i;

	if (def == (size_t)-1 || !define_is_function_like(list, buf, def))
		return 0;
	for (i = def + 2; i < list->nr; i++) {
		const struct token *t = &list->tokens[i];

		if (t->directive != directive || punct_in(buf, t, ")"))
			return 0;
		if (token_is(buf, t, param))
			return 1;
	}
	return 0;
}

int define_variadic_param(const struct token_list *list, const char *buf,
			  size_t directive, const char *param)
{
	size_t def = define_name(list, buf, directive), i;

	if (def == (size_t)-1 || !define_is_function_like(list, buf, def))
		return 0;
	for (i = def + 2; i < list->nr; i++) {
		const struct token *t = &list->tokens[i];

		if (t->directive != directive || punct_in(buf, t, ")"))
			return 0;
		if (!token_is(buf, t, "..."))
			continue;
		/* "args..." names it; "..." alone is __VA_ARGS__ */
		if (!strcmp(param, "__VA_ARGS__"))
			return 1;
		return i > def + 2 &&
		       token_is(buf, &list->tokens[i - 1], param);
	}
	return 0;
}

void define_directive_body(const struct token_list *list, const char *buf,
			   size_t directive, struct strbuf *body)
{
	size_t def = define_name(list, buf, directive), first, last;

	first = def == (size_t)-1 ? def : token_next_code(list, def);
	if (first == (size_t)-1)
		return;
	for (last = first; last + 1 < list->nr &&
			   list->tokens[last + 1].directive == directive;
	     last++)
		;
	strbuf_add(body, buf + list->tokens[first].start,
		   list->tokens[last].end - list->tokens[first].start);
}

int define_body(const struct token_list *list, const char *buf,
		const char *name, struct strbuf *body)
{
	size_t d, def;

	for (d = 1; d <= list->nr_directives; d++) {
		def = define_name(list, buf, d);
		if (def == (size_t)-1 ||
		    define_is_function_like(list, buf, def) ||
		    !token_is(buf, &list->tokens[def], name))
			continue;
		define_directive_body(list, buf, d, body);
		return 1;
	}
	return 0;
}

void type_normalise(struct strbuf *out, const char *buf,
		    const struct token *toks, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++) {
		const struct token *t = &toks[i];

		if (t->type == TOKEN_COMMENT ||
		    token_in(buf, t, type_noise, ARRAY_SIZE(type_noise)))
			continue;
		if (out->len &&
		    (t->type == TOKEN_IDENT || out->buf[out->len - 1] != '*'))
			strbuf_addch(out, ' ');
		strbuf_add(out, buf + t->start, t->end - t->start);
	}
}

void type_normalise_text(struct strbuf *out, const char *type)
{
	struct token_list list = TOKEN_LIST_INIT;

	lex_buffer(type, strlen(type), &list);
	type_normalise(out, type, list.tokens, 0, list.nr);
	token_list_release(&list);
}

void lex_squeeze(struct strbuf *out, const char *text, size_t len)
{
	struct token_list list = TOKEN_LIST_INIT;
	enum token_type prev = TOKEN_PUNCT;
	size_t i;

	lex_buffer(text, len, &list);
	for (i = 0; i < list.nr; i++) {
		const struct token *t = &list.tokens[i];
		int word = t->type == TOKEN_IDENT || t->type == TOKEN_NUMBER;

		if (t->type == TOKEN_COMMENT)
			continue;
		if (word && (prev == TOKEN_IDENT || prev == TOKEN_NUMBER))
			strbuf_addch(out, ' ');
		strbuf_add(out, text + t->start, t->end - t->start);
		prev = t->type;
	}
	token_list_release(&list);
}

/*
 * The first token of the type words before the declared name at token
 * i, or (size_t)-1 when what precedes the name is not "BOUNDARY TYPE":
 * the boundary is ';', '{', '}', '(', ',', a directive or the start.
 */
static size_t declared_type_start(const struct token_list *list,
				  const char *buf, size_t i)
{
	size_t start = i, j = i;
	int words = 0;

	while (j-- > 0) {
		const struct token *t = &list->tokens[j];

		if (t->type == TOKEN_COMMENT)
			continue;
		if (t->directive)
			break;
		if (t->type == TOKEN_IDENT && !token_is_expr_keyword(buf, t)) {
			words++;
			start = j;
		} else if (punct_in(buf, t, "*")) {
			start = j;
		} else if (punct_in(buf, t, ";{}(,")) {
			break;
		} else {
			return (size_t)-1;
		}
	}
	return words ? start : (size_t)-1;
}

int declared_type_at(const struct token_list *list, const char *buf, size_t i,
		     struct strbuf *type)
{
	const struct token *t = &list->tokens[i];
	size_t next, start;

	if (t->type != TOKEN_IDENT || t->directive)
		return 0;
	next = token_next_code(list, i);
	if (next == (size_t)-1 || !punct_in(buf, &list->tokens[next], ";=,)"))
		return 0;
	start = declared_type_start(list, buf, i);
	if (start == (size_t)-1)
		return 0;
	strbuf_reset(type);
	type_normalise(type, buf, list->tokens, start, i);
	return 1;
}

void find_declared_types(const struct token_list *list, const char *buf,
			 const char *name, struct strlist *types)
{
	struct strbuf type = STRBUF_INIT;
	size_t i;

	for (i = 0; i < list->nr; i++)
		if (token_is(buf, &list->tokens[i], name) &&
		    declared_type_at(list, buf, i, &type))
			strlist_push(types, type.buf);
	strbuf_release(&type);
}
