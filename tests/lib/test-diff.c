/*
 * test-diff.c - unified diff hunks: headers, context and merging, first
 * and last lines, a missing final newline, CRLF lines, and random edits
 * that the hunks must reproduce exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "strbuf.h"
#include "unit.h"

static void check_hunks(const char *a, const char *b, const char *want,
			size_t want_hunks)
{
	struct strbuf out = STRBUF_INIT;
	size_t nr = diff_write_hunks(&out, a, strlen(a), b, strlen(b),
				     DIFF_CONTEXT, NULL);

	check_int(nr, want_hunks);
	check_str(out.buf, want);
	if (strcmp(out.buf, want))
		fprintf(stderr, "\ngot:\n%s\nwanted:\n%s\n", out.buf, want);
	strbuf_release(&out);
}

static const char ten[] = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";

static void test_equal_texts_give_nothing(void)
{
	check_hunks(ten, ten, "", 0);
	check_hunks("", "", "", 0);
}

static void test_one_change_with_context(void)
{
	check_hunks(ten, "1\n2\n3\n4\n5\nsix\n7\n8\n9\n10\n",
		    "@@ -3,7 +3,7 @@\n 3\n 4\n 5\n-6\n+six\n 7\n 8\n 9\n", 1);
}

static void test_close_hunks_merge(void)
{
	/* lines 2 and 8: six lines apart, one hunk */
	check_hunks(
		ten, "1\nB\n3\n4\n5\n6\n7\nH\n9\n10\n",
		"@@ -1,10 +1,10 @@\n 1\n-2\n+B\n 3\n 4\n 5\n 6\n 7\n-8\n+H\n 9\n 10\n",
		1);
	/* lines 1 and 9: seven lines apart, two hunks */
	check_hunks(ten, "A\n2\n3\n4\n5\n6\n7\n8\nI\n10\n",
		    "@@ -1,4 +1,4 @@\n-1\n+A\n 2\n 3\n 4\n"
		    "@@ -6,5 +6,5 @@\n 6\n 7\n 8\n-9\n+I\n 10\n",
		    2);
}

static void test_first_and_last_lines(void)
{
	check_hunks("a\n", "b\n", "@@ -1 +1 @@\n-a\n+b\n", 1);
	check_hunks("", "x\n", "@@ -0,0 +1 @@\n+x\n", 1);
	check_hunks("x\ny\n", "", "@@ -1,2 +0,0 @@\n-x\n-y\n", 1);
	check_hunks(ten, "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n",
		    "@@ -8,3 +8,4 @@\n 8\n 9\n 10\n+11\n", 1);
	check_hunks(ten, "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
		    "@@ -1,3 +1,4 @@\n+0\n 1\n 2\n 3\n", 1);
}

static void test_no_newline_at_end(void)
{
	check_hunks("a\nb", "a\nc",
		    "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n"
		    "+c\n\\ No newline at end of file\n",
		    1);
	check_hunks("a\nb", "a\nb\n",
		    "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n"
		    "+b\n",
		    1);
	check_hunks("x\na\nb", "y\na\nb",
		    "@@ -1,3 +1,3 @@\n-x\n+y\n a\n b\n"
		    "\\ No newline at end of file\n",
		    1);
}

static void test_crlf_lines_kept(void)
{
	check_hunks("a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n",
		    "@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n", 1);
	/* the same text with LF is a different line */
	check_hunks("a\r\n", "a\n", "@@ -1 +1 @@\n-a\r\n+a\n", 1);
}

static void test_function_name_in_header(void)
{
	check_hunks("static int __init pt_init(void)\n{\n\tint a;\n\tint b;\n"
		    "\tint c;\n\tint d;\n\treturn 0;\n}\n",
		    "static int __init pt_init(void)\n{\n\tint a;\n\tint b;\n"
		    "\tint c;\n\tint D;\n\treturn 0;\n}\n",
		    "@@ -3,6 +3,6 @@ static int __init pt_init(void)\n"
		    " \tint a;\n \tint b;\n \tint c;\n-\tint d;\n+\tint D;\n"
		    " \treturn 0;\n }\n",
		    1);
}

