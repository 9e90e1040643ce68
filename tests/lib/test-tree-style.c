/*
 * test-tree-style.c - the line length a tree's checkpatch enforces, read
 * from its "my $max_line_length = N;" line: 100, 80, none, malformed,
 * and a tree with no checkpatch at all; tabs on the changed lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tree-style.h"
#include "unit.h"
#include "util.h"

static void test_declared_limit(void)
{
	check_int(tree_style_parse_line_length(
			  "use strict;\nmy $max_line_length = 100;\n"
			  "my $x = 1;\n"),
		  100);
	check_int(tree_style_parse_line_length(
			  "\tmy  $max_line_length\t=  80 ;\n"),
		  80);
	check_int(tree_style_parse_line_length("my $max_line_length = 100;"),
		  100);
}

static void test_first_declaration_counts(void)
{
	/* a use of the variable is no declaration; the first one counts */
	check_int(
		tree_style_parse_line_length(
			"\t$max_line_length = 120;\nmy $max_line_length = 100;\n"
			"my $max_line_length = 90;\n"),
		100);
	check_int(tree_style_parse_line_length("my $max_line_length_x = 120;\n"
					       "my $max_line_length = 80;\n"),
		  80);
}

static void test_no_or_bad_declaration(void)
{
	check_int(tree_style_parse_line_length(""), 0);
	check_int(tree_style_parse_line_length("if ($length > 80) {\n"), 0);
	check_int(tree_style_parse_line_length(
			  "my $max_line_length = $ENV{X};\n"
			  "my $max_line_length = 100;\n"),
		  0);
	check_int(tree_style_parse_line_length("my $max_line_length = 0;\n"),
		  0);
	check_int(tree_style_parse_line_length(
			  "my $max_line_length = 99999999999999999999;\n"),
		  0);
	check_int(
		tree_style_parse_line_length("my $max_line_length = 100\n;\n"),
		0);
}

/* a scratch tree, with scripts/checkpatch.pl holding text if not NULL */
static char *make_tree(const char *text)
{
	const char *tmp = getenv("TMPDIR");
	char *dir, *path;
	FILE *fp;

	dir = xstrfmt("%s/test-tree-style.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
	if (!text)
		return dir;
	path = xstrfmt("%s/scripts", dir);
	check_int_fatal(mkdir(path, 0700), 0);
	free(path);
	path = xstrfmt("%s/%s", dir, TREE_STYLE_CHECKPATCH);
	fp = fopen(path, "w");
	CU_ASSERT_FATAL(fp != NULL);
	fputs(text, fp);
	fclose(fp);
	free(path);
	return dir;
}

static void remove_tree(char *dir)
{
	char *path = xstrfmt("%s/%s", dir, TREE_STYLE_CHECKPATCH);

	unlink(path);
	free(path);
	path = xstrfmt("%s/scripts", dir);
	rmdir(path);
	free(path);
	rmdir(dir);
	free(dir);
}

static void test_tree(void)
{
	char *dir =
		make_tree("#!/usr/bin/env perl\nmy $max_line_length = 100;\n");

	check_int(tree_max_line_length(dir), 100);
	remove_tree(dir);
	dir = make_tree("#!/usr/bin/perl -w\nif ($length > 80) {\n");
	check_int(tree_max_line_length(dir), 80);
	remove_tree(dir);
	dir = make_tree(NULL);
	check_int(tree_max_line_length(dir), 80);
	remove_tree(dir);
}

static void check_retab(const char *old, const char *new, const char *want,
			size_t lines)
{
	struct strbuf text = STRBUF_INIT;

	strbuf_addstr(&text, new);
	check_int(tree_style_retab(&text, old, strlen(old)), lines);
	check_str(text.buf, want);
	strbuf_release(&text);
}

static void test_retab_changed_lines(void)
{
	/* 8 spaces on the changed line become a tab, the others stay */
	check_retab("        a = f(x);\n        b = 1;\n",
		    "        a = f(x, 0);\n        b = 1;\n",
		    "\ta = f(x, 0);\n        b = 1;\n", 1);
	/* a space before a tab, and 12 columns: tab, then 4 spaces */
	check_retab("x\n \ta = f(x);\n", "x\n \ta = f(x, 0);\n",
		    "x\n\ta = f(x, 0);\n", 1);
	check_retab("\t    a = f(x);\r\n", "            a = f(x, 0);\r\n",
		    "\t    a = f(x, 0);\r\n", 1);
	/* already tabs, fewer than 8 spaces, a blank line: unchanged */
	check_retab("\ta(x);\n   b(x);\n", "\ta(x, 0);\n   b(x, 0);\n    \n",
		    "\ta(x, 0);\n   b(x, 0);\n    \n", 0);
	/* a last line without a newline */
	check_retab("a\n", "a\n        b(0);", "a\n\tb(0);", 1);
}

static const struct unit_test tests[] = {
	{ "my $max_line_length = N; gives N", test_declared_limit },
	{ "the first declaration counts, not a use",
	  test_first_declaration_counts },
	{ "no declaration, or a bad one, gives none",
	  test_no_or_bad_declaration },
	{ "a tree: its checkpatch's limit, else 80", test_tree },
	{ "changed lines are indented with tabs", test_retab_changed_lines },
	{ NULL, NULL }
};

UNIT_MAIN("tree-style", tests)
