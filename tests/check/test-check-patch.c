/*
 * test-check-patch.c - the paths a patch touches, and the ones that are
 * refused before anything is copied or applied: rename and copy paths,
 * modes (no symbolic link), ".git", binary patches.
 */
#include <stdlib.h>
#include <string.h>

#include "check-patch.h"
#include "unit.h"

/*
 * the paths of text joined by ' ' (a rename's or copy's "new<old"), or
 * "refused: WHY"
 */
static char *paths_of(const char *text)
{
	struct strlist paths = STRLIST_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *refused = NULL;
	size_t i;

	if (patch_touched_paths(text, strlen(text), &paths, &refused)) {
		strbuf_addf(&sb, "refused: %s", refused);
	} else {
		for (i = 0; i < paths.nr; i++) {
			const char *source = paths.items[i].util;

			strbuf_addf(&sb, "%s%s%s%s", i ? " " : "",
				    paths.items[i].string, source ? "<" : "",
				    source ? source : "");
		}
	}
	free(refused);
	strlist_clear(&paths, 1);
	return strbuf_detach(&sb, NULL);
}

#define ASSERT_PATHS(text, expect)           \
	do {                                 \
		char *got_ = paths_of(text); \
		check_str(got_, (expect));   \
		free(got_);                  \
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
		     "x/a b.c x/t\ty.c");
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

static void test_copy_and_rename(void)
{
	/* the header may name another file: the from/to lines count */
	ASSERT_PATHS("diff --git a/d/mem.c b/d/mem.c\n"
		     "similarity index 100%\n"
		     "copy from d/zf.c\n"
		     "copy to d/zf-copy.c\n",
		     "d/mem.c d/zf-copy.c<d/zf.c d/zf.c");
	ASSERT_PATHS("diff --git a/d/a.c b/d/b.c\n"
		     "similarity index 90%\n"
		     "rename from d/a.c\n"
		     "rename to d/b.c\n"
		     "--- a/d/a.c\n+++ b/d/b.c\n@@ -1 +1 @@\n-x\n+y\n",
		     "d/a.c d/b.c<d/a.c");
	ASSERT_PATHS("diff --git a/d/a.c b/d/a.c\n"
		     "rename old d/a.c\nrename new \"d/q\\tb.c\"\n",
		     "d/a.c d/q\tb.c<d/a.c");
	ASSERT_PATHS("diff --git a/d/x.c b/d/x.c\n"
		     "copy from d/x.c\ncopy to ../x.c\n",
		     "refused: it touches '../x.c', outside the tree");
	ASSERT_PATHS("diff --git a/d/x.c b/d/x.c\n"
		     "rename from /etc/passwd\nrename to d/x.c\n",
		     "refused: it touches '/etc/passwd', outside the tree");
	/* outside a git header, "copy to" is a mail's words */
	ASSERT_PATHS("Subject: copy to ../the buffer\n\n"
		     "copy to ../the buffer\n---\n"
		     "diff --git a/d/x.c b/d/x.c\n--- a/d/x.c\n+++ b/d/x.c\n",
		     "d/x.c");
}

static void test_modes(void)
{
	ASSERT_PATHS("diff --git a/d/x.c b/d/x.c\n"
		     "old mode 100644\nnew mode 100755\n",
		     "d/x.c");
	ASSERT_PATHS("diff --git a/d/x.c b/d/x.c\n"
		     "deleted file mode 100644\nindex 1234567..0000000\n"
		     "--- a/d/x.c\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n",
		     "d/x.c");
	ASSERT_PATHS(
		"diff --git a/d/l.c b/d/l.c\n"
		"new file mode 120000\nindex 0000000..1234567\n"
		"--- /dev/null\n+++ b/d/l.c\n@@ -0,0 +1 @@\n+/etc/passwd\n",
		"refused: it makes 'd/l.c' a symbolic link ('new file "
		"mode 120000')");
	ASSERT_PATHS("diff --git a/d/l.c b/d/l.c\n"
		     "old mode 100644\nnew mode 120000\n",
		     "refused: it makes 'd/l.c' a symbolic link ('new mode "
		     "120000')");
	ASSERT_PATHS("diff --git a/d/l.c b/d/l.c\n"
		     "index 1234567..89abcde 120000\n"
		     "--- a/d/l.c\n+++ b/d/l.c\n@@ -1 +1 @@\n-x\n+/dev/zero\n",
		     "refused: it makes 'd/l.c' a symbolic link ('index ... "
		     "120000')");
	ASSERT_PATHS("diff --git a/d/m b/d/m\nnew file mode 160000\n",
		     "refused: it gives 'd/m' the mode 160000 ('new file mode "
		     "160000'), not a regular file's");
}

