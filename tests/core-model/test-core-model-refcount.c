/*
 * test-core-model-refcount.c - reference counts, release callbacks and
 * their order, and the lifetimes the kernel gives: a child keeps its
 * parent, a class device keeps its class, nothing leaks, and calls the
 * kernel would reject (unregistering twice, putting too often) neither
 * crash nor free early.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "unit.h"

/* a caller-allocated class device that logs its release */
struct tracked {
	struct class_device cdev;
	int released;
};

static char release_log[256];

static void tracked_release(struct class_device *class_dev)
{
	struct tracked *t = (struct tracked *)((char *)class_dev -
					       offsetof(struct tracked, cdev));

	t->released++;
	strcat(release_log, class_dev->class_id);
	strcat(release_log, " ");
}

static int class_releases;

static void count_class_release(struct class *cls)
{
	(void)cls;
	class_releases++;
}

static void setup_tracked(struct tracked *t, struct class *cls,
			  struct class_device *parent, const char *name)
{
	memset(t, 0, sizeof(*t));
	t->cdev.class = cls;
	t->cdev.parent = parent;
	t->cdev.release = tracked_release;
	snprintf(t->cdev.class_id, KM_BUS_ID_SIZE, "%s", name);
}

static int listed(struct kmodel *model, const char *class_name,
		  const char *name)
{
	char *text = NULL, *hit;
	size_t size;
	FILE *fp = open_memstream(&text, &size);

	km_sysfs_print_tree(fp, model, class_name);
	fclose(fp);
	hit = strstr(text, name);
	free(text);
	return hit != NULL;
}

static void test_parent_unregistered_first_lives_until_children_go(void)
{
	struct kmodel *model = km_model_new();
	struct class *input = km_class_create(model, NULL, "input");
	struct tracked in3, ev2;

	release_log[0] = '\0';
	setup_tracked(&in3, input, NULL, "input3");
	check_int_fatal(km_class_device_register(&in3.cdev), 0);
	setup_tracked(&ev2, input, &in3.cdev, "event2");
	check_int_fatal(km_class_device_register(&ev2.cdev), 0);
	check_int(km_model_live_objects(model), 3);

	km_class_device_unregister(&in3.cdev);
	/* the directory is gone at once, the memory stays */
	CU_ASSERT_FALSE(listed(model, "input", "input3"));
	CU_ASSERT_FALSE(listed(model, "input", "event2"));
	check_int(in3.released, 0);
	CU_ASSERT_FALSE(km_class_device_is_registered(&in3.cdev));
	CU_ASSERT_TRUE(km_class_device_is_registered(&ev2.cdev));
	check_int(km_class_device_refcount(&in3.cdev), 2);
	check_int(km_model_live_objects(model), 3);

	km_class_device_unregister(&ev2.cdev);
	check_str(release_log, "event2 input3 ");
	check_int(km_model_live_objects(model), 1);
	check_int(km_class_device_refcount(&in3.cdev), -1);
	km_class_destroy(input);
	check_int(km_model_live_objects(model), 0);
	km_model_free(model);
}

static void test_child_reference_holds_parent_past_del(void)
{
	struct kmodel *model = km_model_new();
	struct class *input = km_class_create(model, NULL, "input");
	struct tracked in3, ev2;

	release_log[0] = '\0';
	setup_tracked(&in3, input, NULL, "input3");
	km_class_device_register(&in3.cdev);
	setup_tracked(&ev2, input, &in3.cdev, "event2");
	km_class_device_register(&ev2.cdev);
	/* 1 own + 1 registered + the child's get and its kobject parent */
	check_int(km_class_device_refcount(&in3.cdev), 4);

	CU_ASSERT_PTR_EQUAL(km_class_device_get(&ev2.cdev), &ev2.cdev);
	km_class_device_unregister(&ev2.cdev);
	km_class_device_unregister(&in3.cdev);
	check_str(release_log, "");
	/* the child's kobject still holds the parent */
	check_int(km_class_device_refcount(&in3.cdev), 1);
	km_class_device_put(&ev2.cdev);
	check_str(release_log, "event2 input3 ");
	km_class_destroy(input);
	check_int(km_model_live_objects(model), 0);
	km_model_free(model);
}

