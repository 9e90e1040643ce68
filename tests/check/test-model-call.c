/*
 * test-model-call.c - mapping a call onto the driver-core model and the
 * verdict of running it: class names, parent, devt, device, the name
 * pattern, the old and the new entry point, errors.
 */
#include <stdio.h>
#include <sys/stat.h>

#include "model-call.h"
#include "rule-test.h"
#include "strbuf.h"
#include "tempfile.h"

/* a new-form call of class-device-parent whose model is known */
static void new_call(struct rule_test *t, const char *cls, const char *parent,
		     const char *devt, const char *device, const char *format,
		     const char *arg)
{
	rule_test_init(t, API_NEW);
	t->m.model = xstrdup("class_device_create");
	rule_test_call(t, CALL_SITE_NEW, cls, parent, devt, device, format, arg,
		       NULL);
	rule_test_type(t, 1, "struct class *", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 2, "void *", TYPE_FROM_LIBCLANG);
	t->call.args[1].is_null = !strcmp(parent, "NULL");
	if (!t->call.args[1].is_null)
		rule_test_type(t, 2, "struct class_device *",
			       TYPE_FROM_LIBCLANG);
	rule_test_type(t, 3, "dev_t", TYPE_FROM_LIBCLANG);
	rule_test_type(t, 4, "struct device *", TYPE_FROM_LIBCLANG);
	t->call.args[3].is_null = !strcmp(device, "NULL");
	if (format[0] == '"') {
		char *value = xstrndup(format + 1, strlen(format) - 2);

		rule_test_literal(t, 5, value);
		free(value);
	} else {
		rule_test_type(t, 5, "char *", TYPE_FROM_LIBCLANG);
	}
	if (arg)
		rule_test_type(t, 6, "int", TYPE_FROM_LIBCLANG);
}

/* the verdict line of the call, with classes (may be NULL) */
static char *verdict(struct rule_test *t, const struct strlist *classes,
		     const size_t *perm)
{
	struct strbuf line = STRBUF_INIT;
	struct model_verdict v;
	struct model_call mc;

	model_call_map(&mc, &t->call, classes);
	model_call_run(&mc, perm, &v);
	model_verdict_line(&line, &v);
	model_verdict_release(&v);
	model_call_release(&mc);
	return strbuf_detach(&line, NULL);
}

#define ASSERT_VERDICT(t, classes, expect)                  \
	do {                                                \
		char *got_ = verdict((t), (classes), NULL); \
		check_str(got_, (expect));                  \
		free(got_);                                 \
	} while (0)

static void test_class_name_from_class_create(void)
{
	struct rule_test t;

	new_call(&t, "mem_class", "NULL", "MKDEV(MEM_MAJOR, i)", "NULL",
		 "\"mem%d\"", "i");
	ASSERT_VERDICT(&t, NULL, "/sys/class/mem_class/mem<i> dev");
	t.call.args[0].created_as = xstrdup("mem");
	ASSERT_VERDICT(&t, NULL, "/sys/class/mem/mem<i> dev");
	rule_test_release(&t);
}

static void test_class_name_from_the_tree(void)
{
	struct strlist vars = STRLIST_INIT;
	struct rule_test t;
	char *dir = tempdir_create("test-model-call");
	char *path = xstrfmt("%s/drivers", dir);
	FILE *fp;

	CU_ASSERT_FATAL(!mkdir(path, 0777));
	free(path);
	path = xstrfmt("%s/drivers/input.c", dir);
	fp = fopen(path, "w");
	CU_ASSERT_FATAL(fp != NULL);
	fputs("struct class *input_class;\nstatic int __init init(void)\n"
	      "{\n\tinput_class = class_create(THIS_MODULE, \"input\");\n"
	      "\treturn 0;\n}\n",
	      fp);
	fclose(fp);
	strlist_push(&vars, "input_class");
	strlist_push(&vars, "other_class");
	model_class_names_lookup(&vars, dir, NULL, 2);
	check_str(vars.items[0].util, "input");
	CU_ASSERT_PTR_NULL(vars.items[1].util);

	new_call(&t, "input_class", "NULL", "MKDEV(13, 64 + minor)", "dev->dev",
		 "\"event%d\"", "minor");
	ASSERT_VERDICT(&t, &vars, "/sys/class/input/event<minor> dev device?");
	rule_test_release(&t);
	strlist_clear(&vars, 1);
	free(path);
	free(dir);
}

