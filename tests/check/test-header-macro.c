/*
 * test-header-macro.c - a string macro found in the headers a file
 * includes, as the preprocessor would find it, and nowhere else.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "header-macro.h"
#include "lexer.h"
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

/* the macro name's value for the file at path holding text */
static char *lookup(const char *path, const char *text, const char *name)
{
	struct token_list tl = TOKEN_LIST_INIT;
	struct header_lookup where = { root, NULL, NULL };
	char *value;

	lex_buffer(text, strlen(text), &tl);
	value = header_string_macro(&where, path, text, strlen(text), &tl,
				    name);
	token_list_release(&tl);
	return value;
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
	struct header_lookup where = { NULL, &ov, &read };
	struct token_list tl = TOKEN_LIST_INIT;
	char *value;

	root = tempdir_create("test-header-macro");
	where.tree = root;
	put("drivers/ieee1394/raw1394-private.h",
	    "#define RAW_NAME \"raw1394\"\n");
	tree_overlay_set(&ov, "drivers/ieee1394/raw1394-private.h", changed,
			 strlen(changed));
	lex_buffer(driver, strlen(driver), &tl);
	value = header_string_macro(&where, "drivers/ieee1394/raw1394.c",
				    driver, strlen(driver), &tl, "RAW_NAME");
	CU_ASSERT_PTR_NOT_NULL_FATAL(value);
	check_str(value, "patched");
	CU_ASSERT(strlist_find(&read, "drivers/ieee1394/raw1394-private.h") >=
		  0);
	free(value);
	/* a header the overlay removes is not read from the tree */
	tree_overlay_remove(&ov, "drivers/ieee1394/raw1394-private.h");
	value = header_string_macro(&where, "drivers/ieee1394/raw1394.c",
				    driver, strlen(driver), &tl, "RAW_NAME");
	CU_ASSERT_PTR_NULL(value);
	free(value);
	token_list_release(&tl);
	strlist_clear(&read, 0);
	tree_overlay_release(&ov);
	free(root);
}

static const struct unit_test tests[] = {
	{ "an overlay's header first; each header read is listed",
	  test_overlay_first_and_reads_listed },
	{ "a private header beside the file, and its own includes",
	  test_private_header_beside_the_file },
	{ "no header is read through a link or above the tree",
	  test_never_outside_the_tree },
	{ NULL, NULL }
};

UNIT_MAIN("header-macro", tests)
