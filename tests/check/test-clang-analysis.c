/*
 * test-clang-analysis.c - libclang's view of call arguments, and the
 * fallbacks from the file's text as the analysis uses them, on small
 * in-memory files (test-clang-loader.c opens libclang; test-decl-lookup.c
 * tests the text fallbacks themselves).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "clang-analysis.h"
#include "clang-loader.h"
#include "decl-lookup.h"
#include "rule-test.h"
#include "scan.h"
#include "tree-overlay.h"
#include "unit.h"

static const char device_h[] =
	"#define NULL ((void *)0)\n"
	"typedef unsigned int dev_t;\n"
	"#define MKDEV(ma, mi) (((ma) << 20) | (mi))\n"
	"struct class;\n"
	"struct class_device;\n"
	"struct device { struct device *parent; };\n"
	"extern struct class *class_create(void *owner, char *name);\n"
	"extern struct class_device *class_device_create(struct class *cls,\n"
	"\tstruct class_device *parent, dev_t devt, struct device *device,\n"
	"\tchar *fmt, ...) __attribute__((format(printf, 5, 6)));\n";

static const char driver_c[] =
	"#include <linux/device.h>\n"
	"#define NAME_FMT \"vml%d\"\n"
	"static struct class *vmlogrdr_class;\n"
	"struct priv { int minor; struct device dev; };\n"
	"static void f(struct priv *priv, struct device *dev, char *name)\n"
	"{\n"
	"\tvmlogrdr_class = class_create(0, \"vmlogrdr\");\n"
	"\tclass_device_create(NULL, vmlogrdr_class,\n"
	"\t\t\tMKDEV(1, priv->minor), dev, \"%s\", name);\n"
	"\tclass_device_create(vmlogrdr_class, NULL, 0, &priv->dev,\n"
	"\t\t\tNAME_FMT, priv->minor);\n"
	"\tclass_device_create(vmlogrdr_class, MKDEV(1, 2), dev, name);\n"
	"}\n";

struct analysed {
	char tree[64];
	struct rule_test t; /* the migration and the API */
	struct scan_file sf;
	struct analysed_file file;
	struct call_analysis calls[8];
	size_t nr;
};

/* the records of text, before the analysis */
static void records_init(struct analysed *a, const char *text)
{
	size_t i;

	strcpy(a->tree, "/tmp/test-clang-analysis-XXXXXX");
	CU_ASSERT_FATAL(mkdtemp(a->tree) != NULL);
	rule_test_init(&a->t, API_NEW);
	scan_file_buffer(&a->sf, "drivers/vmlogrdr.c", text, strlen(text),
			 &a->t.m);
	clang_file_init(&a->file, "drivers/vmlogrdr.c");
	a->nr = 0;
	for (i = 0; i < a->sf.nr_sites && a->nr < 8; i++)
		if (call_site_kind_is_call(a->sf.sites[i].kind)) {
			call_analysis_init(&a->calls[a->nr], &a->sf.sites[i],
					   &a->t.m, &a->t.api, &a->file, a->nr);
			a->nr++;
		}
}

static void env_init(struct clang_env *env, const char *tree, int libclang)
{
	CU_ASSERT_FATAL(!clang_env_init(env, tree, NULL));
	env->lexer_only = !libclang;
	clang_env_add_unsaved(env, "include/linux/device.h", device_h);
}

static void analyse(struct analysed *a, const char *text, int libclang)
{
	struct clang_env env;

	records_init(a, text);
	env_init(&env, a->tree, libclang);
	clang_analyse_file(&env, &a->file, text, strlen(text), a->calls, a->nr);
	clang_env_release(&env);
}

static void analysed_release(struct analysed *a)
{
	size_t i;

	for (i = 0; i < a->nr; i++)
		call_analysis_release(&a->calls[i]);
	clang_file_release(&a->file);
	scan_file_release(&a->sf);
	rule_test_release(&a->t);
	rmdir(a->tree);
}

