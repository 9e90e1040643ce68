/*
 * test-lexer.c - the byte-level C lexer and its queries.
 */
#include <string.h>

#include "lexer.h"
#include "strbuf.h"
#include "strlist.h"
#include "unit.h"

struct lexed {
	const char *buf;
	struct token_list list;
};

static void lex(struct lexed *lx, const char *buf, size_t len)
{
	struct token_list init = TOKEN_LIST_INIT;

	lx->buf = buf;
	lx->list = init;
	lex_buffer(buf, len, &lx->list);
}

static void lex_str(struct lexed *lx, const char *buf)
{
	lex(lx, buf, strlen(buf));
}

/* token i has this type and these bytes */
static int tok_eq(const struct lexed *lx, size_t i, enum token_type type,
		  const char *text)
{
	const struct token *t;

	if (i >= lx->list.nr)
		return 0;
	t = &lx->list.tokens[i];
	return t->type == type && token_is(lx->buf, t, text);
}

static void test_basic_tokens(void)
{
	struct lexed lx;

	lex_str(&lx, "p->cdev = f(0x1fU, a...b);");
	check_int(lx.list.nr, 13);
	CU_ASSERT(tok_eq(&lx, 0, TOKEN_IDENT, "p"));
	CU_ASSERT(tok_eq(&lx, 1, TOKEN_PUNCT, "->"));
	CU_ASSERT(tok_eq(&lx, 2, TOKEN_IDENT, "cdev"));
	CU_ASSERT(tok_eq(&lx, 3, TOKEN_PUNCT, "="));
	CU_ASSERT(tok_eq(&lx, 6, TOKEN_NUMBER, "0x1fU"));
	CU_ASSERT(tok_eq(&lx, 9, TOKEN_PUNCT, "..."));
	CU_ASSERT(tok_eq(&lx, 12, TOKEN_PUNCT, ";"));
	check_int(lx.list.tokens[2].start, 3);
	check_int(lx.list.tokens[2].end, 7);
	check_int(lx.list.tokens[0].directive, 0);
	token_list_release(&lx.list);
}

static void test_comments(void)
{
	struct lexed lx;

	lex_str(&lx, "a /* f(x, y) */ b // f(z)\nc");
	check_int(lx.list.nr, 5);
	CU_ASSERT(tok_eq(&lx, 1, TOKEN_COMMENT, "/* f(x, y) */"));
	CU_ASSERT(tok_eq(&lx, 3, TOKEN_COMMENT, "// f(z)"));
	CU_ASSERT(tok_eq(&lx, 4, TOKEN_IDENT, "c"));
	token_list_release(&lx.list);

	/* a line comment goes on past a backslash-newline */
	lex_str(&lx, "// one \\\n two\nthree");
	check_int(lx.list.nr, 2);
	CU_ASSERT(tok_eq(&lx, 0, TOKEN_COMMENT, "// one \\\n two"));
	CU_ASSERT(tok_eq(&lx, 1, TOKEN_IDENT, "three"));
	token_list_release(&lx.list);

	/* an unterminated comment ends at the end of the buffer */
	lex_str(&lx, "x /* never closed");
	check_int(lx.list.nr, 2);
	CU_ASSERT(tok_eq(&lx, 1, TOKEN_COMMENT, "/* never closed"));
	token_list_release(&lx.list);
}

static void test_literals_with_escapes(void)
{
	struct lexed lx;

	lex_str(&lx, "f(\"a\\\"b, (c\", '\\'', ',', L\"w\", u8\"u\")");
	CU_ASSERT(tok_eq(&lx, 2, TOKEN_STRING, "\"a\\\"b, (c\""));
	CU_ASSERT(tok_eq(&lx, 4, TOKEN_CHAR, "'\\''"));
	CU_ASSERT(tok_eq(&lx, 6, TOKEN_CHAR, "','"));
	CU_ASSERT(tok_eq(&lx, 8, TOKEN_STRING, "L\"w\""));
	CU_ASSERT(tok_eq(&lx, 10, TOKEN_STRING, "u8\"u\""));
	CU_ASSERT(tok_eq(&lx, 11, TOKEN_PUNCT, ")"));
	check_int(lx.list.nr, 12);
	token_list_release(&lx.list);

	/* an unterminated string ends at its line */
	lex_str(&lx, "\"open\nnext");
	check_int(lx.list.nr, 2);
	CU_ASSERT(tok_eq(&lx, 0, TOKEN_STRING, "\"open"));
	CU_ASSERT(tok_eq(&lx, 1, TOKEN_IDENT, "next"));
	token_list_release(&lx.list);
}