static void test_parent(void)
{
	struct rule_test t;

	new_call(&t, "input_class", "NULL", "0", "NULL", "\"mice\"", NULL);
	t.call.args[0].created_as = xstrdup("input");
	ASSERT_VERDICT(&t, NULL, "/sys/class/input/mice");
	rule_test_release(&t);

	new_call(&t, "input_class", "input->cdev", "0", "NULL", "\"mice\"",
		 NULL);
	t.call.args[0].created_as = xstrdup("input");
	ASSERT_VERDICT(&t, NULL, "/sys/class/input/<cdev>/mice");
	/* a class where the parent goes: a pointer the model never saw */
	rule_test_type(&t, 2, "struct class *", TYPE_FROM_LIBCLANG);
	ASSERT_VERDICT(&t, NULL, "error -EINVAL");
	rule_test_release(&t);
}

static void test_devt(void)
{
	static const struct {
		const char *devt;
		const char *expect;
	} cases[] = {
		{ "0", "/sys/class/c/x" },
		{ "MKDEV(0,0)", "/sys/class/c/x" },
		{ "MKDEV(0, 0)", "/sys/class/c/x" },
		{ "(dev_t)0", "/sys/class/c/x" },
		{ "MKDEV(1, 3)", "/sys/class/c/x dev" },
		{ "dev", "/sys/class/c/x dev" },
		{ "IB_UCM_DEV", "/sys/class/c/x dev" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct rule_test t;

		new_call(&t, "c", "NULL", cases[i].devt, "NULL", "\"x\"", NULL);
		ASSERT_VERDICT(&t, NULL, cases[i].expect);
		/* libclang calls a constant 0 a null pointer constant */
		t.call.args[2].is_null = !strcmp(cases[i].devt, "0");
		ASSERT_VERDICT(&t, NULL, cases[i].expect);
		rule_test_release(&t);
	}
}

static void test_device(void)
{
	struct rule_test t;

	new_call(&t, "c", "NULL", "0", "&c->device", "\"x\"", NULL);
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/x device");
	rule_test_release(&t);
	new_call(&t, "c", "NULL", "0", "misc->dev", "\"x\"", NULL);
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/x device?");
	rule_test_release(&t);
	new_call(&t, "c", "NULL", "0", "NULL", "\"x\"", NULL);
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/x");
	rule_test_release(&t);
}

static void test_name_pattern(void)
{
	struct rule_test t;

	new_call(&t, "c", "NULL", "0", "NULL", "devlist[i].name", NULL);
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/<name>");
	rule_test_release(&t);
	new_call(&t, "c", "NULL", "0", "NULL", "\"%s\"", "dev->bus_id");
	rule_test_type(&t, 6, "char *", TYPE_FROM_LIBCLANG);
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/<bus_id>");
	/* a literal %s argument (a macro for one) is its value */
	rule_test_literal(&t, 6, "video1394");
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/video1394");
	rule_test_release(&t);
	new_call(&t, "c", "NULL", "0", "NULL", "\"%%x%02d.%.*s\"",
		 "tty->index + 1");
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/%x<index>.<...>");
	rule_test_release(&t);
	/* a name of 20 bytes or more is cut at 19, as the kernel does */
	new_call(&t, "c", "NULL", "0", "NULL", "\"a_very_long_device_name\"",
		 NULL);
	ASSERT_VERDICT(&t, NULL, "/sys/class/c/a_very_long_device_");
	rule_test_release(&t);
}

static void test_null_class_and_swap(void)
{
	size_t perm[] = { 1, 0, 2, 3, 4, 5 };
	struct rule_test t;
	char *got;

	new_call(&t, "NULL", "vmlogrdr_class", "MKDEV(major, minor)", "dev",
		 "\"%s\"", "dev->bus_id");
	rule_test_type(&t, 1, "void *", TYPE_FROM_LIBCLANG);
	t.call.args[0].is_null = 1;
	rule_test_type(&t, 2, "struct class *", TYPE_FROM_LIBCLANG);
	t.call.args[1].created_as = xstrdup("vmlogrdr");
	rule_test_type(&t, 6, "char *", TYPE_FROM_LIBCLANG);
	ASSERT_VERDICT(&t, NULL, "error -ENODEV");
	got = verdict(&t, NULL, perm);
	check_str(got, "/sys/class/vmlogrdr/<bus_id> dev device?");
	free(got);
	rule_test_release(&t);
}

static void test_old_entry_point(void)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	t.m.model = xstrdup("class_device_create");
	rule_test_call(&t, CALL_SITE_OLD, "mem_class", "MKDEV(1, i)", "NULL",
		       "\"mem%d\"", "i", NULL);
	rule_test_type(&t, 1, "struct class *", TYPE_FROM_DECLARATION);
	rule_test_type(&t, 2, "dev_t", TYPE_FROM_SHAPE);
	t.call.args[2].is_null = 1;
	rule_test_literal(&t, 4, "mem%d");
	ASSERT_VERDICT(&t, NULL, "/sys/class/mem_class/mem<i> dev");
	rule_test_release(&t);
}

