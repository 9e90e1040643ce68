/*
 * test-core-model-sysfs.c - what the core model puts in sysfs: nesting,
 * device symlinks and their relative targets, the dev attribute, groups,
 * name clashes, and the `tree -d` listing of the cover letter.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "unit.h"

#define USB_TABLET "pci0000:00/0000:00:1d.0/usb2/2-2/2-2:1.0"

/* the cover letter's `tree /sys/class/input/ -d`, without the count */
static const char desktop_tree[] =
	"/sys/class/input/\n"
	"|-- input0\n"
	"|   |-- capabilities\n"
	"|   |-- event0\n"
	"|   `-- id\n"
	"|-- input1\n"
	"|   |-- capabilities\n"
	"|   |-- device -> ../../../devices/platform/i8042/serio1\n"
	"|   |-- event1\n"
	"|   |   `-- device -> ../../../../devices/platform/i8042/serio1\n"
	"|   `-- id\n"
	"|-- input3\n"
	"|   |-- capabilities\n"
	"|   |-- device -> ../../../devices/" USB_TABLET "\n"
	"|   |-- event2\n"
	"|   |   `-- device -> ../../../../devices/" USB_TABLET "\n"
	"|   |-- id\n"
	"|   |-- mouse0\n"
	"|   |   `-- device -> ../../../../devices/" USB_TABLET "\n"
	"|   `-- ts0\n"
	"|       `-- device -> ../../../../devices/" USB_TABLET "\n"
	"`-- mice\n";

static char *tree_of(struct kmodel *model, const char *class_name, int *ret)
{
	char *text = NULL;
	size_t size;
	FILE *fp = open_memstream(&text, &size);
	int err;

	err = km_sysfs_print_tree(fp, model, class_name);
	if (ret)
		*ret = err;
	fclose(fp);
	return text;
}

static char *everything_of(struct kmodel *model)
{
	char *text = NULL;
	size_t size;
	FILE *fp = open_memstream(&text, &size);

	km_sysfs_print_all(fp, model);
	fclose(fp);
	return text;
}

/* an input device with its groups, as the input core makes it */
static struct class_device *input_dev(struct class *cls, const char *name,
				      struct device *dev)
{
	struct class_device *cd =
		km_class_device_create(cls, NULL, 0, dev, "%s", name);

	CU_ASSERT_FATAL(!KM_IS_ERR(cd));
	check_int(km_sysfs_create_group(cd, "capabilities"), 0);
	check_int(km_sysfs_create_group(cd, "id"), 0);
	return cd;
}

static void test_desktop_listing(void)
{
	struct kmodel *model = km_model_new();
	struct class *input = km_class_create(model, NULL, "input");
	struct device *serio = km_device_new(model, "platform/i8042/serio1");
	struct device *tablet = km_device_new(model, USB_TABLET);
	struct class_device *in0, *in1, *in3;
	char *text;

	CU_ASSERT_FATAL(!KM_IS_ERR(input) && !KM_IS_ERR(serio) &&
			!KM_IS_ERR(tablet));
	/* out of order on purpose: the listing sorts */
	in3 = input_dev(input, "input3", tablet);
	km_class_device_create(input, in3, KM_MKDEV(13, 128), tablet, "ts%d",
			       0);
	km_class_device_create(input, in3, KM_MKDEV(13, 32), tablet, "mouse%d",
			       0);
	km_class_device_create(input, in3, KM_MKDEV(13, 66), tablet, "event%d",
			       2);
	km_class_device_create(input, NULL, KM_MKDEV(13, 63), NULL, "mice");
	in0 = input_dev(input, "input0", NULL);
	km_class_device_create(input, in0, KM_MKDEV(13, 64), NULL, "event0");
	in1 = input_dev(input, "input1", serio);
	km_class_device_create(input, in1, KM_MKDEV(13, 65), serio, "event1");

	text = tree_of(model, "input", NULL);
	check_str(text, desktop_tree);
	free(text);
	km_model_free(model);
}

static void test_nested_directory_is_under_its_parent(void)
{
	struct kmodel *model = km_model_new();
	struct class *input = km_class_create(model, NULL, "input");
	struct class_device *in3, *ev2;

	in3 = km_class_device_create(input, NULL, 0, NULL, "input3");
	ev2 = km_class_device_create(input, in3, KM_MKDEV(13, 66), NULL,
				     "event2");
	CU_ASSERT_FATAL(!KM_IS_ERR(in3) && !KM_IS_ERR(ev2));
	CU_ASSERT_PTR_EQUAL(km_class_device_find(model, "input/input3/event2"),
			    ev2);
	CU_ASSERT_PTR_NULL(km_class_device_find(model, "input/event2"));
	/* the parent's directory is where the name must be unique */
	CU_ASSERT_FALSE(KM_IS_ERR(
		km_class_device_create(input, NULL, 0, NULL, "event2")));
	check_int(KM_PTR_ERR(km_class_device_create(input, in3, 0, NULL,
						    "event2")),
		  -EEXIST);
	km_model_free(model);
}

