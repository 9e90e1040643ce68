/*
 * test-clang-loader.c - libclang opened at run time (on a thread of its
 * own, for series): every function of the table resolved once per
 * process, and why a library cannot be used.
 */
#include <stdlib.h>
#include <string.h>

#include "clang-loader.h"
#include "unit.h"

static void test_loader_resolves(void)
{
	/* opened on a thread of its own; clang_loader_init() waits for it */
	check_int_fatal(clang_loader_preload(), 0);
	check_int_fatal(clang_loader_init(), 0);
	CU_ASSERT_PTR_NOT_NULL(km_clang.handle);
	CU_ASSERT_PTR_NOT_NULL(strstr(km_clang.path, "libclang"));
#define ASSERT_RESOLVED(fn) CU_ASSERT_PTR_NOT_NULL(km_clang.fn);
	KM_CLANG_FUNCTIONS(ASSERT_RESOLVED)
#undef ASSERT_RESOLVED
	/* once per process: the same library, whatever the environment */
	setenv("KMIGRATE_LIBCLANG", "/nonexistent/libclang.so", 1);
	check_int(clang_loader_init(), 0);
	unsetenv("KMIGRATE_LIBCLANG");
}

static void test_loader_reasons(void)
{
	struct clang_api api;
	char *why = NULL;

	check_int(clang_api_open(&api, "/nonexistent/libclang.so", &why), -1);
	CU_ASSERT_PTR_NULL(api.handle);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "/nonexistent/libclang.so"));
	free(why);
	why = NULL;
	/* a library, but not libclang: the first missing function */
	check_int(clang_api_open(&api, "libc.so.6", &why), -1);
	CU_ASSERT_PTR_NULL(api.handle);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	check_str(why, "'libc.so.6' has no 'clang_createIndex'");
	free(why);
	/* a second handle on the loaded library, closed again */
	why = NULL;
	check_int_fatal(clang_api_open(&api, km_clang.path, &why), 0);
	CU_ASSERT_PTR_NULL(why);
	CU_ASSERT_PTR_EQUAL(api.getCursorType, km_clang.getCursorType);
	clang_api_close(&api);
	CU_ASSERT_PTR_NULL(api.handle);
}

static const struct unit_test tests[] = {
	{ "libclang at run time: every function", test_loader_resolves },
	{ "a library that cannot be used: why", test_loader_reasons },
	{ NULL, NULL }
};

UNIT_MAIN("clang-loader", tests)
