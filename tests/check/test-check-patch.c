/*
 * test-check-patch.c - the paths a patch touches, and the ones that are
 * refused before anything is copied or applied.
 */
#include <stdlib.h>
#include <string.h>

#include "check-patch.h"
#include "unit.h"

/* the paths of text joined by ' ', or "refused: WHY" */
static char *paths_of(const char *text)
{
	struct strlist paths = STRLIST_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *refused = NULL;
	size_t i;

	if (patch_touched_paths(text, strlen(text), &paths, &refused)) {
		strbuf_addf(&sb, "refused: %s", refused);
	} else {
		for (i = 0; i < paths.nr; i++)
			strbuf_addf(&sb, "%s%s", i ? " " : "",
				    paths.items[i].string);
	}
	free(refused);
	strlist_clear(&paths, 0);
	return strbuf_detach(&sb, NULL);
}

#define ASSERT_PATHS(text, expect)                      \
	do {                                            \
		char *got_ = paths_of(text);            \
		CU_ASSERT_STRING_EQUAL(got_, (expect)); \
		free(got_);                             \
	} while (0)

static void test_git_style(void)
{
	ASSERT_PATHS("diff --git a/drivers/char/mem.c b/drivers/char/mem.c\n"
		     "--- a/drivers/char/mem.c\n"
		     "+++ b/drivers/char/mem.c\n"
		     "@@ -1 +1 @@\n-x\n+y\n"
		     "diff --git a/sound/sound_core.c b/sound/sound_core.c\n"
		     "--- a/sound/sound_core.c\n"
		     "+++ b/sound/sound_core.c\n",
		     "drivers/char/mem.c sound/sound_core.c");
}

static void test_plain_diff(void)
{
	ASSERT_PATHS("--- linux.orig/drivers/x.c\t2005-10-28 10:00:00\n"
		     "+++ linux/drivers/x.c\t2005-10-28 10:01:00\n"
		     "@@ -1 +1 @@\n-x\n+y\n",
		     "drivers/x.c");
	ASSERT_PATHS("--- /dev/null\n+++ b/drivers/new.c\n@@ -0,0 +1 @@\n+y\n",
		     "drivers/new.c");
}

static void test_quoted_names(void)
{
	ASSERT_PATHS("diff --git \"a/x/t\\ty.c\" \"b/x/t\\ty.c\"\n"
		     "--- \"a/x/t\\ty.c\"\n+++ \"b/x/t\\ty.c\"\n"
		     "@@ -1 +1 @@\n-x\n+y\n"
		     "diff --git a/x/a b.c b/x/a b.c\n"
		     "--- a/x/a b.c\t\n+++ b/x/a b.c\t\n",
		     "x/t\ty.c x/a b.c");
	ASSERT_PATHS("--- \"a/x/q\\\"\\nz.c\"\n+++ \"b/x/q\\\"\\nz.c\"\n",
		     "x/q\"\nz.c");
	ASSERT_PATHS("diff --git \"a/../x\\t.c\" \"b/../x\\t.c\"\n",
		     "refused: it touches 'a/../x\t.c', outside the tree");
}

static void test_outside_is_refused(void)
{
	ASSERT_PATHS("diff --git a/../outside.c b/../outside.c\n"
		     "--- a/../outside.c\n+++ b/../outside.c\n",
		     "refused: it touches 'a/../outside.c', outside the tree");
	ASSERT_PATHS("--- a/drivers/../../x.c\n+++ b/drivers/../../x.c\n",
		     "refused: it touches 'a/drivers/../../x.c', outside the "
		     "tree");
	ASSERT_PATHS("--- /etc/passwd\n+++ /etc/passwd\n",
		     "refused: it touches '/etc/passwd', outside the tree");
	ASSERT_PATHS("--- ../x.c\n+++ ../x.c\n",
		     "refused: it touches '../x.c', outside the tree");
}

static void test_no_file(void)
{
	ASSERT_PATHS("", "refused: it names no file: not a unified diff");
	ASSERT_PATHS("just some text\n",
		     "refused: it names no file: not a unified diff");
	ASSERT_PATHS("--- x.c\n+++ x.c\n",
		     "refused: it touches 'x.c', which has no directory to "
		     "strip with -p1");
}

static void test_hunk_bodies_are_not_headers(void)
{
	/* a removed line "-- a/x" reads "--- a/x" in the hunk */
	ASSERT_PATHS("--- a/doc/sig.txt\n+++ b/doc/sig.txt\n"
		     "@@ -1,2 +1 @@\n"
		     "--- /etc/passwd\n"
		     " kept\n"
		     "--- a/drivers/x.c\n+++ b/drivers/x.c\n"
		     "@@ -3 +3,2 @@\n-x\n+y\n++++ /etc/shadow\n",
		     "doc/sig.txt drivers/x.c");
}

static void test_short_hunk_hides_no_header(void)
{
	/* a hunk shorter than its header says: what follows is a header */
	ASSERT_PATHS("--- a/d/x.c\n+++ b/d/x.c\n"
		     "@@ -1,3 +1,3 @@\n"
		     " a\n"
		     "diff --git a/../y.c b/../y.c\n"
		     "--- a/../y.c\n+++ b/../y.c\n"
		     "@@ -1 +1 @@\n-y\n+z\n",
		     "refused: it touches 'a/../y.c', outside the tree");
}

static void test_quoted_and_dotted_names(void)
{
	/* "..." inside a name is not a ".." component */
	ASSERT_PATHS("--- \"a/dir/x..c\"\n+++ \"b/dir/x..c\"\n", "dir/x..c");
}

static const struct unit_test tests[] = {
	{ "quoted names are read as git writes them", test_quoted_names },
	{ "git-style headers: each path once, a/ and b/ stripped",
	  test_git_style },
	{ "plain diff headers, timestamps, /dev/null", test_plain_diff },
	{ "'..' and absolute paths are refused", test_outside_is_refused },
	{ "a text with no file, a path -p1 cannot strip", test_no_file },
	{ "lines of a hunk are not headers", test_hunk_bodies_are_not_headers },
	{ "a hunk that lies about its length hides no header",
	  test_short_hunk_hides_no_header },
	{ "quoted names; '..' inside a name is fine",
	  test_quoted_and_dotted_names },
	{ NULL, NULL }
};

UNIT_MAIN("check-patch", tests)
