/*
 * test-core-model-uevent.c - the uevent log: the environment of add and
 * remove events (nested DEVPATH, SUBSYSTEM, MAJOR/MINOR, PHYSDEVPATH), and
 * which hotplug callback runs - the class device's own overrides the
 * class's, so the class's never runs for class_device_create() devices.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "unit.h"

static int class_hotplug_calls, own_hotplug_calls;

static int class_hotplug(struct class_device *class_dev, char **envp,
			 int num_envp, char *buffer, int buffer_size)
{
	int i = 0, len = 0;

	class_hotplug_calls++;
	return km_add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				      &len, "FROM_CLASS=%s",
				      class_dev->class_id);
}

static int own_hotplug(struct class_device *class_dev, char **envp,
		       int num_envp, char *buffer, int buffer_size)
{
	int i = 0, len = 0;

	(void)class_dev;
	own_hotplug_calls++;
	return km_add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				      &len, "FROM_OWN=1");
}

static int failing_hotplug(struct class_device *class_dev, char **envp,
			   int num_envp, char *buffer, int buffer_size)
{
	(void)class_dev;
	(void)envp;
	(void)num_envp;
	(void)buffer;
	(void)buffer_size;
	return -ENOMEM;
}

static void free_class_device(struct class_device *class_dev)
{
	free(class_dev);
}

static struct kmodel *model;
static struct class *input;

static void setup(void)
{
	model = km_model_new();
	input = km_class_create(model, NULL, "input");
	CU_ASSERT_FATAL(!KM_IS_ERR(input));
	input->hotplug = class_hotplug;
	class_hotplug_calls = 0;
	own_hotplug_calls = 0;
}

static void teardown(void)
{
	km_model_free(model);
	model = NULL;
}

static void test_nested_add_event(void)
{
	struct device *tablet;
	struct class_device *in3;

	setup();
	tablet = km_device_new(model, "pci0000:00/usb2/2-2");
	in3 = km_class_device_create(input, NULL, 0, tablet, "input3");
	km_class_device_create(input, in3, KM_MKDEV(13, 66), tablet, "event2");
	check_int_fatal(km_uevent_count(model), 2);
	check_str(km_uevent_line(model, 0),
		  "add /class/input/input3 ACTION=add "
		  "DEVPATH=/class/input/input3 "
		  "PHYSDEVPATH=/devices/pci0000:00/usb2/2-2 "
		  "SUBSYSTEM=input hotplug=class_device");
	check_str(km_uevent_line(model, 1),
		  "add /class/input/input3/event2 ACTION=add "
		  "DEVPATH=/class/input/input3/event2 "
		  "MAJOR=13 MINOR=66 "
		  "PHYSDEVPATH=/devices/pci0000:00/usb2/2-2 "
		  "SUBSYSTEM=input hotplug=class_device");
	CU_ASSERT_PTR_NULL(km_uevent_line(model, 2));
	teardown();
}

static void test_class_hotplug_not_called_for_created_devices(void)
{
	setup();
	km_class_device_create(input, NULL, KM_MKDEV(13, 63), NULL, "mice");
	km_class_device_create_old(input, KM_MKDEV(13, 64), NULL, "event0");
	km_class_device_destroy(input, KM_MKDEV(13, 63));
	check_int(class_hotplug_calls, 0);
	check_int_fatal(km_uevent_count(model), 3);
	CU_ASSERT_PTR_NULL(strstr(km_uevent_line(model, 1), "FROM_CLASS"));
	check_str(km_uevent_line(model, 2),
		  "remove /class/input/mice ACTION=remove "
		  "DEVPATH=/class/input/mice MAJOR=13 MINOR=63 "
		  "SUBSYSTEM=input hotplug=class_device");
	teardown();
}

static void test_class_hotplug_for_registered_devices(void)
{
	struct class_device *cd;

	setup();
	cd = calloc(1, sizeof(*cd));
	cd->class = input;
	cd->release = free_class_device;
	strcpy(cd->class_id, "input0");
	check_int_fatal(km_class_device_register(cd), 0);
	km_class_device_unregister(cd);
	check_int(class_hotplug_calls, 2);
	check_str(km_uevent_line(model, 0),
		  "add /class/input/input0 ACTION=add "
		  "DEVPATH=/class/input/input0 FROM_CLASS=input0 "
		  "SUBSYSTEM=input hotplug=class");
	check_str(km_uevent_line(model, 1),
		  "remove /class/input/input0 ACTION=remove "
		  "DEVPATH=/class/input/input0 FROM_CLASS=input0 "
		  "SUBSYSTEM=input hotplug=class");
	teardown();
}

static void test_own_hotplug_overrides_the_class(void)
{
	struct class_device cd = { .class_id = "own" };

	setup();
	cd.class = input;
	cd.release = NULL;
	cd.hotplug = own_hotplug;
	check_int_fatal(km_class_device_register(&cd), 0);
	check_int(own_hotplug_calls, 1);
	check_int(class_hotplug_calls, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(km_uevent_line(model, 0),
				      " FROM_OWN=1 SUBSYSTEM=input "
				      "hotplug=class_device"));
	km_class_device_del(&cd);
	teardown();
}

static void test_failing_hotplug_drops_the_event(void)
{
	struct class_device *cd;

	setup();
	input->hotplug = failing_hotplug;
	cd = calloc(1, sizeof(*cd));
	cd->class = input;
	strcpy(cd->class_id, "x");
	check_int(km_class_device_register(cd), 0);
	check_int(km_uevent_count(model), 0);
	check_int(km_model_nr_warnings(model), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(km_model_warning(model, 0), "dropped"));
	/* the class's release (from class_create) frees it */
	km_class_device_unregister(cd);
	check_int(km_model_live_objects(model), 1);
	teardown();
}

