/*
 * test-c-type.c - the small C type model the rules judge with: a type
 * as spelled made a kind, and what fits what.
 */
#include <stddef.h>
#include <stdio.h>

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
	/* bool is _Bool, libclang's canonical spelling of it */
	check_int(type_spelling_fits("bool *res", "_Bool *", 0), 1);
	check_int(type_spelling_fits("_Bool *", "bool *", 0), 1);
	check_int(type_spelling_fits("bool *", "int *", 0), 0);
}

/*
 * Pointer targets that differ only in the signedness of an integer are
 * passed by C with a pointer-sign warning the kernel turns off: no
 * mismatch; another integer, or another width, is one.
 */
static void test_pointer_sign(void)
{
	static const struct {
		const char *param, *arg;
		int fits;
	} cases[] = {
		{ "char *", "u8 *", 1 },
		{ "const char *", "const u8 *", 1 },
		{ "char *", "unsigned char *", 1 },
		{ "char *", "signed char *", 1 },
		{ "char *", "uint8_t *", 1 },
		{ "char *", "__s8 *", 1 },
		{ "const char *", "int8_t *", 1 },
		{ "unsigned int *", "int *", 1 },
		{ "u32 *", "int *", 1 },
		{ "long *", "unsigned long int *", 1 },
		{ "char *", "int *", 0 },
		{ "char *", "u16 *", 0 },
		{ "char *", "uint32_t *", 0 },
		{ "long *", "long long *", 0 },
		{ "char **", "u8 *", 0 },
		{ "u64 *", "unsigned long long *", 1 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		int got = type_spelling_fits(cases[i].param, cases[i].arg, 0);

		if (got != cases[i].fits)
			fprintf(stderr, "  '%s' for '%s': %d, expected %d\n",
				cases[i].arg, cases[i].param, got,
				cases[i].fits);
		check_int(got, cases[i].fits);
	}
}

static const struct unit_test tests[] = {
	{ "types: kinds, and what fits what", test_type_model },
	{ "types: pointer targets differing in sign only", test_pointer_sign },
	{ NULL, NULL },
};

UNIT_MAIN("c-type", tests)
