/*
 * test-fuzz-regressions.c - every input "make fuzz" found a fault with
 * (tests/fuzz-regressions/), run through the fuzz target itself
 * (bench/fuzz-call-site.c): a memory error (the sanitizer build), a
 * broken invariant (abort) or a crash fails the suite.  A fixed fault
 * stays fixed.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "unit.h"
#include "util.h"

#include "../bench/fuzz-call-site.c"

#define REGRESSIONS "tests/fuzz-regressions"

static void test_every_input(void)
{
	const char *srcdir = getenv("SRCDIR");
	char *dir =
		xstrfmt("%s/" REGRESSIONS, srcdir && *srcdir ? srcdir : ".");
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t nr = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	LLVMFuzzerInitialize(NULL, NULL);
	while ((de = readdir(d))) {
		struct strbuf input = STRBUF_INIT;
		char *path;

		if (de->d_name[0] == '.')
			continue;
		path = xstrfmt("%s/%s", dir, de->d_name);
		check_int_fatal(strbuf_read_file(&input, path), 0);
		check_int(LLVMFuzzerTestOneInput((const uint8_t *)input.buf,
						 input.len),
			  0);
		strbuf_release(&input);
		free(path);
		nr++;
	}
	closedir(d);
	CU_ASSERT(nr > 0);
	free(dir);
}

static const struct unit_test tests[] = {
	{ "every input the fuzzer found passes", test_every_input },
	{ NULL, NULL }
};

UNIT_MAIN("fuzz-regressions", tests)