static void test_new_form_calls_from_libclang(void)
{
	struct analysed a;
	const struct call_argument *arg;

	analyse(&a, driver_c, 1);
	check_int_fatal(a.nr, 3);
	CU_ASSERT_PTR_NULL(a.file.parse_error);
	CU_ASSERT_TRUE(a.calls[0].seen_by_libclang);
	check_int_fatal(a.calls[0].nr_args, 6);
	arg = &a.calls[0].args[0];
	CU_ASSERT_TRUE(arg->is_null);
	check_str(arg->type, "void *");
	check_int(arg->type_source, TYPE_FROM_LIBCLANG);
	arg = &a.calls[0].args[1];
	CU_ASSERT_FALSE(arg->is_null);
	/* as written, not as converted to the parent parameter */
	check_str(arg->type, "struct class *");
	check_str(arg->created_as, "vmlogrdr");
	check_str(a.calls[0].args[2].canonical, "int");
	check_int(a.calls[0].args[2].line, 9);
	check_int(a.calls[0].args[2].column, 4);
	check_int(a.calls[0].args[1].line, 8);
	check_int(a.calls[0].args[1].column, 28);
	check_str(a.calls[0].args[3].type, "struct device *");
	arg = &a.calls[0].args[4];
	CU_ASSERT_TRUE(arg->is_literal);
	check_str(arg->literal, "%s");
	check_str(arg->type, "char *");
	CU_ASSERT_FALSE(a.calls[0].args[5].is_literal);
	check_str(a.calls[0].args[5].type, "char *");
	/* the declaration the call resolves to, relative to the tree */
	check_str(a.calls[0].declared_in, "include/linux/device.h");
	analysed_release(&a);
}

/*
 * A file that declares a function of the name itself (a program under
 * tools/): its calls resolve there; a call libclang declares implicitly
 * resolves nowhere
 */
static void test_declaration_of_the_call(void)
{
	static const char own_c[] =
		"int class_device_create(int fd, const char *name, int mode);\n"
		"int main(void)\n"
		"{\n"
		"\treturn class_device_create(0, \"x\", 1);\n"
		"}\n";
	static const char implicit_c[] =
		"int main(void)\n"
		"{\n"
		"\treturn class_device_create(0, 0, 0, 0, \"x\");\n"
		"}\n";
	struct analysed a;

	analyse(&a, own_c, 1);
	check_int_fatal(a.nr, 1);
	check_str(a.calls[0].declared_in, "drivers/vmlogrdr.c");
	analysed_release(&a);
	analyse(&a, implicit_c, 1);
	check_int_fatal(a.nr, 1);
	CU_ASSERT_PTR_NULL(a.calls[0].declared_in);
	analysed_release(&a);
}

static void test_macro_literal_and_address(void)
{
	struct analysed a;

	analyse(&a, driver_c, 1);
	CU_ASSERT_TRUE_FATAL(a.calls[1].seen_by_libclang);
	CU_ASSERT_TRUE(a.calls[1].args[1].is_null);
	/* 0 for a dev_t: a null constant too; the rules decide */
	CU_ASSERT_TRUE(a.calls[1].args[2].is_null);
	check_str(a.calls[1].args[3].type, "struct device *");
	CU_ASSERT_TRUE(a.calls[1].args[4].is_literal);
	check_str(a.calls[1].args[4].literal, "vml%d");
	check_str(a.calls[1].args[5].type, "int");
	analysed_release(&a);
}

static void test_dropped_old_call_uses_fallbacks(void)
{
	struct analysed a;
	const struct call_analysis *call;

	analyse(&a, driver_c, 1);
	call = &a.calls[2];
	check_int(call->site->kind, CALL_SITE_OLD);
	CU_ASSERT_FALSE(call->seen_by_libclang);
	check_str(call->args[0].type, "struct class *");
	check_int(call->args[0].type_source, TYPE_FROM_DECLARATION);
	check_str(call->args[1].type, "dev_t");
	check_int(call->args[1].type_source, TYPE_FROM_SHAPE);
	check_str(call->args[2].type, "struct device *");
	check_str(call->args[3].type, "char *");
	CU_ASSERT_FALSE(call->args[3].is_literal);
	/* seen calls are not a parse failure */
	CU_ASSERT_PTR_NULL(a.file.parse_error);
	analysed_release(&a);
}

