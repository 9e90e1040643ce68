/*
 * test-rule-ambiguous-call.c - calls whose form cannot be decided.
 */
#include "rule-test.h"

static void test_ambiguous_is_one_warning(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_AMBIGUOUS, "cls", "a", "b", "c", "d",
		       NULL);
	/* whatever the arguments look like, nothing else is judged */
	rule_test_type(&t, 1, "void *", TYPE_FROM_SHAPE);
	t.call.args[0].is_null = 1;
	rule_test_type(&t, 2, "int", TYPE_FROM_SHAPE);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "ambiguous-call"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	check_int(t.findings.items[0].severity, SEVERITY_WARNING);
	check_str(rule_test_message(&t, "ambiguous-call"),
		  "cannot tell the call's form, old or new");
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "ambiguous-call"),
				      "the test says so; it is neither "
				      "converted nor checked"));
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "ambiguous-call"),
				      "'NULL' as argument 2"));
	rule_test_release(&t);
}

static void test_decided_calls_are_not_ambiguous(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_NEW, "cls", "NULL", "0", "NULL", "\"x\"",
		       NULL);
	rule_test_literal(&t, 5, "x");
	rule_test_run(&t);
	check_int(rule_test_count(&t, "ambiguous-call"), 0);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "an ambiguous call is one warning, nothing else",
	  test_ambiguous_is_one_warning },
	{ "a decided call is not ambiguous",
	  test_decided_calls_are_not_ambiguous },
	{ NULL, NULL }
};

UNIT_MAIN("rule-ambiguous-call", tests)
