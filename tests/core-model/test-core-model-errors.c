/*
 * test-core-model-errors.c - the error returns of the core model, as the
 * kernel gives them (-ENODEV for a NULL class, -EINVAL for an empty name,
 * -EEXIST for a name taken), the ERR_PTR and dev_t macros, and calls with
 * NULL or unknown pointers everywhere: no crash, nothing registered.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "unit.h"

static void test_macros(void)
{
	km_devt devt = KM_MKDEV(13, 66);
	void *err = KM_ERR_PTR(-ENODEV);

	check_int(devt, (13U << 20) | 66U);
	check_int(KM_MAJOR(devt), 13);
	check_int(KM_MINOR(devt), 66);
	check_int(KM_MAJOR(KM_MKDEV(4095, 1048575)), 4095);
	check_int(KM_MINOR(KM_MKDEV(4095, 1048575)), 1048575);
	check_int(sizeof(km_devt), 4);
	CU_ASSERT_TRUE(KM_IS_ERR(err));
	check_int(KM_PTR_ERR(err), -ENODEV);
	CU_ASSERT_TRUE(KM_IS_ERR(KM_ERR_PTR(-KM_MAX_ERRNO)));
	CU_ASSERT_FALSE(KM_IS_ERR(KM_ERR_PTR(-KM_MAX_ERRNO - 1)));
	CU_ASSERT_FALSE(KM_IS_ERR(NULL));
	CU_ASSERT_FALSE(KM_IS_ERR(&devt));
	check_str(km_errno_name(-ENODEV), "ENODEV");
	check_str(km_errno_name(EEXIST), "EEXIST");
	CU_ASSERT_PTR_NULL(km_errno_name(-4000));
}

static void test_device_struct_layout(void)
{
	/* the contract with the fixture headers */
	struct device dev;

	check_int((char *)&dev.parent - (char *)&dev, 0);
	check_int((char *)&dev.bus_id - (char *)&dev, sizeof(struct device *));
	check_int(sizeof(dev.bus_id), KM_BUS_ID_SIZE);
	check_int(KM_BUS_ID_SIZE, 20);
}

static void test_null_class_is_enodev(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "vmlogrdr");
	struct class_device *cd;

	cd = km_class_device_create(NULL, NULL, 0, NULL, "logrec");
	check_int(KM_PTR_ERR(cd), -ENODEV);
	/* vmlogrdr's swapped call: NULL class, the class as the parent */
	cd = km_class_device_create(NULL, (struct class_device *)cls,
				    KM_MKDEV(1, 1), NULL, "%s", "logrec");
	check_int(KM_PTR_ERR(cd), -ENODEV);
	cd = km_class_device_create_old(NULL, 0, NULL, "logrec");
	check_int(KM_PTR_ERR(cd), -ENODEV);
	cd = km_class_device_create(KM_ERR_PTR(-ENOMEM), NULL, 0, NULL, "x");
	check_int(KM_PTR_ERR(cd), -ENODEV);
	check_int(km_model_live_objects(model), 1);
	check_int(km_uevent_count(model), 0);
	km_model_free(model);
}

static void test_bad_names(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class_device *cd;

	cd = km_class_device_create(cls, NULL, 0, NULL, "%s", "");
	check_int(KM_PTR_ERR(cd), -EINVAL);
	cd = km_class_device_create(cls, NULL, 0, NULL, NULL);
	check_int(KM_PTR_ERR(cd), -EINVAL);
	cd = km_class_device_create(cls, NULL, 0, NULL, "a/b");
	check_int(KM_PTR_ERR(cd), -EINVAL);
	cd = km_class_device_create(cls, NULL, 0, NULL, "dup");
	CU_ASSERT_FALSE(KM_IS_ERR(cd));
	cd = km_class_device_create(cls, NULL, 0, NULL, "dup");
	check_int(KM_PTR_ERR(cd), -EEXIST);
	/* failed creates leave nothing behind */
	check_int(km_model_live_objects(model), 2);
	check_int(km_uevent_count(model), 1);
	km_model_free(model);
}

static void test_class_errors(void)
{
	struct kmodel *model = km_model_new();
	struct class named = { .name = "c" }, unnamed = { .name = NULL };
	struct class empty = { .name = "" }, slash = { .name = "a/b" };

	check_int(KM_PTR_ERR(km_class_create(NULL, NULL, "c")), -EINVAL);
	check_int(KM_PTR_ERR(km_class_create(model, NULL, NULL)), -EINVAL);
	check_int(KM_PTR_ERR(km_class_create(model, NULL, "")), -EINVAL);
	CU_ASSERT_FALSE(KM_IS_ERR(km_class_create(model, NULL, "c")));
	check_int(KM_PTR_ERR(km_class_create(model, NULL, "c")), -EEXIST);
	check_int(km_class_register(model, &named), -EEXIST);
	check_int(km_class_register(model, &unnamed), -EINVAL);
	check_int(km_class_register(model, &empty), -EINVAL);
	check_int(km_class_register(model, &slash), -EINVAL);
	check_int(km_class_register(model, NULL), -EINVAL);
	check_int(km_class_register(NULL, &named), -EINVAL);
	named.name = "d";
	check_int(km_class_register(model, &named), 0);
	check_int(km_class_register(model, &named), -EEXIST);
	check_int(km_model_live_objects(model), 2);
	km_class_unregister(&named);
	km_class_unregister(&named);
	check_int(km_model_live_objects(model), 1);
	km_model_free(model);
}

