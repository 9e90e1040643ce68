/*
 * test-spatch-read.c - what kmigrate reads from spatch: its version, the
 * "// Options:" of a semantic patch and the isomorphisms beside it,
 * parse errors, failure lines and the signs of a bad batch in its
 * stderr, the names of its output files and the names it may be given;
 * no spatch runs.
 */
#include <stdlib.h>
#include <string.h>

#include "scratch.h"
#include "spatch-output.h"
#include "spatch-stderr.h"
#include "spatch.h"
#include "strbuf.h"
#include "strlist.h"
#include "tempfile.h"
#include "unit.h"
#include "util.h"

static void test_version(void)
{
	struct spatch_version v;

	check_int(
		spatch_parse_version(
			"spatch version 1.1.1 compiled with OCaml version 4.13.1\n"
			"Flags passed to the configure script: --prefix=/usr\n",
			&v),
		0);
	CU_ASSERT(v.major == 1 && v.minor == 1 && v.patch == 1);
	check_int(spatch_parse_version(
			  "spatch version 1.0.0-rc21 with Python support\n",
			  &v),
		  0);
	CU_ASSERT(v.major == 1 && v.minor == 0 && v.patch == 0);
	check_int(spatch_parse_version("spatch version 0.2.5\n", &v), 0);
	CU_ASSERT(v.major == 0 && v.minor == 2 && v.patch == 5);
	check_int(spatch_parse_version("spatch version 1.2\n", &v), 0);
	CU_ASSERT(v.major == 1 && v.minor == 2 && v.patch == 0);
	check_int(spatch_parse_version("command not found\n", &v), -1);
	check_int(spatch_parse_version("spatch version x\n", &v), -1);
}

static void test_options_line(void)
{
	struct strlist opts = STRLIST_INIT;
	struct strbuf why = STRBUF_INIT;

	check_int(spatch_parse_options("/// doc\n// Confidence: High\r\n"
				       "// Options: --no-includes  "
				       "--include-headers\t"
				       "--smpl-spacing\r\n@r@\n@@\n",
				       &opts, &why),
		  0);
	check_int_fatal(opts.nr, 3);
	check_str(opts.items[0].string, "--no-includes");
	check_str(opts.items[1].string, "--include-headers");
	check_str(opts.items[2].string, "--smpl-spacing");
	strlist_clear(&opts, 0);
	check_int(spatch_parse_options("// no options here\n@@\n@@\n", &opts,
				       &why),
		  0);
	check_int(opts.nr, 0);
	strlist_clear(&opts, 0);
	strbuf_release(&why);
}

/* an option off the allow-list is refused, by its name */
static void test_options_refused(void)
{
	static const char *const refused[] = {
		"--sp-file x.cocci", "-o out.c",
		"--out-place",	     "--tmp-dir /tmp",
		"--python python3",  "--ocaml-regexps",
		"--cache-prefix /x", "--macro-file-builtins m.h",
	};
	struct strlist opts = STRLIST_INIT;
	struct strbuf why = STRBUF_INIT, text = STRBUF_INIT;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(refused); i++) {
		strbuf_reset(&text);
		strbuf_reset(&why);
		strbuf_addf(&text, "// Options: --no-includes %s\n@@\n@@\n",
			    refused[i]);
		check_int(spatch_parse_options(text.buf, &opts, &why), -1);
		strbuf_setlen(&text, 0);
		strbuf_add(&text, refused[i], strcspn(refused[i], " "));
		CU_ASSERT_PTR_NOT_NULL(strstr(why.buf, text.buf));
		strlist_clear(&opts, 0);
	}
	check_int(spatch_parse_options("// Options: --iso-limit 2\n", &opts,
				       &why),
		  0);
	check_int(opts.nr, 2);
	strlist_clear(&opts, 0);
	strbuf_release(&text);
	strbuf_release(&why);
}

static void put(const char *path, const char *text)
{
	CU_ASSERT_FATAL(!write_scratch_file(path, text, strlen(text)));
}

