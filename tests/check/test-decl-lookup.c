/*
 * test-decl-lookup.c - what a file's own text says about a name or an
 * argument expression (decl-lookup.h), for the calls libclang cannot
 * describe: declarations, the file's index, and the shapes of
 * expressions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decl-lookup.h"
#include "lexer.h"
#include "strlist.h"
#include "unit.h"

static void test_declarations_in_text(void)
{
	static const char text[] =
		"static struct class *mem_class, *sound_class;\n"
		"struct w { struct class *cls; char name[16]; };\n"
		"static struct w *wp;\n"
		"int f(struct tty_driver *driver, unsigned index)\n"
		"{ return index; }\n";
	struct token_list tokens = TOKEN_LIST_INIT;
	struct source_text src = { text, sizeof(text) - 1, &tokens, NULL,
				   NULL };
	struct expr_guess g;
	char *type;

	lex_buffer(text, src.len, &tokens);
	type = decl_type(&src, "sound_class", src.len, 0);
	check_str(type, "struct class *");
	free(type);
	type = decl_type(&src, "driver", src.len, 0);
	check_str(type, "struct tty_driver *");
	free(type);
	type = decl_type(&src, "index", src.len, 0);
	check_str(type, "unsigned");
	free(type);
	CU_ASSERT_PTR_NULL(decl_type(&src, "nothing", src.len, 0));
	/* a member is not a variable, and the other way round */
	CU_ASSERT_PTR_NULL(decl_type(&src, "cls", src.len, 0));
	CU_ASSERT_PTR_NULL(decl_type(&src, "driver", src.len, 1));
	type = decl_type(&src, "name", src.len, 1);
	check_str(type, "char *");
	free(type);
	guess_expression(&src, "wp->cls", src.len, &g);
	check_str(g.type, "struct class *");
	CU_ASSERT_TRUE(g.from_declaration);
	expr_guess_release(&g);
	guess_expression(&src, "wp->name + 6", src.len, &g);
	check_str(g.type, "char *");
	expr_guess_release(&g);
	guess_expression(&src, "(struct device *) 0", src.len, &g);
	check_str(g.type, "struct device *");
	CU_ASSERT_TRUE(g.is_null);
	expr_guess_release(&g);
	guess_expression(&src, "\"a\" \"b%d\"", src.len, &g);
	CU_ASSERT_TRUE(g.is_literal);
	check_str(g.literal, "ab%d");
	expr_guess_release(&g);
	token_list_release(&tokens);
}

/* the nearest declaration before wins, the same with the file's index */
static void test_declarations_indexed(void)
{
	static const char text[] =
		"struct w { struct class *x; };\n"
		"static dev_t x;\n"
		"void f(void) { c = class_create(THIS_MODULE, \"snd\"); }\n"
		"static struct class *x;\n";
	struct token_list tokens = TOKEN_LIST_INIT;
	struct source_text src = { text, sizeof(text) - 1, &tokens, NULL,
				   NULL };
	size_t middle = (size_t)(strstr(text, "void f") - text);
	char *type, *name;
	int pass;

	lex_buffer(text, src.len, &tokens);
	for (pass = 0; pass < 2; pass++) {
		type = decl_type(&src, "x", middle, 0);
		check_str(type, "dev_t");
		free(type);
		type = decl_type(&src, "x", src.len, 0);
		check_str(type, "struct class *");
		free(type);
		type = decl_type(&src, "x", 0, 0); /* none before: the first */
		check_str(type, "dev_t");
		free(type);
		type = decl_type(&src, "x", src.len, 1);
		check_str(type, "struct class *");
		free(type);
		name = decl_created_name(&src, "w->c");
		check_str(name, "snd");
		free(name);
		CU_ASSERT_PTR_NULL(decl_created_name(&src, "x"));
		if (!src.index) /* the same again, with the index */
			src.index = decl_index_new(text, &tokens);
	}
	decl_index_free(src.index);
	token_list_release(&tokens);
}

/* expr's guessed type is want (NULL: unknown), printed when it is not */
static void check_guess(const struct source_text *src, const char *expr,
			const char *want)
{
	struct expr_guess g;

	guess_expression(src, expr, src->len, &g);
	if (want ? !g.type || strcmp(g.type, want) : !!g.type)
		fprintf(stderr, "  '%s': '%s', expected '%s'\n", expr,
			g.type ? g.type : "(unknown)",
			want ? want : "(unknown)");
	if (want)
		check_str(g.type, want);
	else
		CU_ASSERT_PTR_NULL(g.type);
	expr_guess_release(&g);
}