static void test_release_precedence(void)
{
	struct kmodel *model = km_model_new();
	struct class cls = { .name = "c",
			     .release = tracked_release,
			     .class_release = count_class_release };
	struct tracked own, none;

	class_releases = 0;
	release_log[0] = '\0';
	check_int_fatal(km_class_register(model, &cls), 0);
	setup_tracked(&own, &cls, NULL, "own");
	setup_tracked(&none, &cls, NULL, "none");
	none.cdev.release = NULL;
	km_class_device_register(&own.cdev);
	km_class_device_register(&none.cdev);
	km_class_device_unregister(&own.cdev);
	km_class_device_unregister(&none.cdev);
	/* both went through tracked_release: own directly, none via class */
	check_int(own.released, 1);
	check_int(none.released, 1);
	check_int(class_releases, 0);
	km_class_unregister(&cls);
	check_int(class_releases, 1);
	check_int(km_model_nr_warnings(model), 0);
	km_model_free(model);
}

static void test_no_release_anywhere_warns(void)
{
	struct kmodel *model = km_model_new();
	struct class cls = { .name = "bare" };
	struct class_device cd = { .class = &cls, .class_id = "x" };

	check_int_fatal(km_class_register(model, &cls), 0);
	check_int_fatal(km_class_device_register(&cd), 0);
	km_class_device_unregister(&cd);
	km_class_unregister(&cls);
	check_int(km_model_live_objects(model), 0);
	check_int(km_model_nr_warnings(model), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(km_model_warning(model, 0),
				      "does not have a release() function"));
	km_model_free(model);
}

static void test_unregister_twice(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class_device *cd, *parent, *child;

	/* released by the first call: the second finds nothing */
	cd = km_class_device_create(cls, NULL, 0, NULL, "gone");
	km_class_device_unregister(cd);
	km_class_device_unregister(cd);
	km_class_device_del(cd);
	km_class_device_put(cd);
	check_int(km_model_nr_warnings(model), 0);

	/* alive through a child: the second call only warns */
	parent = km_class_device_create(cls, NULL, 0, NULL, "parent");
	child = km_class_device_create(cls, parent, 0, NULL, "child");
	km_class_device_unregister(parent);
	check_int(km_class_device_refcount(parent), 2);
	km_class_device_unregister(parent);
	km_class_device_del(parent);
	check_int(km_class_device_refcount(parent), 2);
	check_int(km_model_nr_warnings(model), 2);
	km_class_device_unregister(child);
	check_int(km_model_live_objects(model), 1);
	km_class_destroy(cls);
	km_class_destroy(cls);
	check_int(km_model_live_objects(model), 0);
	km_model_free(model);
}

static void test_put_more_than_got(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class_device *cd;

	cd = km_class_device_create(cls, NULL, 0, NULL, "x");
	km_class_device_put(cd);
	/* the caller's reference is gone; what is left is the model's */
	check_int(km_class_device_refcount(cd), 1);
	km_class_device_put(cd);
	check_int(km_class_device_refcount(cd), 1);
	CU_ASSERT_TRUE(km_class_device_is_registered(cd));
	check_int(km_model_nr_warnings(model), 1);
	km_class_put(cls);
	check_int(km_class_refcount(cls), 3);
	check_int(km_model_nr_warnings(model), 2);
	/* del drops the last reference */
	km_class_device_del(cd);
	check_int(km_model_live_objects(model), 1);
	km_model_free(model);
}

static void test_class_destroyed_before_its_devices(void)
{
	struct kmodel *model = km_model_new();
	struct class cls = { .name = "input",
			     .release = tracked_release,
			     .class_release = count_class_release };
	struct tracked a, b;

	class_releases = 0;
	check_int_fatal(km_class_register(model, &cls), 0);
	setup_tracked(&a, &cls, NULL, "a");
	a.cdev.devt = KM_MKDEV(13, 1);
	km_class_device_register(&a.cdev);
	setup_tracked(&b, &cls, &a.cdev, "b");
	b.cdev.devt = KM_MKDEV(13, 2);
	km_class_device_register(&b.cdev);

	km_class_destroy(&cls);
	CU_ASSERT_TRUE(listed(model, "input", "[error opening dir]"));
	check_int(class_releases, 0);
	CU_ASSERT_PTR_EQUAL(km_class_find(model, "input"), &cls);
	/* a new class of that name can come; the old one is still usable */
	CU_ASSERT_FALSE(KM_IS_ERR(km_class_create(model, NULL, "input")));
	check_int(
		KM_PTR_ERR(km_class_device_create(&cls, NULL, 0, NULL, "late")),
		-ENODEV);
	km_class_device_destroy(&cls, KM_MKDEV(13, 2));
	km_class_device_destroy(&cls, KM_MKDEV(13, 1));
	check_int(a.released + b.released, 2);
	check_int(class_releases, 1);
	check_int(km_model_live_objects(model), 1);
	km_model_free(model);
}

