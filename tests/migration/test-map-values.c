/*
 * test-map-values.c - values known from outside a call's text
 * (map-values.h): a text's key, a value per file, a text two files give
 * different values known in neither, and the lookup a case's condition
 * decides on (map-case.h).
 */
#include <stdlib.h>
#include <string.h>

#include "map-values.h"
#include "strlist.h"
#include "unit.h"
#include "util.h"

static void check_key(const char *text, const char *want)
{
	char *key = map_values_key(text, strlen(text));

	check_str(key, want);
	free(key);
}

static void test_key(void)
{
	check_key("  SZ_4K ", "SZ_4K");
	check_key("(1 << 16)", "1<<16");
	check_key("((1<<16))", "1<<16");
	check_key("(a) + (b)", "(a)+(b)");
	check_key("sizeof (struct x)", "sizeof(struct x)");
	check_key("a - -b", "a- -b");
	check_key("~0U >>\n\t1", "~0U>>1");
	check_int(map_text_encloses("(a) + (b)", 9), 0);
	check_int(map_text_encloses("((a) + (b))", 11), 1);
}

static void test_files(void)
{
	struct map_values v = MAP_VALUES_INIT;
	const struct map_values_file *a, *b;
	struct map_lookup lookup;
	struct strlist texts = STRLIST_INIT;

	map_values_add(&v, "a.c", "MY_LIMIT", 8, 0);
	map_values_add(&v, "a.c", "(1 << 16)", 9, 65536);
	map_values_add(&v, "a.c", "SHARED", 6, 0);
	map_values_add(&v, "b.c", "SHARED", 6, 5);
	map_values_add(&v, "b.c", "1<<16", 5, 65536);
	a = map_values_file(&v, "a.c");
	b = map_values_file(&v, "b.c");
	check_true(a && b);
	check_ptr(map_values_file(&v, "c.c"), NULL);
	lookup = map_values_lookup(a);
	check_str(lookup.literal(lookup.data, "MY_LIMIT", 8), "0");
	check_str(lookup.literal(lookup.data, "1<<16", 5), "65536");
	/* two files, two values: known in neither */
	check_ptr(lookup.literal(lookup.data, "SHARED", 6), NULL);
	lookup = map_values_lookup(b);
	check_ptr(lookup.literal(lookup.data, "SHARED", 6), NULL);
	/* only where it was evaluated */
	check_ptr(lookup.literal(lookup.data, "MY_LIMIT", 8), NULL);
	lookup = map_values_lookup(NULL);
	check_ptr(lookup.literal(lookup.data, "MY_LIMIT", 8), NULL);
	check_size(map_values_nr_known(&v), 2);
	map_values_texts(&v, 0, 0, &texts);
	check_size(texts.nr, 1);
	check_str(texts.nr ? texts.items[0].string : "", "MY_LIMIT");
	strlist_clear(&texts, 0);
	map_values_texts(&v, 1, 0, &texts);
	check_size(texts.nr, 2);
	strlist_clear(&texts, 0);
	map_values_release(&v);
}

static const struct unit_test tests[] = {
	{ "a text's key: its tokens, outer parentheses off", test_key },
	{ "values per file; two values are none", test_files },
	{ NULL, NULL }
};

UNIT_MAIN("map-values", tests)
