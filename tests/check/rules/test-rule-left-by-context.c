/*
 * test-rule-left-by-context.c - calls the migration leaves on purpose
 * ("where:", "leave-path:"): a note with the migration's reason, never
 * an unconverted call.
 */
#include "migration-map.h"
#include "rule-test.h"
#include "strbuf.h"

static void set_where(struct rule_test *t)
{
	t->m.where = CALL_WHERE_RESULT_UNUSED;
	t->m.left_reason = xstrdup("the two results differ");
}

static void test_left_call_is_a_note(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	set_where(&t);
	rule_test_call(&t, CALL_SITE_CONTEXT, "cls", "a", "b", "c", NULL);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "left-by-context"), 1);
	check_int(rule_test_count(&t, "unconverted-call"), 0);
	check_int(rule_test_count(&t, NULL), 1);
	check_int(t.findings.items[0].severity, SEVERITY_NOTE);
	check_str(rule_test_message(&t, "left-by-context"),
		  "call left by context");
	check_str(rule_test_detail(&t, "left-by-context"),
		  "the migration applies where the result is unused: the two "
		  "results differ");
	rule_test_release(&t);
}

static void test_left_path_names_its_reason(void)
{
	struct rule_test t;
	struct strbuf why = STRBUF_INIT;

	rule_test_init(&t, API_NEW);
	set_where(&t);
	CU_ASSERT(!map_add_leave_path(&t.m, "drivers/ not the kernel's", &why));
	rule_test_call(&t, CALL_SITE_CONTEXT, "cls", "a", "b", "c", NULL);
	rule_test_run(&t);
	check_str(rule_test_detail(&t, "left-by-context"),
		  "the migration leaves the calls under this path: not the "
		  "kernel's");
	strbuf_release(&why);
	rule_test_release(&t);
}

static void test_old_call_is_still_unconverted(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	set_where(&t);
	rule_test_call(&t, CALL_SITE_OLD, "cls", "a", "b", "c", NULL);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "left-by-context"), 0);
	check_int(rule_test_count(&t, "unconverted-call"), 1);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "a call left by context is a note with the reason",
	  test_left_call_is_a_note },
	{ "a call under a left path names that path's reason",
	  test_left_path_names_its_reason },
	{ "an old call is still an unconverted call",
	  test_old_call_is_still_unconverted },
	{ NULL, NULL }
};

UNIT_MAIN("rule-left-by-context", tests)
