/*
 * test-slice.c - the slices spatch is given: which function bodies and
 * initializers are blanked, which are kept and why, and that a slice
 * keeps every offset and line of the file.
 */
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "slice.h"
#include "unit.h"
#include "util.h"

static const char *const names[] = { "frob", NULL };

/* the slice of text for "frob", and how many bytes were blanked */
static char *slice(const char *text, size_t *blanked)
{
	struct token_list tokens = TOKEN_LIST_INIT;
	size_t len = strlen(text);
	char *buf = xstrdup(text);

	lex_buffer(buf, len, &tokens);
	*blanked = slice_text(buf, len, &tokens, names);
	token_list_release(&tokens);
	return buf;
}

/* what every slice keeps: its length, and each '\n' where it was */
static int keeps_lines(const char *text, const char *sliced)
{
	size_t i, len = strlen(text);

	if (strlen(sliced) != len)
		return 0;
	for (i = 0; i < len; i++)
		if ((text[i] == '\n') != (sliced[i] == '\n'))
			return 0;
	return 1;
}

static void test_bodies(void)
{
	const char *text = "static int a;\n"
			   "int f(void)\n{\n\treturn 1;\n}\n"
			   "int g(int x)\n{\n\treturn frob(x);\n}\n";
	const char *want = "static int a;\n"
			   "int f(void)\n{\n          \n}\n"
			   "int g(int x)\n{\n\treturn frob(x);\n}\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	check_str(s, want);
	check_int(blanked, 10);
	free(s);
}

/* the scan of the slice must find what the scan of the file finds */
static void test_kept_mentions(void)
{
	const char *text =
		"int f(void)\n{\n\t/* not frob() here */\n\treturn 1;\n}\n"
		"int g(void)\n{\n\tputs(\"frob\");\n\treturn 2;\n}\n"
		"int frob(int x)\n{\n\treturn x;\n}\n"
		"/* h() calls frob() through a pointer */\n"
		"int h(void)\n{\n\treturn 3;\n}\n"
		"int frobnicate(void)\n{\n\treturn 4;\n}\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	CU_ASSERT(keeps_lines(text, s));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "return 1;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "return 2;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "return x;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "return 3;"));
	/* a longer name is another name */
	CU_ASSERT_PTR_NULL(strstr(s, "return 4;"));
	check_int(blanked, strlen("\treturn 4;"));
	free(s);
}

