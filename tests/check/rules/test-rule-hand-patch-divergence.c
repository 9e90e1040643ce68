/*
 * test-rule-hand-patch-divergence.c - a hand-converted call against the
 * semantic conversion's: identical, whitespace, equivalent (a note),
 * different (an error, unless another rule already has one).
 */
#include "divergence.h"
#include "rule-test.h"

/* run every rule on the hand call, paired with before and converted */
static void review(struct rule_test *t, const char *before, const char *hand,
		   const char *converted)
{
	struct one_call b, h, c;
	struct call_extra *x;

	one_call_init(&b, before, t);
	one_call_init(&h, hand, t);
	one_call_init(&c, converted, t);
	x = &h.cf.extras[0];
	x->compare = COMPARE_PATCH;
	x->before = &b.cf.calls[0];
	x->before_extra = &b.cf.extras[0];
	x->converted = &c.cf.calls[0];
	x->converted_extra = &c.cf.extras[0];
	rule_test_run_on(t, &h.cf.calls[0], x);
	one_call_release(&b);
	one_call_release(&h);
	one_call_release(&c);
}

static void setup(struct rule_test *t)
{
	rule_test_init(t, API_NEW);
	t->m.model = xstrdup("class_device_create");
}

static enum divergence classify(const char *hand, const char *conv,
				struct strbuf *what)
{
	struct rule_test t;
	enum divergence d;

	setup(&t);
	strbuf_reset(what);
	d = divergence_classify(&t.m, hand, conv, what);
	rule_test_release(&t);
	return d;
}

static void test_classification(void)
{
	struct strbuf what = STRBUF_INIT;
	const char *conv = "class_device_create(tty_class, NULL, dev, device, "
			   "name)";

	check_int(classify(conv, conv, &what), DIVERGENCE_IDENTICAL);
	check_int(classify("class_device_create(tty_class, NULL,\n\t\t"
			   "dev, device,  name /* tty */)",
			   conv, &what),
		  DIVERGENCE_WHITESPACE);
	check_int(classify("class_device_create(tty_class, NULL, dev, "
			   "device, \"%s\", name)",
			   conv, &what),
		  DIVERGENCE_EQUIVALENT);
	CU_ASSERT_PTR_NOT_NULL(strstr(what.buf,
				      "the format (argument 5) is "
				      "'\"%s\", name' where the semantic "
				      "conversion passes 'name'"));
	check_int(classify("class_device_create(c, NULL, MKDEV(0, 0), "
			   "&c->device, \"iop%d\", c->unit)",
			   "class_device_create(c, NULL, 0, &c->device, "
			   "\"iop%d\", c->unit)",
			   &what),
		  DIVERGENCE_EQUIVALENT);
	CU_ASSERT_PTR_NOT_NULL(strstr(what.buf,
				      "argument 3 is 'MKDEV(0,0)' "
				      "where the semantic conversion has '0'"));
	check_int(classify("class_device_create(NULL, tty_class, dev, "
			   "device, name)",
			   conv, &what),
		  DIVERGENCE_DIFFERENT);
	check_str(what.buf, "argument 1 is 'NULL' where the "
			    "semantic conversion has 'tty_class'");
	check_int(classify("class_device_create(tty_class, NULL, dev, "
			   "device, \"%s\", name, 1)",
			   conv, &what),
		  DIVERGENCE_DIFFERENT);
	/* a string literal's blanks are its value */
	check_int(classify("class_device_create(c, NULL, 0, NULL, "
			   "\"a b\")",
			   "class_device_create(c, NULL, 0, "
			   "NULL, \"ab\")",
			   &what),
		  DIVERGENCE_DIFFERENT);
	/* an integer constant expression is its value */
	check_int(classify("class_device_create(c, NULL, 32 - 1, NULL, n)",
			   "class_device_create(c, NULL, 31, NULL, n)", &what),
		  DIVERGENCE_EQUIVALENT);
	check_str(what.buf, "argument 3 is '32-1' where the semantic "
			    "conversion has '31': both are the constant 31");
	check_int(classify("class_device_create(c, NULL, 0x20 - 1, NULL, n)",
			   "class_device_create(c, NULL, 32, NULL, n)", &what),
		  DIVERGENCE_DIFFERENT);
	check_str(what.buf, "argument 3 is '0x20-1' where the semantic "
			    "conversion has '32'");
	strbuf_release(&what);
}

