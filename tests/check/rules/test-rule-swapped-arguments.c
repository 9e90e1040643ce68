/*
 * test-rule-swapped-arguments.c - two arguments in each other's slots,
 * reported once, as swapped-arguments only.
 */
#include "rule-test.h"

/* the seed's vmlogrdr call: NULL as the class, the class as the parent */
static void vmlogrdr_call(struct rule_test *t)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_NEW, "NULL", "vmlogrdr_class",
		       "MKDEV(vmlogrdr_major, priv->minor_num)", "dev",
		       "\"%s\"", "dev->bus_id", NULL);
	rule_test_type(t, 1, "void *", TYPE_FROM_LIBCLANG);
	t->call.args[0].is_null = 1;
	rule_test_type(t, 2, "struct class *", TYPE_FROM_LIBCLANG);
	t->call.args[1].created_as = xstrdup("vmlogrdr");
	rule_test_type(t, 3, "int", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 4, "struct device *", TYPE_FROM_LIBCLANG);
	rule_test_literal(t, 5, "%s");
	rule_test_type(t, 6, "char *", TYPE_FROM_LIBCLANG);
}

static void test_vmlogrdr_is_swapped_only(void)
{
	struct rule_test t;

	vmlogrdr_call(&t);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "swapped-arguments"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(rule_test_detail(&t, "swapped-arguments"),
		       "'vmlogrdr_class' is a struct class * passed as parent; "
		       "class is NULL"));
	check_int(t.findings.items[0].line, 42);
	check_int(t.findings.items[0].column, 9);
	check_int(t.findings.items[0].severity, SEVERITY_ERROR);
	rule_test_release(&t);
}

static void test_message_uses_the_migrations_words(void)
{
	struct rule_test t;

	vmlogrdr_call(&t);
	rule_test_not_null(&t, "cls",
			   "the call fails with -ENODEV and "
			   "/sys/class/{created}/<name> is never created");
	rule_test_run(&t);
	check_str(rule_test_message(&t, "swapped-arguments"),
		  "arguments 1 and 2 appear swapped");
	check_str(rule_test_detail(&t, "swapped-arguments"),
		  "'vmlogrdr_class' is a struct class * passed as parent; "
		  "class is NULL, so the call fails with -ENODEV and "
		  "/sys/class/vmlogrdr/<name> is never created; swap them");
	rule_test_release(&t);
}

static void test_correct_call_is_quiet(void)
{
	struct rule_test t;

	vmlogrdr_call(&t);
	free(t.call.args[0].type);
	t.call.args[0].type = xstrdup("struct class *");
	t.call.args[0].is_null = 0;
	free(t.call.args[1].type);
	t.call.args[1].type = xstrdup("void *");
	t.call.args[1].is_null = 1;
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_devt_and_device_swapped(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_NEW, "cls", "NULL", "dev", "MKDEV(1, 2)",
		       "\"x\"", NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 2, "void *", TYPE_FROM_LIBCLANG);
	t.call.args[1].is_null = 1;
	rule_test_type(&t, 3, "struct device *", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 4, "int", TYPE_FROM_LIBCLANG);
	rule_test_literal(&t, 5, "x");
	rule_test_run(&t);
	check_int(rule_test_count(&t, "swapped-arguments"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(rule_test_message(&t, "swapped-arguments"),
		       "arguments 3 and 4 appear swapped"));
	rule_test_release(&t);
}

static void test_libclang_type_is_an_error(void)
{
	struct rule_test t;

	vmlogrdr_call(&t);
	rule_test_run(&t);
	check_int(rule_test_severity(&t, "swapped-arguments"), SEVERITY_ERROR);
	rule_test_release(&t);
}

static void test_fallback_type_is_named(void)
{
	struct rule_test t;

	vmlogrdr_call(&t);
	t.call.args[1].type_source = TYPE_FROM_DECLARATION;
	rule_test_run(&t);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "swapped-arguments"),
				      "(type from the file's declaration; "
				      "libclang could not resolve it)"));
	/* a declaration of the name may be another scope's: a warning */
	check_int(rule_test_severity(&t, "swapped-arguments"),
		  SEVERITY_WARNING);
	rule_test_release(&t);
}

static void test_unknown_type_is_not_judged(void)
{
	struct rule_test t;

	vmlogrdr_call(&t);
	free(t.call.args[1].type);
	t.call.args[1].type = NULL;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "swapped-arguments"), 0);
	/* the NULL class is still a problem of its own */
	check_int(rule_test_count(&t, "null-class"), 1);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "the vmlogrdr call is one swapped-arguments finding",
	  test_vmlogrdr_is_swapped_only },
	{ "the migration's words for a NULL class end the message",
	  test_message_uses_the_migrations_words },
	{ "class first, NULL parent: nothing", test_correct_call_is_quiet },
	{ "devt and device swapped", test_devt_and_device_swapped },
	{ "libclang's types: an error", test_libclang_type_is_an_error },
	{ "a fallback type says so, a warning", test_fallback_type_is_named },
	{ "an unknown type is not called swapped",
	  test_unknown_type_is_not_judged },
	{ NULL, NULL }
};

UNIT_MAIN("rule-swapped-arguments", tests)
