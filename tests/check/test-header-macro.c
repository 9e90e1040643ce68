/*
 * test-header-macro.c - a string macro found in the headers a file
 * includes, as the preprocessor would find it, and nowhere else; the
 * names of one file looked up as alone, each header read once.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "header-macro.h"
#include "lexer.h"
#include "strbuf.h"
#include "tempfile.h"
#include "tree-overlay.h"
#include "unit.h"
#include "util.h"

static char *root;

static void put(const char *rel, const char *text)
{
	char *path = xstrfmt("%s/%s", root, rel), *slash;
	FILE *fp;

	for (slash = strchr(path + strlen(root) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0777);
		*slash = '/';
	}
	fp = fopen(path, "w");
	CU_ASSERT_FATAL(fp != NULL);
	fputs(text, fp);
	fclose(fp);
	free(path);
}

/*
 * The macro name's value for the file at path holding text, the only
 * name asked (headers read into *read when not NULL)
 */
static char *lookup_read(const char *path, const char *text, const char *name,
			 struct strlist *read)
{
	struct token_list tl = TOKEN_LIST_INIT;
	struct header_lookup where = { root, NULL, read, NULL };
	struct header_macros *hm;
	char *value;

	lex_buffer(text, strlen(text), &tl);
	hm = header_macros_new(&where, path, text, &tl);
	token_list_release(&tl);
	value = header_macros_find(hm, name);
	header_macros_free(hm);
	return value;
}

static char *lookup(const char *path, const char *text, const char *name)
{
	return lookup_read(path, text, name, NULL);
}

#define ASSERT_VALUE(path, text, name, want)                 \
	do {                                                 \
		char *got_ = lookup((path), (text), (name)); \
		if (want) {                                  \
			CU_ASSERT_PTR_NOT_NULL(got_);        \
			if (got_)                            \
				check_str(got_, (want));     \
		} else {                                     \
			CU_ASSERT_PTR_NULL(got_);            \
		}                                            \
		free(got_);                                  \
	} while (0)

static const char driver[] =
	"#include <linux/device.h>\n"
	"#include \"raw1394-private.h\"\n"
	"void f(void) { class_device_create(c, 0, NULL, RAW_NAME); }\n";

static void test_private_header_beside_the_file(void)
{
	root = tempdir_create("test-header-macro");
	put("drivers/ieee1394/raw1394-private.h",
	    "#ifndef P_H\n#define P_H\n#include \"more.h\"\n"
	    "#define RAW_NAME\t\"raw1394\"\n#endif\n");
	put("drivers/ieee1394/more.h", "#define MORE \"more\" \"x\"\n");
	put("include/linux/device.h", "#define DEV_NAME \"dev\"\n"
				      "#define NOT_A_STRING 3\n");
	ASSERT_VALUE("drivers/ieee1394/raw1394.c", driver, "RAW_NAME",
		     "raw1394");
	/* a header of a header, literals concatenated */
	ASSERT_VALUE("drivers/ieee1394/raw1394.c", driver, "MORE", "morex");
	/* <...> below TREE/include */
	ASSERT_VALUE("drivers/ieee1394/raw1394.c", driver, "DEV_NAME", "dev");
	ASSERT_VALUE("drivers/ieee1394/raw1394.c", driver, "NOT_A_STRING",
		     NULL);
	ASSERT_VALUE("drivers/ieee1394/raw1394.c", driver, "UNKNOWN", NULL);
	/* a file elsewhere does not see the private header */
	ASSERT_VALUE("drivers/other/x.c", driver, "RAW_NAME", NULL);
	free(root);
}

static void test_never_outside_the_tree(void)
{
	char *outside, *link;

	root = tempdir_create("test-header-macro");
	outside = tempdir_create("test-header-macro-outside");
	put("drivers/a/a.c", "");
	link = xstrfmt("%s/drivers/a/linked", root);
	check_int_fatal(symlink(outside, link), 0);
	free(link);
	link = xstrfmt("%s/secret.h", outside);
	{
		FILE *fp = fopen(link, "w");

		CU_ASSERT_FATAL(fp != NULL);
		fputs("#define SECRET \"secret\"\n", fp);
		fclose(fp);
	}
	ASSERT_VALUE("drivers/a/a.c", "#include \"linked/secret.h\"\n",
		     "SECRET", NULL);
	ASSERT_VALUE("drivers/a/a.c", "#include \"../../../x/secret.h\"\n",
		     "SECRET", NULL);
	ASSERT_VALUE("drivers/a/a.c", "#include \"/etc/secret.h\"\n", "SECRET",
		     NULL);
	free(link);
	free(outside);
	free(root);
}