static void test_text_only_analysis(void)
{
	struct analysed a;

	analyse(&a, driver_c, 0);
	CU_ASSERT_FALSE(a.calls[0].seen_by_libclang);
	CU_ASSERT_TRUE(a.calls[0].args[0].is_null);
	check_str(a.calls[0].args[1].type, "struct class *");
	CU_ASSERT_TRUE(a.calls[0].args[4].is_literal);
	check_str(a.calls[0].args[4].literal, "%s");
	/* the file's own #define is followed */
	CU_ASSERT_TRUE(a.calls[1].args[4].is_literal);
	check_str(a.calls[1].args[4].literal, "vml%d");
	check_str(a.calls[1].args[3].type, "struct device *");
	analysed_release(&a);
}

static void test_unparsable_file_is_reported(void)
{
	static const char broken[] =
		"#include <linux/missing.h>\n"
		"void f(void)\n"
		"{\n"
		"\tclass_device_create(cls, NULL, MKDEV(1, 2), dev, \"x\");\n"
		"}\n";
	struct analysed a;

	analyse(&a, broken, 1);
	check_int_fatal(a.nr, 1);
	CU_ASSERT_FALSE(a.calls[0].seen_by_libclang);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a.file.parse_error);
	CU_ASSERT_PTR_NOT_NULL(strstr(a.file.parse_error, "missing.h"));
	CU_ASSERT_TRUE(a.calls[0].args[1].is_null);
	CU_ASSERT_TRUE(a.calls[0].args[4].is_literal);
	analysed_release(&a);
}

/*
 * An argument libclang recovers from an error (a member of a structure
 * the parse does not know, as in a file that does not compile without
 * the kernel's configuration) has no type, never its operand's; nor
 * has a typedef of a type the parse lost
 */
static void test_recovered_expression_has_no_type(void)
{
	static const char text[] =
		"#include <linux/device.h>\n"
		"struct holder;\n"
		"typedef __lost_u32 u32;\n"
		"static struct class *cls;\n"
		"void f(struct holder *h, struct device *dev, u32 minor)\n"
		"{\n"
		"\tclass_device_create(cls, NULL, h->devt, dev, \"x\");\n"
		"\tclass_device_create(cls, NULL, minor, dev, \"x\");\n"
		"}\n";
	struct analysed a;

	analyse(&a, text, 1);
	check_int_fatal(a.nr, 2);
	check_int_fatal(a.calls[0].nr_args, 5);
	check_str(a.calls[0].args[0].type, "struct class *");
	CU_ASSERT_PTR_NULL(a.calls[0].args[2].type);
	if (a.calls[0].args[2].type)
		printf("\n    'h->devt' typed '%s'\n", a.calls[0].args[2].type);
	/* a typedef of a type the parse lost: its recovery is no type */
	check_int_fatal(a.calls[1].nr_args, 5);
	CU_ASSERT_PTR_NULL(a.calls[1].args[2].canonical);
	if (a.calls[1].args[2].canonical)
		printf("\n    'minor' typed '%s'\n",
		       a.calls[1].args[2].canonical);
	analysed_release(&a);
}

/* a configuration value in an expression: the parse is retried with it */
static void test_undeclared_config_retried(void)
{
	static const char config_c[] =
		"#include <linux/device.h>\n"
		"static struct class *c;\n"
		"static void f(void)\n"
		"{\n"
		"\tchar name[1 << CONFIG_X86_L1_CACHE_SHIFT];\n"
		"\tclass_device_create(c, NULL, 0, NULL, \"%s\", name);\n"
		"}\n";
	static const char still_c[] =
		"#include <linux/device.h>\n"
		"static struct class *c;\n"
		"static void f(void)\n"
		"{\n"
		"\tchar name[1 << CONFIG_SHIFT];\n"
		"\tclass_device_create(c, NULL, 0, NULL, \"%s%d\", name,\n"
		"\t\t\t    not_declared_anywhere);\n"
		"}\n";
	struct analysed a;

	if (clang_loader_init() < 0)
		return;
	analyse(&a, config_c, 1);
	check_int_fatal(a.nr, 1);
	CU_ASSERT_TRUE(a.calls[0].seen_by_libclang);
	CU_ASSERT_PTR_NULL(a.file.parse_error);
	check_str(a.calls[0].args[5].type, "char *");
	analysed_release(&a);
	/* the retry does not help: the finding says it was tried */
	analyse(&a, still_c, 1);
	check_int_fatal(a.nr, 1);
	CU_ASSERT_FALSE(a.calls[0].seen_by_libclang);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a.file.parse_error);
	CU_ASSERT_PTR_NOT_NULL(strstr(a.file.parse_error,
				      "none of its calls survived the parse"));
	CU_ASSERT_PTR_NOT_NULL(strstr(a.file.parse_error,
				      ", even with its CONFIG_ symbols "
				      "defined to 1"));
	analysed_release(&a);
}

