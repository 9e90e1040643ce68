/*
 * test-rule-parse-failure.c - files libclang could not analyse.
 */
#include "rule-test.h"

static void failing_file(struct rule_test *t, size_t index)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_NEW, "cls", "NULL", "0", "NULL", "\"x\"",
		       NULL);
	rule_test_literal(t, 5, "x");
	t->call.index_in_file = index;
	t->file.nr_calls = 2;
	t->file.parse_error = xstrdup("the parse failed (libclang error "
				      "1)");
}

static void test_reported_once_at_first_call(void)
{
	struct rule_test t;

	failing_file(&t, 0);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "parse-failure"), 1);
	check_int(t.findings.items[0].severity, SEVERITY_WARNING);
	check_str(rule_test_message(&t, "parse-failure"),
		  "libclang could not analyse this file");
	check_str(rule_test_detail(&t, "parse-failure"),
		  "the parse failed (libclang error 1); its 2 calls were "
		  "checked from the text only");
	rule_test_release(&t);

	failing_file(&t, 1);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "parse-failure"), 0);
	rule_test_release(&t);
}

static void test_parsed_file_is_quiet(void)
{
	struct rule_test t;

	failing_file(&t, 0);
	free(t.file.parse_error);
	t.file.parse_error = NULL;
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "reported once, at the file's first call",
	  test_reported_once_at_first_call },
	{ "a parsed file: nothing", test_parsed_file_is_quiet },
	{ NULL, NULL }
};

UNIT_MAIN("rule-parse-failure", tests)