static void test_model_free_frees_what_is_left(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class_device *parent;
	struct tracked mine;
	int i;

	parent = km_class_device_create(cls, NULL, KM_MKDEV(1, 1), NULL, "p");
	for (i = 0; i < 50; i++)
		km_class_device_create(cls, parent, KM_MKDEV(1, 2 + i), NULL,
				       "c%d", i);
	km_sysfs_create_group(parent, "g");
	km_class_device_unregister(parent);
	setup_tracked(&mine, cls, NULL, "mine");
	km_class_device_register(&mine.cdev);
	check_int(km_model_live_objects(model), 53);
	/* the sanitizer build checks that nothing leaks */
	km_model_free(model);
	/* caller memory is neither released nor touched */
	check_int(mine.released, 0);
	check_str(mine.cdev.class_id, "mine");
	/* its pointer is unknown now */
	check_int(km_class_device_refcount(&mine.cdev), -1);
	km_class_device_unregister(&mine.cdev);
}

static void test_readd_after_del(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class_device *cd;

	cd = km_class_device_create(cls, NULL, 0, NULL, "x");
	km_class_device_del(cd);
	CU_ASSERT_FALSE(listed(model, "c", "x"));
	check_int(km_class_device_add(cd), 0);
	CU_ASSERT_TRUE(listed(model, "c", "x"));
	check_int(km_class_device_add(cd), -EEXIST);
	check_int(km_class_device_refcount(cd), 2);
	km_class_device_unregister(cd);
	km_class_destroy(cls);
	check_int(km_model_live_objects(model), 0);
	km_model_free(model);
}

static void test_get_and_put_are_null_safe(void)
{
	struct class_device unknown = { .class_id = "u" };
	struct class stranger = { .name = "s" };

	CU_ASSERT_PTR_NULL(km_class_device_get(NULL));
	CU_ASSERT_PTR_NULL(km_class_device_get(&unknown));
	CU_ASSERT_PTR_NULL(km_class_device_get(KM_ERR_PTR(-ENODEV)));
	km_class_device_put(NULL);
	km_class_device_put(&unknown);
	km_class_device_put(KM_ERR_PTR(-ENODEV));
	CU_ASSERT_PTR_NULL(km_class_get(NULL));
	CU_ASSERT_PTR_NULL(km_class_get(&stranger));
	km_class_put(NULL);
	km_class_put(&stranger);
	check_int(km_class_refcount(&stranger), -1);
	check_int(km_class_device_refcount(NULL), -1);
}

static void test_initialized_but_never_added(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct tracked t;

	release_log[0] = '\0';
	setup_tracked(&t, cls, NULL, "idle");
	km_class_device_initialize(&t.cdev);
	check_int(km_model_live_objects(model), 2);
	check_int(km_class_device_refcount(&t.cdev), 1);
	km_class_device_put(&t.cdev);
	check_str(release_log, "idle ");
	check_int(km_model_live_objects(model), 1);
	km_class_destroy(cls);
	km_model_free(model);
}

static const struct unit_test tests[] = {
	{ "a parent unregistered first lives until its children go",
	  test_parent_unregistered_first_lives_until_children_go },
	{ "a child's kobject holds its parent until the child's release",
	  test_child_reference_holds_parent_past_del },
	{ "own release, else the class's", test_release_precedence },
	{ "no release anywhere warns and does not crash",
	  test_no_release_anywhere_warns },
	{ "unregistering twice", test_unregister_twice },
	{ "a put without a get only warns", test_put_more_than_got },
	{ "a class destroyed before its class devices",
	  test_class_destroyed_before_its_devices },
	{ "km_model_free frees what is left, and only that",
	  test_model_free_frees_what_is_left },
	{ "del, then add again", test_readd_after_del },
	{ "get and put are NULL-safe", test_get_and_put_are_null_safe },
	{ "an initialized class device is released by its last put",
	  test_initialized_but_never_added },
	{ NULL, NULL },
};

UNIT_MAIN("core-model refcounts", tests)
