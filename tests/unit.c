/*
 * unit.c - runs one CUnit suite and reports its failed checks with their
 * values (see unit.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/*
 * Report a failed check: "FILE:LINE: EXPR: MESSAGE" on stderr, the detail
 * lines (each beginning with a tab) below it, and "EXPR: MESSAGE" to CUnit
 * as the failure's condition.  A fatal check ends the test here.
 */
static int fail(const struct unit_where *at, const char *detail,
		const char *fmt, ...)
{
	/* kept until the next failure: a fatal one does not come back */
	static char *cond;
	char *msg = NULL;
	size_t len;
	va_list ap;
	FILE *fp;

	fp = open_memstream(&msg, &len);
	if (fp) {
		va_start(ap, fmt);
		vfprintf(fp, fmt, ap);
		va_end(ap);
		fclose(fp);
	}
	free(cond);
	cond = NULL;
	fp = open_memstream(&cond, &len);
	if (fp) {
		fprintf(fp, "%s: %s", at->expr, msg ? msg : "failed");
		fclose(fp);
	}
	free(msg);
	fprintf(stderr, "%s:%u: %s\n%s", at->file, at->line,
		cond ? cond : at->expr, detail ? detail : "");
	fflush(stderr);
	CU_assertImplementation(CU_FALSE, at->line, cond ? cond : at->expr,
				at->file, "", at->fatal ? CU_TRUE : CU_FALSE);
	return 0;
}

/* pass a check: CUnit counts it */
static int pass(const struct unit_where *at)
{
	CU_assertImplementation(CU_TRUE, at->line, at->expr, at->file, "",
				CU_FALSE);
	return 1;
}

int unit_check_int(const struct unit_where *at, long long actual,
		   long long expected)
{
	if (actual == expected)
		return pass(at);
	return fail(at, NULL, "expected %lld, got %lld", expected, actual);
}

int unit_check_uint(const struct unit_where *at, unsigned long long actual,
		    unsigned long long expected)
{
	if (actual == expected)
		return pass(at);
	return fail(at, NULL, "expected %llu, got %llu", expected, actual);
}

/* len bytes of s as a C string literal, quotes included */
static void quote(FILE *fp, const char *s, size_t len)
{
	size_t i;

	fputc('"', fp);
	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", fp);
		else if (c == '\t')
			fputs("\\t", fp);
		else if (c == '\r')
			fputs("\\r", fp);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(fp, "\\x%02x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

/* the failure of a string or memory check, each side quoted (or NULL) */
static int fail_bytes(const struct unit_where *at, const char *actual,
		      size_t actual_len, const char *expected,
		      size_t expected_len)
{
	/* kept until the next failure, as fail()'s condition is */
	static char *detail;
	size_t len, at_byte = 0;
	FILE *fp;

	while (actual && expected && at_byte < actual_len &&
	       at_byte < expected_len && actual[at_byte] == expected[at_byte])
		at_byte++;
	free(detail);
	detail = NULL;
	fp = open_memstream(&detail, &len);
	if (fp) {
		fputs("\texpected ", fp);
		if (expected)
			quote(fp, expected, expected_len);
		else
			fputs("NULL", fp);
		fputs("\n\t     got ", fp);
		if (actual)
			quote(fp, actual, actual_len);
		else
			fputs("NULL", fp);
		fputc('\n', fp);
		fclose(fp);
	}
	if (actual && expected)
		return fail(at, detail, "differs at byte %zu", at_byte);
	return fail(at, detail, "expected %s, got %s",
		    expected ? "a string" : "NULL",
		    actual ? "a string" : "NULL");
}

int unit_check_str(const struct unit_where *at, const char *actual,
		   const char *expected)
{
	if (actual == expected ||
	    (actual && expected && !strcmp(actual, expected)))
		return pass(at);
	return fail_bytes(at, actual, actual ? strlen(actual) : 0, expected,
			  expected ? strlen(expected) : 0);
}

int unit_check_mem(const struct unit_where *at, const void *actual,
		   const void *expected, size_t len)
{
	if (actual == expected ||
	    (actual && expected && !memcmp(actual, expected, len)))
		return pass(at);
	return fail_bytes(at, actual, len, expected, len);
}

int unit_check_ptr(const struct unit_where *at, const void *actual,
		   const void *expected)
{
	if (actual == expected)
		return pass(at);
	return fail(at, NULL, "expected %p, got %p", expected, actual);
}

int unit_check_true(const struct unit_where *at, int cond)
{
	if (cond)
		return pass(at);
	return fail(at, NULL, "is false");
}
