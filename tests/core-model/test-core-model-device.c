/*
 * test-core-model-device.c - struct device in a class (device.c): the
 * references of device_create(), the class it keeps alive, the glue
 * directories, finding devices by path and dev_t; modules and the 6.4
 * class_create().
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "unit.h"

static char *dump_of(struct kmodel *model)
{
	char *text = NULL;
	size_t size;
	FILE *fp = open_memstream(&text, &size);

	km_model_dump(fp, model);
	fclose(fp);
	return text;
}

static void test_references(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create_new(model, "tty");
	struct device *dev;

	dev = km_device_create(cls, NULL, KM_MKDEV(4, 64), NULL, "ttyS%d", 0);
	CU_ASSERT_FATAL(!KM_IS_ERR(dev));
	check_str(dev->bus_id, "ttyS0");
	CU_ASSERT_PTR_EQUAL(dev->class, cls);
	/* the caller's and the registration's */
	check_int(km_device_refcount(dev), 2);
	/* the class: its own, and the device's */
	check_int(km_class_refcount(cls), 2);
	check_int(km_model_live_objects(model), 2);
	CU_ASSERT_PTR_EQUAL(km_get_device(dev), dev);
	check_int(km_device_refcount(dev), 3);
	km_device_unregister(dev);
	CU_ASSERT_FALSE(km_device_is_registered(dev));
	check_int(km_device_refcount(dev), 1);
	CU_ASSERT_PTR_NULL(km_device_find_devt(cls, KM_MKDEV(4, 64)));
	km_put_device(dev);
	/* released: the model no longer knows the pointer */
	check_int(km_device_refcount(dev), -1);
	check_int(km_class_refcount(cls), 1);
	km_put_device(dev);
	km_device_unregister(dev);
	check_int(km_model_nr_warnings(model), 0);
	km_class_destroy(cls);
	check_int(km_model_live_objects(model), 0);
	km_model_free(model);
}

static void test_class_outlives_its_directory(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "tty");
	struct device *dev;

	dev = km_device_create(cls, NULL, KM_MKDEV(5, 1), NULL, "console");
	CU_ASSERT_FATAL(!KM_IS_ERR(dev));
	km_class_destroy(cls);
	check_int(km_class_refcount(cls), 1);
	/* device_destroy() still finds it through the class */
	CU_ASSERT_PTR_EQUAL(km_device_find_devt(cls, KM_MKDEV(5, 1)), dev);
	/* a new device cannot go into a class that is gone */
	check_int(KM_PTR_ERR(km_device_create(cls, NULL, 0, NULL, "x")),
		  -ENODEV);
	km_device_destroy(cls, KM_MKDEV(5, 1));
	check_int(km_model_live_objects(model), 0);
	check_int(km_model_nr_warnings(model), 0);
	km_model_free(model);
}

static void test_glue_directories(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "tty");
	struct device *serial = km_device_new(model, "platform/serial8250");
	struct device *s0, *s1;
	char *text;

	s0 = km_device_create(cls, serial, 0, NULL, "ttyS0");
	s1 = km_device_create(cls, serial, 0, NULL, "ttyS1");
	CU_ASSERT_PTR_EQUAL(
		km_device_find(model, "platform/serial8250/tty/ttyS1"), s1);
	CU_ASSERT_PTR_NULL(km_device_find(model, "platform/serial8250/tty"));
	km_device_unregister(s0);
	text = dump_of(model);
	CU_ASSERT_PTR_NOT_NULL(strstr(text, "        `-- tty\n"));
	free(text);
	km_device_unregister(s1);
	/* the glue directory went with its last device */
	text = dump_of(model);
	CU_ASSERT_PTR_NULL(strstr(text, "`-- tty\n            `"));
	CU_ASSERT_PTR_NULL(strstr(text, "        `-- tty\n"));
	free(text);
	/* /sys/devices/virtual is no fixture: no fixture may take it */
	km_device_create(cls, NULL, 0, NULL, "vc");
	check_int(KM_PTR_ERR(km_device_new(model, "virtual/x")), -EEXIST);
	km_class_destroy(cls);
	km_model_free(model);
}

static void test_missing_release_warns(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct device *dev = km_device_create(cls, NULL, 0, NULL, "d");

	dev->release = NULL;
	km_device_unregister(dev);
	check_int(km_model_nr_warnings(model), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(km_model_warning(model, 0),
				      "does not have a release()"));
	free(dev);
	km_class_destroy(cls);
	km_model_free(model);
}

static void test_modules_and_owners(void)
{
	struct kmodel *model = km_model_new();
	struct module *snd = km_module_new(model, "snd");
	struct class *cls;
	int local;

	CU_ASSERT_PTR_NOT_NULL_FATAL(snd);
	CU_ASSERT_PTR_EQUAL(km_module_new(model, "snd"), snd);
	CU_ASSERT_PTR_NOT_EQUAL(km_module_new(model, "usb"), snd);
	check_str(km_module_name(model, snd), "snd");
	CU_ASSERT_PTR_NULL(km_module_name(model, (struct module *)&local));
	cls = km_class_create(model, snd, "sound");
	CU_ASSERT_PTR_EQUAL(cls->owner, snd);
	check_int(KM_PTR_ERR(km_class_create_new(model, NULL)), -ENOMEM);
	check_int(KM_PTR_ERR(km_class_create(model, NULL, NULL)), -EINVAL);
	check_int(KM_PTR_ERR(km_class_create_new(model, "sound")), -EEXIST);
	CU_ASSERT_PTR_NULL(km_class_create_new(model, "input")->owner);
	km_model_free(model);
}

static const struct unit_test tests[] = {
	{ "device_create() references and release", test_references },
	{ "a class destroyed under its devices lives on",
	  test_class_outlives_its_directory },
	{ "glue directories come and go with their devices",
	  test_glue_directories },
	{ "a device without a release warns", test_missing_release_warns },
	{ "modules, owners and class_create() of 6.4",
	  test_modules_and_owners },
	{ NULL, NULL },
};

UNIT_MAIN("core-model devices", tests)