static void test_equivalent_is_a_note(void)
{
	struct rule_test t;

	setup(&t);
	review(&t, "class_device_create(c, 0, &c->device, \"iop%d\", c->unit)",
	       "class_device_create(c, NULL, MKDEV(0,0), &c->device, "
	       "\"iop%d\", c->unit)",
	       "class_device_create(c, NULL, 0, &c->device, \"iop%d\", "
	       "c->unit)");
	check_int(rule_test_count(&t, NULL), 1);
	check_int(rule_test_count(&t, "hand-patch-divergence"), 1);
	check_int(t.findings.items[0].severity, SEVERITY_NOTE);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		t.findings.items[0].detail,
		"the model's verdict on both: registers /sys/class/c/iop<unit> "
		"(device)"));
	check_str(t.findings.items[0].sysfs, "/sys/class/c/iop<unit> device");
	rule_test_release(&t);
}

static void test_same_or_blanks_is_quiet(void)
{
	struct rule_test t;

	setup(&t);
	review(&t, "class_device_create(c, MKDEV(1, 2), NULL, \"x\")",
	       "class_device_create(c, NULL,\n\tMKDEV(1, 2), NULL, \"x\")",
	       "class_device_create(c, NULL, MKDEV(1, 2), NULL, \"x\")");
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_different_is_an_error(void)
{
	struct rule_test t;

	setup(&t);
	review(&t, "class_device_create(c, MKDEV(1, 2), NULL, \"x\")",
	       "class_device_create(c, NULL, MKDEV(1, 3), NULL, \"x\")",
	       "class_device_create(c, NULL, MKDEV(1, 2), NULL, \"x\")");
	check_int(rule_test_count(&t, NULL), 1);
	check_int(rule_test_count(&t, "hand-patch-divergence"), 1);
	check_int(t.findings.items[0].severity, SEVERITY_ERROR);
	check_str(t.findings.items[0].message, "hand conversion differs");
	check_str(
		t.findings.items[0].detail,
		"argument 3 is 'MKDEV(1,3)' where the semantic conversion has "
		"'MKDEV(1,2)'; the semantic conversion gives "
		"'class_device_create(c, NULL, MKDEV(1, 2), NULL, \"x\")', "
		"which registers /sys/class/c/x (dev)");
	rule_test_release(&t);
}

static void test_changed_effect_says_how(void)
{
	struct rule_test t;

	setup(&t);
	review(&t, "class_device_create(c, MKDEV(1, 2), NULL, \"x%d\", i)",
	       "class_device_create(c, NULL, MKDEV(1, 2), NULL, \"y%d\", i)",
	       "class_device_create(c, NULL, MKDEV(1, 2), NULL, \"x%d\", i)");
	check_int(rule_test_count(&t, NULL), 1);
	check_int(rule_test_count(&t, "sysfs-effect-changed"), 1);
	rule_test_release(&t);
}

static void test_another_error_explains_it(void)
{
	struct rule_test t;

	setup(&t);
	/* the patch did not convert it: unconverted-call says so */
	review(&t, "class_device_create(c, MKDEV(1, 2), NULL, \"x\")",
	       "class_device_create(c, MKDEV(1, 2), NULL, \"x\")",
	       "class_device_create(c, NULL, MKDEV(1, 2), NULL, \"x\")");
	check_int(rule_test_count(&t, "hand-patch-divergence"), 0);
	check_int(rule_test_count(&t, "unconverted-call"), 1);
	rule_test_release(&t);
}

static void test_without_a_patch_nothing(void)
{
	struct rule_test t;

	setup(&t);
	rule_test_call(&t, CALL_SITE_NEW, "c", "NULL", "0", "NULL", "\"x\"",
		       NULL);
	rule_test_run(&t);
	check_int(rule_test_count(&t, "hand-patch-divergence"), 0);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "identical, whitespace, equivalent, different", test_classification },
	{ "an equivalent call is a note with the model's verdict",
	  test_equivalent_is_a_note },
	{ "the same call, or blanks apart: nothing",
	  test_same_or_blanks_is_quiet },
	{ "a different call is an error", test_different_is_an_error },
	{ "a changed sysfs effect is sysfs-effect-changed only",
	  test_changed_effect_says_how },
	{ "an error of another rule explains the difference",
	  test_another_error_explains_it },
	{ "without --patch the rule is quiet", test_without_a_patch_nothing },
	{ NULL, NULL }
};

UNIT_MAIN("rule-hand-patch-divergence", tests)
