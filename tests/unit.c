/*
 * unit.c - runs one CUnit suite (see unit.h).
 */
#include <stdio.h>

#include "kinds.h"
#include "unit.h"

int unit_run(const char *suite_name, const struct unit_test *tests)
{
	CU_pSuite suite;
	unsigned int failed;

	kinds_init(); /* the migrations the suites parse have a kind */
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	suite = CU_add_suite(suite_name, NULL, NULL);
	if (!suite)
		goto out_cleanup;
	for (; tests->name; tests++)
		if (!CU_add_test(suite, tests->name, tests->fn))
			goto out_cleanup;
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;

out_cleanup:
	fprintf(stderr, "cannot set up suite '%s': %s\n", suite_name,
		CU_get_error_msg());
	CU_cleanup_registry();
	return 2;
}
