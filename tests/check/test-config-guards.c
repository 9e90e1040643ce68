/*
 * test-config-guards.c - the CONFIG_ symbols the conditionals around a
 * piece of a file need defined (config-guards.h): what check defines
 * when it parses a file again for a call a tree never configured
 * leaves out.
 */
#include <stdio.h>
#include <string.h>

#include "config-guards.h"
#include "lexer.h"
#include "strlist.h"
#include "unit.h"
#include "util.h"

/* the symbols for the code at marker (its first byte) of text, joined */
static void check_guards(const char *text, const char *marker,
			 const char *expect)
{
	struct token_list tokens = TOKEN_LIST_INIT;
	struct strlist names = STRLIST_INIT;
	size_t offset = (size_t)(strstr(text, marker) - text), i;
	char got[256] = "";

	lex_buffer(text, strlen(text), &tokens);
	config_guards(text, &tokens, &offset, 1, &names, 16);
	for (i = 0; i < names.nr; i++)
		snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s%s",
			 i ? " " : "", names.items[i].string);
	if (strcmp(got, expect))
		fprintf(stderr, "  at '%s': '%s', expected '%s'\n", marker, got,
			expect);
	check_str(got, expect);
	strlist_clear(&names, 0);
	token_list_release(&tokens);
}

/* several offsets in one pass: each conditional's symbols once */
static void check_several(const char *text)
{
	static const char *const markers[] = { "HERE_A", "HERE_B", "HERE_C",
					       "HERE_E", "HERE_G" };
	struct token_list tokens = TOKEN_LIST_INIT;
	struct strlist names = STRLIST_INIT;
	size_t offsets[ARRAY_SIZE(markers)], i;

	for (i = 0; i < ARRAY_SIZE(markers); i++)
		offsets[i] = (size_t)(strstr(text, markers[i]) - text);
	lex_buffer(text, strlen(text), &tokens);
	config_guards(text, &tokens, offsets, ARRAY_SIZE(offsets), &names, 16);
	check_int((int)names.nr, 5);
	if (names.nr == 5) {
		check_str(names.items[0].string, "CONFIG_A");
		check_str(names.items[1].string, "CONFIG_B");
		check_str(names.items[2].string, "CONFIG_E");
		check_str(names.items[3].string, "CONFIG_G");
		check_str(names.items[4].string, "CONFIG_H");
	}
	/* the limit holds */
	strlist_clear(&names, 0);
	config_guards(text, &tokens, offsets, ARRAY_SIZE(offsets), &names, 2);
	check_int((int)names.nr, 2);
	strlist_clear(&names, 0);
	token_list_release(&tokens);
}

static void test_enclosing_conditionals(void)
{
	static const char text[] =
		"#ifdef CONFIG_A\n"
		"int a(void) { return HERE_A; }\n"
		"#if IS_ENABLED(CONFIG_B) && !defined(CONFIG_C)\n"
		"int b(void) { return HERE_B; }\n"
		"#endif\n"
		"#else\n"
		"int c(void) { return HERE_C; }\n"
		"#endif\n"
		"#ifndef CONFIG_D\n"
		"int d(void) { return HERE_D; }\n"
		"#elif defined(CONFIG_E) /* CONFIG_F in a comment */\n"
		"int e(void) { return HERE_E; }\n"
		"#endif\n"
		"#if defined CONFIG_G || CONFIG_H > 2\n"
		"#define X 1 /* CONFIG_I */\n"
		"int g(void) { return HERE_G; }\n"
		"#endif\n"
		"int h(void) { return HERE_H; }\n"
		"#ifdef CONFIG_CMDLINE\n"
		"const char *c = CONFIG_CMDLINE; /* HERE_V */\n"
		"#endif\n"
		"int on(void) { return IS_ENABLED(CONFIG_J); }\n"
		"#if defined(CONFIG_J) && defined(CONFIG_K)\n"
		"#define K_NAME CONFIG_K\n"
		"int j(void) { return HERE_J; }\n"
		"#endif\n";

	check_guards(text, "HERE_A", "CONFIG_A");
	check_guards(text, "HERE_B", "CONFIG_A CONFIG_B");
	/* an #else branch needs its #if false: nothing defined */
	check_guards(text, "HERE_C", "");
	check_guards(text, "HERE_D", "");
	check_guards(text, "HERE_E", "CONFIG_E");
	check_guards(text, "HERE_G", "CONFIG_G CONFIG_H");
	check_guards(text, "HERE_H", "");
	/*
	 * a symbol the file uses as a value: defined to 1 it would lie;
	 * IS_ENABLED(CONFIG_J) in code only tests it
	 */
	check_guards(text, "HERE_V", "");
	check_guards(text, "HERE_J", "CONFIG_J");
	check_several(text);
}

/* an #endif or #else with no #if, and nesting past the limit */
static void test_unbalanced(void)
{
	char text[8192] = "#endif\n#else\n";
	int i;

	for (i = 0; i < 70; i++)
		strcat(text, "#ifdef CONFIG_N\n");
	strcat(text, "int n(void) { return HERE_N; }\n");
	for (i = 0; i < 70; i++)
		strcat(text, "#endif\n");
	strcat(text, "#ifdef CONFIG_M\nint m(void) { return HERE_M; }\n");
	check_guards(text, "HERE_N", "CONFIG_N");
	check_guards(text, "HERE_M", "CONFIG_M");
}

static const struct unit_test tests[] = {
	{ "config guards: the conditionals around a call",
	  test_enclosing_conditionals },
	{ "config guards: unbalanced and deep conditionals", test_unbalanced },
	{ NULL, NULL },
};

UNIT_MAIN("config-guards", tests)
