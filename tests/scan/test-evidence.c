/*
 * test-evidence.c - the evidence of an argument's text, whether it fits
 * a parameter, and the decision of a call's form from two prototypes:
 * class_device_create's (insert), class_create's (remove the first),
 * device_create's (insert before the format) and a swap.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "kernel-data.h"
#include "lexer.h"
#include "migration.h"
#include "name-index.h"
#include "strbuf.h"
#include "test-migration-data.h"
#include "unit.h"

static struct kernel_data kd;
static struct token_list file_tokens;
static const char *file_text;

/* the file the arguments are read in: its declarations and #defines */
static void set_file(const char *text)
{
	static int loaded;

	if (!loaded) {
		CU_ASSERT_FATAL(!kernel_data_parse(&kd, test_kernel_text, "k"));
		loaded = 1;
	}
	token_list_release(&file_tokens);
	memset(&file_tokens, 0, sizeof(file_tokens));
	file_text = text;
	lex_buffer(text, strlen(text), &file_tokens);
}

static enum evidence_kind kind_of(const char *text, char **type)
{
	struct name_index names;
	struct evidence_source src = { file_text, &file_tokens, 0, &kd,
				       &names };
	struct evidence ev, plain;
	enum evidence_kind kind;

	/* the same with the file's index (the scan's) and without */
	name_index_init(&names, &file_tokens, file_text);
	evidence_of(&ev, &src, text, strlen(text));
	name_index_release(&names);
	src.names = NULL;
	evidence_of(&plain, &src, text, strlen(text));
	CU_ASSERT_EQUAL(plain.kind, ev.kind);
	CU_ASSERT_STRING_EQUAL(plain.why, ev.why);
	evidence_release(&plain);
	kind = ev.kind;
	CU_ASSERT_PTR_NOT_NULL(ev.why);
	if (type)
		*type = ev.type ? strdup(ev.type) : NULL;
	evidence_release(&ev);
	return kind;
}

static void test_kinds(void)
{
	char *type = NULL;

	set_file("static dev_t devt;\n#define MY_DEV MKDEV(1, 2)\n");
	check_int(kind_of("NULL", NULL), EVIDENCE_NULL);
	check_int(kind_of("(void *)0", NULL), EVIDENCE_NULL);
	check_int(kind_of("0", NULL), EVIDENCE_ZERO);
	check_int(kind_of("0x0UL", NULL), EVIDENCE_ZERO);
	check_int(kind_of("(1 << 4) | 2", NULL), EVIDENCE_INTEGER);
	check_int(kind_of("\"a\" /* b */ \"c\"", NULL), EVIDENCE_STRING);
	check_int(kind_of("&x->cdev", &type), EVIDENCE_ADDRESS);
	CU_ASSERT_PTR_NULL(type);
	check_int(kind_of("&intf->dev", &type), EVIDENCE_ADDRESS);
	check_str(type, "struct device *");
	free(type);
	check_int(kind_of("MKDEV(4, i)", &type), EVIDENCE_TYPED);
	check_str(type, "dev_t");
	free(type);
	check_int(kind_of("THIS_MODULE", &type), EVIDENCE_TYPED);
	check_str(type, "struct module *");
	free(type);
	check_int(kind_of("(dev_t)x", &type), EVIDENCE_TYPED);
	check_str(type, "dev_t");
	free(type);
	check_int(kind_of("devt", &type), EVIDENCE_TYPED);
	check_str(type, "dev_t");
	free(type);
	check_int(kind_of("MY_DEV", &type), EVIDENCE_TYPED);
	check_str(type, "dev_t");
	free(type);
	check_int(kind_of("4 * i", NULL), EVIDENCE_UNKNOWN);
	check_int(kind_of("get(x)", NULL), EVIDENCE_UNKNOWN);
	check_int(kind_of("nobody", NULL), EVIDENCE_UNKNOWN);
}

static int fits(const char *text, const char *param)
{
	struct evidence_source src = { file_text, &file_tokens, 0, &kd, NULL };
	struct evidence ev;
	int fit;

	evidence_of(&ev, &src, text, strlen(text));
	fit = evidence_fits(&ev, param);
	evidence_release(&ev);
	return fit;
}

