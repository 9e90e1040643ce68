/*
 * test-rule-parse-crash.c - files libclang crashed on.
 */
#include "rule-test.h"

static void crashed_file(struct rule_test *t, size_t index)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_NEW, "cls", "NULL", "0", "NULL", "\"x\"",
		       NULL);
	t->call.index_in_file = index;
	t->file.nr_calls = 2;
	t->file.crashed = 1;
	t->file.parse_error = xstrdup("libclang's process was killed by "
				      "signal 11 (Segmentation fault) "
				      "parsing it");
}

static void test_reported_once_at_line_1(void)
{
	struct rule_test t;

	crashed_file(&t, 0);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "parse-crash"), 1);
	check_int(rule_test_count(&t, "parse-failure"), 0);
	check_int(t.findings.items[0].severity, SEVERITY_ERROR);
	check_int(t.findings.items[0].line, 1);
	check_str(t.findings.items[0].file, "drivers/test.c");
	check_str(rule_test_message(&t, "parse-crash"),
		  "libclang crashed on this file: it was not analysed");
	check_str(rule_test_detail(&t, "parse-crash"),
		  "libclang's process was killed by signal 11 (Segmentation "
		  "fault) parsing it; its 2 calls were checked from the text "
		  "only");
	rule_test_release(&t);

	crashed_file(&t, 1);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "parse-crash"), 0);
	rule_test_release(&t);
}

static void test_parse_error_alone_is_no_crash(void)
{
	struct rule_test t;

	crashed_file(&t, 0);
	t.file.crashed = 0;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "parse-crash"), 0);
	check_int(rule_test_count(&t, "parse-failure"), 1);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "reported once, at line 1 of the file",
	  test_reported_once_at_line_1 },
	{ "a parse error without a crash: parse-failure",
	  test_parse_error_alone_is_no_crash },
	{ NULL, NULL }
};

UNIT_MAIN("rule-parse-crash", tests)
