/*
 * test-rule-argument-count.c - calls with an argument too few or too
 * many for the new prototype, and the advice of unconverted-call given
 * only when the map makes a valid call.
 */
#include "rule-test.h"

/* a new-form call that lost its format: 4 arguments, as the old form */
static void lost_format(struct rule_test *t)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_OLD, "cls", "NULL", "MKDEV(1, 2)", "dev",
		       NULL);
	rule_test_type(t, 1, "struct class *", TYPE_FROM_DECLARATION);
	rule_test_type(t, 2, "void *", TYPE_FROM_SHAPE);
	t->call.args[1].is_null = 1;
	rule_test_type(t, 3, "dev_t", TYPE_FROM_SHAPE);
	rule_test_type(t, 4, "struct device *", TYPE_FROM_DECLARATION);
}

static void test_missing_last_argument(void)
{
	struct rule_test t;

	lost_format(&t);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-count"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	check_str(rule_test_message(&t, "argument-count"),
		  "missing argument 5 (4 of 5 passed)");
	check_str(rule_test_detail(&t, "argument-count"),
		  "the tree declares 'struct class_device "
		  "*class_device_create(struct class *cls, struct "
		  "class_device *parent, dev_t devt, struct device *device, "
		  "char *fmt, ...)': argument 5 (char *fmt) is "
		  "missing; pass it");
	CU_ASSERT_EQUAL(t.findings.items[0].severity, SEVERITY_ERROR);
	rule_test_release(&t);
}

/* several missing: said, no value made up */
static void test_missing_arguments(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_AMBIGUOUS, "cls", "NULL", NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 2, "void *", TYPE_FROM_LIBCLANG);
	t.call.args[1].is_null = 1;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-count"), 1);
	check_int(rule_test_count(&t, "ambiguous-call"), 0);
	check_str(rule_test_message(&t, "argument-count"),
		  "missing argument 3 (2 of 5 passed)");
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "argument-count"),
				      "argument 3 (dev_t devt) is missing, "
				      "and the ones after it; pass it"));
	rule_test_release(&t);
}

/* a prototype without "...": one argument too many */
static void test_extra_argument(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	t.m.new_proto.variadic = 0;
	rule_test_call(&t, CALL_SITE_AMBIGUOUS, "cls", "NULL", "0", "dev",
		       "\"x\"", "i", NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 2, "void *", TYPE_FROM_LIBCLANG);
	t.call.args[1].is_null = 1;
	rule_test_type(&t, 3, "int", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 4, "struct device *", TYPE_FROM_LIBCLANG);
	rule_test_literal(&t, 5, "x");
	rule_test_type(&t, 6, "int", TYPE_FROM_LIBCLANG);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-count"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	check_str(rule_test_message(&t, "argument-count"),
		  "1 extra argument (6 passed, 5 taken)");
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "argument-count"),
				      ": remove argument 6 'i'"));
	rule_test_release(&t);
}

/* an old-form call the map converts: unconverted-call, with its fix */
static void test_convertible_old_call_is_not_counted(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_OLD, "cls", "MKDEV(1, 2)", "dev", "\"x\"",
		       NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_DECLARATION);
	rule_test_type(&t, 2, "dev_t", TYPE_FROM_SHAPE);
	rule_test_type(&t, 3, "struct device *", TYPE_FROM_DECLARATION);
	rule_test_type(&t, 4, "char *", TYPE_FROM_SHAPE);
	t.call.args[3].is_literal = 1;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-count"), 0);
	check_int(rule_test_count(&t, "unconverted-call"), 1);
	check_str(rule_test_detail(&t, "unconverted-call"),
		  "the tree declares the new prototype: insert 'NULL' as "
		  "argument 2 (struct class_device *parent) after 'cls'");
	rule_test_release(&t);
}

/*
 * An old-form count whose conversion would pass NULL twice, and whose
 * arguments do not fit the new prototype either: no advice
 */
static void test_no_advice_that_duplicates(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_OLD, "cls", "NULL", "dev", "\"x\"", NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_DECLARATION);
	rule_test_type(&t, 2, "void *", TYPE_FROM_SHAPE);
	t.call.args[1].is_null = 1;
	rule_test_type(&t, 3, "struct device *", TYPE_FROM_DECLARATION);
	rule_test_type(&t, 4, "char *", TYPE_FROM_SHAPE);
	t.call.args[3].is_literal = 1;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-count"), 0);
	check_int(rule_test_count(&t, "unconverted-call"), 1);
	check_str(rule_test_detail(&t, "unconverted-call"),
		  "the tree declares the new prototype: the migration's map "
		  "would not make a valid call of it (it already passes "
		  "'NULL' as argument 2): convert it by hand");
	rule_test_release(&t);
}

/* arguments that do not line up with the new prototype: not counted */
static void test_misfits_are_not_counted(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_AMBIGUOUS, "dev", "cls", NULL);
	rule_test_type(&t, 1, "struct device *", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 2, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-count"), 0);
	check_int(rule_test_count(&t, "ambiguous-call"), 1);
	rule_test_release(&t);
}

/* in a tree that declares the old prototype the count is not judged */
static void test_old_tree_is_not_counted(void)
{
	struct rule_test t;

	lost_format(&t);
	t.api.declared = t.api.used = API_OLD;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-count"), 0);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "a call missing its last argument is an error",
	  test_missing_last_argument },
	{ "several missing arguments: the first named",
	  test_missing_arguments },
	{ "an extra argument is an error, its removal the fix",
	  test_extra_argument },
	{ "an old call the map converts is not counted",
	  test_convertible_old_call_is_not_counted },
	{ "no advice that passes an argument twice",
	  test_no_advice_that_duplicates },
	{ "arguments that do not fit are not counted",
	  test_misfits_are_not_counted },
	{ "an old tree is not counted", test_old_tree_is_not_counted },
	{ NULL, NULL }
};

UNIT_MAIN("rule-argument-count", tests)
