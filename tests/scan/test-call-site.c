/*
 * test-call-site.c - call-site records: argument splitting, the old/new
 * decision table, and the kinds of the occurrences that are not calls.
 *
 * The migration is the real one's data, parsed from text here so that
 * the suite does not depend on where semantic-patches/ is.
 */
#include <stdio.h>
#include <string.h>

#include "call-site.h"
#include "migration.h"
#include "scan.h"
#include "strbuf.h"
#include "test-migration-data.h"
#include "unit.h"

static struct migration mig;
static struct scan_file file;

static void load_migration(void)
{
	static int loaded;

	if (loaded)
		return;
	memset(&mig, 0, sizeof(mig));
	check_int_fatal(test_migration_parse(&mig), 0);
	loaded = 1;
}

/* scan text as the file path; the sites are in file.sites */
static void scan_len(const char *path, const char *text, size_t len)
{
	load_migration();
	scan_file_release(&file);
	scan_file_buffer(&file, path, text, len, &mig);
}

static void scan(const char *path, const char *text)
{
	scan_len(path, text, strlen(text));
}

/* the kind of the only call in "void f(void) { BODY }" */
static enum call_site_kind kind_of(const char *decls, const char *call)
{
	char buf[2048];

	snprintf(buf, sizeof(buf), "%s\nvoid f(void)\n{\n\t%s;\n}\n", decls,
		 call);
	scan("t.c", buf);
	check_int_fatal(file.nr_sites, 1);
	return file.sites[0].kind;
}

/* the site's reason in words, as printed (valid until the next call) */
static const char *reason_of(const struct call_site *cs)
{
	static struct strbuf sb = STRBUF_INIT;

	strbuf_reset(&sb);
	call_site_reason_text(&sb, cs);
	return sb.buf;
}

static void test_split_nested(void)
{
	const char *text = "x = class_device_create(pick(a, b), "
			   "/* major, minor */ MKDEV(1, 2),\n\t NULL, "
			   "\"f(%d),%s\", (int[]){1, 2}[0], \"x\");";
	const struct call_site *cs;

	scan("t.c", text);
	check_int_fatal(file.nr_sites, 1);
	cs = &file.sites[0];
	check_int(cs->kind, CALL_SITE_OLD);
	CU_ASSERT(cs->has_args);
	check_int_fatal(cs->nr_args, 6);
	check_int(cs->nr_commas, 5);
	check_str(cs->args[0].text, "pick(a, b)");
	check_str(cs->args[1].text, "/* major, minor */ MKDEV(1, 2)");
	check_str(cs->args[2].text, "NULL");
	check_str(cs->args[3].text, "\"f(%d),%s\"");
	check_str(cs->args[4].text, "(int[]){1, 2}[0]");
	check_str(cs->args[5].text, "\"x\"");
	check_int(cs->name_offset, 4);
	check_int(text[cs->open_paren], '(');
	check_int(cs->open_paren, 23);
	check_int(text[cs->close_paren], ')');
	check_int(cs->close_paren, strlen(text) - 2);
	/* apply's insertion point: the comma that ends argument 1 */
	check_int(cs->commas[0], 34);
	check_int(text[cs->commas[0]], ',');
	check_int(cs->args[0].start, 24);
	check_int(cs->args[0].end, 34);
	check_str(
		cs->text,
		"class_device_create(pick(a, b), /* major, minor */ MKDEV(1, 2),"
		" NULL, \"f(%d),%s\", (int[]){1, 2}[0], \"x\")");
}

static void test_crlf_positions_and_text(void)
{
	const char *text = "/*\r\n */\r\nvoid f(void)\r\n{\r\n"
			   "\tcd = class_device_create(c, \r\n"
			   "\t\t\t MKDEV(10, 1),\r\n\t\t\t &d, \"x%d\", 1);\r\n"
			   "}\r\n";
	const struct call_site *cs;

	scan("crlf.c", text);
	check_int_fatal(file.nr_sites, 1);
	cs = &file.sites[0];
	check_int(cs->line, 5);
	check_int(cs->column, 7);
	check_int(cs->kind, CALL_SITE_OLD);
	check_str(cs->args[1].text, "MKDEV(10, 1)");
	check_str(cs->text, "class_device_create(c, "
			    "MKDEV(10, 1), &d, \"x%d\", 1)");
}

