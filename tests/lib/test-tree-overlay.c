/*
 * test-tree-overlay.c - an overlay reads its own texts before the tree's,
 * a removed file reads as missing, the last text of a path wins, and the
 * scan of a tree through an overlay sees its changed, new and removed
 * files and hashes the list of header paths.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "migration.h"
#include "scan.h"
#include "scratch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "test-migration-data.h"
#include "tree-overlay.h"
#include "unit.h"
#include "util.h"

static char *tree;

static void put(const char *path, const char *text)
{
	char *full = xstrfmt("%s/%s", tree, path);

	CU_ASSERT_FATAL(!write_scratch_file(full, text, strlen(text)));
	free(full);
}

static void make_tree(void)
{
	if (tree)
		return;
	tree = tempdir_create("test-overlay");
	put("drivers/a.c", "int a;\n");
	put("drivers/b.c", "int b;\n");
	put("include/x.h", "#define X 1\n");
}

static void test_reads_overlay_first(void)
{
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	struct strbuf out = STRBUF_INIT;

	make_tree();
	tree_overlay_set(&ov, "drivers/a.c", "int changed;\n", 13);
	CU_ASSERT(!tree_overlay_read(&ov, tree, "drivers/a.c", &out));
	check_str(out.buf, "int changed;\n");
	strbuf_reset(&out);
	CU_ASSERT(!tree_overlay_read(&ov, tree, "drivers/b.c", &out));
	check_str(out.buf, "int b;\n");
	strbuf_reset(&out);
	CU_ASSERT(!tree_overlay_read(NULL, tree, "drivers/a.c", &out));
	check_str(out.buf, "int a;\n");
	strbuf_release(&out);
	tree_overlay_release(&ov);
}

static void test_removed_reads_missing(void)
{
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	struct strbuf out = STRBUF_INIT;

	make_tree();
	tree_overlay_remove(&ov, "drivers/b.c");
	errno = 0;
	CU_ASSERT(tree_overlay_read(&ov, tree, "drivers/b.c", &out) < 0);
	check_int(errno, ENOENT);
	CU_ASSERT(tree_overlay_find(&ov, "drivers/b.c")->removed);
	CU_ASSERT_PTR_NULL(tree_overlay_find(&ov, "drivers/a.c"));
	strbuf_release(&out);
	tree_overlay_release(&ov);
}

static void test_last_text_wins_and_sorted(void)
{
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	size_t i;

	tree_overlay_set(&ov, "z.c", "1", 1);
	tree_overlay_set(&ov, "a.c", "2", 1);
	tree_overlay_remove(&ov, "m.c");
	tree_overlay_set(&ov, "m.c", "with\0nul", 8);
	tree_overlay_set(&ov, "z.c", "3", 1);
	check_int(ov.nr, 3);
	for (i = 1; i < ov.nr; i++)
		CU_ASSERT(strcmp(ov.files[i - 1].path, ov.files[i].path) < 0);
	check_int(tree_overlay_find(&ov, "m.c")->text.len, 8);
	CU_ASSERT(!tree_overlay_find(&ov, "m.c")->removed);
	check_str(tree_overlay_find(&ov, "z.c")->text.buf, "3");
	tree_overlay_release(&ov);
}

static const char call_text[] =
	"void f(void)\n{\n\tclass_device_create(c, 0, d, \"x\");\n}\n";

static void test_scan_through_overlay(void)
{
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	struct scan_result plain, changed;
	struct migration m;

	make_tree();
	CU_ASSERT_FATAL(!test_migration_parse(&m));
	tree_overlay_set(&ov, "drivers/a.c", call_text, strlen(call_text));
	tree_overlay_set(&ov, "drivers/new.c", call_text, strlen(call_text));
	tree_overlay_remove(&ov, "include/x.h");
	CU_ASSERT_FATAL(!scan_tree(tree, &m, 2, &plain));
	CU_ASSERT_FATAL(!scan_tree_overlay(tree, &ov, &m, 2, &changed));
	check_int(plain.nr_files, 0);
	check_int_fatal(changed.nr_files, 2);
	check_str(changed.files[0].path, "drivers/a.c");
	check_str(changed.files[1].path, "drivers/new.c");
	check_int(changed.nr_candidates, plain.nr_candidates + 1);
	/* a header removed is a header list of its own */
	CU_ASSERT(memcmp(plain.header_list, changed.header_list,
			 sizeof(plain.header_list)));
	scan_result_release(&plain);
	scan_result_release(&changed);
	tree_overlay_release(&ov);
	migration_release(&m);
}

static void test_header_list_follows_headers(void)
{
	struct scan_result one, two, three;
	struct migration m;

	make_tree();
	CU_ASSERT_FATAL(!test_migration_parse(&m));
	CU_ASSERT_FATAL(!scan_tree(tree, &m, 1, &one));
	put("drivers/c.c", "int c;\n");
	CU_ASSERT_FATAL(!scan_tree(tree, &m, 1, &two));
	put("include/y.h", "int y;\n");
	CU_ASSERT_FATAL(!scan_tree(tree, &m, 1, &three));
	CU_ASSERT(!memcmp(one.header_list, two.header_list,
			  sizeof(one.header_list)));
	CU_ASSERT(memcmp(two.header_list, three.header_list,
			 sizeof(two.header_list)));
	scan_result_release(&one);
	scan_result_release(&two);
	scan_result_release(&three);
	migration_release(&m);
}

static const struct unit_test tests[] = {
	{ "reads the overlay's text before the tree's",
	  test_reads_overlay_first },
	{ "a removed file reads as missing", test_removed_reads_missing },
	{ "the last text of a path wins, paths stay sorted",
	  test_last_text_wins_and_sorted },
	{ "scan sees changed, new and removed files",
	  test_scan_through_overlay },
	{ "the header list changes with a header, not a source",
	  test_header_list_follows_headers },
	{ NULL, NULL },
};

UNIT_MAIN("tree-overlay", tests)
