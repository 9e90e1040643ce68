/*
 * test-rule-format-mismatch.c - the format's conversions against the
 * variadic arguments.
 */
#include "rule-test.h"

/* cls, NULL, devt, dev, FORMAT, then the variadic arguments given */
static void format_call(struct rule_test *t, const char *format,
			const char *literal, const char *arg6,
			const char *type6, const char *arg7, const char *type7)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_NEW, "cls", "NULL", "devt", "dev", format,
		       arg6, arg7, NULL);
	rule_test_type(t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 2, "void *", TYPE_FROM_LIBCLANG);
	t->call.args[1].is_null = 1;
	rule_test_type(t, 3, "unsigned int", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 4, "struct device *", TYPE_FROM_LIBCLANG);
	rule_test_literal(t, 5, literal);
	if (arg6)
		rule_test_type(t, 6, type6, TYPE_FROM_LIBCLANG);
	if (arg6 && arg7)
		rule_test_type(t, 7, type7, TYPE_FROM_LIBCLANG);
}

static size_t mismatches(const char *literal, const char *type6,
			 const char *type7)
{
	struct rule_test t;
	size_t n;

	format_call(&t, "\"fmt\"", literal, type6 ? "a" : NULL, type6,
		    type7 ? "b" : NULL, type7);
	rule_test_run(&t);
	n = rule_test_count(&t, "format-mismatch");
	check_int(rule_test_count(&t, NULL), n);
	rule_test_release(&t);
	return n;
}

static void test_matching_formats(void)
{
	check_int(mismatches("usb_host%d", "int", NULL), 0);
	check_int(mismatches("%s", "char *", NULL), 0);
	check_int(mismatches("%s%d", "const char *", "unsigned int"), 0);
	check_int(mismatches("dsp56k", NULL, NULL), 0);
	check_int(mismatches("100%%", NULL, NULL), 0);
	check_int(mismatches("%lu-%p", "unsigned long", "void *"), 0);
	check_int(mismatches("%*d", "int", "int"), 0);
	check_int(mismatches("%zu", "unsigned long", NULL), 0);
	check_int(mismatches("%c%hd", "char", "short"), 0);
	check_int(mismatches("%pF", "void (*)(void)", NULL), 0);
}

static void test_counts(void)
{
	struct rule_test t;

	format_call(&t, "\"%s\"", "%s", NULL, NULL, NULL, NULL);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "format-mismatch"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "format-mismatch"),
				      "takes 1 argument but only 0 follow it"));
	rule_test_release(&t);

	format_call(&t, "\"dsp56k\"", "dsp56k", "0", "int", NULL, NULL);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "format-mismatch"), 1);
	check_str(rule_test_message(&t, "format-mismatch"),
		  "too many arguments for the format");
	check_str(
		rule_test_detail(&t, "format-mismatch"),
		"format \"dsp56k\" takes 0 arguments but 1 follows it: remove "
		"'0' or add a conversion for it");
	rule_test_release(&t);
}

static void test_kinds_and_lengths(void)
{
	check_int(mismatches("%d", "char *", NULL), 1);
	check_int(mismatches("%s", "int", NULL), 1);
	check_int(mismatches("%s", "struct device *", NULL), 1);
	check_int(mismatches("%p", "int", NULL), 1);
	check_int(mismatches("%ld", "int", NULL), 1);
	check_int(mismatches("%d", "long long", NULL), 1);
	check_int(mismatches("%s%d", "int", "char *"), 2);
}

static void test_message_names_the_argument(void)
{
	struct rule_test t;

	format_call(&t, "\"ttyS%d\"", "ttyS%d", "name", "char *", NULL, NULL);
	rule_test_run(&t);
	check_str(rule_test_message(&t, "format-mismatch"),
		  "argument 6 does not fit '%d' in the format");
	check_str(rule_test_detail(&t, "format-mismatch"),
		  "'%d' in format \"ttyS%d\" takes an int, but argument 6 "
		  "'name' is a char *: pass an int or change the conversion");
	rule_test_release(&t);
}

static void test_fallback_types_skip_lengths(void)
{
	struct rule_test t;

	format_call(&t, "\"%ld\"", "%ld", "n", "int", NULL, NULL);
	t.call.args[5].type_source = TYPE_FROM_DECLARATION;
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);

	format_call(&t, "\"%d\"", "%d", "p", "char *", NULL, NULL);
	t.call.args[5].type_source = TYPE_FROM_SHAPE;
	rule_test_run(&t);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "format-mismatch"),
				      "(type from the expression's form"));
	check_int(rule_test_severity(&t, "format-mismatch"), SEVERITY_WARNING);
	rule_test_release(&t);
}

static void test_unknown_type_is_not_judged(void)
{
	struct rule_test t;

	format_call(&t, "\"%d\"", "%d", "x", "int", NULL, NULL);
	free(t.call.args[5].type);
	t.call.args[5].type = NULL;
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_old_form_uses_old_position(void)
{
	struct rule_test t;

	rule_test_init(&t, API_OLD);
	rule_test_call(&t, CALL_SITE_OLD, "cls", "devt", "NULL", "\"lp%d\"",
		       NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 2, "unsigned int", TYPE_FROM_LIBCLANG);
	rule_test_type(&t, 3, "void *", TYPE_FROM_LIBCLANG);
	t.call.args[2].is_null = 1;
	rule_test_literal(&t, 4, "lp%d");
	rule_test_run(&t);
	check_int(rule_test_count(&t, "format-mismatch"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "matching formats: nothing", test_matching_formats },
	{ "too few and too many arguments", test_counts },
	{ "conversion kinds and lengths", test_kinds_and_lengths },
	{ "the message names conversion and argument",
	  test_message_names_the_argument },
	{ "fallback types: kinds only, and said",
	  test_fallback_types_skip_lengths },
	{ "an unknown type is not judged", test_unknown_type_is_not_judged },
	{ "an old-form call's format is argument 4",
	  test_old_form_uses_old_position },
	{ NULL, NULL }
};

UNIT_MAIN("rule-format-mismatch", tests)