static void test_overlay_first_and_reads_listed(void)
{
	static const char changed[] = "#define RAW_NAME \"patched\"\n";
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	struct strlist read = STRLIST_INIT;
	struct header_lookup where = { NULL, &ov, &read, NULL };
	struct token_list tl = TOKEN_LIST_INIT;
	struct header_macros *hm;
	char *value;

	root = tempdir_create("test-header-macro");
	where.tree = root;
	put("drivers/ieee1394/raw1394-private.h",
	    "#define RAW_NAME \"raw1394\"\n");
	tree_overlay_set(&ov, "drivers/ieee1394/raw1394-private.h", changed,
			 strlen(changed));
	lex_buffer(driver, strlen(driver), &tl);
	hm = header_macros_new(&where, "drivers/ieee1394/raw1394.c", driver,
			       &tl);
	value = header_macros_find(hm, "RAW_NAME");
	header_macros_free(hm);
	CU_ASSERT_PTR_NOT_NULL_FATAL(value);
	check_str(value, "patched");
	CU_ASSERT(strlist_find(&read, "drivers/ieee1394/raw1394-private.h") >=
		  0);
	free(value);
	/* a header the overlay removes is not read from the tree */
	tree_overlay_remove(&ov, "drivers/ieee1394/raw1394-private.h");
	hm = header_macros_new(&where, "drivers/ieee1394/raw1394.c", driver,
			       &tl);
	value = header_macros_find(hm, "RAW_NAME");
	header_macros_free(hm);
	CU_ASSERT_PTR_NULL(value);
	free(value);
	token_list_release(&tl);
	strlist_clear(&read, 0);
	tree_overlay_release(&ov);
	free(root);
}

/* the lines of list, one a line, for one comparison */
static char *joined(const struct strlist *list)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k;

	for (k = 0; k < list->nr; k++)
		strbuf_addf(&sb, "%s\n", list->items[k].string);
	return strbuf_detach(&sb, NULL);
}

/*
 * a.c includes one.h then two.h; one.h includes deep.h.  Breadth first:
 * one.h, two.h, deep.h (include/one.h and the others, tried after
 * each, are not there).
 */
static const char includer[] = "#include \"one.h\"\n#include \"two.h\"\n";
static const char *const names[] = { "ONE", "DEEP", "BOTH", "TWO", "NONE" };
static const char *const values[] = { "one", "deep", "two", "two", NULL };

static void put_includes(void)
{
	put("drivers/a/one.h", "#include \"deep.h\"\n#define ONE \"one\"\n");
	put("drivers/a/two.h", "#define BOTH \"two\"\n#define TWO \"two\"\n");
	put("drivers/a/deep.h",
	    "#define BOTH \"deep\"\n#define DEEP \"deep\"\n");
}

/* the names of order asked of one file, each answer as alone */
static void check_one_file(const size_t *order, const char *want_read)
{
	struct strlist read = STRLIST_INIT, alone_read = STRLIST_INIT;
	struct header_lookup where = { root, NULL, &read, NULL };
	struct token_list tl = TOKEN_LIST_INIT;
	struct header_macros *hm;
	char *got, *alone;
	size_t k;

	lex_buffer(includer, strlen(includer), &tl);
	hm = header_macros_new(&where, "drivers/a/a.c", includer, &tl);
	token_list_release(&tl);
	for (k = 0; k < ARRAY_SIZE(names); k++) {
		const char *name = names[order[k]];

		got = header_macros_find(hm, name);
		alone = lookup_read("drivers/a/a.c", includer, name,
				    &alone_read);
		if (values[order[k]]) {
			CU_ASSERT_PTR_NOT_NULL(got);
			if (got)
				check_str(got, values[order[k]]);
		} else {
			CU_ASSERT_PTR_NULL(got);
		}
		if (got && alone)
			check_str(got, alone);
		else
			CU_ASSERT_PTR_EQUAL(got, alone);
		free(got);
		free(alone);
		/* the walks one by one read what the file's lookups did */
		got = joined(&read);
		alone = joined(&alone_read);
		check_str(got, alone);
		free(got);
		free(alone);
		if (k == 0) {
			got = joined(&read);
			check_str(got, want_read);
			free(got);
		}
	}
	header_macros_free(hm);
	strlist_clear(&alone_read, 0);
	strlist_clear(&read, 0);
}

static void test_one_file_many_names(void)
{
	/* the first stops at one.h; DEEP is read further in */
	static const size_t shallow_first[] = { 0, 1, 2, 3, 4 };
	/* all read at once; BOTH is still two.h's, before deep.h */
	static const size_t deep_first[] = { 1, 2, 0, 4, 3 };
	/* no name defined: every header read */
	static const size_t none_first[] = { 4, 3, 2, 1, 0 };

	root = tempdir_create("test-header-macro");
	put_includes();
	check_one_file(shallow_first, "drivers/a/one.h\n");
	check_one_file(deep_first,
		       "drivers/a/one.h\ndrivers/a/two.h\ndrivers/a/deep.h\n");
	check_one_file(none_first,
		       "drivers/a/one.h\ndrivers/a/two.h\ndrivers/a/deep.h\n");
	free(root);
}

/*
 * A chain of headers, each including the next with <...> (one path to
 * try): the file and HEADER_MACRO_MAX - 1 of them are looked in
 */