static void test_cr_only_positions(void)
{
	const char *text = "#include <linux/device.h>\r/*\r */\rvoid f(void)\r"
			   "{\r\tclass_device_create(c, 0, NULL, \"x%d\", 1);\r"
			   "}\r";
	const struct call_site *cs;

	scan("cr.c", text);
	check_int_fatal(file.nr_sites, 1);
	cs = &file.sites[0];
	check_int(cs->kind, CALL_SITE_OLD);
	check_int(cs->line, 6);
	check_int(cs->column, 2);
	check_str(cs->text, "class_device_create(c, 0, NULL, "
			    "\"x%d\", 1)");
}

static void test_nul_in_comment(void)
{
	static const char text[] =
		"/* \0 */\nvoid f(void)\n{\n"
		"\tclass_device_create(c, 0, NULL, \"x\");\n}\n";

	scan_len("nul.c", text, sizeof(text) - 1);
	check_int_fatal(file.nr_sites, 1);
	check_int(file.sites[0].kind, CALL_SITE_OLD);
	check_int(file.sites[0].line, 4);
}

static void test_define_body(void)
{
	const struct call_site *cs;

	scan("m.c",
	     "#define ONE(c, n) class_device_create(c, MKDEV(5, n), "
	     "NULL, \"n%d\", n)\n"
	     "#define PORT(c, p, d)\t\\\n\tdo {\t\\\n"
	     "\t\tx = class_device_create(c,\t\\\n"
	     "\t\t\tMKDEV(9, p), d,\t\\\n\t\t\t\"p%d\", p);\t\\\n"
	     "\t} while (0)\n"
	     "#define FIVE(c, a, b, d, e) class_device_create(c, a, b, d, e)\n"
	     "void g(void) { ONE(k, 1); PORT(k, 2, 0); }\n");
	check_int_fatal(file.nr_sites, 3);
	cs = &file.sites[0];
	check_int(cs->kind, CALL_SITE_OLD);
	CU_ASSERT(cs->in_macro);
	check_int(cs->column, 19);
	cs = &file.sites[1];
	check_int(cs->kind, CALL_SITE_OLD);
	CU_ASSERT(cs->in_macro);
	check_int(cs->line, 4);
	/* the line splices are whitespace: they vanish from the text */
	check_str(cs->text, "class_device_create(c, MKDEV(9, p), "
			    "d, \"p%d\", p)");
	check_int(cs->nr_args, 5);
	cs = &file.sites[2];
	check_int(cs->kind, CALL_SITE_AMBIGUOUS);
	check_int(cs->reason, CALL_REASON_EVIDENCE);
	CU_ASSERT_PTR_NOT_NULL(strstr(reason_of(cs), "macro parameter"));
}

static void test_form_by_count(void)
{
	check_int(kind_of("", "class_device_create(c, d, e)"),
		  CALL_SITE_AMBIGUOUS);
	CU_ASSERT_PTR_NOT_NULL(strstr(reason_of(&file.sites[0]), "fewer than"));
	check_int(kind_of("", "class_device_create()"), CALL_SITE_AMBIGUOUS);
	check_int(file.sites[0].nr_args, 0);
	/* four arguments: only the old form has that few */
	check_int(kind_of("", "class_device_create(c, x, y, z)"),
		  CALL_SITE_OLD);
	check_int(kind_of("", "class_device_create(c, NULL, y, z)"),
		  CALL_SITE_OLD);
}

static void test_form_by_literal(void)
{
	check_int(kind_of("", "class_device_create(c, x, y, \"a%d\", i)"),
		  CALL_SITE_OLD);
	check_int(kind_of("", "class_device_create(c, x, y, /* f */ "
			      "\"a\" \"%d\", i)"),
		  CALL_SITE_OLD);
	check_int(kind_of("", "class_device_create(c, x, y, z, \"a\")"),
		  CALL_SITE_NEW);
	check_int(kind_of("", "class_device_create(c, x, y, z, "
			      "\"a\" \"b\", 1, 2)"),
		  CALL_SITE_NEW);
	/* the literal at 4 wins over argument 2 */
	check_int(kind_of("", "class_device_create(c, NULL, y, \"a\", "
			      "\"b\")"),
		  CALL_SITE_OLD);
}

