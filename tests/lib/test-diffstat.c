/*
 * test-diffstat.c - cutting a unified diff into files, counting their
 * lines, and git's --stat lines and summary.
 */
#include <string.h>

#include "diffstat.h"
#include "strbuf.h"
#include "unit.h"

static const char git_diff[] =
	"diff --git a/drivers/input/evdev.c b/drivers/input/evdev.c\n"
	"index 1111111..2222222 100644\n"
	"--- a/drivers/input/evdev.c\n"
	"+++ b/drivers/input/evdev.c\n"
	"@@ -10,3 +10,3 @@ static int evdev_connect(void)\n"
	" {\n"
	"-\tclass_device_create(input_class, devt, dev, \"event%d\", minor);\n"
	"+\tclass_device_create(input_class, NULL, devt, dev, \"event%d\", minor);\n"
	" }\n"
	"diff --git a/sound/sound_core.c b/sound/sound_core.c\n"
	"--- a/sound/sound_core.c\n"
	"+++ b/sound/sound_core.c\n"
	"@@ -1,3 +1,4 @@\n"
	" a\n"
	"--- not a header, a deleted line\n"
	"+++ not a header, an added line\n"
	"+added\n"
	" b\n"
	"\\ No newline at end of file\n";

static void test_parse_git_diff(void)
{
	struct diff_files df = DIFF_FILES_INIT;

	check_int_fatal(diff_files_parse(&df, git_diff, strlen(git_diff)), 0);
	check_int_fatal(df.nr, 2);
	check_str(df.files[0].path, "drivers/input/evdev.c");
	check_int(df.files[0].added, 1);
	check_int(df.files[0].deleted, 1);
	check_ptr(df.files[0].text, git_diff);
	CU_ASSERT(!strncmp(df.files[0].text + df.files[0].len,
			   "diff --git a/sound/", 19));
	check_str(df.files[1].path, "sound/sound_core.c");
	check_int(df.files[1].added, 2);
	check_int(df.files[1].deleted, 1);
	check_ptr(df.files[1].text + df.files[1].len,
		  git_diff + strlen(git_diff));
	diff_files_release(&df);
}

static void test_parse_plain_diff(void)
{
	static const char diff[] =
		"some mail text before the diff\n"
		"--- a/fs/coda/psdev.c\t2005-10-12 19:10:27\n"
		"+++ b/fs/coda/psdev.c\t2005-10-12 19:10:28\n"
		"@@ -1 +1 @@\n"
		"-old\r\n"
		"+new\r\n"
		"--- a/drivers/scsi/sg.c\n"
		"+++ b/drivers/scsi/sg.c\n"
		"@@ -5,2 +5,3 @@\n"
		" x\n"
		"\n"
		"+y\n";
	struct diff_files df = DIFF_FILES_INIT;

	check_int_fatal(diff_files_parse(&df, diff, strlen(diff)), 0);
	check_int_fatal(df.nr, 2);
	check_str(df.files[0].path, "fs/coda/psdev.c");
	CU_ASSERT(!strncmp(df.files[0].text, "--- a/fs/coda", 13));
	check_int(df.files[0].added, 1);
	check_int(df.files[0].deleted, 1);
	/* an empty line inside a hunk is an empty context line */
	check_str(df.files[1].path, "drivers/scsi/sg.c");
	check_int(df.files[1].added, 1);
	check_int(df.files[1].deleted, 0);
	diff_files_release(&df);
}

static void test_parse_errors(void)
{
	static const char cut_short[] =
		"--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n a\n-b\n";
	static const char no_file[] = "@@ -1 +1 @@\n-a\n+b\n";
	struct diff_files df = DIFF_FILES_INIT;

	check_int(diff_files_parse(&df, cut_short, strlen(cut_short)), -1);
	diff_files_release(&df);
	check_int(diff_files_parse(&df, no_file, strlen(no_file)), -1);
	diff_files_release(&df);
	check_int(diff_files_parse(&df, "", 0), 0);
	check_int(df.nr, 0);
	diff_files_release(&df);
}

static void check_summary(size_t files, unsigned long ins, unsigned long del,
			  const char *expect)
{
	struct strbuf sb = STRBUF_INIT;

	diffstat_summary(&sb, files, ins, del);
	check_str(sb.buf, expect);
	strbuf_release(&sb);
}

static void test_summary_wording(void)
{
	check_summary(52, 86, 73,
		      " 52 files changed, 86 insertions(+), 73 deletions(-)\n");
	check_summary(1, 3, 3,
		      " 1 file changed, 3 insertions(+), 3 deletions(-)\n");
	check_summary(1, 1, 1,
		      " 1 file changed, 1 insertion(+), 1 deletion(-)\n");
	check_summary(2, 1, 0, " 2 files changed, 1 insertion(+)\n");
	check_summary(1, 0, 1, " 1 file changed, 1 deletion(-)\n");
	check_summary(1, 0, 0,
		      " 1 file changed, 0 insertions(+), 0 deletions(-)\n");
	check_summary(0, 0, 0, " 0 files changed\n");
}

static void check_stat(struct diff_file *files, size_t nr, const char *expect)
{
	struct strbuf sb = STRBUF_INIT;

	diffstat_format(&sb, files, nr, DIFFSTAT_MAIL_WIDTH);
	check_str(sb.buf, expect);
	strbuf_release(&sb);
}