static void test_remove_event_of_orphaned_child(void)
{
	struct class_device *in3, *ev2;

	setup();
	in3 = km_class_device_create(input, NULL, 0, NULL, "input3");
	ev2 = km_class_device_create(input, in3, KM_MKDEV(13, 66), NULL,
				     "event2");
	km_class_device_unregister(in3);
	km_class_device_unregister(ev2);
	check_int_fatal(km_uevent_count(model), 4);
	check_str(km_uevent_line(model, 2),
		  "remove /class/input/input3 ACTION=remove "
		  "DEVPATH=/class/input/input3 SUBSYSTEM=input "
		  "hotplug=class_device");
	/* the kobject path still runs through the gone parent */
	check_str(km_uevent_line(model, 3),
		  "remove /class/input/input3/event2 "
		  "ACTION=remove "
		  "DEVPATH=/class/input/input3/event2 MAJOR=13 "
		  "MINOR=66 SUBSYSTEM=input hotplug=class_device");
	teardown();
}

static void test_no_event_for_failed_calls(void)
{
	setup();
	km_class_device_create(NULL, NULL, 0, NULL, "x");
	km_class_device_create(input, NULL, 0, NULL, "%s", "");
	km_class_device_destroy(input, KM_MKDEV(1, 1));
	km_sysfs_create_group(km_class_device_create(input, NULL, 0, NULL, "y"),
			      "g");
	/* only y's add: groups send none */
	check_int(km_uevent_count(model), 1);
	teardown();
}

static void test_add_hotplug_env_var_limits(void)
{
	char *envp[4] = { NULL };
	char buffer[16];
	int i = 0, len = 0;

	check_int(km_add_hotplug_env_var(envp, 4, &i, buffer, sizeof(buffer),
					 &len, "A=%d", 1),
		  0);
	check_int(km_add_hotplug_env_var(envp, 4, &i, buffer, sizeof(buffer),
					 &len, "B=2"),
		  0);
	check_str(envp[0], "A=1");
	check_str(envp[1], "B=2");
	check_int(len, 8);
	/* too long for the buffer: nothing is added */
	check_int(km_add_hotplug_env_var(envp, 4, &i, buffer, sizeof(buffer),
					 &len, "LONG=%s", "0123456789"),
		  -ENOMEM);
	check_int(i, 2);
	CU_ASSERT_PTR_NULL(envp[2]);
	check_int(km_add_hotplug_env_var(envp, 4, &i, buffer, sizeof(buffer),
					 &len, "C=3"),
		  0);
	/* the last slot stays NULL */
	check_int(km_add_hotplug_env_var(envp, 4, &i, buffer, sizeof(buffer),
					 &len, "D"),
		  -ENOMEM);
	CU_ASSERT_PTR_NULL(envp[3]);
}

static const struct unit_test tests[] = {
	{ "add events of nested class devices", test_nested_add_event },
	{ "the class's hotplug never runs for class_device_create()",
	  test_class_hotplug_not_called_for_created_devices },
	{ "the class's hotplug runs for registered class devices",
	  test_class_hotplug_for_registered_devices },
	{ "a class device's own hotplug overrides the class's",
	  test_own_hotplug_overrides_the_class },
	{ "a failing hotplug callback drops the event",
	  test_failing_hotplug_drops_the_event },
	{ "remove events keep the nested path after the parent went",
	  test_remove_event_of_orphaned_child },
	{ "failed calls and groups send no event",
	  test_no_event_for_failed_calls },
	{ "km_add_hotplug_env_var keeps to its array and buffer",
	  test_add_hotplug_env_var_limits },
	{ NULL, NULL },
};

UNIT_MAIN("core-model uevents", tests)