static void test_device_link_climbs_one_level_per_nesting(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "video");
	struct device *dev = km_device_new(model, "platform/vfb.0");
	struct class_device *a, *b;
	char *text;

	a = km_class_device_create(cls, NULL, 0, dev, "a");
	b = km_class_device_create(cls, a, 0, dev, "b");
	km_class_device_create(cls, b, 0, dev, "c");
	text = tree_of(model, "video", NULL);
	check_str(
		text,
		"/sys/class/video/\n"
		"`-- a\n"
		"    |-- b\n"
		"    |   |-- c\n"
		"    |   |   `-- device -> ../../../../../devices/platform/vfb.0\n"
		"    |   `-- device -> ../../../../devices/platform/vfb.0\n"
		"    `-- device -> ../../../devices/platform/vfb.0\n");
	free(text);
	km_model_free(model);
}

static void test_device_link_only_with_a_device(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "tty");
	struct class_device *cd;

	cd = km_class_device_create(cls, NULL, KM_MKDEV(4, 1), NULL, "tty1");
	CU_ASSERT_FATAL(!KM_IS_ERR(cd));
	/* removing a link that is not there fails */
	check_int(km_class_device_remove_file(cd, "device"), -ENOENT);
	km_model_free(model);
}

static void test_dev_attribute_only_when_devt_is_set(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "mem");
	struct class_device *with, *without, *minor_only;

	with = km_class_device_create(cls, NULL, KM_MKDEV(1, 3), NULL, "null");
	without = km_class_device_create(cls, NULL, 0, NULL, "nodev");
	minor_only = km_class_device_create(cls, NULL, KM_MKDEV(0, 5), NULL,
					    "minor");
	/* creating an existing attribute fails: a probe for its presence */
	check_int(km_class_device_create_file(with, "dev"), -EEXIST);
	check_int(km_class_device_create_file(without, "dev"), 0);
	check_int(km_class_device_create_file(minor_only, "dev"), -EEXIST);
	/* uevent is always there */
	check_int(km_class_device_create_file(with, "uevent"), -EEXIST);
	check_int(km_class_device_create_file(without, "uevent"), -EEXIST);
	km_model_free(model);
}

static void test_full_listing_shows_files(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "mem");
	char *text;

	km_class_device_create(cls, NULL, KM_MKDEV(1, 3), NULL, "null");
	km_class_device_create(cls, NULL, 0, NULL, "nodev");
	text = everything_of(model);
	check_str(text, "/sys/class/\n"
			"`-- mem\n"
			"    |-- nodev\n"
			"    |   `-- uevent\n"
			"    `-- null\n"
			"        |-- dev\n"
			"        `-- uevent\n");
	free(text);
	km_model_free(model);
}

static void test_groups(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "input");
	struct class_device *cd;
	char *text;

	cd = km_class_device_create(cls, NULL, 0, NULL, "input0");
	check_int(km_sysfs_create_group(cd, "id"), 0);
	check_int(km_sysfs_create_group(cd, "id"), -EEXIST);
	check_int(km_sysfs_create_group(cd, "a/b"), -EINVAL);
	check_int(km_sysfs_create_group(cd, ""), -EINVAL);
	check_int(km_sysfs_create_group(cd, NULL), -EINVAL);
	check_int(km_sysfs_create_group(NULL, "id"), -EINVAL);
	/* a group is not a file, and the uevent file is not a group */
	check_int(km_class_device_remove_file(cd, "id"), -ENOENT);
	check_int(km_sysfs_remove_group(cd, "uevent"), -ENOENT);
	text = tree_of(model, "input", NULL);
	check_str(text, "/sys/class/input/\n"
			"`-- input0\n"
			"    `-- id\n");
	free(text);
	check_int(km_sysfs_remove_group(cd, "id"), 0);
	check_int(km_sysfs_remove_group(cd, "id"), -ENOENT);
	km_class_device_del(cd);
	check_int(km_sysfs_create_group(cd, "id"), -ENOENT);
	km_class_device_put(cd);
	km_model_free(model);
}

static void test_missing_class_listing(void)
{
	struct kmodel *model = km_model_new();
	char *text;
	int ret;

	text = tree_of(model, "nope", &ret);
	check_str(text, "/sys/class/nope/ [error opening dir]\n");
	check_int(ret, -ENOENT);
	free(text);
	km_model_free(model);
}