static void test_unknown(void)
{
	struct rule_test t;
	char *got;

	new_call(&t, "c", "NULL", "dev", "NULL", "\"x\"", NULL);
	rule_test_type(&t, 3, "struct device *", TYPE_FROM_LIBCLANG);
	got = verdict(&t, NULL, NULL);
	check_str(got, "unknown: does not compile: 'dev' where "
		       "dev_t goes");
	free(got);
	free(t.m.model);
	t.m.model = xstrdup("no_such_entry");
	ASSERT_VERDICT(&t, NULL,
		       "unknown: the core model has no entry "
		       "point 'no_such_entry'");
	rule_test_release(&t);
}

/* a call of another migration, parsed from its data, run on the model */
static char *other_verdict(const char *migration, enum call_site_kind kind,
			   const char *const *texts, const char *const *types)
{
	struct rule_test t;
	char *got;
	size_t i;

	memset(&t, 0, sizeof(t));
	CU_ASSERT_FATAL(!migration_parse(&t.m, migration, "m"));
	CU_ASSERT_FATAL(!kernel_data_parse(&t.m.kernel, test_kernel_text, "k"));
	t.api.declared = t.api.used = API_NEW;
	clang_file_init(&t.file, "drivers/test.c");
	findings_init(&t.findings);
	t.site.file = xstrdup("drivers/test.c");
	t.site.kind = kind;
	t.site.args = xcalloc(8, sizeof(*t.site.args));
	for (i = 0; texts[i]; i++)
		t.site.args[t.site.nr_args++].text = xstrdup(texts[i]);
	call_analysis_init(&t.call, &t.site, &t.m, &t.api, &t.file, 0);
	t.has_call = 1;
	for (i = 0; texts[i]; i++) {
		if (!strcmp(types[i], "NULL")) {
			rule_test_type(&t, (int)i + 1, "void *",
				       TYPE_FROM_LIBCLANG);
			t.call.args[i].is_null = 1;
		} else if (!strcmp(types[i], "literal")) {
			char *v = xstrndup(texts[i] + 1, strlen(texts[i]) - 2);

			rule_test_literal(&t, (int)i + 1, v);
			free(v);
		} else {
			rule_test_type(&t, (int)i + 1, types[i],
				       TYPE_FROM_LIBCLANG);
		}
	}
	got = verdict(&t, NULL, NULL);
	rule_test_release(&t);
	return got;
}