static void test_fits(void)
{
	set_file("struct class *cls;\n");
	check_int(fits("NULL", "struct class_device *"), 1);
	check_int(fits("NULL", "dev_t"), 0);
	/* 0 fits both an integer and a pointer */
	check_int(fits("0", "dev_t"), 1);
	check_int(fits("0", "void *"), 1);
	check_int(fits("MKDEV(1, 2)", "struct device *"), 0);
	check_int(fits("MKDEV(1, 2)", "dev_t"), 1);
	check_int(fits("\"x\"", "const char *"), 1);
	check_int(fits("\"x\"", "void *"), 1);
	check_int(fits("\"x\"", "struct device *"), 0);
	check_int(fits("\"x\"", "dev_t"), 0);
	check_int(fits("&d", "struct device *"), 1);
	check_int(fits("&d", "dev_t"), 0);
	check_int(fits("THIS_MODULE", "const char *"), 0);
	check_int(fits("cls", "struct class *"), 1);
	check_int(fits("x", "struct class *"), -1);
}

/* decide the call "fn(ARGS)" between two prototypes: -1, 0 or 1 */
static int decide(const char *old_proto, const char *new_proto,
		  const char *const *args, int renamed_to, char **reason)
{
	struct evidence_source src = { file_text, &file_tokens, 0, &kd, NULL };
	struct migration_prototype op, np;
	struct evidence ev[16];
	struct evidence_form forms[2] = {
		{ "old", &op, renamed_to != 1 },
		{ "new", &np, renamed_to != 0 },
	};
	struct strbuf why = STRBUF_INIT;
	char *fn;
	size_t n = 0, i;
	int form;

	CU_ASSERT_FATAL(!prototype_parse(&op, old_proto, &fn));
	free(fn);
	CU_ASSERT_FATAL(!prototype_parse(&np, new_proto, &fn));
	free(fn);
	for (; args[n]; n++)
		evidence_of(&ev[n], &src, args[n], strlen(args[n]));
	form = evidence_decide(forms, 2, ev, n, &why);
	for (i = 0; i < n; i++)
		evidence_release(&ev[i]);
	prototype_release(&op);
	prototype_release(&np);
	if (reason)
		*reason = strbuf_detach(&why, NULL);
	else
		strbuf_release(&why);
	return form;
}

#define CDC_OLD                                                        \
	"struct class_device *class_device_create(struct class *cls, " \
	"dev_t devt, struct device *device, char *fmt, ...)"
#define CDC_NEW                                                            \
	"struct class_device *class_device_create(struct class *cls, "     \
	"struct class_device *parent, dev_t devt, struct device *device, " \
	"char *fmt, ...)"

static void test_decide_insert(void)
{
	static const struct {
		const char *args[8];
		int form;
	} cases[] = {
		{ { "c", "x", "y", NULL }, -1 },	/* too few */
		{ { "c", "NULL", "y", "z", NULL }, 0 }, /* arity first */
		{ { "c", "x", "y", "\"a%d\"", "i", NULL }, 0 },
		{ { "c", "x", "y", "z", "\"a\"", NULL }, 1 }, /* its format */
		{ { "c", "NULL", "y", "\"a\"", "\"b\"", NULL }, 0 },
		{ { "c", "NULL", "y", "fmt", "z", NULL }, 1 },
		{ { "c", "x", "NULL", "fmt", "z", NULL }, 0 },
		{ { "c", "MKDEV(1, 2)", "y", "fmt", "z", NULL }, 0 },
		{ { "c", "devt", "y", "fmt", "z", NULL }, 0 },
		{ { "c", "n", "y", "fmt", "z", NULL }, -1 }, /* int n */
		{ { "c", "both", "y", "fmt", "z", NULL }, -1 },
		{ { "c", "0", "y", "fmt", "z", NULL }, 0 }, /* tier 4 */
		{ { "c", "0", "&d", "\"x\"", "i", NULL }, 0 },
		{ { "c", "x", "y", "z", "w", NULL }, -1 },
		/* evidence for both: NULL parent, MKDEV at the device */
		{ { "c", "NULL", "y", "MKDEV(1, 2)", "w", NULL }, -1 },
	};
	size_t i;

	set_file("dev_t devt; int n; dev_t both; struct class_device *both;\n");
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *why;
		int form = decide(CDC_OLD, CDC_NEW, cases[i].args, -1, &why);

		if (form != cases[i].form)
			fprintf(stderr, "case %zu: %d (%s)\n", i, form, why);
		check_int(form, cases[i].form);
		CU_ASSERT(why && *why);
		free(why);
	}
}

