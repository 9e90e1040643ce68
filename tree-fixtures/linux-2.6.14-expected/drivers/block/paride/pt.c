/*
 * drivers/block/paride/pt.c - kmigrate fixture: parallel port ATAPI tape
 * drives, each with a rewinding and a non-rewinding node
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define PT_MAJOR	96
#define PT_UNITS	2

struct pt_unit {
	int present;
	char name[8];
};

static struct pt_unit pt[PT_UNITS] = {
	{ 1, "pt0" },
	{ 0, "pt1" },
};

static int major = PT_MAJOR;
static struct class *pt_class;

/* stands for the device node the driver makes next to each class device */
static int pt_make_node(int unit, int minor)
{
	return minor < 256 && unit < PT_UNITS ? 0 : -EINVAL;
}

/* destroying a class device that was never created does nothing */
static void pt_remove_class_devices(void)
{
	int unit;

	for (unit = 0; unit < PT_UNITS; unit++)
		if (pt[unit].present) {
			class_device_destroy(pt_class, MKDEV(major, unit));
			class_device_destroy(pt_class,
					     MKDEV(major, unit + 128));
		}
}

static int __init pt_init(void)
{
	int unit, err;

	pt_class = class_create(THIS_MODULE, "pt");
	if (IS_ERR(pt_class)) {
		err = PTR_ERR(pt_class);
		goto out;
	}
	for (unit = 0; unit < PT_UNITS; unit++)
		if (pt[unit].present) {
			class_device_create(pt_class, NULL, MKDEV(major, unit),
					NULL, "pt%d", unit);
			err = pt_make_node(unit, unit);
			if (err)
				goto out_class;
			class_device_create(pt_class, NULL,
					    MKDEV(major, unit + 128),
					NULL, "pt%dn", unit);
			err = pt_make_node(unit, unit + 128);
			if (err)
				goto out_class;
		}
	return 0;

out_class:
	pt_remove_class_devices();
	class_destroy(pt_class);
	pt_class = NULL;
out:
	return err;
}

static void __exit pt_exit(void)
{
	if (!pt_class || IS_ERR(pt_class))
		return;
	pt_remove_class_devices();
	class_destroy(pt_class);
}

module_init(pt_init);
module_exit(pt_exit);
MODULE_LICENSE("GPL");