static void test_form_by_argument_2(void)
{
	static const struct {
		const char *decls, *arg;
		enum call_site_kind kind;
	} cases[] = {
		{ "", "NULL", CALL_SITE_NEW },
		{ "", "(struct class_device *)0", CALL_SITE_NEW },
		{ "", "(void *) NULL", CALL_SITE_NEW },
		{ "", "&dev->cdev", CALL_SITE_NEW },
		{ "struct class_device *up;", "up", CALL_SITE_NEW },
		{ "void h(struct class_device * up, int i);", "up",
		  CALL_SITE_NEW },
		{ "", "MKDEV(1, 2)", CALL_SITE_OLD },
		{ "", "0", CALL_SITE_OLD },
		{ "", "(1 << 20) | 0x3", CALL_SITE_OLD },
		{ "", "/* devt */ 4 * i", CALL_SITE_AMBIGUOUS },
		{ "static dev_t devt = 0;", "devt", CALL_SITE_OLD },
		{ "void h(int a, dev_t devt);", "devt", CALL_SITE_OLD },
		{ "#define MY_DEV MKDEV(4, 0)", "MY_DEV", CALL_SITE_OLD },
		{ "#define MY_PARENT NULL", "MY_PARENT", CALL_SITE_NEW },
		{ "", "unknown", CALL_SITE_AMBIGUOUS },
		{ "int n;", "n", CALL_SITE_AMBIGUOUS },
		{ "dev_t both; struct class_device *both;", "both",
		  CALL_SITE_AMBIGUOUS },
		{ "", "get_parent(x)", CALL_SITE_AMBIGUOUS },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char call[256];
		enum call_site_kind kind;

		snprintf(call, sizeof(call),
			 "class_device_create(c, %s, y, fmt, z)", cases[i].arg);
		kind = kind_of(cases[i].decls, call);
		if (kind != cases[i].kind)
			fprintf(stderr, "argument 2 '%s': %s (%s)\n",
				cases[i].arg, call_site_kind_name(kind),
				reason_of(&file.sites[0]));
		check_int(kind, cases[i].kind);
		check_int(file.sites[0].reason, CALL_REASON_EVIDENCE);
	}
}

static void test_form_undecidable_lists(void)
{
	scan("t.c", "void f(void)\n{\n\tclass_device_create(c, MKDEV(1, 2),\n"
		    "#ifdef X\n\t\tNULL,\n#else\n\t\t&d,\n#endif\n"
		    "\t\t\"x\");\n}\n");
	check_int_fatal(file.nr_sites, 1);
	check_int(file.sites[0].kind, CALL_SITE_AMBIGUOUS);
	check_int(file.sites[0].reason, CALL_REASON_CONDITIONAL);
	check_str(reason_of(&file.sites[0]),
		  "a preprocessor conditional inside the arguments");

	scan("t.c", "#define BAD(c) class_device_create(c, MKDEV(1, 2)\n"
		    "int x;\n");
	check_int_fatal(file.nr_sites, 1);
	check_int(file.sites[0].kind, CALL_SITE_AMBIGUOUS);
	CU_ASSERT(file.sites[0].unterminated);
	check_int(file.sites[0].reason, CALL_REASON_UNTERMINATED);
	check_str(file.sites[0].text, "class_device_create(c, MKDEV(1, 2)");

	scan("t.c", "#define V(c, ...) class_device_create(c, __VA_ARGS__)\n");
	check_int_fatal(file.nr_sites, 1);
	check_int(file.sites[0].reason, CALL_REASON_VARIADIC);
	check_str(reason_of(&file.sites[0]),
		  "argument 2 '__VA_ARGS__' is the macro's "
		  "variadic parameter: how many arguments the "
		  "call has is not known");
}

