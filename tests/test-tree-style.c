/*
 * test-tree-style.c - the line length a tree's checkpatch enforces, read
 * from its "my $max_line_length = N;" line: 100, 80, none, malformed,
 * and a tree with no checkpatch at all.
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
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"use strict;\nmy $max_line_length = 100;\nmy $x = 1;\n"), 100);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"\tmy  $max_line_length\t=  80 ;\n"), 80);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"my $max_line_length = 100;"), 100);
}

static void test_first_declaration_counts(void)
{
	/* a use of the variable is no declaration; the first one counts */
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"\t$max_line_length = 120;\nmy $max_line_length = 100;\n"
		"my $max_line_length = 90;\n"), 100);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"my $max_line_length_x = 120;\nmy $max_line_length = 80;\n"),
		80);
}

static void test_no_or_bad_declaration(void)
{
	CU_ASSERT_EQUAL(tree_style_parse_line_length(""), 0);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"if ($length > 80) {\n"), 0);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"my $max_line_length = $ENV{X};\nmy $max_line_length = 100;\n"),
		0);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"my $max_line_length = 0;\n"), 0);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"my $max_line_length = 99999999999999999999;\n"), 0);
	CU_ASSERT_EQUAL(tree_style_parse_line_length(
		"my $max_line_length = 100\n;\n"), 0);
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
	CU_ASSERT_FATAL(mkdir(path, 0700) == 0);
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
	char *dir = make_tree("#!/usr/bin/env perl\nmy $max_line_length = 100;\n");

	CU_ASSERT_EQUAL(tree_max_line_length(dir), 100);
	remove_tree(dir);
	dir = make_tree("#!/usr/bin/perl -w\nif ($length > 80) {\n");
	CU_ASSERT_EQUAL(tree_max_line_length(dir), 80);
	remove_tree(dir);
	dir = make_tree(NULL);
	CU_ASSERT_EQUAL(tree_max_line_length(dir), 80);
	remove_tree(dir);
}

static const struct unit_test tests[] = {
	{ "my $max_line_length = N; gives N", test_declared_limit },
	{ "the first declaration counts, not a use", test_first_declaration_counts },
	{ "no declaration, or a bad one, gives none", test_no_or_bad_declaration },
	{ "a tree: its checkpatch's limit, else 80", test_tree },
	{ NULL, NULL }
};

UNIT_MAIN("tree-style", tests)