static void test_directives_and_splices(void)
{
	struct lexed lx;
	size_t name;

	lex_str(&lx,
		"#define M(c) f(c, \\\n\t\t1)\nint y;\n#ifdef X\n#endif\n");
	check_int(lx.list.nr_directives, 3);
	/* every token up to the unspliced newline is in directive 1 */
	CU_ASSERT(tok_eq(&lx, 10, TOKEN_NUMBER, "1"));
	check_int(lx.list.tokens[10].directive, 1);
	check_int(lx.list.tokens[11].directive, 1);
	CU_ASSERT(tok_eq(&lx, 12, TOKEN_IDENT, "int"));
	check_int(lx.list.tokens[12].directive, 0);
	name = directive_name(&lx.list, 1);
	CU_ASSERT(tok_eq(&lx, name, TOKEN_IDENT, "define"));
	check_int(define_name(&lx.list, lx.buf, 1), 2);
	CU_ASSERT(define_is_function_like(&lx.list, lx.buf, 2));
	CU_ASSERT(define_has_param(&lx.list, lx.buf, 1, "c"));
	CU_ASSERT(!define_has_param(&lx.list, lx.buf, 1, "f"));
	CU_ASSERT(!directive_is_conditional(&lx.list, lx.buf, 1));
	CU_ASSERT(directive_is_conditional(&lx.list, lx.buf, 2));
	CU_ASSERT(directive_is_conditional(&lx.list, lx.buf, 3));
	token_list_release(&lx.list);

	/* '#' opens a directive only as the first token of a line */
	lex_str(&lx, "a # b\n/* c */ # define D 1\n");
	check_int(lx.list.nr_directives, 1);
	check_int(lx.list.tokens[1].directive, 0);
	check_int(lx.list.tokens[4].directive, 1);
	token_list_release(&lx.list);
}

static void test_crlf(void)
{
	struct lexed lx;

	lex_str(&lx, "#define A \\\r\n 1\r\nint b;\r\n// c\r\nd");
	check_int(lx.list.nr_directives, 1);
	CU_ASSERT(tok_eq(&lx, 3, TOKEN_NUMBER, "1"));
	check_int(lx.list.tokens[3].directive, 1);
	CU_ASSERT(tok_eq(&lx, 4, TOKEN_IDENT, "int"));
	check_int(lx.list.tokens[4].directive, 0);
	/* a line comment ends at LF: the CR before it is its last byte */
	CU_ASSERT(tok_eq(&lx, 7, TOKEN_COMMENT, "// c\r"));
	CU_ASSERT(tok_eq(&lx, 8, TOKEN_IDENT, "d"));
	token_list_release(&lx.list);
}

static void test_cr_only(void)
{
	struct lexed lx;

	/* old Mac line ends: a CR alone ends the directive and the comment */
	lex_str(&lx, "#if X\rint b;\r// c\rd\r#define E \\\r 1\r"
		     "\"s\rt\"");
	check_int(lx.list.nr_directives, 2);
	CU_ASSERT(tok_eq(&lx, 3, TOKEN_IDENT, "int"));
	check_int(lx.list.tokens[3].directive, 0);
	CU_ASSERT(tok_eq(&lx, 6, TOKEN_COMMENT, "// c"));
	CU_ASSERT(tok_eq(&lx, 7, TOKEN_IDENT, "d"));
	check_int(lx.list.tokens[7].directive, 0);
	/* a backslash-CR is a splice: 1 is still in the #define */
	CU_ASSERT(tok_eq(&lx, 11, TOKEN_NUMBER, "1"));
	check_int(lx.list.tokens[11].directive, 2);
	/* an unterminated literal ends at the CR */
	CU_ASSERT(tok_eq(&lx, 12, TOKEN_STRING, "\"s"));
	CU_ASSERT(tok_eq(&lx, 13, TOKEN_IDENT, "t"));
	CU_ASSERT(lex_line_end("a\rb", 3, 1));
	CU_ASSERT(!lex_line_end("a\r\nb", 4, 1));
	CU_ASSERT(lex_line_end("a\r\nb", 4, 2));
	CU_ASSERT(lex_line_end("a\r", 2, 1));
	token_list_release(&lx.list);
}

static void test_nul_bytes(void)
{
	static const char buf[] = "/* a \0 b */ f(\0x, \"\0\");";
	struct lexed lx;

	lex(&lx, buf, sizeof(buf) - 1);
	check_int_fatal(lx.list.nr, 9);
	check_int(lx.list.tokens[0].type, TOKEN_COMMENT);
	check_int(lx.list.tokens[0].end, 11);
	check_int(lx.list.tokens[3].type, TOKEN_OTHER);
	check_int(lx.list.tokens[6].type, TOKEN_STRING);
	check_int(lx.list.tokens[6].end - lx.list.tokens[6].start, 3);
	token_list_release(&lx.list);
}

