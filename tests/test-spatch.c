/*
 * test-spatch.c - what kmigrate reads from spatch: its version, the
 * "// Options:" of a semantic patch, parse errors and failure lines in
 * its stderr; and, when spatch is installed, one real parallel run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "spatch.h"
#include "strbuf.h"
#include "strlist.h"
#include "tempfile.h"
#include "unit.h"
#include "util.h"

static void test_version(void)
{
	struct spatch_version v;

	CU_ASSERT_EQUAL(spatch_parse_version(
		"spatch version 1.1.1 compiled with OCaml version 4.13.1\n"
		"Flags passed to the configure script: --prefix=/usr\n", &v), 0);
	CU_ASSERT(v.major == 1 && v.minor == 1 && v.patch == 1);
	CU_ASSERT_EQUAL(spatch_parse_version(
		"spatch version 1.0.0-rc21 with Python support\n", &v), 0);
	CU_ASSERT(v.major == 1 && v.minor == 0 && v.patch == 0);
	CU_ASSERT_EQUAL(spatch_parse_version("spatch version 0.2.5\n", &v), 0);
	CU_ASSERT(v.major == 0 && v.minor == 2 && v.patch == 5);
	CU_ASSERT_EQUAL(spatch_parse_version("spatch version 1.2\n", &v), 0);
	CU_ASSERT(v.major == 1 && v.minor == 2 && v.patch == 0);
	CU_ASSERT_EQUAL(spatch_parse_version("command not found\n", &v), -1);
	CU_ASSERT_EQUAL(spatch_parse_version("spatch version x\n", &v), -1);
}

static void test_options_line(void)
{
	struct strlist opts = STRLIST_INIT;

	spatch_parse_options("/// doc\n// Confidence: High\r\n"
			     "// Options: --no-includes  --include-headers\t"
			     "--smpl-spacing\r\n@r@\n@@\n", &opts);
	CU_ASSERT_EQUAL_FATAL(opts.nr, 3);
	CU_ASSERT_STRING_EQUAL(opts.items[0].string, "--no-includes");
	CU_ASSERT_STRING_EQUAL(opts.items[1].string, "--include-headers");
	CU_ASSERT_STRING_EQUAL(opts.items[2].string, "--smpl-spacing");
	strlist_clear(&opts, 0);
	spatch_parse_options("// no options here\n@@\n@@\n", &opts);
	CU_ASSERT_EQUAL(opts.nr, 0);
	strlist_clear(&opts, 0);
}

static const char verbose_parsing[] =
	"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
	"HANDLING: drivers/char/raw.c\n"
	"PB: not found closing paren in fuzzy parsing\n"
	"parse error \n"
	" = File \"drivers/char/raw.c\", line 3, column 6, charpos = 64\n"
	"  around = '{',\n"
	"  whole content =  if ( { \n"
	"badcount: 3\n"
	"parse error \n"
	" = File \"/tmp/cocci-output-1-raw.c\", line 9, column 1, charpos = 9\n";

static void test_parse_error(void)
{
	char *msg = spatch_find_parse_error(verbose_parsing,
					    "drivers/char/raw.c");

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	CU_ASSERT_STRING_EQUAL(msg, "parse error at line 3, column 6");
	free(msg);
	CU_ASSERT_PTR_NULL(spatch_find_parse_error(verbose_parsing,
						   "drivers/char/mem.c"));
	CU_ASSERT_PTR_NULL(spatch_find_parse_error("", "x.c"));
}

static void test_failure_line(void)
{
	char *line = spatch_failure_line(
		"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
		"HANDLING: x.c\n\n"
		"Fatal error: exception Sys_error(\"x.c: No such file\")\r\n"
		"more\n");

	CU_ASSERT_PTR_NOT_NULL_FATAL(line);
	CU_ASSERT_STRING_EQUAL(line,
			       "Fatal error: exception Sys_error(\"x.c: No such file\")");
	free(line);
	CU_ASSERT_PTR_NULL(spatch_failure_line(verbose_parsing));
	CU_ASSERT_PTR_NULL(spatch_failure_line(""));
}

static int spatch_installed(void)
{
	const char *path = getenv("PATH");
	char *copy, *dir, *save = NULL;
	int found = 0;

	if (!path)
		return 0;
	copy = xstrdup(path);
	for (dir = strtok_r(copy, ":", &save); dir && !found;
	     dir = strtok_r(NULL, ":", &save)) {
		char *prog = xstrfmt("%s/%s", dir, SPATCH_PROGRAM);

		found = !access(prog, X_OK);
		free(prog);
	}
	free(copy);
	return found;
}

static void put(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	CU_ASSERT_FATAL(fp != NULL);
	fputs(text, fp);
	fclose(fp);
}

static void test_real_run(void)
{
	struct spatch_version v;
	struct spatch_job jobs[2];
	struct spatch_run_opts opts = { 0 };
	struct strbuf out = STRBUF_INIT;
	char *dir, *cocci;
	size_t i;

	if (!spatch_installed())
		return;		/* nothing to run: the parsing tests suffice */
	CU_ASSERT_EQUAL_FATAL(spatch_check(&v), 0);
	dir = tempdir_create("test-spatch");
	cocci = xstrfmt("%s/p.cocci", dir);
	put(cocci, "virtual patch\n@depends on patch@\nexpression e;\n@@\n"
	    "- old_fn(e)\n+ new_fn(e)\n");
	memset(jobs, 0, sizeof(jobs));
	jobs[0].input = xstrfmt("%s/a.c", dir);
	jobs[1].input = xstrfmt("%s/b.c", dir);
	put(jobs[0].input, "void f(void)\n{\n\told_fn(1);\n}\n");
	put(jobs[1].input, "void g(void)\n{\n\tother_fn(1);\n}\n");
	for (i = 0; i < 2; i++)
		jobs[i].output = xstrfmt("%s/out-%zu.c", dir, i);
	opts.cocci = cocci;
	opts.jobs = 2;
	opts.timeout_sec = 60;
	opts.tmpdir = dir;
	spatch_run(jobs, 2, &opts);
	CU_ASSERT_PTR_NULL(jobs[0].failure);
	CU_ASSERT_PTR_NULL(jobs[1].failure);
	CU_ASSERT_EQUAL(jobs[0].changed, 1);
	CU_ASSERT_EQUAL(jobs[1].changed, 0);
	CU_ASSERT_EQUAL(strbuf_read_file(&out, jobs[0].output), 0);
	CU_ASSERT_STRING_EQUAL(out.buf, "void f(void)\n{\n\tnew_fn(1);\n}\n");
	for (i = 0; i < 2; i++)
		spatch_job_release(&jobs[i]);
	strbuf_release(&out);
	free(cocci);
	free(dir);
}

static const struct unit_test tests[] = {
	{ "the version line is read", test_version },
	{ "the // Options: line gives the options", test_options_line },
	{ "a parse error in the input file is found", test_parse_error },
	{ "the failure line skips spatch's chatter", test_failure_line },
	{ "a real run, when spatch is installed", test_real_run },
	{ NULL, NULL }
};

UNIT_MAIN("spatch", tests)
