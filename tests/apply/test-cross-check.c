/*
 * test-cross-check.c - a converted text against its original: each call
 * the same, converted as the map says (token for token, whitespace
 * aside), or something else, which fails the file.
 */
#include <string.h>

#include "cross-check.h"
#include "migration.h"
#include "test-migration-data.h"
#include "unit.h"

static const char frob_text[] =
	"name: frob\nfunction: frob\nnew-function: frob2\n"
	"header: include/frob.h\n"
	"old-prototype: int frob(struct module *owner, int a, char *b)\n"
	"new-prototype: int frob2(char *b, int a)\n"
	"new-call: $3 $2\ndrop: 1 THIS_MODULE\ncocci: x.cocci\nsubject: s\n"
	"description: d\n";

/* cross_check(before, after); changes[] for the first calls */
static int compare(const struct migration *m, const char *before,
		   const char *after, enum call_change *changes, size_t max)
{
	struct scanned_text a, b;
	enum call_change all[16];
	size_t where, i;
	int ret;

	scanned_text_init(&a, "t.c", before, strlen(before), m);
	scanned_text_init(&b, "t.c", after, strlen(after), m);
	CU_ASSERT_FATAL(a.scan.nr_sites <= 16);
	ret = cross_check(&a, &b, m, all, &where);
	for (i = 0; i < max && i < a.scan.nr_sites; i++)
		changes[i] = all[i];
	scanned_text_release(&a);
	scanned_text_release(&b);
	return ret;
}

static void test_insert(void)
{
	struct migration m;
	enum call_change c[2];

	check_int_fatal(test_migration_parse(&m), 0);
	check_int(
		compare(&m,
			"x = class_device_create(c, MKDEV(1, 2), NULL, \"a\");\n"
			"y = class_device_create(c, NULL, 0, NULL, \"b\");\n",
			"x = class_device_create(c,NULL,MKDEV(1,2),NULL,\n\"a\");\n"
			"y = class_device_create(c, NULL, 0, NULL, \"b\");\n",
			c, 2),
		0);
	check_int(c[0], CALL_CONVERTED);
	check_int(c[1], CALL_SAME);
	/* another value inserted is no conversion */
	check_int(
		compare(&m,
			"x = class_device_create(c, MKDEV(1, 2), NULL, \"a\");\n",
			"x = class_device_create(c, 0, MKDEV(1, 2), NULL, \"a\");\n",
			c, 1),
		-1);
	/* a change outside the calls fails the file */
	check_int(
		compare(&m,
			"int a; x = class_device_create(c, MKDEV(1, 2), NULL, \"a\");\n",
			"long a; x = class_device_create(c, NULL, MKDEV(1, 2), NULL, "
			"\"a\");\n",
			c, 1),
		-1);
	migration_release(&m);
}

static void test_rename_remove_and_swap(void)
{
	struct migration m;
	enum call_change c[3];

	memset(&m, 0, sizeof(m));
	check_int_fatal(migration_parse(&m, frob_text, "frob"), 0);
	check_int(
		compare(&m,
			"n = frob(THIS_MODULE, 1, \"a\") + frob(me, i, /* b */ s);\n"
			"m = frob2(\"c\", 3);\n",
			"n = frob2(\"a\", 1) + frob2(/* b */ s, i);\n"
			"m = frob2(\"c\", 3);\n",
			c, 3),
		0);
	check_int(c[0], CALL_CONVERTED);
	check_int(c[1], CALL_CONVERTED);
	check_int(c[2], CALL_SAME);
	/* the old order under the new name is no conversion */
	check_int(compare(&m, "n = frob(THIS_MODULE, 1, \"a\");\n",
			  "n = frob2(1, \"a\");\n", c, 1),
		  -1);
	/* the comment is part of the argument */
	check_int(compare(&m, "n = frob(THIS_MODULE, 1, /* b */ s);\n",
			  "n = frob2(s, 1);\n", c, 1),
		  -1);
	migration_release(&m);
}

/* found by make fuzz: a call in another call's arguments */
static void test_nested_calls(void)
{
	static const char a[] =
		"x = class_device_create(c, MKDEV(1, 2), NULL, \"%s\", "
		"class_device_create(d, MKDEV(1, 3), NULL, \"y\"));";
	static const char both[] =
		"x = class_device_create(c, NULL, MKDEV(1, 2), NULL, \"%s\", "
		"class_device_create(d, NULL, MKDEV(1, 3), NULL, \"y\"));";
	static const char inner[] =
		"x = class_device_create(c, MKDEV(1, 2), NULL, \"%s\", "
		"class_device_create(d, NULL, MKDEV(1, 3), NULL, \"y\"));";
	static const char wrong[] =
		"x = class_device_create(c, NULL, MKDEV(1, 2), NULL, \"%s\", "
		"class_device_create(d, NULL, MKDEV(1, 4), NULL, \"y\"));";
	struct migration m;
	enum call_change c[2];

	check_int_fatal(test_migration_parse(&m), 0);
	check_int(compare(&m, a, both, c, 2), 0);
	check_int(c[0], CALL_CONVERTED);
	check_int(c[1], CALL_CONVERTED);
	check_int(compare(&m, a, inner, c, 2), 0);
	check_int(c[0], CALL_SAME);
	check_int(c[1], CALL_CONVERTED);
	check_int(compare(&m, a, wrong, c, 2), -1);
	migration_release(&m);
}

/* nested calls where the map moves arguments: each side by offset */
static void test_nested_calls_moved(void)
{
	struct migration m;
	enum call_change c[2];

	memset(&m, 0, sizeof(m));
	check_int_fatal(migration_parse(&m, frob_text, "frob"), 0);
	check_int(
		compare(&m,
			"n = frob(THIS_MODULE, frob(THIS_MODULE, 2, \"i\"), \"o\");\n",
			"n = frob2(\"o\", frob2(\"i\", 2));\n", c, 2),
		0);
	check_int(c[0], CALL_CONVERTED);
	check_int(c[1], CALL_CONVERTED);
	migration_release(&m);
}

/* found by make fuzz: an occurrence in a directive between arguments */
static void test_directive_in_arguments(void)
{
	struct migration m;
	enum call_change c[2];

	check_int_fatal(test_migration_parse(&m), 0);
	check_int(compare(&m,
			  "class_device_create(a,\n"
			  "#define H class_device_create()\n"
			  "b, c, \"x\")",
			  "class_device_create(a, NULL,\n"
			  "#define H class_device_create()\n"
			  "b, c, \"x\")",
			  c, 2),
		  0);
	check_int(c[0], CALL_CONVERTED);
	check_int(c[1], CALL_SAME);
	migration_release(&m);
}

static const struct unit_test tests[] = {
	{ "an inserted value, and nothing else", test_insert },
	{ "a rename with a removal and a swap", test_rename_remove_and_swap },
	{ "nested calls each converted", test_nested_calls },
	{ "nested calls, arguments moved", test_nested_calls_moved },
	{ "a directive between arguments", test_directive_in_arguments },
	{ NULL, NULL }
};

UNIT_MAIN("cross-check", tests)
