/*
 * test-scan-index.c - a second scan trusts the files the first found
 * clean and unchanged, and reads again every file that changed in any
 * way stat() shows (content, size, a time set back), that names the
 * function, or that was written within a second of the scan.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "result-cache.h"
#include "scan-index.h"
#include "scan.h"
#include "scratch.h"
#include "tempfile.h"
#include "test-migration-data.h"
#include "tree-walk.h"
#include "unit.h"
#include "util.h"

static char *tree;
static struct migration m;

/* write path, its time an hour back unless fresh */
static void put(const char *path, const char *text, int fresh)
{
	char *full = xstrfmt("%s/%s", tree, path);
	struct timespec times[2] = { { time(NULL) - 3600, 0 },
				     { time(NULL) - 3600, 0 } };

	CU_ASSERT_FATAL(!write_scratch_file(full, text, strlen(text)));
	if (!fresh)
		CU_ASSERT_FATAL(!utimensat(AT_FDCWD, full, times, 0));
	free(full);
}

static void setup(void)
{
	free(tree);
	tree = tempdir_create("test-scan-index");
	setenv("XDG_CACHE_HOME", tree, 1);
	put("a.c", "int a;\n", 0);
	put("b.c", "int b;\n", 0);
	put("calls.c", "void f(void) { class_device_create(c, 0, d, x); }\n",
	    0);
	put("fresh.c", "int fresh;\n", 1);
	if (!m.function)
		CU_ASSERT_FATAL(!test_migration_parse(&m));
}

/* the files a new scan would trust, as "a.c b.c " */
static void trusted(struct strbuf *out)
{
	struct tree_walk walk = TREE_WALK_INIT;
	struct scan_index ix;
	size_t i;

	strbuf_reset(out);
	CU_ASSERT_FATAL(!tree_walk(&walk, tree));
	scan_index_load(&ix, tree, &m);
	for (i = 0; i < walk.nr_files; i++)
		if (scan_index_clean(&ix, &walk.files[i]))
			strbuf_addf(out, "%s ", walk.files[i].path);
	scan_index_release(&ix);
	tree_walk_release(&walk);
}

static void scan(size_t want_files)
{
	struct scan_result r;

	CU_ASSERT_FATAL(!scan_tree(tree, &m, 2, &r));
	check_int(r.nr_files, want_files);
	scan_result_release(&r);
}

static void test_trusts_only_what_did_not_change(void)
{
	struct strbuf out = STRBUF_INIT;
	char *path;
	struct timespec back[2];
	struct stat st;

	setup();
	trusted(&out);
	check_str(out.buf, "");
	scan(1);
	trusted(&out);
	/* not calls.c (names it), not fresh.c (written just now) */
	check_str(out.buf, "a.c b.c ");

	/* a call added: same size, the time set back to what it was */
	path = xstrfmt("%s/a.c", tree);
	CU_ASSERT_FATAL(!stat(path, &st));
	back[0] = st.st_atim;
	back[1] = st.st_mtim;
	put("a.c", "int c;\n", 1);
	CU_ASSERT_FATAL(!utimensat(AT_FDCWD, path, back, 0));
	trusted(&out);
	check_str(out.buf, "b.c ");
	put("b.c", "void g(void) { class_device_create(c, 0, d, y); }\n", 0);
	trusted(&out);
	check_str(out.buf, "");
	scan(2);
	free(path);
	strbuf_release(&out);
}

static void test_no_cache_no_index(void)
{
	struct strbuf out = STRBUF_INIT;

	setup();
	setenv("KMIGRATE_NO_CACHE", "1", 1);
	scan(1);
	unsetenv("KMIGRATE_NO_CACHE");
	trusted(&out);
	check_str(out.buf, "");
	strbuf_release(&out);
}

static const struct unit_test tests[] = {
	{ "a second scan trusts only what did not change",
	  test_trusts_only_what_did_not_change },
	{ "no cache, no index", test_no_cache_no_index },
	{ NULL, NULL },
};

UNIT_MAIN("scan-index", tests)
