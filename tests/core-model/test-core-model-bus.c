/*
 * test-core-model-bus.c - buses, drivers and the unbind path of the core
 * model: a driver binds the devices it matches, and every way of
 * unbinding (the unbind file, the driver's removal, the device's) runs
 * remove and unbinds whatever it returns: devres released, drvdata
 * cleared, the links gone; platform's wrapper warns of a non-zero
 * return in the kernel's words, another bus stays silent.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "unit.h"

static const char platform_warning[] =
	"remove callback returned a non-zero value. This will be ignored.";

struct bound {
	struct kmodel *model;
	struct km_bus *bus;
	struct km_driver *drv;
	struct device *dev;
};

/* a device "BUS/foo.0" bound to driver foo, whose remove returns ret */
static void bind_one(struct bound *b, const char *bus, long remove_ret)
{
	struct km_driver_desc desc = { "foo", 0, remove_ret, 2, NULL };
	char path[64];

	b->model = km_model_new();
	b->bus = km_bus_register(b->model, bus);
	snprintf(path, sizeof(path), "%s/foo.0", bus);
	b->dev = km_device_new(b->model, path);
	desc.drvdata = b->dev; /* any pointer stands for drvdata */
	check_int(km_bus_device_add(b->bus, b->dev), 0);
	b->drv = km_driver_register(b->bus, &desc);
	CU_ASSERT_FALSE(KM_IS_ERR(b->drv));
	check_str(km_device_driver_name(b->dev), "foo");
	check_int(km_device_devres(b->dev), 2);
	CU_ASSERT_PTR_NOT_NULL(b->dev->driver_data);
}

/* what every unbind leaves: no driver, no devres, no drvdata */
static void check_unbound(const struct bound *b)
{
	CU_ASSERT_PTR_NULL(km_device_driver_name(b->dev));
	check_int(km_device_devres(b->dev), 0);
	CU_ASSERT_PTR_NULL(b->dev->driver_data);
}

static void test_probe_binds(void)
{
	struct bound b;

	bind_one(&b, "platform", 0);
	check_int(km_device_bind(b.drv, b.dev), -EBUSY);
	check_int(km_model_nr_warnings(b.model), 0);
	km_model_free(b.model);
}

static void test_failed_probe_leaves_nothing(void)
{
	struct km_driver_desc desc = { "bad", -ENODEV, 0, 3, NULL };
	struct kmodel *model = km_model_new();
	struct km_bus *bus = km_bus_register(model, "platform");
	struct device *dev = km_device_new(model, "platform/bad.1");

	desc.drvdata = dev;
	check_int(km_bus_device_add(bus, dev), 0);
	km_driver_register(bus, &desc);
	CU_ASSERT_PTR_NULL(km_device_driver_name(dev));
	check_int(km_device_devres(dev), 0);
	CU_ASSERT_PTR_NULL(dev->driver_data);
	km_model_free(model);
}

static void test_unbind_file_ignores_error(void)
{
	struct bound b;

	bind_one(&b, "platform", -EBUSY);
	check_int(km_device_unbind(b.drv, b.dev), 0);
	check_unbound(&b);
	check_int(km_model_nr_warnings(b.model), 1);
	check_str(km_model_warning(b.model, 0),
		  "foo foo.0: remove callback returned a non-zero value. "
		  "This will be ignored.");
	check_int(km_device_unbind(b.drv, b.dev), -ENODEV);
	km_model_free(b.model);
}

static void test_driver_removal_unbinds(void)
{
	struct bound b;

	bind_one(&b, "platform", -EIO);
	km_driver_unregister(b.drv);
	check_unbound(&b);
	check_int(km_model_nr_warnings(b.model), 1);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(km_model_warning(b.model, 0), platform_warning));
	CU_ASSERT_PTR_NULL(km_driver_find(b.model, "platform/foo"));
	km_model_free(b.model);
}

static void test_device_removal_unbinds(void)
{
	struct bound b;

	bind_one(&b, "platform", -EBUSY);
	check_int(km_bus_device_del(b.model, b.dev), 0);
	CU_ASSERT_PTR_NULL(b.dev->driver_data);
	check_int(km_device_devres(b.dev), -1); /* on no bus now */
	check_int(km_model_nr_warnings(b.model), 1);
	check_int(km_bus_device_del(b.model, b.dev), -ENODEV);
	km_model_free(b.model);
}

static void test_success_and_silent_bus(void)
{
	struct bound b;

	bind_one(&b, "platform", 0);
	km_driver_unregister(b.drv);
	check_unbound(&b);
	check_int(km_model_nr_warnings(b.model), 0);
	km_model_free(b.model);
	bind_one(&b, "vmbus", -EBUSY);
	km_driver_unregister(b.drv);
	check_unbound(&b);
	check_int(km_model_nr_warnings(b.model), 0);
	km_model_free(b.model);
}

static void test_errors(void)
{
	struct kmodel *model = km_model_new();
	struct km_bus *bus = km_bus_register(model, "platform");
	struct km_driver_desc desc = { "foo", 0, 0, 0, NULL };
	struct device *other = km_device_new(model, "platform/bar.0");
	long err;

	check_int(KM_PTR_ERR(km_bus_register(model, "platform")), -EEXIST);
	check_int(KM_PTR_ERR(km_bus_register(NULL, "x")), -EINVAL);
	check_int(KM_PTR_ERR(km_driver_register(NULL, &desc)), -EINVAL);
	km_driver_register(bus, &desc);
	check_int(KM_PTR_ERR(km_driver_register(bus, &desc)), -EEXIST);
	check_int(km_bus_device_add(bus, other), 0);
	check_int(km_bus_device_add(bus, other), -EEXIST);
	/* bar.0 does not match foo */
	check_int(km_device_bind(km_driver_find(model, "platform/foo"), other),
		  -ENODEV);
	CU_ASSERT_PTR_NULL(km_driver_find(model, "foo"));
	CU_ASSERT_PTR_NULL(km_device_driver_name(NULL));
	check_int(km_errno_parse("-EBUSY", &err), 0);
	check_int(err, -EBUSY);
	check_int(km_errno_parse("-5", &err), 0);
	check_int(err, -5);
	check_int(km_errno_parse("EBUSY", &err), -1);
	check_int(km_errno_parse("5", &err), -1);
	km_model_free(model);
}

static const struct unit_test tests[] = {
	{ "a matching driver binds a device", test_probe_binds },
	{ "a failed probe leaves no devres and no drvdata",
	  test_failed_probe_leaves_nothing },
	{ "unbind file: remove's error ignored, platform warns",
	  test_unbind_file_ignores_error },
	{ "driver removal unbinds", test_driver_removal_unbinds },
	{ "device removal unbinds", test_device_removal_unbinds },
	{ "remove returning 0, and a bus that does not warn",
	  test_success_and_silent_bus },
	{ "bus and driver errors", test_errors },
	{ NULL, NULL },
};

UNIT_MAIN("core-model buses and unbind", tests)
