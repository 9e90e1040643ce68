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
 *
 * The checks print the values they compared when they fail, on stderr at
 * the moment of the failure and in CUnit's summary:
 *
 *	check_int(n, 3);	"t.c:12: check_int(n, 3): expected 3, got 4"
 *	check_uint(u, 3U);	unsigned; check_size() for a size_t
 *	check_str(s, "abc");	NULL-safe; both strings quoted and escaped,
 *				with the offset of the first difference
 *	check_mem(p, q, len);	len bytes, escaped like strings
 *	check_ptr(p, q);	the same pointer, printed with %p
 *	check_true(cond);	for a condition with no values to show
 *
 * Each has a _fatal form that ends the test on failure, as CU_ASSERT_FATAL
 * does.  They are macros, for the caller's file and line; each returns
 * whether it held.
 */
#ifndef KM_UNIT_H
#define KM_UNIT_H

#include <stddef.h>

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

/* where a check is and what it says, as the macros below give it */
struct unit_where {
	const char *file;
	unsigned int line;
	const char *expr;
	int fatal;
};

int unit_check_int(const struct unit_where *at, long long actual,
		   long long expected);
int unit_check_uint(const struct unit_where *at, unsigned long long actual,
		    unsigned long long expected);
int unit_check_str(const struct unit_where *at, const char *actual,
		   const char *expected);
int unit_check_mem(const struct unit_where *at, const void *actual,
		   const void *expected, size_t len);
int unit_check_ptr(const struct unit_where *at, const void *actual,
		   const void *expected);
int unit_check_true(const struct unit_where *at, int cond);

#define UNIT_WHERE(name, expr, fatal)                                       \
	(&(const struct unit_where){ __FILE__, __LINE__, name "(" expr ")", \
				     (fatal) })

#define check_int(a, e) \
	unit_check_int(UNIT_WHERE("check_int", #a ", " #e, 0), (a), (e))
#define check_int_fatal(a, e) \
	unit_check_int(UNIT_WHERE("check_int_fatal", #a ", " #e, 1), (a), (e))
#define check_uint(a, e) \
	unit_check_uint(UNIT_WHERE("check_uint", #a ", " #e, 0), (a), (e))
#define check_uint_fatal(a, e) \
	unit_check_uint(UNIT_WHERE("check_uint_fatal", #a ", " #e, 1), (a), (e))
#define check_size(a, e) \
	unit_check_uint(UNIT_WHERE("check_size", #a ", " #e, 0), (a), (e))
#define check_size_fatal(a, e) \
	unit_check_uint(UNIT_WHERE("check_size_fatal", #a ", " #e, 1), (a), (e))
#define check_str(a, e) \
	unit_check_str(UNIT_WHERE("check_str", #a ", " #e, 0), (a), (e))
#define check_str_fatal(a, e) \
	unit_check_str(UNIT_WHERE("check_str_fatal", #a ", " #e, 1), (a), (e))
#define check_mem(a, e, len)                                                  \
	unit_check_mem(UNIT_WHERE("check_mem", #a ", " #e ", " #len, 0), (a), \
		       (e), (len))
#define check_ptr(a, e) \
	unit_check_ptr(UNIT_WHERE("check_ptr", #a ", " #e, 0), (a), (e))
#define check_true(cond) \
	unit_check_true(UNIT_WHERE("check_true", #cond, 0), !!(cond))
#define check_true_fatal(cond) \
	unit_check_true(UNIT_WHERE("check_true_fatal", #cond, 1), !!(cond))

#define UNIT_MAIN(suite, tests)                    \
	int main(void)                             \
	{                                          \
		return unit_run((suite), (tests)); \
	}

#endif