static void test_stat_small_counts(void)
{
	struct diff_file files[] = {
		{ "drivers/char/ftape/zftape/zftape-init.c", NULL, 0, 6, 6, 0 },
		{ "drivers/char/ip2main.c", NULL, 0, 6, 4, 0 },
		{ "drivers/s390/char/vmlogrdr.c", NULL, 0, 1, 0, 0 },
		{ "sound/sound_core.c", NULL, 0, 1, 1, 0 },
	};

	/* what git format-patch writes for these counts: nothing scaled */
	check_stat(
		files, 4,
		" drivers/char/ftape/zftape/zftape-init.c | 12 ++++++------\n"
		" drivers/char/ip2main.c                  | 10 ++++++----\n"
		" drivers/s390/char/vmlogrdr.c            |  1 +\n"
		" sound/sound_core.c                      |  2 +-\n"
		" 4 files changed, 14 insertions(+), 11 deletions(-)\n");
}

static void test_stat_scaled_to_72_columns(void)
{
	struct diff_file wide[] = {
		{ "a/very/long/directory/name/that/goes/on/and/on/forever/"
		  "and/ever/more/file_name_long.c",
		  NULL, 0, 1, 1, 0 },
		{ "drivers/char/ftape/zftape/zftape-init.c", NULL, 0, 3, 3, 0 },
		{ "x.c", NULL, 0, 151, 150, 0 },
	};
	struct diff_file one[] = {
		{ "x.c", NULL, 0, 100, 310, 0 },
	};

	/* both expectations are git 2.39's format-patch output */
	check_stat(wide, 3,
		   " .../on/forever/and/ever/more/file_name_long.c |   2 +-\n"
		   " drivers/char/ftape/zftape/zftape-init.c       |   6 +-\n"
		   " x.c                                           | 301 "
		   "+++++++++---------\n"
		   " 3 files changed, 155 insertions(+), 154 deletions(-)\n");
	check_stat(one, 1,
		   " x.c | 410 +++++++++++++++-------------------------------"
		   "--------------\n"
		   " 1 file changed, 100 insertions(+), 310 deletions(-)\n");
}

static void test_hunk_headers(void)
{
	static const char *const bad[] = {
		"--- a/x.c\n+++ b/x.c\n@@ -1 1 @@\n-a\n+b\n",
		"--- a/x.c\n+++ b/x.c\n@@ -1,1 +1,1 @\n-a\n+b\n",
		"--- a/x.c\n+++ b/x.c\n@@ -1,1  +1,1 @@\n-a\n+b\n",
	};
	static const char counts[] =
		"--- a/x.c\n+++ b/x.c\n@@ -3,0 +4,2 @@ ctx\n+a\n+b\n"
		"@@ -9 +11 @@\n-c\n+d\n";
	struct diff_files df = DIFF_FILES_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		check_int(diff_files_parse(&df, bad[i], strlen(bad[i])), -1);
		diff_files_release(&df);
	}
	check_int_fatal(diff_files_parse(&df, counts, strlen(counts)), 0);
	check_int_fatal(df.nr, 1);
	check_int(df.files[0].added, 3);
	check_int(df.files[0].deleted, 1);
	diff_files_release(&df);
}

static void test_format_diff_text(void)
{
	static const char cut_short[] =
		"--- a/x.c\n+++ b/x.c\n@@ -1,3 +1,3 @@\n a\n-b\n";
	struct strbuf sb = STRBUF_INIT;

	check_int(diffstat_format_diff(&sb, git_diff, strlen(git_diff),
				       DIFFSTAT_MAIL_WIDTH),
		  0);
	check_str(sb.buf,
		  " drivers/input/evdev.c | 2 +-\n"
		  " sound/sound_core.c    | 3 ++-\n"
		  " 2 files changed, 3 insertions(+), 2 deletions(-)\n");
	strbuf_reset(&sb);
	check_int(diffstat_format_diff(&sb, cut_short, strlen(cut_short),
				       DIFFSTAT_MAIL_WIDTH),
		  -1);
	check_int(sb.len, 0);
	strbuf_release(&sb);
}

static void test_count(void)
{
	static const char mail[] = "Subject: [PATCH] x\n"
				   "\n"
				   "---\n"
				   " 2 files changed\n"
				   "\n";
	struct strbuf diff = STRBUF_INIT;
	unsigned long ins = 9, del = 9;

	strbuf_addstr(&diff, mail);
	strbuf_addstr(&diff, git_diff);
	strbuf_addstr(&diff, "-- \n2.39.2\n");
	/* the mail's "---" and signature "-- " are no lines of a hunk */
	check_int(diffstat_count(diff.buf, diff.len, &ins, &del), 0);
	check_int(ins, 3);
	check_int(del, 2);
	check_int(diffstat_count("@@ -1 +1 @@\n-a\n+b\n", 19, &ins, &del), -1);
	check_int(ins + del, 0);
	strbuf_release(&diff);
}

static const struct unit_test tests[] = {
	{ "a git diff is cut into files", test_parse_git_diff },
	{ "plain ---/+++ diffs, CRLF and empty context lines",
	  test_parse_plain_diff },
	{ "malformed diffs are refused", test_parse_errors },
	{ "the summary line has git's wording", test_summary_wording },
	{ "stat lines for small counts", test_stat_small_counts },
	{ "stat graphs scale to 72 columns", test_stat_scaled_to_72_columns },
	{ "hunk headers give the counts, or the diff is refused",
	  test_hunk_headers },
	{ "the stat lines of a whole diff text", test_format_diff_text },
	{ "the lines a whole mail adds and deletes", test_count },
	{ NULL, NULL }
};

UNIT_MAIN("diffstat", tests)