static void test_comments_and_strings(void)
{
	scan("t.c",
	     "/* see class_device_create() */\n"
	     "// class_device_create(c, 1, NULL, \"x\");\n"
	     "char *s = \"class_device_create failed\\n\";\n"
	     "int class_device_create_file(void); /* my_class_device_create */\n");
	check_int_fatal(file.nr_sites, 3);
	check_int(file.sites[0].kind, CALL_SITE_COMMENT);
	check_int(file.sites[0].column, 8);
	check_str(file.sites[0].text, "class_device_create() */");
	check_int(file.sites[1].kind, CALL_SITE_COMMENT);
	check_int(file.sites[1].line, 2);
	check_int(file.sites[2].kind, CALL_SITE_STRING);
	check_str(file.sites[2].text, "class_device_create failed\\n\";");
}

static void test_declarations_and_definitions(void)
{
	scan("include/d.h",
	     "extern struct class_device *class_device_create(struct class *c,\n"
	     "\t\tstruct class_device *p, dev_t d, struct device *e,\n"
	     "\t\tchar *fmt, ...) __attribute__((format(printf, 5, 6)));\n"
	     "static inline struct class_device *\n"
	     "class_device_create(struct class *c, struct class_device *p,\n"
	     "\t\tdev_t d, struct device *e, char *fmt, ...)\n{\n"
	     "\treturn 0;\n}\n"
	     "void g(void) { class_device_create(c, NULL, 0, NULL, \"x\"); }\n");
	check_int_fatal(file.nr_sites, 3);
	check_int(file.sites[0].kind, CALL_SITE_DECLARATION);
	check_str(file.sites[0].text, "class_device_create(struct class *c,");
	/* static in a header: a definition, and calls stay calls */
	check_int(file.sites[1].kind, CALL_SITE_DEFINITION);
	check_int(file.sites[1].line, 5);
	check_int(file.sites[1].column, 1);
	check_int(file.sites[2].kind, CALL_SITE_NEW);
	CU_ASSERT(!file.shadowed);
}

static void test_shadowed(void)
{
	scan("drivers/pool.c",
	     "int a = class_device_create(&pool, 0, o, \"early\");\n"
	     "static int class_device_create(struct pool *p, int slot,\n"
	     "\t\tvoid *o, const char *tag)\n{\n\treturn slot;\n}\n"
	     "int b(void) { return class_device_create(&pool, 1, NULL, \"x\"); }\n");
	CU_ASSERT(file.shadowed);
	check_int_fatal(file.nr_sites, 3);
	check_int(file.sites[0].kind, CALL_SITE_SHADOWED);
	check_int(file.sites[1].kind, CALL_SITE_SHADOWED);
	check_int(file.sites[2].kind, CALL_SITE_SHADOWED);
	/* shadowed calls are not calls: the text is the rest of the line */
	check_str(file.sites[2].text,
		  "class_device_create(&pool, 1, NULL, \"x\"); }");
	check_int(file.sites[0].reason, CALL_REASON_LOCAL_CALL);
	check_int(file.sites[1].reason, CALL_REASON_LOCAL_DEFINITION);
	check_int(file.sites[2].reason, CALL_REASON_LOCAL_CALL);
	check_str(reason_of(&file.sites[1]), "a file-local definition of "
					     "'class_device_create'");
	check_str(reason_of(&file.sites[2]), "a call of the file-local "
					     "'class_device_create'");
	/* its arguments are split all the same */
	check_int(file.sites[2].nr_args, 4);
}

static void test_references(void)
{
	scan("t.c", "static create_t def = &class_device_create;\n"
		    "void f(void)\n{\n\tfn = class_device_create;\n"
		    "\tops->class_device_create(a, b, c, d);\n"
		    "\tops.class_device_create = 0;\n}\n"
		    "EXPORT_SYMBOL_GPL(class_device_create);\n"
		    "#undef class_device_create\n");
	check_int_fatal(file.nr_sites, 6);
	check_int(file.sites[0].kind, CALL_SITE_REFERENCE);
	check_str(file.sites[0].text, "class_device_create;");
	check_int(file.sites[1].kind, CALL_SITE_REFERENCE);
	check_int(file.sites[2].kind, CALL_SITE_REFERENCE);
	check_int(file.sites[3].kind, CALL_SITE_REFERENCE);
	check_int(file.sites[4].kind, CALL_SITE_REFERENCE);
	check_int(file.sites[5].kind, CALL_SITE_REFERENCE);
}

