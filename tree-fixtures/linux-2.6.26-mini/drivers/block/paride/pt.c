/*
 * drivers/block/paride/pt.c - kmigrate fixture: the rewinding and the
 * non-rewinding node of each parallel-port tape unit
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  The node
 * registration is the body of a macro, PT_NODE(), used twice: the call is
 * in one place, the uses hold no call of their own.  The code around it
 * is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define PT_UNITS	2

/* the node of a unit, named as the table says */
#define PT_NODE(minor, name)						\
	device_create(pt_class, NULL, MKDEV(major, minor), "%s", name)

struct pt_unit {
	int present;
	char name[8];		/* "pt0": rewinding */
	char nr_name[8];	/* "npt0": non-rewinding */
};

static int major = 96;
static struct class *pt_class;

static struct pt_unit pt[PT_UNITS] = {
	{ 1, "pt0", "npt0" },
	{ 0, "pt1", "npt1" },
};

static int __init pt_init(void)
{
	int unit;

	pt_class = class_create(THIS_MODULE, "pt");
	if (IS_ERR(pt_class))
		return PTR_ERR(pt_class);
	for (unit = 0; unit < PT_UNITS; unit++)
		if (pt[unit].present) {
			PT_NODE(unit, pt[unit].name);
			PT_NODE(unit + 128, pt[unit].nr_name);
		}
	return 0;
}

static void __exit pt_exit(void)
{
	int unit;

	if (!pt_class || IS_ERR(pt_class))
		return;
	for (unit = 0; unit < PT_UNITS; unit++)
		if (pt[unit].present) {
			device_destroy(pt_class, MKDEV(major, unit));
			device_destroy(pt_class, MKDEV(major, unit + 128));
		}
	class_destroy(pt_class);
}

module_init(pt_init);
module_exit(pt_exit);
MODULE_LICENSE("GPL");