static void test_other_entry_points(void)
{
	static const char drvdata[] =
		"name: device-create-drvdata\nfunction: device_create\n"
		"header: include/linux/device.h\n"
		"old-prototype: struct device *device_create(struct class "
		"*cls, struct device *parent, dev_t devt, const char *fmt, "
		"...)\n"
		"new-prototype: struct device *device_create(struct class "
		"*cls, struct device *parent, dev_t devt, void *drvdata, "
		"const char *fmt, ...)\n"
		"new-call: $1 $2 $3 NULL $4 ...\ncocci: x.cocci\n"
		"subject: s\ndescription: d\nmodel: device_create\n";
	static const char owner[] =
		"name: class-create-owner\nfunction: class_create\n"
		"header: include/linux/device/class.h\n"
		"old-prototype: struct class *class_create(struct module "
		"*owner, const char *name)\n"
		"new-prototype: struct class *class_create(const char "
		"*name)\n"
		"new-call: $2\ndrop: 1 THIS_MODULE\ncocci: x.cocci\n"
		"subject: s\ndescription: d\nmodel: class_create\n";
	static const char *const dev_texts[] = {
		"raw_class", "NULL", "MKDEV(162, i)", "NULL", "\"raw%d\"",
		"i",	     NULL
	};
	static const char *const dev_types[] = { "struct class *", "NULL",
						 "dev_t",	   "NULL",
						 "literal",	   "int" };
	static const char *const old_texts[] = {
		"raw_class", "NULL", "MKDEV(162, i)", "\"raw%d\"", "i", NULL
	};
	static const char *const old_types[] = { "struct class *", "NULL",
						 "dev_t", "literal", "int" };
	static const char *const cls_texts[] = { "THIS_MODULE", "\"mem\"",
						 NULL };
	static const char *const cls_types[] = { "struct module *", "literal" };
	char *got;

	got = other_verdict(drvdata, CALL_SITE_NEW, dev_texts, dev_types);
	check_str(got, "/sys/devices/virtual/raw_class/raw<i> "
		       "dev");
	free(got);
	/* the old form registers the same device */
	got = other_verdict(drvdata, CALL_SITE_OLD, old_texts, old_types);
	check_str(got, "/sys/devices/virtual/raw_class/raw<i> "
		       "dev");
	free(got);
	got = other_verdict(owner, CALL_SITE_OLD, cls_texts, cls_types);
	check_str(got, "/sys/class/mem");
	free(got);
	got = other_verdict(owner, CALL_SITE_NEW, cls_texts + 1, cls_types + 1);
	check_str(got, "/sys/class/mem");
	free(got);
}

static void test_words(void)
{
	struct model_verdict v = { VERDICT_REGISTERS, NULL, 1, 1, 1, 0, NULL };
	struct model_verdict w = { VERDICT_FAILS, NULL, 0, 0, 0, -19, NULL };
	struct strbuf sb = STRBUF_INIT;
	char *p;

	v.path = xstrdup("/sys/class/tty/<name>");
	model_verdict_prose(&sb, &v);
	check_str(sb.buf, "registers /sys/class/tty/<name> "
			  "(dev, device unless NULL)");
	strbuf_reset(&sb);
	model_verdict_past(&sb, &w);
	check_str(sb.buf, "failed with -ENODEV and registered "
			  "nothing");
	CU_ASSERT(!model_verdict_same(&v, &w));
	CU_ASSERT(model_verdict_same(&v, &v));
	p = model_placeholder("&STp->device->sdev_gendev");
	check_str(p, "<sdev_gendev>");
	free(p);
	p = model_placeholder("dnames[type]");
	check_str(p, "<dnames>");
	free(p);
	p = model_placeholder("4 * 2");
	check_str(p, "<...>");
	free(p);
	CU_ASSERT(model_text_is_zero("0x0UL", NULL));
	CU_ASSERT(!model_text_is_zero("MKDEV(0, 1)", NULL));
	model_verdict_release(&v);
	strbuf_release(&sb);
}

static const struct unit_test tests[] = {
	{ "the class is named by its class_create() in the file",
	  test_class_name_from_class_create },
	{ "... or in another file of the tree", test_class_name_from_the_tree },
	{ "NULL parent, a class device parent, a stray parent", test_parent },
	{ "devt 0 and MKDEV(0,0) make no dev attribute", test_devt },
	{ "a device by address, a device pointer, none", test_device },
	{ "the name pattern from the format and its arguments",
	  test_name_pattern },
	{ "a NULL class fails with -ENODEV; swapped back it registers",
	  test_null_class_and_swap },
	{ "an old-form call runs on the old entry point",
	  test_old_entry_point },
	{ "what the model cannot run is unknown, with the reason",
	  test_unknown },
	{ "device_create() and class_create() in both forms",
	  test_other_entry_points },
	{ "verdicts in words, placeholders, zeros", test_words },
	{ NULL, NULL }
};

UNIT_MAIN("model-call", tests)