static void test_file_headers(void)
{
	struct strbuf out = STRBUF_INIT;
	struct diff_stat stat = { 0, 0 };

	check_int(diff_write_file(&out, "drivers/char/mem.c", "a\n", 2,
				  "b\nc\n", 4, &stat),
		  1);
	check_str(out.buf,
		  "diff --git a/drivers/char/mem.c b/drivers/char/mem.c\n"
		  "--- a/drivers/char/mem.c\n+++ b/drivers/char/mem.c\n"
		  "@@ -1 +1,2 @@\n-a\n+b\n+c\n");
	check_int(stat.added, 2);
	check_int(stat.removed, 1);
	strbuf_reset(&out);
	check_int(diff_write_file(&out, "x.c", "a\n", 2, "a\n", 2, NULL), 0);
	check_int(out.len, 0);
	strbuf_release(&out);
}

/* apply hunks (no fuzz, exact line numbers) to a; 0 on success */
static int apply_hunks(const char *hunks, const char *a, struct strbuf *out)
{
	const char *h = hunks, *src = a;
	size_t line = 1;

	while (*h) {
		unsigned long start, count;
		const char *nl;

		if (sscanf(h, "@@ -%lu", &start) != 1)
			return -1;
		count = strchr(h, ',') && strchr(h, ',') < strchr(h, '+') ?
				strtoul(strchr(h, ',') + 1, NULL, 10) :
				1;
		if (!count)
			start++;
		for (; line < start; line++) { /* copy up to the hunk */
			nl = strchr(src, '\n');
			strbuf_add(out, src, (size_t)(nl - src) + 1);
			src = nl + 1;
		}
		h = strchr(h, '\n') + 1;
		while (*h && *h != '@') {
			const char *end = strchr(h, '\n') + 1;
			int no_eol = !strncmp(end, "\\ No newline", 12);
			size_t len = (size_t)(end - h) - 1 - no_eol;

			if (*h == '+' || *h == ' ')
				strbuf_add(out, h + 1, len);
			if (*h == '-' || *h == ' ') {
				if (strncmp(src, h + 1, len))
					return -1;
				src += len;
				line++;
			}
			h = no_eol ? strchr(end, '\n') + 1 : end;
		}
	}
	strbuf_addstr(out, src);
	return 0;
}

static void random_text(struct strbuf *sb, unsigned int *seed, int lines)
{
	int i;

	for (i = 0; i < lines; i++)
		strbuf_addf(sb, "%c\n", 'a' + rand_r(seed) % 4);
	if (rand_r(seed) % 4 == 0 && sb->len)
		strbuf_setlen(sb, sb->len - 1);
}

static void test_random_edits_reproduce(void)
{
	unsigned int seed = 2005;
	int round, failures = 0;

	for (round = 0; round < 500; round++) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
		struct strbuf hunks = STRBUF_INIT, patched = STRBUF_INIT;

		random_text(&a, &seed, rand_r(&seed) % 40);
		random_text(&b, &seed, rand_r(&seed) % 40);
		diff_write_hunks(&hunks, a.buf, a.len, b.buf, b.len,
				 rand_r(&seed) % 4, NULL);
		if (apply_hunks(hunks.buf, a.buf, &patched) ||
		    strcmp(patched.buf, b.buf))
			failures++;
		strbuf_release(&a);
		strbuf_release(&b);
		strbuf_release(&hunks);
		strbuf_release(&patched);
	}
	check_int(failures, 0);
}

static void test_small_edit_in_long_file(void)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, out = STRBUF_INIT;
	struct diff_stat stat = { 0, 0 };
	int i;

	for (i = 0; i < 20000; i++) {
		strbuf_addf(&a, "line %d\n", i);
		strbuf_addf(&b, i == 10000 ? "changed %d\n" : "line %d\n", i);
	}
	check_int(diff_write_hunks(&out, a.buf, a.len, b.buf, b.len, 3, &stat),
		  1);
	check_int(stat.added, 1);
	check_int(stat.removed, 1);
	CU_ASSERT(!strncmp(out.buf, "@@ -9998,7 +9998,7 @@", 20));
	strbuf_release(&a);
	strbuf_release(&b);
	strbuf_release(&out);
}

static void check_header(const char *path, const char *want)
{
	struct strbuf out = STRBUF_INIT;

	diff_write_file(&out, path, "a\n", 2, "b\n", 2, NULL);
	CU_ASSERT(!strncmp(out.buf, want, strlen(want)));
	if (strncmp(out.buf, want, strlen(want)))
		fprintf(stderr, "\n%s", out.buf);
	strbuf_release(&out);
}