static void test_dotgit(void)
{
	ASSERT_PATHS("--- a/.git/config\n+++ b/.git/config\n",
		     "refused: it touches 'a/.git/config', inside '.git'");
	ASSERT_PATHS("diff --git a/d/.GIT/hooks/x b/d/.GIT/hooks/x\n",
		     "refused: it touches 'a/d/.GIT/hooks/x', inside '.git'");
	ASSERT_PATHS("diff --git a/d/x.c b/d/x.c\n"
		     "rename from d/x.c\nrename to .git/hooks/pre-commit\n",
		     "refused: it touches '.git/hooks/pre-commit', inside "
		     "'.git'");
	ASSERT_PATHS("--- a/.git. /config\n+++ b/.git. /config\n",
		     "refused: it touches 'a/.git. /config', inside '.git'");
	ASSERT_PATHS("--- a/GIT~1/config\n+++ b/GIT~1/config\n",
		     "refused: it touches 'a/GIT~1/config', inside '.git'");
	ASSERT_PATHS("--- a/.git::$INDEX_ALLOCATION/config\n"
		     "+++ b/.git::$INDEX_ALLOCATION/config\n",
		     "refused: it touches 'a/.git::$INDEX_ALLOCATION/config', "
		     "inside '.git'");
	ASSERT_PATHS(
		"--- a/.g\xe2\x80\x8cit/config\n+++ b/.g\xe2\x80\x8cit/config\n",
		"refused: it touches 'a/.g\xe2\x80\x8cit/config', inside "
		"'.git'");
	ASSERT_PATHS("--- a/d\\.git\\config\n+++ b/d\\.git\\config\n",
		     "refused: it touches 'a/d\\.git\\config', inside '.git'");
	ASSERT_PATHS("--- a/.gitignore\n+++ b/.gitignore\n"
		     "--- a/d/x.git\n+++ b/d/x.git\n",
		     ".gitignore d/x.git");
}

static void test_header_splits(void)
{
	/* git reads "x b/../y" as the name: no split hides its ".." */
	ASSERT_PATHS("diff --git a/x b/../y b/x b/../y\n",
		     "refused: it touches 'a/x b/../y', outside the tree");
	ASSERT_PATHS("diff --git a/d/a b.c b/d/a b.c\n", "d/a b.c");
	ASSERT_PATHS("--- a/d//x.c\n+++ b/d//x.c\n",
		     "refused: it touches 'd//x.c', which is not a plain path "
		     "in the tree");
}

static void test_binary(void)
{
	ASSERT_PATHS("diff --git a/d/fw.bin b/d/fw.bin\n"
		     "index 1234567..89abcde 100644\n"
		     "GIT binary patch\nliteral 5\n"
		     "McmZQzKmZ>b00031000\n\nliteral 0\nHcmV?d00001\n\n",
		     "d/fw.bin");
	ASSERT_PATHS("diff --git a/d/fw.bin b/d/fw.bin\n"
		     "GIT binary patch\nliteral 4294967296\nabc\n",
		     "refused: its binary data for 'd/fw.bin' is 4294967296 "
		     "bytes, more than 16 MiB");
	ASSERT_PATHS("diff --git a/d/x.c b/d/x.c\n"
		     "index 1234567..89abcde 100644\n"
		     "Binary files a/d/x.c and b/d/x.c differ\n",
		     "refused: it changes 'd/x.c' as binary data it does not "
		     "hold ('Binary files a/d/x.c and b/d/x.c differ')");
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
	{ "rename and copy paths are checked, the source kept",
	  test_copy_and_rename },
	{ "a mode that is no regular file's is refused", test_modes },
	{ "'.git' in any case and alias is refused", test_dotgit },
	{ "a header's split hides no '..'", test_header_splits },
	{ "binary patches: data kept, missing or too big refused",
	  test_binary },
	{ NULL, NULL }
};

UNIT_MAIN("check-patch", tests)
