/*
 * test-rule-argument-type.c - arguments whose type does not fit.
 */
#include "rule-test.h"

/* cls, NULL, devt, device, "%s", name with the types libclang gives */
static void good_call(struct rule_test *t)
{
	rule_test_init(t, API_NEW);
	rule_test_call(t, CALL_SITE_NEW, "cls", "NULL", "devt", "device",
		       "\"%s\"", "name", NULL);
	rule_test_type(t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 2, "void *", TYPE_FROM_LIBCLANG);
	t->call.args[1].is_null = 1;
	rule_test_type(t, 3, "dev_t", TYPE_FROM_LIBCLANG);
	t->call.args[2].canonical = xstrdup("unsigned int");
	rule_test_type(t, 4, "struct device *", TYPE_FROM_LIBCLANG);
	rule_test_literal(t, 5, "%s");
	rule_test_type(t, 6, "char *", TYPE_FROM_LIBCLANG);
}

static void test_good_call_is_quiet(void)
{
	struct rule_test t;

	good_call(&t);
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_device_where_devt_goes(void)
{
	struct rule_test t;

	good_call(&t);
	free(t.call.args[2].type);
	free(t.call.args[2].canonical);
	t.call.args[2].canonical = NULL;
	t.call.args[2].type = xstrdup("struct device *");
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-type"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	check_int(rule_test_severity(&t, "argument-type"), SEVERITY_ERROR);
	check_str(rule_test_message(&t, "argument-type"),
		  "wrong type for argument 3");
	check_str(rule_test_detail(&t, "argument-type"),
		  "'devt' is a struct device *, but parameter 3 is 'dev_t "
		  "devt': pass a dev_t");
	rule_test_release(&t);
}

static void test_integer_where_parent_goes(void)
{
	struct rule_test t;

	good_call(&t);
	free(t.call.args[1].type);
	t.call.args[1].type = xstrdup("int");
	t.call.args[1].is_null = 0;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-type"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "argument-type"),
				      "parameter 2 is 'struct class_device "
				      "*parent'"));
	rule_test_release(&t);
}

static void test_other_struct_pointer(void)
{
	struct rule_test t;

	good_call(&t);
	free(t.call.args[3].type);
	t.call.args[3].type = xstrdup("struct usb_device *");
	t.call.args[3].type_source = TYPE_FROM_DECLARATION;
	t.call.seen_by_libclang = 0; /* libclang dropped the call */
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-type"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "argument-type"),
				      "(type from the file's declaration"));
	/* a declaration of the name may be another scope's: a warning */
	check_int(rule_test_severity(&t, "argument-type"), SEVERITY_WARNING);
	rule_test_release(&t);
}

/*
 * libclang saw the call but gave argument 4 no type (an expression it
 * recovered from an error): a fallback's guess is not judged
 */
static void test_untyped_in_seen_call(void)
{
	struct rule_test t;

	good_call(&t);
	free(t.call.args[3].type);
	t.call.args[3].type = xstrdup("struct usb_device *");
	t.call.args[3].type_source = TYPE_FROM_DECLARATION;
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_null_where_devt_goes(void)
{
	struct rule_test t;

	good_call(&t);
	free(t.call.args[2].type);
	free(t.call.args[2].canonical);
	t.call.args[2].canonical = NULL;
	t.call.args[2].type = xstrdup("void *");
	t.call.args[2].is_null = 1;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-type"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "argument-type"),
				      "is a null pointer, void *"));
	rule_test_release(&t);
}

static void test_unknown_and_compatible_types(void)
{
	struct rule_test t;

	good_call(&t);
	free(t.call.args[0].type);
	t.call.args[0].type = NULL; /* unknown: not judged */
	free(t.call.args[3].type);
	t.call.args[3].type = xstrdup("void *"); /* converts */
	free(t.call.args[2].type);
	free(t.call.args[2].canonical);
	t.call.args[2].canonical = NULL;
	t.call.args[2].type = xstrdup("unsigned long");
	rule_test_run(&t);
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_new_call_in_old_tree(void)
{
	struct rule_test t;

	good_call(&t);
	t.api.declared = t.api.used = API_OLD;
	rule_test_run(&t);
	check_int(rule_test_count(&t, "argument-type"), 1);
	check_int(rule_test_count(&t, NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(rule_test_detail(&t, "argument-type"),
				      "remove argument 2 'NULL'"));
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "a correct call: nothing", test_good_call_is_quiet },
	{ "a struct device * where dev_t goes", test_device_where_devt_goes },
	{ "an integer where a pointer goes", test_integer_where_parent_goes },
	{ "a pointer to another struct, type from a declaration",
	  test_other_struct_pointer },
	{ "NULL where an integer goes", test_null_where_devt_goes },
	{ "an argument libclang could not type in a call it saw",
	  test_untyped_in_seen_call },
	{ "unknown types and void * are not judged wrong",
	  test_unknown_and_compatible_types },
	{ "a new-form call in an old tree: one finding",
	  test_new_call_in_old_tree },
	{ NULL, NULL }
};

UNIT_MAIN("rule-argument-type", tests)