static void test_bytes_not_utf8(void)
{
	static const char buf[] = "/* caf\xe9 */ \"r\xe9seau\" x\xe9y \x01";
	struct lexed lx;

	lex(&lx, buf, sizeof(buf) - 1);
	CU_ASSERT(tok_eq(&lx, 0, TOKEN_COMMENT, "/* caf\xe9 */"));
	CU_ASSERT(tok_eq(&lx, 1, TOKEN_STRING, "\"r\xe9seau\""));
	CU_ASSERT(tok_eq(&lx, 2, TOKEN_IDENT, "x"));
	CU_ASSERT(tok_eq(&lx, 3, TOKEN_OTHER, "\xe9"));
	CU_ASSERT(tok_eq(&lx, 4, TOKEN_IDENT, "y"));
	CU_ASSERT(tok_eq(&lx, 5, TOKEN_OTHER, "\x01"));
	check_int(lx.list.nr, 6);
	token_list_release(&lx.list);

	/* a NUL byte is one byte of its own, never a punctuator */
	lex(&lx, "a\0b", 3);
	check_int(lx.list.nr, 3);
	check_int(lx.list.tokens[1].type, TOKEN_OTHER);
	token_list_release(&lx.list);
}

static void test_macro_body(void)
{
	struct strbuf body = STRBUF_INIT;
	struct lexed lx;

	lex_str(&lx, "#define DEV MKDEV(1, \\\n 2) /* c */\n"
		     "#define FN(x) x\n");
	CU_ASSERT(define_body(&lx.list, lx.buf, "DEV", &body));
	check_str(body.buf, "MKDEV(1, \\\n 2) /* c */");
	strbuf_reset(&body);
	/* function-like macros have no body to evaluate */
	CU_ASSERT(!define_body(&lx.list, lx.buf, "FN", &body));
	CU_ASSERT(!define_body(&lx.list, lx.buf, "NONE", &body));
	strbuf_release(&body);
	token_list_release(&lx.list);
}

static void test_declared_types(void)
{
	struct strlist types = STRLIST_INIT;
	struct lexed lx;

	lex_str(&lx, "static struct class_device*parent;\n"
		     "void f(const dev_t devt, struct class_device * parent)\n"
		     "{ int x = parent; return devt; g(devt); x = devt; }\n"
		     "dev_t devt = 0;\n");
	find_declared_types(&lx.list, lx.buf, "parent", &types);
	check_int(types.nr, 2);
	check_str(types.items[0].string, "struct class_device *");
	check_str(types.items[1].string, "struct class_device *");
	strlist_clear(&types, 0);
	/* return devt; g(devt); x = devt; are uses, not declarations */
	find_declared_types(&lx.list, lx.buf, "devt", &types);
	check_int(types.nr, 2);
	check_str(types.items[0].string, "dev_t");
	check_str(types.items[1].string, "dev_t");
	strlist_clear(&types, 0);
	token_list_release(&lx.list);
}

static void test_type_normalise(void)
{
	struct strbuf sb = STRBUF_INIT;

	type_normalise_text(&sb, "  struct   class_device*");
	check_str(sb.buf, "struct class_device *");
	strbuf_reset(&sb);
	type_normalise_text(&sb, "const char * *");
	check_str(sb.buf, "char **");
	strbuf_reset(&sb);
	type_normalise_text(&sb, "dev_t");
	check_str(sb.buf, "dev_t");
	strbuf_release(&sb);
}

static void test_find_token(void)
{
	struct lexed lx;

	lex_str(&lx, "ab  cd /* x */ ef");
	check_int(token_list_find(&lx.list, 0), 0);
	check_int(token_list_find(&lx.list, 4), 1);
	check_int(token_list_find(&lx.list, 5), 1);
	check_int(token_next_code(&lx.list, 1), 3);
	check_int(token_next_code(&lx.list, 3), (size_t)-1);
	token_list_release(&lx.list);
}

static const struct unit_test tests[] = {
	{ "identifiers, numbers and punctuators with offsets",
	  test_basic_tokens },
	{ "block and line comments, spliced and unterminated", test_comments },
	{ "string and char literals with escapes and prefixes",
	  test_literals_with_escapes },
	{ "directives end at an unspliced newline",
	  test_directives_and_splices },
	{ "CRLF lexes like LF", test_crlf },
	{ "a CR alone ends a line", test_cr_only },
	{ "NUL bytes are bytes like any other", test_nul_bytes },
	{ "bytes that are not UTF-8 are kept as bytes", test_bytes_not_utf8 },
	{ "the body of an object-like macro", test_macro_body },
	{ "declared types of an identifier", test_declared_types },
	{ "types are whitespace-normalised", test_type_normalise },
	{ "token lookup by offset and next code token", test_find_token },
	{ NULL, NULL }
};

UNIT_MAIN("lexer", tests)
