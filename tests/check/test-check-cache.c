/*
 * test-check-cache.c - a file's analysed records read back as they were
 * written, a damaged payload fills nothing, and the cache gives back a
 * file's records only while every header they were read from holds the
 * same text: a header changed on disk or in the overlay is a miss.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>

#include "check-cache.h"
#include "check.h"
#include "result-cache.h"
#include "scratch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "test-migration-data.h"
#include "tree-overlay.h"
#include "unit.h"
#include "util.h"

static char *tree;
static struct migration m;

static const char header[] = "#define DEV_NAME \"raw1394\"\n";
static const char source[] =
	"#include \"names.h\"\n"
	"static struct class *c;\n"
	"void f(struct device *d)\n{\n"
	"\tclass_device_create(c, NULL, 0, d, DEV_NAME);\n"
	"\tclass_device_create(c, 0, d, \"%s\", \"x\\n\");\n}\n";

/* write path in the tree, an hour old (the cache keeps no newer header) */
static void put(const char *path, const char *text)
{
	char *full = xstrfmt("%s/%s", tree, path);
	struct utimbuf old = { time(NULL) - 3600, time(NULL) - 3600 };

	CU_ASSERT_FATAL(!write_scratch_file(full, text, strlen(text)));
	CU_ASSERT_FATAL(!utime(full, &old));
	free(full);
}

static void setup(void)
{
	if (tree)
		return;
	tree = tempdir_create("test-check-cache");
	setenv("XDG_CACHE_HOME", tree, 1);
	put("drivers/names.h", header);
	put("drivers/raw.c", source);
	put("include/linux/device.h",
	    "struct class_device *class_device_create(struct class *cls, "
	    "dev_t devt, struct device *device, char *fmt, ...);\n");
	CU_ASSERT_FATAL(!test_migration_parse(&m));
	m.dir = xstrdup(tree);
}

/* the tree's one file, analysed from its text only (no libclang) */
static void analyse(struct check_result *r, const struct tree_overlay *ov)
{
	struct check_options opts = { tree, ov, &m, 1, 1, 0, 0 };

	CU_ASSERT_FATAL(!check_prepare(&opts, r));
	CU_ASSERT_FATAL(r->nr_files == 1);
	CU_ASSERT_FATAL(!check_analyse_files(&r, 1, &opts));
}

static void test_records_round_trip(void)
{
	struct strbuf one = STRBUF_INIT, two = STRBUF_INIT;
	struct check_result a, b;
	struct check_options opts = { NULL, NULL, &m, 1, 1, 0, 0 };

	setup();
	opts.tree = tree;
	analyse(&a, NULL);
	/* the header's macro was looked up: it is a dependency */
	CU_ASSERT(strlist_find(&a.files[0].analysed.deps, "drivers/names.h") >=
		  0);
	/* what libclang would say of a call of another declaration */
	a.files[0].calls[0].declared_in = xstrdup("tools/lib/x.h");
	check_records_write(&a.files[0], &one);
	CU_ASSERT_FATAL(!check_prepare(&opts, &b));
	CU_ASSERT(!check_records_read(&b.files[0], one.buf, one.len));
	check_records_write(&b.files[0], &two);
	check_int(one.len, two.len);
	CU_ASSERT(!memcmp(one.buf, two.buf, one.len));
	check_str(b.files[0].calls[0].args[4].literal, "raw1394");
	check_str(b.files[0].calls[0].declared_in, "tools/lib/x.h");
	CU_ASSERT_PTR_NULL(b.files[0].calls[1].declared_in);
	strbuf_release(&one);
	strbuf_release(&two);
	check_result_release(&a);
	check_result_release(&b);
}

static void test_damaged_records_fill_nothing(void)
{
	struct strbuf good = STRBUF_INIT, bad = STRBUF_INIT;
	struct check_options opts = { NULL, NULL, &m, 1, 1, 0, 0 };
	struct check_result a, b;
	size_t cut;

	setup();
	opts.tree = tree;
	analyse(&a, NULL);
	check_records_write(&a.files[0], &good);
	CU_ASSERT_FATAL(!check_prepare(&opts, &b));
	for (cut = 0; cut < good.len; cut++) {
		CU_ASSERT(check_records_read(&b.files[0], good.buf, cut) < 0);
		CU_ASSERT_PTR_NULL(b.files[0].calls[0].args[0].type);
		check_int(b.files[0].analysed.deps.nr, 0);
	}
	/* one argument too many for the call */
	strbuf_add(&bad, good.buf, good.len);
	bad.buf[strstr(bad.buf, "call ") - bad.buf + 7] = '9';
	CU_ASSERT(check_records_read(&b.files[0], bad.buf, bad.len) < 0);
	strbuf_release(&good);
	strbuf_release(&bad);
	check_result_release(&a);
	check_result_release(&b);
}

/* 1 when the cache has r's one file */
static int cached(struct check_cache *cc, const struct tree_overlay *ov)
{
	struct check_options opts = { tree, ov, &m, 1, 1, 0, 0 };
	struct check_result r;
	int hit;

	CU_ASSERT_FATAL(!check_prepare(&opts, &r));
	hit = check_cache_get(cc, &r, &r.files[0]);
	check_result_release(&r);
	return hit;
}

static void test_changed_header_misses(void)
{
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	struct check_cache cc;
	struct check_result r;

	setup();
	check_cache_init(&cc, tree, &m);
	if (!cc.clang.enabled) /* no libclang to key on: nothing to test */
		return;
	analyse(&r, NULL);
	check_cache_put(&cc, &r, &r.files[0]);
	check_result_release(&r);
	check_cache_release(&cc);

	check_cache_init(&cc, tree, &m);
	CU_ASSERT(cached(&cc, NULL));
	tree_overlay_set(&ov, "drivers/names.h", "#define DEV_NAME \"x\"\n",
			 21);
	CU_ASSERT(!cached(&cc, &ov));
	check_cache_release(&cc);

	put("drivers/names.h", "#define DEV_NAME \"other\"\n");
	check_cache_init(&cc, tree, &m);
	CU_ASSERT(!cached(&cc, NULL));
	check_cache_release(&cc);
	put("drivers/names.h", header);
	tree_overlay_release(&ov);
}

static const struct unit_test tests[] = {
	{ "records read back as written", test_records_round_trip },
	{ "damaged records fill nothing", test_damaged_records_fill_nothing },
	{ "a changed header is a miss", test_changed_header_misses },
	{ NULL, NULL },
};

UNIT_MAIN("check-cache", tests)