/*
 * A dereference gives the pointee's type, a member the type its own
 * record's definition gives it; what cannot be followed is unknown,
 * never the type of a member of the name in another record
 */
static void test_dereference_and_member(void)
{
	static const char text[] =
		"struct other { int name; long *tag; };\n"
		"struct label { char text[8]; };\n"
		"struct board {\n"
		"	char name[16];\n"
		"	union { unsigned char *tag; int id; };\n"
		"	struct board *next;\n"
		"	struct label label;\n"
		"};\n"
		"void f(struct board *b, char **names, struct board one,\n"
		"       struct board **pb, int n, handle_t *h)\n"
		"{\n";
	struct token_list tokens = TOKEN_LIST_INIT;
	struct source_text src = { text, sizeof(text) - 1, &tokens, NULL,
				   NULL };

	lex_buffer(text, src.len, &tokens);
	check_guess(&src, "*names", "char *");
	check_guess(&src, "**names", "char");
	check_guess(&src, "*n", NULL);
	check_guess(&src, "*names + 1", "char *");
	check_guess(&src, "b->name", "char *");
	check_guess(&src, "*b->name", "char");
	check_guess(&src, "b->tag", "unsigned char *");
	check_guess(&src, "b->next->name", "char *");
	check_guess(&src, "one.name", "char *");
	check_guess(&src, "one->name", NULL);
	check_guess(&src, "b.name", NULL);
	check_guess(&src, "(*pb)->tag", "unsigned char *");
	check_guess(&src, "pb[0]->name", "char *");
	check_guess(&src, "b->label.text", "char *");
	check_guess(&src, "__entry->name", NULL);
	check_guess(&src, "h->name", NULL);
	check_guess(&src, "b->missing", NULL);
	check_guess(&src, "((struct other *)h)->tag", "long *");
	token_list_release(&tokens);
}

/* every string macro of a text, and the first of a name is the lookup's */
static void test_string_macros(void)
{
	static const char text[] = "#define NAME \"first\"\n"
				   "#define NUMBER 3\n"
				   "#define NAME \"second\"\n"
				   "#define JOINED \"a\" /* b */ \"c\"\n"
				   "#define CALL(x) \"call\"\n"
				   "#define MIXED \"m\" NUMBER\n"
				   "#define EMPTY\n"
				   "#undef NAME\n";
	static const char *const want[][2] = {
		{ "NAME", "first" },
		{ "NAME", "second" },
		{ "JOINED", "ac" },
	};
	static const char *const names[] = {
		"NAME", "NUMBER", "JOINED", "CALL", "MIXED", "EMPTY", "UNKNOWN",
	};
	struct token_list tokens = TOKEN_LIST_INIT;
	struct source_text src = { text, sizeof(text) - 1, &tokens, NULL,
				   NULL };
	struct strlist list = STRLIST_INIT;
	size_t k;

	lex_buffer(text, src.len, &tokens);
	decl_string_macros(&src, &list);
	check_uint_fatal(list.nr, ARRAY_SIZE(want));
	for (k = 0; k < list.nr; k++) {
		check_str(list.items[k].string, want[k][0]);
		check_str(list.items[k].util, want[k][1]);
	}
	/* what decl_string_macro() says of each name: the list's first */
	for (k = 0; k < ARRAY_SIZE(names); k++) {
		char *value = decl_string_macro(&src, names[k]);
		size_t i;

		for (i = 0; i < list.nr; i++)
			if (!strcmp(list.items[i].string, names[k]))
				break;
		if (i < list.nr) {
			CU_ASSERT_PTR_NOT_NULL(value);
			if (value)
				check_str(value, list.items[i].util);
		} else {
			CU_ASSERT_PTR_NULL(value);
		}
		free(value);
	}
	strlist_clear(&list, 1);
	token_list_release(&tokens);
}

static const struct unit_test tests[] = {
	{ "a dereference, a member of its own record",
	  test_dereference_and_member },
	{ "declarations and shapes in the text", test_declarations_in_text },
	{ "every string macro, the first of a name the lookup's",
	  test_string_macros },
	{ "the nearest declaration, with the index or without",
	  test_declarations_indexed },
	{ NULL, NULL }
};

UNIT_MAIN("decl-lookup", tests)