static int same_string(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* the records of two analyses of one text are the same */
static void assert_same_records(const struct analysed *x,
				const struct analysed *y)
{
	size_t i, j;

	check_int_fatal(x->nr, y->nr);
	check_int(x->file.nr_seen, y->file.nr_seen);
	CU_ASSERT(same_string(x->file.parse_error, y->file.parse_error));
	for (i = 0; i < x->nr; i++) {
		check_int(x->calls[i].seen_by_libclang,
			  y->calls[i].seen_by_libclang);
		CU_ASSERT(same_string(x->calls[i].declared_in,
				      y->calls[i].declared_in));
		for (j = 0; j < x->calls[i].nr_args; j++) {
			const struct call_argument *a = &x->calls[i].args[j];
			const struct call_argument *b = &y->calls[i].args[j];

			CU_ASSERT(same_string(a->type, b->type));
			CU_ASSERT(same_string(a->canonical, b->canonical));
			CU_ASSERT(same_string(a->literal, b->literal));
			check_int(a->is_null, b->is_null);
			check_int(a->type_source, b->type_source);
		}
	}
}

/*
 * Two texts of one file analysed together (a preamble, then a reparse)
 * describe each call as two separate analyses do
 */
static void test_variants_as_separate_analyses(void)
{
	static const char after[] =
		"#include <linux/device.h>\n"
		"#define NAME_FMT \"vml%d\"\n"
		"static struct class *vmlogrdr_class;\n"
		"struct priv { int minor; struct device dev; };\n"
		"static void f(struct priv *priv, struct device *dev)\n"
		"{\n"
		"\tclass_device_create(vmlogrdr_class, NULL,\n"
		"\t\t\tMKDEV(1, priv->minor), dev, NAME_FMT, 1);\n"
		"}\n";
	struct analysed one, two, both[2];
	struct clang_variant v[2];
	struct clang_env env;
	size_t k;

	analyse(&one, driver_c, 1);
	analyse(&two, after, 1);
	records_init(&both[0], driver_c);
	records_init(&both[1], after);
	env_init(&env, both[0].tree, 1);
	for (k = 0; k < 2; k++) {
		const char *text = k ? after : driver_c;

		v[k].file = &both[k].file;
		v[k].text = text;
		v[k].len = strlen(text);
		v[k].overlay = NULL;
		v[k].calls = both[k].calls;
		v[k].nr = both[k].nr;
	}
	clang_analyse_variants(&env, v, 2, 1);
	clang_env_release(&env);
	CU_ASSERT(both[1].calls[0].seen_by_libclang);
	assert_same_records(&one, &both[0]);
	assert_same_records(&two, &both[1]);
	/* each names the header it read */
	CU_ASSERT(strlist_find(&both[1].file.deps, "include/linux/device.h") >=
		  0);
	analysed_release(&one);
	analysed_release(&two);
	analysed_release(&both[0]);
	analysed_release(&both[1]);
}

/* analyse texts[k] through overlays[k] together; with the tree's wrap.h */
static void analyse_together(struct analysed *a, const char *const *texts,
			     const struct tree_overlay *const *overlays,
			     size_t nr)
{
	struct clang_variant v[4];
	struct clang_env env;
	char *path;
	FILE *f;
	size_t k;

	for (k = 0; k < nr; k++)
		records_init(&a[k], texts[k]);
	path = xstrfmt("%s/include", a[0].tree);
	CU_ASSERT_FATAL(!mkdir(path, 0755));
	free(path);
	path = xstrfmt("%s/include/linux", a[0].tree);
	CU_ASSERT_FATAL(!mkdir(path, 0755));
	free(path);
	path = xstrfmt("%s/include/linux/wrap.h", a[0].tree);
	f = fopen(path, "w");
	CU_ASSERT_FATAL(f && fputs("/* nothing */\n", f) >= 0 && !fclose(f));
	env_init(&env, a[0].tree, 1);
	clang_env_add_unsaved(&env, "include/linux/extra.h", "struct e;\n");
	for (k = 0; k < nr; k++) {
		v[k].file = &a[k].file;
		v[k].text = texts[k];
		v[k].len = strlen(texts[k]);
		v[k].overlay = overlays[k];
		v[k].calls = a[k].calls;
		v[k].nr = a[k].nr;
	}
	clang_analyse_variants(&env, v, nr, 1);
	clang_env_release(&env);
	unlink(path);
	free(path);
	path = xstrfmt("%s/include/linux", a[0].tree);
	rmdir(path);
	free(path);
	path = xstrfmt("%s/include", a[0].tree);
	rmdir(path);
	free(path);
}

static int depends(const struct analysed *a, const char *header)
{
	return strlist_find(&a->file.deps, header) >= 0;
}

/*
 * Each text of a file analysed together names the headers it read
 * itself: not the first text's when an #include or a header differs
 */
static void test_variants_name_their_own_headers(void)
{
	static const char plain[] =
		"#include <linux/device.h>\n"
		"#include <linux/wrap.h>\n"
		"static void f(void)\n"
		"{\n"
		"\tclass_device_create(0, 0, 0, 0, \"a\");\n"
		"}\n";
	static const char body[] = "#include <linux/device.h>\n"
				   "#include <linux/wrap.h>\n"
				   "static void f(void)\n"
				   "{\n"
				   "\tclass_device_create(0, 0, 0, 0, \"b\");\n"
				   "}\n";
	static const char more[] = "#include <linux/device.h>\n"
				   "#include <linux/wrap.h>\n"
				   "#include <linux/extra.h>\n"
				   "static void f(void)\n"
				   "{\n"
				   "\tclass_device_create(0, 0, 0, 0, \"c\");\n"
				   "}\n";
	static const char wraps[] = "#include <linux/extra.h>\n";
	const char *texts[] = { plain, body, body, more };
	struct tree_overlay ov = TREE_OVERLAY_INIT;
	const struct tree_overlay *overlays[] = { NULL, NULL, &ov, NULL };
	struct analysed a[4];
	size_t k;

	if (clang_loader_init() < 0)
		return;
	tree_overlay_set(&ov, "include/linux/wrap.h", wraps, strlen(wraps));
	analyse_together(a, texts, overlays, 4);
	for (k = 0; k < 4; k++) {
		check_int(a[k].file.nr_seen, 1);
		CU_ASSERT(depends(&a[k], "include/linux/device.h"));
		CU_ASSERT(depends(&a[k], "include/linux/wrap.h"));
	}
	CU_ASSERT_FALSE(depends(&a[0], "include/linux/extra.h"));
	CU_ASSERT_FALSE(depends(&a[1], "include/linux/extra.h"));
	/* a header the overlay changes; an #include of its own */
	CU_ASSERT(depends(&a[2], "include/linux/extra.h"));
	CU_ASSERT(depends(&a[3], "include/linux/extra.h"));
	for (k = 0; k < 4; k++)
		analysed_release(&a[k]);
	tree_overlay_release(&ov);
}

static const struct unit_test tests[] = {
	{ "texts analysed together: each its own headers",
	  test_variants_name_their_own_headers },
	{ "two texts analysed together as each alone",
	  test_variants_as_separate_analyses },
	{ "new-form call: types as written, NULL, literal",
	  test_new_form_calls_from_libclang },
	{ "a macro literal is a literal; &x->dev; 0",
	  test_macro_literal_and_address },
	{ "an old call libclang drops: fallback types",
	  test_dropped_old_call_uses_fallbacks },
	{ "without libclang: the file's text", test_text_only_analysis },
	{ "the declaration a call resolves to", test_declaration_of_the_call },
	{ "a file libclang cannot use: the reason",
	  test_unparsable_file_is_reported },
	{ "a recovered expression has no type",
	  test_recovered_expression_has_no_type },
	{ "undeclared CONFIG_ values: the parse is retried",
	  test_undeclared_config_retried },
	{ NULL, NULL }
};

UNIT_MAIN("clang-analysis", tests)
