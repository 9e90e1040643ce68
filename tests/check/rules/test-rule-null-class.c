/*
 * test-rule-null-class.c - NULL as the class argument.
 */
#include "rule-test.h"

static void null_class_call(struct rule_test *t, enum call_site_kind kind,
			    enum api_form api)
{
	rule_test_init(t, api);
	if (kind == CALL_SITE_NEW) {
		rule_test_call(t, kind, "NULL", "NULL", "MKDEV(4, 1)", "dev",
			       "\"ttyS%d\"", "i", NULL);
		rule_test_type(t, 2, "void *", TYPE_FROM_LIBCLANG);
		t->call.args[1].is_null = 1;
		rule_test_type(t, 3, "int", TYPE_FROM_LIBCLANG);
		rule_test_type(t, 4, "struct device *", TYPE_FROM_LIBCLANG);
		rule_test_literal(t, 5, "ttyS%d");
		rule_test_type(t, 6, "int", TYPE_FROM_LIBCLANG);
	} else {
		rule_test_call(t, kind, "NULL", "MKDEV(4, 1)", "dev",
			       "\"ttyS%d\"", "i", NULL);
		rule_test_type(t, 2, "int", TYPE_FROM_LIBCLANG);
		rule_test_type(t, 3, "struct device *", TYPE_FROM_LIBCLANG);
		rule_test_literal(t, 4, "ttyS%d");
		rule_test_type(t, 5, "int", TYPE_FROM_LIBCLANG);
	}
	rule_test_type(t, 1, "void *", TYPE_FROM_LIBCLANG);
	t->call.args[0].is_null = 1;
}

static void test_null_class_in_new_call(void)
{
	struct rule_test t;

	null_class_call(&t, CALL_SITE_NEW, API_NEW);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "null-class"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_message(&t, "null-class"),
				      "argument 1 (class) is NULL"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(rule_test_detail(&t, "null-class"), "struct class *"));
	rule_test_release(&t);
}

static void test_null_class_in_old_tree(void)
{
	struct rule_test t;

	null_class_call(&t, CALL_SITE_OLD, API_OLD);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "null-class"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	rule_test_release(&t);
}

static void test_unconverted_call_explains_it(void)
{
	struct rule_test t;

	null_class_call(&t, CALL_SITE_OLD, API_NEW);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "unconverted-call"), 1);
	check_int(rule_test_count(&t, "null-class"), 0);
	rule_test_release(&t);
}

static void test_effect_from_hints(void)
{
	struct rule_test t;

	null_class_call(&t, CALL_SITE_NEW, API_NEW);
	rule_test_not_null(&t, "cls", "the call fails with -ENODEV");
	rule_test_run(&t);
	check_str(rule_test_message(&t, "null-class"),
		  "argument 1 (class) is NULL");
	check_str(rule_test_detail(&t, "null-class"),
		  "so the call fails with -ENODEV; pass the struct class * the "
		  "call registers with");
	rule_test_release(&t);
}

static void test_class_given_is_quiet(void)
{
	struct rule_test t;

	null_class_call(&t, CALL_SITE_NEW, API_NEW);
	t.call.args[0].is_null = 0;
	free(t.call.args[0].type);
	t.call.args[0].type = xstrdup("struct class *");
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "NULL class in a new-form call", test_null_class_in_new_call },
	{ "NULL class in an old-form call of an old tree",
	  test_null_class_in_old_tree },
	{ "an unconverted call is reported as that only",
	  test_unconverted_call_explains_it },
	{ "the migration's words for the effect", test_effect_from_hints },
	{ "a class given: nothing", test_class_given_is_quiet },
	{ NULL, NULL }
};

UNIT_MAIN("rule-null-class", tests)