static void test_decide_reasons(void)
{
	static const char *const three[] = { "c", "d", "e", NULL };
	static const char *const lit[] = { "c", "x", "y", "\"a\"", "i", NULL };
	static const char *const none[] = { "c", "a", "b", "d", "e", NULL };
	char *why;

	set_file("#define FIVE(c, a, b, d, e) f(c, a, b, d, e)\n");
	decide(CDC_OLD, CDC_NEW, three, -1, &why);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "fewer than the 4 of the old"));
	free(why);
	decide(CDC_OLD, CDC_NEW, lit, -1, &why);
	check_str(why, "string-literal format in argument 4");
	free(why);
	decide(CDC_OLD, CDC_NEW, none, -1, &why);
	CU_ASSERT_PTR_NOT_NULL(strstr(why,
				      "no evidence for either form: "
				      "argument 2 'a' has no declaration"));
	free(why);
}

static void test_decide_remove_first(void)
{
	static const char *old = "struct class *class_create(struct module "
				 "*owner, const char *name)";
	static const char *new = "struct class *class_create(const char *name)";
	static const char *const two[] = { "THIS_MODULE", "\"mem\"", NULL };
	static const char *const one[] = { "\"mem\"", NULL };
	static const char *const none[] = { NULL };

	static const char *const owner_only[] = { "THIS_MODULE", NULL };
	static const char *const named[] = { "name", NULL };
	char *why;

	set_file("static void f(const char *name);\n");
	check_int(decide(old, new, two, -1, NULL), 0);
	check_int(decide(old, new, one, -1, NULL), 1);
	check_int(decide(old, new, named, -1, NULL), 1);
	check_int(decide(old, new, none, -1, NULL), -1);
	/* one argument is the new form: an owner there is a type error */
	check_int(decide(old, new, owner_only, -1, &why), 1);
	check_str(why, "1 argument, fewer than the 2 of the "
		       "old form");
	free(why);
}

static void test_decide_drvdata(void)
{
	static const char *old =
		"struct device *device_create(struct class "
		"*cls, struct device *parent, dev_t devt, const char *fmt, "
		"...)";
	static const char *new =
		"struct device *device_create(struct class "
		"*cls, struct device *parent, dev_t devt, void *drvdata, "
		"const char *fmt, ...)";
	static const char *const conv[] = { "c",    "NULL",    "MKDEV(1, 2)",
					    "NULL", "\"x%d\"", "i",
					    NULL };
	static const char *const old_call[] = { "c",	       "NULL",
						"MKDEV(1, 2)", "\"x%d\"",
						"i",	       NULL };
	static const char *const hand[] = { "c",       "NULL", "MKDEV(1, 2)",
					    "\"x%d\"", "NULL", "i",
					    NULL };
	static const char *const plain[] = { "c", "p", "d", "name", NULL };
	static const char *const typed[] = {
		"c", "p", "d", "fmt", "index", NULL
	};
	static const char *const both[] = {
		"c", "p", "d", "label", "name", NULL
	};

	set_file("void sg(const char *fmt, int index);\n"
		 "void ipmi(char *label, char *name);\n");
	/* an int cannot be the new form's format */
	check_int(decide(old, new, typed, -1, NULL), 0);
	/* a char * fits the format and the drvdata alike */
	check_int(decide(old, new, both, -1, NULL), -1);
	check_int(decide(old, new, conv, -1, NULL), 1);
	check_int(decide(old, new, old_call, -1, NULL), 0);
	/* the format in the drvdata slot reads as the old form */
	check_int(decide(old, new, hand, -1, NULL), 0);
	check_int(decide(old, new, plain, -1, NULL), 0);
}

static void test_decide_by_name(void)
{
	static const char *old = "int frob(int a, char *b)";
	static const char *new = "int frob2(char *b, int a)";
	static const char *const args[] = { "x", "y", NULL };
	static const char *const swapped[] = { "1", "\"s\"", NULL };
	char *why;

	set_file("");
	/* a rename: the name decides, whatever the arguments */
	check_int(decide(old, new, args, 0, NULL), 0);
	check_int(decide(old, new, args, 1, &why), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "new form's name"));
	free(why);
	/* a swap under one name: the types decide */
	check_int(decide(old, "int frob(char *b, int a)", swapped, -1, NULL),
		  0);
	token_list_release(&file_tokens);
	kernel_data_release(&kd);
}

static const struct unit_test tests[] = {
	{ "the kinds of evidence an argument's text gives", test_kinds },
	{ "evidence against parameter types", test_fits },
	{ "an inserted parameter: each tier", test_decide_insert },
	{ "the reasons given", test_decide_reasons },
	{ "a removed first parameter: the arity decides",
	  test_decide_remove_first },
	{ "drvdata before the format", test_decide_drvdata },
	{ "a renamed function: its name decides", test_decide_by_name },
	{ NULL, NULL }
};

UNIT_MAIN("evidence", tests)
