/*
 * test-rule-other-declaration.c - a call libclang resolves to another
 * declaration of the function's name: a note, nothing else checked.
 */
#include "rule-test.h"

/* a call that would have a wrong type, declared in file */
static void declared_call(struct rule_test *t, const char *file)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_NEW, "cls", "42", "0", "NULL", "\"x\"",
		       NULL);
	rule_test_type(t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 2, "int", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 3, "int", TYPE_FROM_LIBCLANG);
	t->call.args[2].is_null = 1;
	rule_test_type(t, 4, "void *", TYPE_FROM_LIBCLANG);
	t->call.args[3].is_null = 1;
	rule_test_literal(t, 5, "x");
	t->call.declared_in = file ? xstrdup(file) : NULL;
}

static void test_libc_function_is_a_note(void)
{
	struct rule_test t;

	declared_call(&t, "/usr/include/stdio.h");
	rule_test_run(&t);
	check_int(rule_test_count(&t, "other-declaration"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	CU_ASSERT_EQUAL(t.findings.items[0].severity, SEVERITY_NOTE);
	check_str(rule_test_message(&t, "other-declaration"),
		  "a call of another declaration of the name");
	check_str(rule_test_detail(&t, "other-declaration"),
		  "libclang resolves it to the function declared in "
		  "'/usr/include/stdio.h', not to the one of "
		  "'include/linux/device.h': not checked");
	rule_test_release(&t);
}

static void test_migration_header_is_checked(void)
{
	struct rule_test t;

	declared_call(&t, "include/linux/device.h");
	rule_test_run(&t);
	check_int(rule_test_count(&t, "other-declaration"), 0);
	check_int(rule_test_count(&t, "argument-type"), 1);
	rule_test_release(&t);
}

/* the header the tree declares the function in counts as well */
static void test_tree_header_is_checked(void)
{
	struct rule_test t;

	declared_call(&t, "include/linux/device/class.h");
	t.api.header = xstrdup("include/linux/device/class.h");
	rule_test_run(&t);
	check_int(rule_test_count(&t, "other-declaration"), 0);
	check_int(rule_test_count(&t, "argument-type"), 1);
	rule_test_release(&t);
}

static void test_unknown_declaration_is_checked(void)
{
	struct rule_test t;

	declared_call(&t, NULL);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "other-declaration"), 0);
	check_int(rule_test_count(&t, "argument-type"), 1);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "libc's function of the name: a note, nothing checked",
	  test_libc_function_is_a_note },
	{ "the migration's header: checked", test_migration_header_is_checked },
	{ "the tree's header of the function: checked",
	  test_tree_header_is_checked },
	{ "no declaration known: checked",
	  test_unknown_declaration_is_checked },
	{ NULL, NULL }
};

UNIT_MAIN("rule-other-declaration", tests)
