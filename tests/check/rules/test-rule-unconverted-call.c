/*
 * test-rule-unconverted-call.c - old-form calls where the tree declares
 * the new API.
 */
#include "rule-test.h"

static void old_call(struct rule_test *t, enum api_form api)
{
	rule_test_init(t, api);
	rule_test_call(t, CALL_SITE_OLD, "mem_class",
		       "MKDEV(MEM_MAJOR, devlist[i].minor)", "NULL",
		       "devlist[i].name", NULL);
	/* libclang dropped the call: types from the text */
	rule_test_type(t, 1, "struct class *", TYPE_FROM_DECLARATION);
	rule_test_type(t, 2, "dev_t", TYPE_FROM_SHAPE);
	rule_test_type(t, 3, "void *", TYPE_FROM_SHAPE);
	t->call.args[2].is_null = 1;
}

static void test_old_call_in_new_tree(void)
{
	struct rule_test t;

	old_call(&t, API_NEW);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "unconverted-call"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	check_str(rule_test_message(&t, "unconverted-call"),
		  "call still in the old form");
	check_str(rule_test_detail(&t, "unconverted-call"),
		  "the tree declares the new "
		  "prototype: insert 'NULL' as argument 2 (struct class_device "
		  "*parent) after 'mem_class'");
	check_str(t.findings.items[0].call, "class_device_create(...)");
	rule_test_release(&t);
}

static void test_assumed_api_is_said(void)
{
	struct rule_test t;

	old_call(&t, API_NEW);
	t.api.fallback = 1;
	rule_test_run(&t);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "unconverted-call"),
				      "(the tree's API is assumed)"));
	rule_test_release(&t);
}

static void test_old_call_in_old_tree_is_fine(void)
{
	struct rule_test t;

	old_call(&t, API_OLD);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "unconverted-call"), 0);
	/* the variable format is still worth a warning */
	check_int(rule_test_count(&t, "format-nonliteral"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	rule_test_release(&t);
}

static void test_new_call_is_not_unconverted(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	rule_test_call(&t, CALL_SITE_NEW, "cls", "NULL", "0", "NULL", "\"x\"",
		       NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 2, "void *", TYPE_FROM_LIBCLANG);
	t.call.args[1].is_null = 1;
	rule_test_type(&t, 3, "int", TYPE_FROM_LIBCLANG);
	t.call.args[2].is_null = 1;
	rule_test_type(&t, 4, "void *", TYPE_FROM_LIBCLANG);
	t.call.args[3].is_null = 1;
	rule_test_literal(&t, 5, "x");
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

/* a form check decided from the types is said, from the enum */
static void test_form_decided_by_types_is_said(void)
{
	struct rule_test t;

	old_call(&t, API_NEW);
	t.call.form_reason = CALL_FORM_BY_TYPES_EXCHANGED;
	rule_test_run(&t);
	check_str(rule_test_message(&t, "unconverted-call"),
		  "call still in the old form");
	check_str(rule_test_detail(&t, "unconverted-call"),
		  "the tree declares the new prototype: insert 'NULL' as "
		  "argument 2 (struct class_device *parent) after 'mem_class'; "
		  "the argument types libclang gives fit only the old "
		  "prototype, once two are exchanged");
	rule_test_release(&t);
}

/* every reason but the scan's has words; the scan's has none */
static void test_every_form_reason_has_text(void)
{
	struct call_analysis call;
	struct strbuf sb = STRBUF_INIT;
	int r;

	memset(&call, 0, sizeof(call));
	call.form = CALL_SITE_NEW;
	call_form_reason_text(&call, &sb);
	check_str(sb.buf, "");
	for (r = CALL_FORM_FROM_SCAN + 1; r < CALL_FORM_REASON_NR; r++) {
		strbuf_reset(&sb);
		call.form_reason = (enum call_form_reason)r;
		call_form_reason_text(&call, &sb);
		CU_ASSERT(sb.len > 0);
		CU_ASSERT_PTR_NOT_NULL(strstr(sb.buf, "the new prototype"));
	}
	strbuf_release(&sb);
}

static const struct unit_test tests[] = {
	{ "an old call in a new tree: one finding with the fix",
	  test_old_call_in_new_tree },
	{ "an assumed API is said", test_assumed_api_is_said },
	{ "an old call in an old tree is not unconverted",
	  test_old_call_in_old_tree_is_fine },
	{ "a new call is not unconverted", test_new_call_is_not_unconverted },
	{ "a form decided by the types is said",
	  test_form_decided_by_types_is_said },
	{ "every form reason has its words", test_every_form_reason_has_text },
	{ NULL, NULL }
};

UNIT_MAIN("rule-unconverted-call", tests)