static void test_calls_in_expressions(void)
{
	scan("t.c", "void f(void)\n{\n"
		    "\tif (IS_ERR(class_device_create(c, 0, NULL, \"a\")))\n"
		    "\t\treturn;\n"
		    "\telse class_device_create(c, 0, NULL, \"b\");\n"
		    "\tp = (void *)class_device_create(c, 0, NULL, \"c\");\n"
		    "\treturn class_device_create(c, 0, NULL, \"d\");\n}\n");
	check_int_fatal(file.nr_sites, 4);
	check_int(file.sites[0].kind, CALL_SITE_OLD);
	check_int(file.sites[1].kind, CALL_SITE_OLD);
	check_int(file.sites[2].kind, CALL_SITE_OLD);
	check_int(file.sites[3].kind, CALL_SITE_OLD);
}

static void test_prefilter_and_binary(void)
{
	const char text[] = "int class_device_create_file;\n"
			    "int hard_class_device_create;\n";

	CU_ASSERT(
		!scan_mentions(text, sizeof(text) - 1, "class_device_create"));
	CU_ASSERT(scan_mentions("(class_device_create)", 21,
				"class_device_create"));
	scan("t.c", text);
	check_int(file.nr_sites, 0);
	CU_ASSERT(scan_is_binary("ab\0cd", 5));
	CU_ASSERT(!scan_is_binary("abcd", 4));
	/* text with a stray NUL: more line ends than NULs */
	CU_ASSERT(!scan_is_binary("a\0b\nc\n", 6));
	CU_ASSERT(!scan_is_binary("a\0b\rc\r", 6));
	CU_ASSERT(scan_is_binary("\x7f"
				 "ELF\0\0\0\n",
				 8));
}

static void test_renamed_function(void)
{
	static const char text[] =
		"name: frob\nfunction: frob\nnew-function: frob2\n"
		"header: include/frob.h\n"
		"old-prototype: int frob(int a, char *b)\n"
		"new-prototype: int frob2(char *b, int a)\n"
		"new-call: $2 $1\ncocci: x.cocci\nsubject: s\n"
		"description: d\n";
	struct migration m;
	struct scan_file f;
	const char *src = "/* frob2() replaces frob() */\n"
			  "int g(void) { return frob(1, \"a\") + "
			  "frob2(\"b\", 2) + frob(x, y); }\n";

	memset(&m, 0, sizeof(m));
	check_int_fatal(migration_parse(&m, text, "frob"), 0);
	scan_file_buffer(&f, "g.c", src, strlen(src), &m);
	check_int_fatal(f.nr_sites, 5);
	/* in offset order, both names */
	check_int(f.sites[0].kind, CALL_SITE_COMMENT);
	check_int(f.sites[0].name_len, 5);
	check_int(f.sites[1].kind, CALL_SITE_COMMENT);
	check_int(f.sites[1].name_len, 4);
	check_int(f.sites[2].kind, CALL_SITE_OLD);
	check_int(f.sites[3].kind, CALL_SITE_NEW);
	check_str(f.sites[3].text, "frob2(\"b\", 2)");
	/* the name decides, even with no evidence in the arguments */
	check_int(f.sites[4].kind, CALL_SITE_OLD);
	CU_ASSERT(scan_mentions_function("frob2();", 8, &m));
	scan_file_release(&f);
	migration_release(&m);
}