static void test_at_most_max_headers(void)
{
	static const char file[] = "#include <c/h0.h>\n";
	struct strlist read = STRLIST_INIT;
	struct header_lookup where = { NULL, NULL, &read, NULL };
	struct token_list tl = TOKEN_LIST_INIT;
	struct header_macros *hm;
	char *last, *past, *value;
	int i;

	root = tempdir_create("test-header-macro");
	where.tree = root;
	for (i = 0; i <= HEADER_MACRO_MAX; i++) {
		char *path = xstrfmt("include/c/h%d.h", i);
		char *text = xstrfmt("#include <c/h%d.h>\n#define N%d \"%d\"\n",
				     i + 1, i, i);

		put(path, text);
		free(text);
		free(path);
	}
	last = xstrfmt("N%d", HEADER_MACRO_MAX - 2);
	past = xstrfmt("N%d", HEADER_MACRO_MAX - 1);
	lex_buffer(file, strlen(file), &tl);
	hm = header_macros_new(&where, "drivers/c.c", file, &tl);
	token_list_release(&tl);
	CU_ASSERT_PTR_NULL(header_macros_find(hm, past));
	check_size(read.nr, HEADER_MACRO_MAX - 1);
	value = header_macros_find(hm, last);
	CU_ASSERT_PTR_NOT_NULL(value);
	if (value)
		check_int(atoi(value), HEADER_MACRO_MAX - 2);
	free(value);
	value = header_macros_find(hm, "N0");
	CU_ASSERT_PTR_NOT_NULL(value);
	if (value)
		check_str(value, "0");
	free(value);
	header_macros_free(hm);
	value = lookup("drivers/c.c", file, last);
	CU_ASSERT_PTR_NOT_NULL(value);
	free(value);
	CU_ASSERT_PTR_NULL(lookup("drivers/c.c", file, past));
	strlist_clear(&read, 0);
	free(past);
	free(last);
	free(root);
}

/* name's value for the file at path, through where (reads listed) */
static char *find_in(const struct header_lookup *where, const char *path,
		     const char *text, const char *name)
{
	struct token_list tl = TOKEN_LIST_INIT;
	struct header_macros *hm;
	char *value;

	lex_buffer(text, strlen(text), &tl);
	hm = header_macros_new(where, path, text, &tl);
	token_list_release(&tl);
	value = header_macros_find(hm, name);
	header_macros_free(hm);
	return value;
}

static void test_cache_of_the_run(void)
{
	static const char changed[] = "#define RAW_NAME \"patched\"\n";
	static const char other[] = "#include \"raw1394-private.h\"\n";
	struct header_cache *hc = header_cache_new();
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	struct strlist read_a = STRLIST_INIT, read_b = STRLIST_INIT;
	struct header_lookup a = { NULL, NULL, &read_a, hc };
	struct header_lookup b = { NULL, &ov, &read_b, hc };
	const char *header = "drivers/ieee1394/raw1394-private.h";
	char *value;

	root = tempdir_create("test-header-macro");
	a.tree = b.tree = root;
	put(header, "#define RAW_NAME \"raw1394\"\n");
	/* two files of the run: the kept header answers both, both list it */
	value = find_in(&a, "drivers/ieee1394/raw1394.c", driver, "RAW_NAME");
	check_str(value ? value : "(none)", "raw1394");
	free(value);
	value = find_in(&a, "drivers/ieee1394/other.c", other, "RAW_NAME");
	check_str(value ? value : "(none)", "raw1394");
	free(value);
	CU_ASSERT(strlist_find(&read_a, header) >= 0);
	/* an overlay's version is read for the file, never the kept one */
	tree_overlay_set(&ov, header, changed, strlen(changed));
	value = find_in(&b, "drivers/ieee1394/raw1394.c", driver, "RAW_NAME");
	check_str(value ? value : "(none)", "patched");
	free(value);
	CU_ASSERT(strlist_find(&read_b, header) >= 0);
	/* ... and the kept one still answers a file without the overlay */
	value = find_in(&a, "drivers/ieee1394/other.c", other, "RAW_NAME");
	check_str(value ? value : "(none)", "raw1394");
	free(value);
	strlist_clear(&read_a, 0);
	strlist_clear(&read_b, 0);
	tree_overlay_release(&ov);
	header_cache_free(hc);
	free(root);
}

static const struct unit_test tests[] = {
	{ "the names of one file: each as alone, each header read once",
	  test_one_file_many_names },
	{ "at most HEADER_MACRO_MAX headers looked in",
	  test_at_most_max_headers },
	{ "an overlay's header first; each header read is listed",
	  test_overlay_first_and_reads_listed },
	{ "a private header beside the file, and its own includes",
	  test_private_header_beside_the_file },
	{ "no header is read through a link or above the tree",
	  test_never_outside_the_tree },
	{ "a run's kept headers answer every file, an overlay's its own",
	  test_cache_of_the_run },
	{ NULL, NULL }
};

UNIT_MAIN("header-macro", tests)
