/*
 * test-value-cache.c - a file's case values read back as they were
 * written, damaged records fill nothing, and the cache gives back a
 * file's values only for the same text and texts, and while every
 * header they were read from holds the same text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <utime.h>

#include "clang-value.h"
#include "scratch.h"
#include "strbuf.h"
#include "tempfile.h"
#include "test-migration-data.h"
#include "unit.h"
#include "util.h"
#include "value-cache.h"

static char *tree;
static struct migration m;
static const unsigned char no_headers[SHA256_LEN];
static const char source[] = "#include \"limits.h\"\nint n = MY_LIMIT;\n";

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
	tree = tempdir_create("test-value-cache");
	setenv("XDG_CACHE_HOME", tree, 1);
	put("drivers/limits.h", "#define MY_LIMIT 0\n");
	put("drivers/user.c", source);
	CU_ASSERT_FATAL(!test_migration_parse(&m));
	m.dir = xstrdup(tree);
}

/* two texts: the first known as value, the second unknown */
static void two_values(struct clang_value v[2], uint64_t value)
{
	memset(v, 0, 2 * sizeof(*v));
	v[0].text = "MY_LIMIT";
	v[0].known = 1;
	v[0].value = value;
	v[1].text = "lim";
}

static void test_records_round_trip(void)
{
	struct strbuf one = STRBUF_INIT, two = STRBUF_INIT;
	struct strlist deps = STRLIST_INIT, back = STRLIST_INIT;
	struct clang_value v[2], w[2];

	two_values(v, (uint64_t)-1);
	strlist_push(&deps, "drivers/limits.h");
	strlist_push(&deps, "/usr/lib/clang/include/stddef.h");
	value_records_write(v, 2, &deps, &one);
	two_values(w, 7);
	w[0].known = 0;
	w[1].known = 1;
	CU_ASSERT(!value_records_read(one.buf, one.len, w, 2, &back));
	check_int(w[0].known, 1);
	CU_ASSERT(w[0].value == (uint64_t)-1);
	check_int(w[1].known, 0);
	check_int(back.nr, 2);
	value_records_write(w, 2, &back, &two);
	check_str(two.buf, one.buf);
	strbuf_release(&one);
	strbuf_release(&two);
	strlist_clear(&deps, 0);
	strlist_clear(&back, 0);
}

static void test_damaged_records_fill_nothing(void)
{
	struct strbuf good = STRBUF_INIT;
	struct strlist deps = STRLIST_INIT, back = STRLIST_INIT;
	struct clang_value v[2], w[2];
	size_t cut;

	two_values(v, 5);
	strlist_push(&deps, "drivers/limits.h");
	value_records_write(v, 2, &deps, &good);
	for (cut = 0; cut < good.len; cut++) {
		two_values(w, 9);
		CU_ASSERT(value_records_read(good.buf, cut, w, 2, &back) < 0);
		CU_ASSERT(w[0].value == 9);
		check_int(back.nr, 0);
	}
	/* records of two values are not those of one */
	CU_ASSERT(value_records_read(good.buf, good.len, w, 1, &back) < 0);
	check_int(back.nr, 0);
	strbuf_release(&good);
	strlist_clear(&deps, 0);
}

/* 1 when the cache has the file's values for texts v[0..nr) */
static int cached(const char *text, struct clang_value *v, size_t nr)
{
	struct value_cache vc;
	int hit;

	value_cache_init(&vc, tree, &m, no_headers);
	hit = value_cache_get(&vc, "drivers/user.c", text, strlen(text), v, nr);
	value_cache_release(&vc);
	return hit;
}

static void test_changed_input_misses(void)
{
	struct strlist deps = STRLIST_INIT;
	struct value_cache vc;
	struct clang_value v[2], w[2];

	setup();
	value_cache_init(&vc, tree, &m, no_headers);
	if (!vc.clang.enabled) { /* no libclang to key on: nothing to test */
		value_cache_release(&vc);
		return;
	}
	two_values(v, 42);
	strlist_push(&deps, "drivers/limits.h");
	value_cache_put(&vc, "drivers/user.c", source, strlen(source), v, 2,
			&deps);
	value_cache_release(&vc);

	two_values(w, 0);
	w[0].known = 0;
	CU_ASSERT(cached(source, w, 2));
	check_int(w[0].known, 1);
	CU_ASSERT(w[0].value == 42);
	CU_ASSERT(!cached("int n = MY_LIMIT;\n", w, 2));
	CU_ASSERT(!cached(source, w, 1));
	put("drivers/limits.h", "#define MY_LIMIT 0x100\n");
	CU_ASSERT(!cached(source, w, 2));
	put("drivers/limits.h", "#define MY_LIMIT 0\n");
	CU_ASSERT(cached(source, w, 2));
	strlist_clear(&deps, 0);
}

static const struct unit_test tests[] = {
	{ "records read back as written", test_records_round_trip },
	{ "damaged records fill nothing", test_damaged_records_fill_nothing },
	{ "another text, texts or header is a miss",
	  test_changed_input_misses },
	{ NULL, NULL },
};

UNIT_MAIN("value-cache", tests)