/* where: result-unused: the kind of the only call in each statement */
static void test_result_context(void)
{
	static const struct {
		const char *statement;
		int left;
	} cases[] = {
		{ "F;", 0 },
		{ "if (x) F; else (void)F;", 0 },
		{ "x = 0; out: F;", 0 },
		{ "do F; while (0);", 0 },
		{ "list_for_each(x) F;", 0 },
		{ "x = F;", 1 },
		{ "return F;", 1 },
		{ "if (F) x = 0;", 1 },
		{ "x ? F : 0;", 1 },
		{ "g(F);", 1 },
		{ "(int)F;", 1 },
	};
	const char *call = "class_device_create(cls, 1, \"x\")";
	size_t i, k;

	load_migration();
	mig.where = CALL_WHERE_RESULT_UNUSED;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct strbuf body = STRBUF_INIT;
		const char *p;

		strbuf_addstr(&body, "void f(void)\n{\n\t");
		for (p = cases[i].statement; *p; p++)
			if (*p == 'F')
				strbuf_addstr(&body, call);
			else
				strbuf_addch(&body, *p);
		strbuf_addstr(&body, "\n}\n");
		scan("t.c", body.buf);
		for (k = 0; k < file.nr_sites; k++)
			if ((file.sites[k].kind == CALL_SITE_CONTEXT) !=
			    cases[i].left)
				fprintf(stderr, "expected left=%d in '%s'\n",
					cases[i].left, cases[i].statement);
		for (k = 0; k < file.nr_sites; k++)
			CU_ASSERT((file.sites[k].kind == CALL_SITE_CONTEXT) ==
				  cases[i].left);
		strbuf_release(&body);
	}
	mig.where = CALL_WHERE_ANY;
	check_int(kind_of("", "x = class_device_create(c, 1, \"x\")") ==
			  CALL_SITE_CONTEXT,
		  0);
	scan_file_release(&file);
}

static void test_kind_names(void)
{
	int k;

	for (k = 0; k < CALL_SITE_NR_KINDS; k++)
		check_int(call_site_kind_from_name(call_site_kind_name(k)), k);
	check_int(call_site_kind_from_name("frob"), -1);
	check_str(call_site_kind_name(CALL_SITE_AMBIGUOUS), "ambiguous");
	CU_ASSERT(call_site_kind_is_call(CALL_SITE_NEW));
	CU_ASSERT(!call_site_kind_is_call(CALL_SITE_SHADOWED));
	scan_file_release(&file);
	migration_release(&mig);
}

/*
 * every reason but NONE has words, made from its parts alone: a caller
 * that keeps only the parts (apply) prints what the site would
 */
static void test_every_reason_has_words(void)
{
	struct strbuf sb = STRBUF_INIT;
	int reason;

	call_site_reason_words(&sb, CALL_REASON_NONE, 0, "x");
	check_str(sb.buf, "");
	for (reason = CALL_REASON_NONE + 1; reason < CALL_REASON_NR; reason++) {
		strbuf_reset(&sb);
		call_site_reason_words(&sb, (enum call_site_reason)reason, 2,
				       "name");
		CU_ASSERT(sb.len > 0);
	}
	scan("t.c", "static int class_device_create(int a);\n"
		    "void f(void) { class_device_create(1); }\n");
	check_int_fatal(file.nr_sites, 2);
	check_str(call_site_reason_operand(&file.sites[1]),
		  "class_device_create");
	strbuf_reset(&sb);
	call_site_reason_words(&sb, file.sites[1].reason,
			       file.sites[1].variadic,
			       call_site_reason_operand(&file.sites[1]));
	check_str(sb.buf, reason_of(&file.sites[1]));
	strbuf_release(&sb);
}

static const struct unit_test tests[] = {
	{ "arguments split at top-level commas only", test_split_nested },
	{ "CRLF: positions, argument texts and the call text",
	  test_crlf_positions_and_text },
	{ "CR only: the call has its form and its line",
	  test_cr_only_positions },
	{ "a NUL in a comment hides nothing", test_nul_in_comment },
	{ "calls in #define bodies, spliced or not", test_define_body },
	{ "form by argument count", test_form_by_count },
	{ "form by a string-literal format at 4 or 5", test_form_by_literal },
	{ "form by argument 2: each rule", test_form_by_argument_2 },
	{ "unclosed lists and #ifdef inside the arguments",
	  test_form_undecidable_lists },
	{ "comments and strings", test_comments_and_strings },
	{ "declarations and definitions", test_declarations_and_definitions },
	{ "a static definition in a .c file shadows", test_shadowed },
	{ "references are uses without a call", test_references },
	{ "calls inside expressions and after keywords",
	  test_calls_in_expressions },
	{ "the pre-filter and the binary test", test_prefilter_and_binary },
	{ "a renamed function: both names, the name decides",
	  test_renamed_function },
	{ "every reason has words, made from its parts",
	  test_every_reason_has_words },
	{ "where: a call's result is unused or used", test_result_context },
	{ "kind names round-trip", test_kind_names },
	{ NULL, NULL }
};

UNIT_MAIN("call-site", tests)