/* braces count as in the first branch; directive lines stay as they are */
static void test_conditionals_in_bodies(void)
{
	const char *text = "int f(int x)\n{\n"
			   "#ifdef CONFIG_A\n\tif (x) {\n"
			   "#elif defined(CONFIG_B)\n\tif (!x) {\n"
			   "#else\n\twhile (x) {\n#endif\n"
			   "\t\tx++;\n\t}\n"
			   "#define TWICE(y) \\\n\t((y) * 2)\n"
			   "\treturn TWICE(x);\n}\n"
			   "int g(void)\n{\n\treturn frob(1);\n}\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	CU_ASSERT(keeps_lines(text, s));
	CU_ASSERT(blanked > 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\n#ifdef CONFIG_A\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\n#elif defined(CONFIG_B)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\n#else\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\n#endif\n"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(s, "\n#define TWICE(y) \\\n\t((y) * 2)\n"));
	CU_ASSERT_PTR_NULL(strstr(s, "if (x)"));
	CU_ASSERT_PTR_NULL(strstr(s, "while"));
	CU_ASSERT_PTR_NULL(strstr(s, "return TWICE"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "return frob(1);"));
	free(s);
}

/* a body a conditional crosses (two headers, one body) is kept */
static void test_conditional_across_a_body(void)
{
	const char *text = "#ifdef CONFIG_A\nint f(int x)\n{\n\tx++;\n"
			   "#else\nint f(long x)\n{\n#endif\n"
			   "\treturn x;\n}\n"
			   "int g(void)\n{\n\treturn 2;\n}\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	CU_ASSERT(keeps_lines(text, s));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "\tx++;\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "int f(long x)\n{\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "return x;"));
	CU_ASSERT_PTR_NULL(strstr(s, "return 2;"));
	free(s);
}

/* macros at file scope and K&R definitions are not bodies to blank */
static void test_macros_and_k_and_r(void)
{
	const char *text = "#define BODY { return 5; }\n"
			   "#define DEFINE_GET(n) int get_##n(void) BODY\n"
			   "DEFINE_GET(a);\n"
			   "int old(a, b)\n\tint a;\n\tchar *b;\n{\n"
			   "\treturn a + 6;\n}\n"
			   "SYSCALL_DEFINE1(x, int, y)\n{\n\treturn y + 7;\n}\n"
			   "static int __init f(void) __attribute__((cold))\n"
			   "{\n\treturn 8;\n}\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	CU_ASSERT(keeps_lines(text, s));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "{ return 5; }"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "return a + 6;"));
	CU_ASSERT_PTR_NULL(strstr(s, "return y + 7;"));
	CU_ASSERT_PTR_NULL(strstr(s, "return 8;"));
	free(s);
}

static void test_file_scope_braces(void)
{
	const char *text = "struct ops {\n\tint (*open)(void);\n};\n"
			   "enum { A = 1, B };\n"
			   "static struct ops quiet = {\n\t.open = 0,\n};\n"
			   "static struct ops loud = {\n\t.open = frob,\n};\n"
			   "static int n = ({ 9; });\n"
			   "static int *p = (int[]){ 10, 11 };\n"
			   "int v[] = { 12 }, w[] = { 13 };\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	CU_ASSERT(keeps_lines(text, s));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "struct ops {\n\tint (*open)(void);"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "enum { A = 1, B };"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "static struct ops quiet = {\n"));
	CU_ASSERT_PTR_NULL(strstr(s, ".open = 0,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, ".open = frob,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "({ 9; })"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "{ 10, 11 }"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "int v[] = {    }, w[] = {    };"));
	free(s);
}

/* a type defined with attributes is no function, one returning it is */
static void test_aggregates_and_functions(void)
{
	const char *text =
		"typedef struct __attribute__((packed)) {\n\tint a1;\n} t1;\n"
		"struct __aligned(8) {\n\tint a2;\n} v2;\n"
		"union __attribute__((packed)) {\n\tint a3;\n} v3;\n"
		"typedef int (*fn_t)(int);\n"
		"struct foo *f1(void)\n{\n\treturn b1;\n}\n"
		"struct foo f2(void) __attribute__((cold))\n{\n\treturn b2;\n}\n"
		"static enum mode __init f3(int x)\n{\n\treturn b3;\n}\n"
		"int f4(struct foo *p, union bar u)\n{\n\treturn b4;\n}\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	CU_ASSERT(keeps_lines(text, s));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "int a1;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "int a2;"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "int a3;"));
	CU_ASSERT_PTR_NULL(strstr(s, "return b1;"));
	CU_ASSERT_PTR_NULL(strstr(s, "return b2;"));
	CU_ASSERT_PTR_NULL(strstr(s, "return b3;"));
	CU_ASSERT_PTR_NULL(strstr(s, "return b4;"));
	free(s);
}

/* a file whose braces or conditionals do not balance is left whole */
static void test_unbalanced(void)
{
	static const char *const texts[] = {
		"int f(void)\n{\n\treturn 1;\n}\n}\n",
		"int f(void)\n{\n\treturn 1;\n",
		"int f(void)\n{\n\treturn 1;\n}\n#endif\n",
		"#ifdef A\nint f(void)\n{\n\treturn 1;\n}\n",
		"int f(void)\n{\n#if A\n\treturn 1;\n#else\n}\n",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(texts); i++) {
		size_t blanked;
		char *s = slice(texts[i], &blanked);

		check_int(blanked, 0);
		check_str(s, texts[i]);
		free(s);
	}
}

static void test_crlf(void)
{
	const char *text = "int f(void)\r\n{\r\n\treturn 1;\r\n}\r\n"
			   "int g(void)\r\n{\r\n\tfrob();\r\n}\r\n";
	const char *want = "int f(void)\r\n{ \n           \n}\r\n"
			   "int g(void)\r\n{\r\n\tfrob();\r\n}\r\n";
	size_t blanked;
	char *s = slice(text, &blanked);

	check_str(s, want);
	check_int(blanked, 12);
	free(s);
}

static const struct unit_test tests[] = {
	{ "a body without the name is blanked, one with it kept", test_bodies },
	{ "the name in a comment, a string or a header keeps the body",
	  test_kept_mentions },
	{ "conditionals in a body: first branch braces, directives kept",
	  test_conditionals_in_bodies },
	{ "a body a conditional crosses is kept",
	  test_conditional_across_a_body },
	{ "macros and K&R definitions", test_macros_and_k_and_r },
	{ "structs, enums, initializers at file scope",
	  test_file_scope_braces },
	{ "a type defined with attributes is kept, a function blanked",
	  test_aggregates_and_functions },
	{ "unbalanced braces or conditionals: no slice", test_unbalanced },
	{ "CRLF: every line kept", test_crlf },
	{ NULL, NULL }
};

UNIT_MAIN("slice", tests)
