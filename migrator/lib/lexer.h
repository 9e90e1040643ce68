/*
 * lexer.h - a small C lexer that works on bytes, for finding call sites.
 *
 * lex_buffer() cuts a buffer into tokens: identifiers, numbers, string
 * and character literals (with escapes and L/u/U/u8 prefixes), comments
 * (block and line), punctuators, and single bytes that start no C token
 * (bytes >= 0x80 or control bytes outside literals and comments, '@',
 * '`', a stray '\').
 * Whitespace is not a token.  A line ends at LF, at CR-LF and at a CR
 * alone (old Mac files, which gcc and clang read as lines too), so CRLF
 * and CR-only files lex like LF files.  A backslash before a line end is
 * a line splice: whitespace between tokens, and it continues line
 * comments and preprocessor directives.  Nothing is decoded: any byte,
 * NUL included, may appear inside a literal or a comment, and an
 * unterminated literal ends at its line's end, an unterminated comment
 * at the buffer's end.
 *
 * Each token records the preprocessor directive it belongs to (0 for
 * ordinary code); directive d starts at token directive_hash[d - 1], its
 * '#'.  The caller owns the buffer; tokens only hold offsets into it.
 *
 * Caller's steps: struct token_list list = TOKEN_LIST_INIT;
 * lex_buffer(buf, len, &list); use list.tokens[0 .. list.nr - 1];
 * token_list_release(&list).
 */
#ifndef KM_LEXER_H
#define KM_LEXER_H

#include <stddef.h>

struct strbuf;
struct strlist;

enum token_type {
	TOKEN_IDENT,
	TOKEN_NUMBER,
	TOKEN_STRING,
	TOKEN_CHAR,
	TOKEN_PUNCT,
	TOKEN_COMMENT,
	TOKEN_OTHER,
};

struct token {
	enum token_type type;
	size_t start, end; /* bytes [start, end) of the buffer */
	size_t directive;  /* 0: code; else 1-based directive number */
};

struct token_list {
	struct token *tokens;
	size_t nr, alloc;
	size_t *directive_hash; /* token index of each directive's '#' */
	size_t nr_directives, alloc_directives;
};

#define TOKEN_LIST_INIT                \
	{                              \
		NULL, 0, 0, NULL, 0, 0 \
	}

/*
 * 1 when the byte at pos (< len) ends a line: a LF, or a CR that no LF
 * follows; the LF of a CR-LF ends it.  Every line count and "rest of
 * the line" uses it, so a CR-only file has lines everywhere.
 */
int lex_line_end(const char *buf, size_t len, size_t pos);

/* append the tokens of buf to list (which is normally empty) */
void lex_buffer(const char *buf, size_t len, struct token_list *list);
void token_list_release(struct token_list *list);

/* 1 if the token's bytes are exactly text */
int token_is(const char *buf, const struct token *tok, const char *text);
/* the token is one of the nr words */
int token_in(const char *buf, const struct token *tok, const char *const *words,
	     size_t nr);

/* 1 for comments: the tokens that do not count as code */
static inline int token_is_comment(const struct token *tok)
{
	return tok->type == TOKEN_COMMENT;
}

/*
 * The directive's name ("define", "ifdef", ...) as a token index, or
 * (size_t)-1 when the directive is empty ("#" alone).
 */
size_t directive_name(const struct token_list *list, size_t directive);

/* 1 for #if, #ifdef, #ifndef, #elif, #else, #endif */
int directive_is_conditional(const struct token_list *list, const char *buf,
			     size_t directive);

/* 1 for an identifier that starts an expression: return, sizeof, ... */
int token_is_expr_keyword(const char *buf, const struct token *tok);

/*
 * the next token after i that is not a comment, in i's directive or in
 * code; (size_t)-1 if there is none
 */
size_t token_next_code(const struct token_list *list, size_t i);
/* the index of the last token that starts at or before offset */
size_t token_list_find(const struct token_list *list, size_t offset);

/*
 * Macro definitions.  define_name(): for "#define NAME ...", NAME's
 * token index, else (size_t)-1.  define_is_function_like(): '(' right
 * after that name.  define_has_param(): param is one of the parameters
 * of the function-like macro of that directive.  define_body(): append
 * the body of the object-like macro NAME to body; 0 if the buffer does
 * not define it.
 */
size_t define_name(const struct token_list *list, const char *buf,
		   size_t directive);
int define_is_function_like(const struct token_list *list, const char *buf,
			    size_t name);
int define_has_param(const struct token_list *list, const char *buf,
		     size_t directive, const char *param);
int define_body(const struct token_list *list, const char *buf,
		const char *name, struct strbuf *body);
/* the same, of the #define of that directive */
void define_directive_body(const struct token_list *list, const char *buf,
			   size_t directive, struct strbuf *body);
/*
 * param is the variadic parameter of the function-like macro of that
 * directive: "args" of "#define f(args...)", or __VA_ARGS__ of
 * "#define f(...)".  It stands for any number of arguments.
 */
int define_variadic_param(const struct token_list *list, const char *buf,
			  size_t directive, const char *param);

/*
 * Types, whitespace-normalised: words separated by one space, '*'
 * after a space ("struct class_device *", "char **"); storage classes
 * and qualifiers (static, const, __iomem, ...) are dropped.
 */
void type_normalise(struct strbuf *out, const char *buf,
		    const struct token *toks, size_t from, size_t to);
void type_normalise_text(struct strbuf *out, const char *type);

/*
 * The code of text[0..len) on one line without blanks or comments, as
 * two spellings of the same expression compare: "MKDEV(0, 0)" is
 * "MKDEV(0,0)"; adjacent words keep one space ("unsigned long").
 */
void lex_squeeze(struct strbuf *out, const char *text, size_t len);

/*
 * Push the normalised type of every simple declaration of name in code
 * ("TYPE name;", "TYPE name =", "TYPE name," and "TYPE name)") to types.
 */
void find_declared_types(const struct token_list *list, const char *buf,
			 const char *name, struct strlist *types);
/*
 * 1 when the identifier at token i is the name of such a declaration,
 * its normalised type in type; else 0
 */
int declared_type_at(const struct token_list *list, const char *buf, size_t i,
		     struct strbuf *type);

#endif