static void test_iso_file(void)
{
	char *dir = tempdir_create("test-spatch-read");
	char *cocci = xstrfmt("%s/p.cocci", dir);
	char *iso = xstrfmt("%s/p.iso", dir);
	struct strlist opts = STRLIST_INIT;

	put(cocci, "// Options: --no-includes\n@@\n@@\n");
	CU_ASSERT_PTR_NULL(spatch_iso_file(cocci));
	check_int(spatch_cocci_options(cocci, &opts), 0);
	check_int(opts.nr, 1);
	strlist_clear(&opts, 0);

	put(iso, "Expression\n@ paren @\nexpression E;\n@@\n\n (E) => E\n");
	check_int(spatch_cocci_options(cocci, &opts), 0);
	check_int_fatal(opts.nr, 3);
	check_str(opts.items[0].string, "--no-includes");
	check_str(opts.items[1].string, "--iso-file");
	check_str(opts.items[2].string, iso);
	strlist_clear(&opts, 0);

	/* only X.iso for X.cocci: a semantic patch named otherwise has none */
	free(cocci);
	cocci = xstrfmt("%s/p.cocci.txt", dir);
	put(cocci, "@@\n@@\n");
	CU_ASSERT_PTR_NULL(spatch_iso_file(cocci));
	free(iso);
	free(cocci);
	free(dir);
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
	" = File \"/tmp/cocci-output-1-raw.c\", line 9, column 1, "
	"charpos = 9\n";

static void test_parse_error(void)
{
	char *msg =
		spatch_find_parse_error(verbose_parsing, "drivers/char/raw.c");

	CU_ASSERT_PTR_NOT_NULL_FATAL(msg);
	check_str(msg, "parse error at line 3, column 6");
	free(msg);
	CU_ASSERT_PTR_NULL(
		spatch_find_parse_error(verbose_parsing, "drivers/char/mem.c"));
	CU_ASSERT_PTR_NULL(spatch_find_parse_error("", "x.c"));
}

/* a hand-written patch's "kmigrate-left:" lines: the input's only */
static void test_left_reasons(void)
{
	static const char err[] =
		"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
		"kmigrate-left: 1.c:12: 'res' is read after the mapping\n"
		"kmigrate-left: 2.c:7: looked up by name\n"
		"kmigrate-left: 1.c:40: the device 'dev' is not known\n"
		"kmigrate-left: 1.c:x: no line\n"
		"kmigrate-left: 11.c:5: another file\n";
	char *r = spatch_find_left_reasons(err, "1.c");

	CU_ASSERT_PTR_NOT_NULL_FATAL(r);
	check_str(r, "12 'res' is read after the mapping\n"
		     "40 the device 'dev' is not known\n");
	free(r);
	CU_ASSERT_PTR_NULL(spatch_find_left_reasons(err, "3.c"));
	CU_ASSERT_PTR_NULL(spatch_find_left_reasons("", "1.c"));
}

/* "virtual left" asks for -D left; a word in another rule's name does not */
static void test_declares_virtual(void)
{
	CU_ASSERT(spatch_declares_virtual("virtual patch\nvirtual left\n",
					  "left"));
	CU_ASSERT(spatch_declares_virtual("virtual patch, left\n", "left"));
	CU_ASSERT(!spatch_declares_virtual("virtual patch\n// virtual left\n",
					   "left"));
	CU_ASSERT(!spatch_declares_virtual("virtual lefty\n", "left"));
	CU_ASSERT(!spatch_declares_virtual("@left@\n", "left"));
}

static void test_failure_line(void)
{
	char *line = spatch_failure_line(
		"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
		"HANDLING: x.c\n\n"
		"Fatal error: exception Sys_error(\"x.c: No such file\")\r\n"
		"more\n");

	CU_ASSERT_PTR_NOT_NULL_FATAL(line);
	check_str(line,
		  "Fatal error: exception Sys_error(\"x.c: No such file\")");
	free(line);
	CU_ASSERT_PTR_NULL(spatch_failure_line(verbose_parsing));
	CU_ASSERT_PTR_NULL(spatch_failure_line(""));
}

/* what a clean batch prints, the parse error of a file included */
static const char clean_batch[] =
	"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
	"Warning: PARSING: type defaults to 'int'; value = [...]\n"
	"(ONCE) Expected tokens class_device_create\n"
	"Skipping: /s/b/drivers/empty.c\n"
	"HANDLING: /s/b/drivers/perr.c\n"
	"PB: not found closing brace in fuzzy parsing\n"
	"parse error \n"
	" = File \"/s/b/drivers/perr.c\", line 5, column 6, charpos = 100\n"
	"  around = '{',\n"
	"  whole content = \tif ( {\n"
	"BAD:!!!!! \tif ( {\n"
	"ALREADY AT END\n"
	"diff = \n"
	"HANDLING: /s/b/drivers/raw.c\n";

/* a batch's stderr, parse-recovery lines and all, gives each its error */
static void test_batch_parse_errors(void)
{
	char *perr =
		spatch_find_parse_error(clean_batch, "/s/b/drivers/perr.c");

	CU_ASSERT_PTR_NOT_NULL_FATAL(perr);
	check_str(perr, "parse error at line 5, column 6");
	free(perr);
	CU_ASSERT_PTR_NULL(
		spatch_find_parse_error(clean_batch, "/s/b/drivers/raw.c"));
	CU_ASSERT_PTR_NULL(
		spatch_find_parse_error(clean_batch, "/s/b/drivers/perr"));
}

static void test_handled(void)
{
	const char *err = "HANDLING: /s/b/a.c\nSkipping: /s/b/e.c\n"
			  "Skipping unreadable file: /s/b/m.c\n"
			  "HANDLING: /s/b/sub/a.c\n";

	CU_ASSERT(spatch_handled(err, "/s/b/a.c"));
	CU_ASSERT(spatch_handled(err, "/s/b/e.c"));
	CU_ASSERT(spatch_handled(err, "/s/b/sub/a.c"));
	CU_ASSERT(!spatch_handled(err, "/s/b/m.c"));
	CU_ASSERT(!spatch_handled(err, "/s/b/a"));
	CU_ASSERT(!spatch_handled(err, "b/a.c"));
	CU_ASSERT(!spatch_handled(err, "/s/b/sub"));
	CU_ASSERT(!spatch_handled("", "/s/b/a.c"));
}

/* spatch 1.1.1's names for the files it changed */
static void test_output_names(void)
{
	CU_ASSERT(spatch_output_matches(
		"cocci-output-30793-04ba1f-tape_class.c", "tape_class.c"));
	CU_ASSERT(spatch_output_matches("cocci-output-1-a-0.1.c", "0.1.c"));
	CU_ASSERT(!spatch_output_matches("cocci-output-1-a-0.1.c", "1.c"));
	CU_ASSERT(!spatch_output_matches("cocci-output-1-a-b-1.c", "1.c"));
	CU_ASSERT(spatch_output_matches("cocci-output-1-a-b-1.c", "b-1.c"));
	CU_ASSERT(!spatch_output_matches("cocci-output-1-a-11.c", "1.c"));
	CU_ASSERT(!spatch_output_matches("cocci_small_output-1-a-1.c", "1.c"));
	CU_ASSERT(!spatch_output_matches("cocci-output-x-a-1.c", "1.c"));
	CU_ASSERT(!spatch_output_matches("cocci-output-1-g-1.c", "1.c"));
	CU_ASSERT(!spatch_output_matches("cocci-output-1--1.c", "1.c"));
	CU_ASSERT(!spatch_output_matches("cocci-output-1-a-1.c.orig", "1.c"));
}

static void test_spatch_name(void)
{
	struct spatch_run_opts opts = { 0 };

	opts.tmpdir = "/s/k";
	check_str(spatch_name(&opts, "/s/k/3.c"), "3.c");
	check_str(spatch_name(&opts, "/s/k/batch-Ab/0.1.c"), "batch-Ab/0.1.c");
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/kx/3.c"));
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/-3.c"));
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/.3.c"));
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/a/../../x.c"));
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/a b.c"));
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/$(id).c"));
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/a;b.c"));
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/"));
	opts.tmpdir = NULL;
	CU_ASSERT_PTR_NULL(spatch_name(&opts, "/s/k/3.c"));
}

static const struct unit_test tests[] = {
	{ "the version line is read", test_version },
	{ "the // Options: line gives the options", test_options_line },
	{ "an option off the allow-list is refused by name",
	  test_options_refused },
	{ "an X.iso beside X.cocci is given as --iso-file", test_iso_file },
	{ "a parse error in the input file is found", test_parse_error },
	{ "the failure line skips spatch's chatter", test_failure_line },
	{ "a patch's reasons for the calls it leaves are read",
	  test_left_reasons },
	{ "a patch declaring virtual left is known", test_declares_virtual },
	{ "a batch's stderr gives each file its own parse error",
	  test_batch_parse_errors },
	{ "a file is handled when stderr names it so", test_handled },
	{ "spatch's output files are known by their names", test_output_names },
	{ "the names spatch may be given", test_spatch_name },
	{ NULL, NULL }
};

UNIT_MAIN("spatch-read", tests)
