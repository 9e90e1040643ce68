/*
 * test-rule-sysfs-effect-changed.c - with a before (--base, --patch), a
 * call whose model verdict changed is reported once, naming the
 * argument that changed; a swap is left to swapped-arguments.
 */
#include "rule-test.h"

/* run every rule on the call after, paired with the one before */
static void compare(struct rule_test *t, enum check_compare mode,
		    const char *before, const char *after)
{
	struct one_call b, a;
	struct call_extra *x;

	one_call_init(&b, before, t);
	one_call_init(&a, after, t);
	x = &a.cf.extras[0];
	x->compare = mode;
	if (mode != COMPARE_NONE) {
		x->before = &b.cf.calls[0];
		x->before_extra = &b.cf.extras[0];
	}
	rule_test_run_on(t, &a.cf.calls[0], x);
	one_call_release(&b);
	one_call_release(&a);
}

static void setup(struct rule_test *t)
{
	rule_test_init(t, API_NEW);
	t->m.model = xstrdup("class_device_create");
}

static void test_renamed_device(void)
{
	struct rule_test t;

	setup(&t);
	compare(&t, COMPARE_BASE,
		"class_device_create(lp_class, MKDEV(6, nr), NULL, "
		"\"lp%d\", nr)",
		"class_device_create(lp_class, NULL, MKDEV(6, nr), NULL, "
		"\"printer%d\", nr)");
	check_int(rule_test_count(&t, NULL), 1);
	check_str(rule_test_message(&t, "sysfs-effect-changed"),
		  "the model's sysfs effect changed");
	check_str(
		rule_test_detail(&t, "sysfs-effect-changed"),
		"before the change the call "
		"registered /sys/class/lp_class/lp<nr> (dev), now it registers "
		"/sys/class/lp_class/printer<nr> (dev): the format "
		"(argument 5) was '\"lp%d\"' and is '\"printer%d\"'; if "
		"that is not intended, restore what it passed");
	check_int(t.findings.items[0].severity, SEVERITY_ERROR);
	rule_test_release(&t);
}

static void test_same_effect_is_quiet(void)
{
	struct rule_test t;

	setup(&t);
	compare(&t, COMPARE_BASE,
		"class_device_create(c, 0, &d->dev, \"x%d\", i)",
		"class_device_create(c, NULL, MKDEV(0,0), &d->dev, "
		"\"x%d\", i)");
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_lost_dev_attribute(void)
{
	struct rule_test t;

	setup(&t);
	compare(&t, COMPARE_PATCH,
		"class_device_create(c, MKDEV(1, 2), NULL, \"x\")",
		"class_device_create(c, NULL, 0, NULL, \"x\")");
	check_int(rule_test_count(&t, "sysfs-effect-changed"), 1);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(rule_test_detail(&t, "sysfs-effect-changed"),
		       "registered /sys/class/c/x (dev), now "
		       "it registers /sys/class/c/x: devt (argument 3) was "
		       "'MKDEV(1, 2)' and is '0'"));
	rule_test_release(&t);
}

static void test_swap_is_swapped_arguments(void)
{
	struct rule_test t;

	setup(&t);
	compare(&t, COMPARE_BASE,
		"class_device_create(c, NULL, MKDEV(1, 2), NULL, \"x\")",
		"class_device_create(NULL, c, MKDEV(1, 2), NULL, \"x\")");
	/* the types libclang would give are not there: no swap is seen */
	check_int(rule_test_count(&t, "sysfs-effect-changed"), 0);
	check_int(rule_test_count(&t, "null-class"), 1);
	rule_test_release(&t);
}

static void test_without_a_before_nothing(void)
{
	struct rule_test t;

	setup(&t);
	compare(&t, COMPARE_NONE,
		"class_device_create(c, MKDEV(1, 2), NULL, \"x\")",
		"class_device_create(c, NULL, 0, NULL, \"y\")");
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static void test_unknown_is_not_compared(void)
{
	struct rule_test t;

	setup(&t);
	free(t.m.model);
	t.m.model = xstrdup("no_such_entry");
	compare(&t, COMPARE_BASE,
		"class_device_create(c, MKDEV(1, 2), NULL, \"x\")",
		"class_device_create(c, NULL, 0, NULL, \"y\")");
	check_int(rule_test_count(&t, NULL), 0);
	rule_test_release(&t);
}

static const struct unit_test tests[] = {
	{ "a renamed device: before and after, and the argument",
	  test_renamed_device },
	{ "the same registration (0 for MKDEV(0,0)): nothing",
	  test_same_effect_is_quiet },
	{ "a lost dev attribute", test_lost_dev_attribute },
	{ "a call that already has an error is not reported again",
	  test_swap_is_swapped_arguments },
	{ "without a before: nothing", test_without_a_before_nothing },
	{ "an unknown verdict is not compared", test_unknown_is_not_compared },
	{ NULL, NULL }
};

UNIT_MAIN("rule-sysfs-effect-changed", tests)