/* the headers git writes for the same names (git diff, quotePath off) */
static void test_names_quoted_as_git_does(void)
{
	check_header("a b.c", "diff --git a/a b.c b/a b.c\n"
			      "--- a/a b.c\t\n+++ b/a b.c\t\n");
	check_header("x\ty.c", "diff --git \"a/x\\ty.c\" \"b/x\\ty.c\"\n"
			       "--- \"a/x\\ty.c\"\n+++ \"b/x\\ty.c\"\n");
	check_header("n\nl.c", "diff --git \"a/n\\nl.c\" \"b/n\\nl.c\"\n");
	check_header("q\"u.c", "diff --git \"a/q\\\"u.c\" \"b/q\\\"u.c\"\n");
	check_header("b\\s.c", "diff --git \"a/b\\\\s.c\" \"b/b\\\\s.c\"\n");
	check_header("e\033.c", "diff --git \"a/e\\033.c\" \"b/e\\033.c\"\n");
	check_header("$(id);`x`.c", "diff --git a/$(id);`x`.c b/$(id);`x`.c\n");
	check_header("r\xe9.c", "diff --git a/r\xe9.c b/r\xe9.c\n");
}

static void check_unquote(const char *path)
{
	struct strbuf q = STRBUF_INIT, back = STRBUF_INIT;

	diff_quote_path(&q, "a/", path);
	if (q.buf[0] == '"') {
		check_int(diff_unquote_path(q.buf, q.len, &back), 0);
		CU_ASSERT(!strncmp(back.buf, "a/", 2));
		check_str(back.buf + 2, path);
	} else {
		check_int(diff_unquote_path(q.buf, q.len, &back), -1);
	}
	strbuf_release(&q);
	strbuf_release(&back);
}

static void test_unquote(void)
{
	struct strbuf out = STRBUF_INIT;

	check_unquote("x\ty.c");
	check_unquote("n\nl\r\a\b\v\f.c");
	check_unquote("q\"u\\.c");
	check_unquote("e\033\177.c");
	check_unquote("plain.c");
	check_int(diff_unquote_path("\"a\\351\"", 7, &out), 0);
	check_str(out.buf, "a\351");
	check_int(diff_unquote_path("\"a\\\"", 4, &out), -1);
	check_int(diff_unquote_path("\"a\\q\"", 5, &out), -1);
	check_int(diff_unquote_path("\"", 1, &out), -1);
	strbuf_release(&out);
}

static void test_hunk_header(void)
{
	unsigned long old = 0, new = 0;
	static const char *const bad[] = {
		"@@ -1,1 +1,1 @",
		"@@ -1 1 @@",
		"@@ -1,1  +1,1 @@",
		"@ -1 +1 @@",
	};
	size_t i;

	check_int(diff_hunk_header("@@ -3,7 +3,8 @@ f", 17, &old, &new), 0);
	check_int(old, 7);
	check_int(new, 8);
	check_int(diff_hunk_header("@@ -1 +0,0 @@", 13, &old, &new), 0);
	check_int(old, 1);
	check_int(new, 0);
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		check_int(diff_hunk_header(bad[i], strlen(bad[i]), &old, &new),
			  -1);
	check_int(diff_quoted_len("\"a/x\\\"y\" b", 10), 8);
	check_int(diff_quoted_len("\"a/x", 4), 0);
	check_int(diff_quoted_len("a/x", 3), 0);
}

/*
 * The kinds diff_iter gives text's lines, one letter each: T text, D
 * "diff ", O "--- ", N "+++ ", B binary, H hunk header, ' ' '-' '+'
 * body lines, '\\' no newline; '!' after a line that returned -1; and
 * '>' at the end if the text ends inside a hunk.
 */
static void check_kinds(const char *text, const char *want)
{
	static const char letters[] = "TDONBH -+\\";
	struct strbuf got = STRBUF_INIT;
	struct diff_iter it;
	int ret;

	diff_iter_init(&it, text, strlen(text));
	while ((ret = diff_iter_next(&it))) {
		strbuf_addch(&got, letters[it.kind]);
		if (ret < 0)
			strbuf_addch(&got, '!');
		check_int((ret < 0), (it.error != NULL));
	}
	if (it.old_left || it.new_left)
		strbuf_addch(&got, '>');
	check_str(got.buf, want);
	strbuf_release(&got);
}

