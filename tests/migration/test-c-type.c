/*
 * test-c-type.c - the small C type model the rules judge with: a type
 * as spelled made a kind, and what fits what.
 */
#include <stddef.h>

#include "c-type.h"
#include "unit.h"

static void test_type_model(void)
{
	struct type_class tc;

	type_classify("const char[4]", &tc);
	CU_ASSERT_TRUE(type_is_string(&tc));
	type_classify("struct class *", &tc);
	check_int(tc.kind, TYPE_RECORD);
	check_int(tc.pointers, 1);
	check_str(tc.base, "struct class");
	type_classify("dev_t", &tc);
	check_int(tc.kind, TYPE_INTEGER);
	type_classify("__u32", &tc);
	check_int(tc.kind, TYPE_INTEGER);
	type_classify("foo_handle", &tc);
	check_int(tc.kind, TYPE_UNKNOWN);

	check_int(type_spelling_fits("struct class *", "struct class *", 0), 1);
	check_int(type_spelling_fits("struct class_device *", "struct class *",
				     0),
		  0);
	check_int(type_spelling_fits("struct class_device *", "void *", 1), 1);
	check_int(type_spelling_fits("struct class_device *", "int", 0), 0);
	check_int(type_spelling_fits("struct class_device *", "int", 1), 1);
	check_int(type_spelling_fits("dev_t", "struct device *", 0), 0);
	check_int(type_spelling_fits("dev_t", "unsigned long", 0), 1);
	check_int(type_spelling_fits("dev_t", "void *", 1), 0);
	check_int(type_spelling_fits("char *", "const char *", 0), 1);
	check_int(type_spelling_fits("struct device *", "foo_handle *", 0), -1);
	check_int(type_spelling_fits("dev_t", NULL, 0), -1);
}

static const struct unit_test tests[] = {
	{ "types: kinds, and what fits what", test_type_model },
	{ NULL, NULL },
};

UNIT_MAIN("c-type", tests)