static void test_listing_sorts_with_strcmp(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	const char *names[] = { "b", "a0", "B", "a", "_x" };
	char *text;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		km_class_device_create(cls, NULL, 0, NULL, "%s", names[i]);
	text = tree_of(model, "c", NULL);
	check_str(text, "/sys/class/c/\n"
			"|-- B\n"
			"|-- _x\n"
			"|-- a\n"
			"|-- a0\n"
			"`-- b\n");
	free(text);
	km_model_free(model);
}

static void test_name_truncated_like_the_kernel(void)
{
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct class_device *cd;

	cd = km_class_device_create(cls, NULL, 0, NULL, "%s",
				    "abcdefghijklmnopqrstuvwxyz");
	CU_ASSERT_FATAL(!KM_IS_ERR(cd));
	check_str(cd->class_id, "abcdefghijklmnopqrs");
	CU_ASSERT_PTR_EQUAL(
		km_class_device_find(model, "c/abcdefghijklmnopqrs"), cd);
	km_model_free(model);
}

static void test_device_paths(void)
{
	struct kmodel *model = km_model_new();
	struct device *serio, *i8042;

	serio = km_device_new(model, "platform/i8042/serio1");
	CU_ASSERT_FATAL(!KM_IS_ERR(serio));
	check_str(serio->bus_id, "serio1");
	i8042 = km_device_find(model, "platform/i8042");
	CU_ASSERT_PTR_EQUAL(serio->parent, i8042);
	check_str(serio->parent->parent->bus_id, "platform");
	CU_ASSERT_PTR_NULL(serio->parent->parent->parent);
	/* parents are reused, the same path gives the same device */
	CU_ASSERT_PTR_EQUAL(
		km_device_new(model, "platform/i8042/serio0")->parent, i8042);
	CU_ASSERT_PTR_EQUAL(km_device_new(model, "platform/i8042/serio1"),
			    serio);
	check_int(KM_PTR_ERR(km_device_new(model, "")), -EINVAL);
	check_int(KM_PTR_ERR(km_device_new(model, "a//b")), -EINVAL);
	check_int(KM_PTR_ERR(km_device_new(model, "/a")), -EINVAL);
	check_int(KM_PTR_ERR(km_device_new(model, "a/")), -EINVAL);
	check_int(KM_PTR_ERR(km_device_new(model, "a/0123456789abcdefghij")),
		  -EINVAL);
	check_int(KM_PTR_ERR(km_device_new(NULL, "a")), -EINVAL);
	CU_ASSERT_PTR_NULL(km_device_find(model, "a"));
	km_model_free(model);
}

static void test_fixture_device_chain(void)
{
	/* fixture code embeds devices and sets only bus_id and parent */
	struct kmodel *model = km_model_new();
	struct class *cls = km_class_create(model, NULL, "c");
	struct device bus = { .bus_id = "pci0000:00" };
	struct device card = { .parent = &bus, .bus_id = "0000:00:02.0" };
	struct device unnamed = { .parent = &bus };
	char *text;

	km_class_device_create(cls, NULL, 0, &card, "card0");
	/* no valid path: no link, and a warning */
	km_class_device_create(cls, NULL, 0, &unnamed, "card1");
	text = tree_of(model, "c", NULL);
	check_str(text,
		  "/sys/class/c/\n"
		  "|-- card0\n"
		  "|   `-- device -> ../../../devices/pci0000:00/0000:00:02.0\n"
		  "`-- card1\n");
	check_int(km_model_nr_warnings(model), 1);
	free(text);
	km_model_free(model);
}

static const struct unit_test tests[] = {
	{ "the cover letter's desktop, byte for byte", test_desktop_listing },
	{ "a nested class device lives in its parent's directory",
	  test_nested_directory_is_under_its_parent },
	{ "the device link climbs one more level per nesting",
	  test_device_link_climbs_one_level_per_nesting },
	{ "no device link without a device",
	  test_device_link_only_with_a_device },
	{ "the dev attribute exists only when devt is not 0:0",
	  test_dev_attribute_only_when_devt_is_set },
	{ "the full listing shows files", test_full_listing_shows_files },
	{ "attribute groups are named subdirectories", test_groups },
	{ "a class without a directory lists as tree does",
	  test_missing_class_listing },
	{ "entries are sorted with strcmp", test_listing_sorts_with_strcmp },
	{ "names are truncated to BUS_ID_SIZE - 1",
	  test_name_truncated_like_the_kernel },
	{ "device paths build and reuse parent chains", test_device_paths },
	{ "fixture devices link by their bus_id chain",
	  test_fixture_device_chain },
	{ NULL, NULL },
};

UNIT_MAIN("core-model sysfs", tests)
