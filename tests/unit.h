/*
 * unit.h - the boilerplate of a CUnit suite program.
 *
 *	static const struct unit_test tests[] = {
 *		{ "appends bytes past the first allocation", test_grow },
 *		{ NULL, NULL }
 *	};
 *	UNIT_MAIN("strbuf", tests)
 *
 * The program registers one suite, runs it with CUnit's basic interface
 * (which prints the run summary) and exits 1 if any assertion failed.
 */
#ifndef KM_UNIT_H
#define KM_UNIT_H

#include <CUnit/Basic.h>

/* as migrator/lib/util.h has it, for the suites that do not include it */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

struct unit_test {
	const char *name;
	void (*fn)(void);
};

int unit_run(const char *suite, const struct unit_test *tests);

#define UNIT_MAIN(suite, tests)                    \
	int main(void)                             \
	{                                          \
		return unit_run((suite), (tests)); \
	}

#endif
