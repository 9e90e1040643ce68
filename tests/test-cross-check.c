/*
 * test-cross-check.c - does a converted text differ from the original
 * only by the argument inserted into calls, nested calls included?
 */
#include <stdlib.h>
#include <string.h>

#include "cross-check.h"
#include "migration.h"
#include "test-migration-data.h"
#include "unit.h"

static struct migration mig;

/* cross_check(a, b) with NULL as argument 2; changes[] of a's sites */
static int compare(const char *a_text, const char *b_text,
		   enum call_change *changes, size_t *nr)
{
	struct scanned_text a, b, def;
	size_t where;
	int ret;

	if (!mig.function)
		CU_ASSERT_FATAL(migration_parse(&mig, test_migration_text,
						"test") == 0);
	scanned_text_init(&a, "a.c", a_text, strlen(a_text), &mig);
	scanned_text_init(&b, "a.c", b_text, strlen(b_text), &mig);
	scanned_text_init(&def, "default", "NULL", 4, &mig);
	*nr = a.scan.nr_sites;
	ret = cross_check(&a, &b, &def, 2, changes, &where);
	scanned_text_release(&def);
	scanned_text_release(&b);
	scanned_text_release(&a);
	return ret;
}

static void test_inserted_and_same(void)
{
	enum call_change ch[4];
	size_t nr;

	CU_ASSERT_EQUAL(compare("f(); class_device_create(c, 0, d, \"x\");",
				"f(); class_device_create(c, NULL,\n\t0, d, "
				"\"x\");", ch, &nr), 0);
	CU_ASSERT_EQUAL(nr, 1);
	CU_ASSERT_EQUAL(ch[0], CALL_INSERTED);
	CU_ASSERT_EQUAL(compare("class_device_create(c, 0, d, \"x\");",
				"class_device_create(c,  0, d, \"x\");", ch,
				&nr), 0);
	CU_ASSERT_EQUAL(ch[0], CALL_SAME);
}

static void test_changed_elsewhere(void)
{
	enum call_change ch[4];
	size_t nr;

	CU_ASSERT_EQUAL(compare("g(1); class_device_create(c, 0, d, \"x\");",
				"g(2); class_device_create(c, NULL, 0, d, "
				"\"x\");", ch, &nr), -1);
	CU_ASSERT_EQUAL(compare("class_device_create(c, 0, d, \"x\");",
				"class_device_create(c, NULL, 0, e, \"x\");",
				ch, &nr), -1);
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
	enum call_change ch[4];
	size_t nr;

	CU_ASSERT_EQUAL(compare(a, both, ch, &nr), 0);
	CU_ASSERT_EQUAL_FATAL(nr, 2);
	CU_ASSERT_EQUAL(ch[0], CALL_INSERTED);
	CU_ASSERT_EQUAL(ch[1], CALL_INSERTED);
	CU_ASSERT_EQUAL(compare(a, inner, ch, &nr), 0);
	CU_ASSERT_EQUAL(ch[0], CALL_SAME);
	CU_ASSERT_EQUAL(ch[1], CALL_INSERTED);
	CU_ASSERT_EQUAL(compare(a, wrong, ch, &nr), -1);
}

/* found by make fuzz: an occurrence in a directive between arguments */
static void test_directive_in_arguments(void)
{
	enum call_change ch[4];
	size_t nr;

	CU_ASSERT_EQUAL(compare("class_device_create(a,\n"
				"#define H class_device_create()\n"
				"b, c, \"x\")",
				"class_device_create(a, NULL,\n"
				"#define H class_device_create()\n"
				"b, c, \"x\")", ch, &nr), 0);
	CU_ASSERT_EQUAL_FATAL(nr, 2);
	CU_ASSERT_EQUAL(ch[0], CALL_INSERTED);
	CU_ASSERT_EQUAL(ch[1], CALL_SAME);
}

static const struct unit_test tests[] = {
	{ "an inserted argument, whitespace aside", test_inserted_and_same },
	{ "any other change fails", test_changed_elsewhere },
	{ "nested calls each gain the argument", test_nested_calls },
	{ "a directive between arguments", test_directive_in_arguments },
	{ NULL, NULL }
};

UNIT_MAIN("cross-check", tests)