static void test_iter_kinds(void)
{
	/* a mail: headers, a git diff, a deleted "-- x", a binary file */
	check_kinds("From: A <a@x>\n"
		    "---\n"
		    "diff --git a/x.c b/x.c\n"
		    "index 1..2 100644\n"
		    "--- a/x.c\n"
		    "+++ b/x.c\n"
		    "@@ -1,3 +1,2 @@ int f(void)\n"
		    " a\n"
		    "--- x\n"
		    "-b\n"
		    "+++ y\n"
		    "\\ No newline at end of file\n"
		    "diff --git a/y.bin b/y.bin\n"
		    "Binary files a/y.bin and b/y.bin differ\n"
		    "-- \n"
		    "2.39.2\n",
		    "TTDTONH --+\\DBTT");
	/* plain headers, CRLF, an empty context line, no final newline */
	check_kinds("--- x.c\t2005\r\n+++ x.c\t2005\r\n@@ -1,4 +1,4 @@\r\n"
		    " a\r\n\r\n\n-b\r\n+c",
		    "ONH   -+");
}

static void test_iter_malformed(void)
{
	/* a header that cannot be read is text, and says so */
	check_kinds("--- a/x\n+++ b/x\n@@ -1 +1 @\n-a\n", "ONT!T");
	/* a hunk shorter than its header: the next file is still seen */
	check_kinds("@@ -1,2 +1,2 @@\n a\n"
		    "diff --git a/../x b/../x\n--- a/../x\n",
		    "H D!O");
	/* a line of neither side, a side with no room left */
	check_kinds("@@ -1 +1 @@\nx\n", "HT!");
	check_kinds("@@ -1 +1 @@\n-a\n-b\n", "H-T!");
	/* the text ends inside a hunk */
	check_kinds("@@ -1,2 +1,2 @@\n a\n", "H >");
}

/* what diff_write_file() writes, diff_iter reads back, line for line */
static void test_iter_reads_what_diff_writes(void)
{
	unsigned int seed = 7;
	int round;

	for (round = 0; round < 50; round++) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
		struct strbuf out = STRBUF_INIT;
		struct diff_stat stat = { 0, 0 }, read = { 0, 0 };
		struct diff_iter it;
		int ret, bad = 0;

		random_text(&a, &seed, 30);
		random_text(&b, &seed, 30);
		diff_write_file(&out, "d/x.c", a.buf, a.len, b.buf, b.len,
				&stat);
		diff_iter_init(&it, out.buf, out.len);
		while ((ret = diff_iter_next(&it))) {
			bad |= ret < 0;
			read.added += it.kind == DIFF_LINE_ADDED;
			read.removed += it.kind == DIFF_LINE_DELETED;
		}
		CU_ASSERT_FALSE(bad || it.old_left || it.new_left);
		check_int(read.added, stat.added);
		check_int(read.removed, stat.removed);
		strbuf_release(&a);
		strbuf_release(&b);
		strbuf_release(&out);
	}
}

static const struct unit_test tests[] = {
	{ "equal texts give no hunk", test_equal_texts_give_nothing },
	{ "one change with three lines of context",
	  test_one_change_with_context },
	{ "hunks six lines apart merge, seven do not", test_close_hunks_merge },
	{ "changes at the first and the last lines",
	  test_first_and_last_lines },
	{ "a missing final newline is marked", test_no_newline_at_end },
	{ "CRLF lines are kept as they are", test_crlf_lines_kept },
	{ "the hunk header names the function", test_function_name_in_header },
	{ "file headers, and nothing for an unchanged file",
	  test_file_headers },
	{ "names are quoted as git quotes them",
	  test_names_quoted_as_git_does },
	{ "a quoted name reads back", test_unquote },
	{ "random edits: the hunks turn a into b",
	  test_random_edits_reproduce },
	{ "a small edit in a long file is one small hunk",
	  test_small_edit_in_long_file },
	{ "hunk headers and quoted paths are parsed as git writes them",
	  test_hunk_header },
	{ "diff_iter: each line of a diff and what it is", test_iter_kinds },
	{ "diff_iter: malformed diffs say so, and headers are still seen",
	  test_iter_malformed },
	{ "diff_iter reads back what diff_write_file() writes",
	  test_iter_reads_what_diff_writes },
	{ NULL, NULL }
};

UNIT_MAIN("diff", tests)
