/*
 * test-rule-format-nonliteral.c - formats that are not string literals.
 */
#include "rule-test.h"

static void tty_call(struct rule_test *t, int seen)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_NEW, "tty_class", "NULL", "dev", "device",
		       "name", NULL);
	rule_test_type(t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 2, "void *", TYPE_FROM_LIBCLANG);
	t->call.args[1].is_null = 1;
	rule_test_type(t, 3, "dev_t", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 4, "struct device *", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 5, "char *", TYPE_FROM_LIBCLANG);
	t->call.seen_by_libclang = seen;
}

static void test_variable_format(void)
{
	struct rule_test t;

	tty_call(&t, 1);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "format-nonliteral"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	check_int(t.findings.items[0].severity, SEVERITY_WARNING);
	check_str(rule_test_message(&t, "format-nonliteral"),
		  "non-literal format (argument 5)");
	check_str(rule_test_detail(&t, "format-nonliteral"),
		  "it is 'name': a '%' in it would be read as a conversion; "
		  "pass \"%s\", name");
	rule_test_release(&t);
}

static void test_unseen_call_says_so(void)
{
	struct rule_test t;

	tty_call(&t, 0);
	rule_test_run(&t);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "format-nonliteral"),
				      "libclang did not see it"));
	rule_test_release(&t);
}

static void test_macro_literal_is_literal(void)
{
	struct rule_test t;

	tty_call(&t, 1);
	/* RAW1394_DEVICE_NAME: a macro for "raw1394" */
	rule_test_literal(&t, 5, "raw1394");
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_arguments_after_it(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_NEW, "cls", "NULL", "0", "NULL", "fmt",
		       "i", NULL);
	rule_test_run(&t);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "format-nonliteral"),
				      "the 1 argument after it cannot be "
				      "checked"));
	check_int(rule_test_count(&t, "format-mismatch"), 0);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "a variable format is a warning with the fix", test_variable_format },
	{ "a call libclang did not see says so", test_unseen_call_says_so },
	{ "a macro for a literal is a literal", test_macro_literal_is_literal },
	{ "arguments after a variable format", test_arguments_after_it },
	{ NULL, NULL }
};

UNIT_MAIN("rule-format-nonliteral", tests)