static void test_bad_parents(void)
{
	struct kmodel *model = km_model_new(), *other = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class *foreign = km_class_create(other, NULL, "c");
	struct class_device stranger = { .class_id = "s" };
	struct class_device *parent, *alien, *child;

	child = km_class_device_create(cls, &stranger, 0, NULL, "x");
	check_int(KM_PTR_ERR(child), -EINVAL);
	child = km_class_device_create(cls, KM_ERR_PTR(-ENOMEM), 0, NULL, "x");
	check_int(KM_PTR_ERR(child), -EINVAL);
	alien = km_class_device_create(foreign, NULL, 0, NULL, "alien");
	child = km_class_device_create(cls, alien, 0, NULL, "x");
	check_int(KM_PTR_ERR(child), -EINVAL);
	/* a parent that is no longer registered */
	parent = km_class_device_create(cls, NULL, 0, NULL, "p");
	km_class_device_create(cls, parent, 0, NULL, "keeper");
	km_class_device_unregister(parent);
	child = km_class_device_create(cls, parent, 0, NULL, "late");
	check_int(KM_PTR_ERR(child), -ENODEV);
	check_int(km_model_live_objects(model), 3);
	km_model_free(other);
	km_model_free(model);
}

static void test_add_errors(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class_device never = { .class = NULL, .class_id = "n" };
	struct class_device classless = { .class_id = "x" };
	struct class_device nameless = { 0 };

	check_int(km_class_device_add(NULL), -EINVAL);
	/* not initialized */
	check_int(km_class_device_add(&never), -EINVAL);
	check_int(km_class_device_register(&classless), -EINVAL);
	km_class_device_put(&classless);
	nameless.class = cls;
	check_int(km_class_device_register(&nameless), -EINVAL);
	check_int(km_class_device_register(NULL), -EINVAL);
	/* the failed registration keeps the caller's reference */
	check_int(km_class_device_refcount(&nameless), 1);
	check_int(km_model_live_objects(model), 2);
	km_model_free(model);
}

static void test_destroy_unknown_devt(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");

	km_class_device_create(cls, NULL, KM_MKDEV(4, 1), NULL, "tty1");
	km_class_device_destroy(cls, KM_MKDEV(4, 2));
	km_class_device_destroy(NULL, KM_MKDEV(4, 1));
	km_class_device_destroy(KM_ERR_PTR(-ENODEV), KM_MKDEV(4, 1));
	check_int(km_model_live_objects(model), 2);
	check_int(km_uevent_count(model), 1);
	CU_ASSERT_PTR_NULL(km_class_device_find_devt(cls, KM_MKDEV(4, 2)));
	km_class_device_destroy(cls, KM_MKDEV(4, 1));
	check_int(km_model_live_objects(model), 1);
	km_model_free(model);
}

static void test_null_everywhere(void)
{
	/* none of these may crash */
	km_model_free(NULL);
	check_int(km_model_live_objects(NULL), 0);
	check_int(km_model_nr_warnings(NULL), 0);
	CU_ASSERT_PTR_NULL(km_model_warning(NULL, 0));
	km_model_print_live(stdout, NULL);
	km_model_dump(stdout, NULL);
	CU_ASSERT_PTR_NULL(km_device_find(NULL, "a"));
	km_class_destroy(NULL);
	km_class_unregister(NULL);
	CU_ASSERT_PTR_NULL(km_class_find(NULL, "c"));
	km_class_device_initialize(NULL);
	km_class_device_del(NULL);
	km_class_device_unregister(NULL);
	CU_ASSERT_PTR_NULL(km_class_device_find(NULL, "c/x"));
	CU_ASSERT_PTR_NULL(km_class_device_find_devt(NULL, 0));
	check_int(km_class_device_is_registered(NULL), 0);
	check_int(km_sysfs_remove_group(NULL, "g"), -ENOENT);
	check_int(km_class_device_create_file(NULL, "f"), -EINVAL);
	check_int(km_class_device_remove_file(NULL, "f"), -ENOENT);
	check_int(km_sysfs_print_tree(stdout, NULL, NULL), -EINVAL);
	km_sysfs_print_all(stdout, NULL);
	km_uevent_print(stdout, NULL);
	check_int(km_uevent_count(NULL), 0);
	CU_ASSERT_PTR_NULL(km_uevent_line(NULL, 0));
	check_int(km_scenario_run(NULL, "f", "", 0, stderr),
		  KM_SCENARIO_MALFORMED);
}

static const struct unit_test tests[] = {
	{ "ERR_PTR and dev_t macros", test_macros },
	{ "struct device starts with parent and bus_id",
	  test_device_struct_layout },
	{ "a NULL class is -ENODEV, and registers nothing",
	  test_null_class_is_enodev },
	{ "empty, missing and clashing names", test_bad_names },
	{ "class registration errors", test_class_errors },
	{ "unknown, foreign and unregistered parents", test_bad_parents },
	{ "class_device_add errors", test_add_errors },
	{ "destroying an unknown devt does nothing",
	  test_destroy_unknown_devt },
	{ "NULL everywhere", test_null_everywhere },
	{ NULL, NULL },
};

UNIT_MAIN("core-model error returns", tests)
