/*
 * drivers/block/paride/pt.c - kmigrate fixture: the rewinding and the
 * non-rewinding node of each parallel-port tape unit
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  The node
 * registration is the argument of a macro, PT_REGISTER(), which warns
 * when a node cannot be made: an ordinary call at the macro's one use, in
 * pt_node(), called for both nodes of a unit; the macro's body holds no
 * call.  The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define PT_UNITS	2

/* a node that cannot be made is worth a warning, not a failed init */
#define PT_REGISTER(dev)						\
	do {								\
		if (IS_ERR(dev))					\
			printk(KERN_WARNING "pt: node not made\n");	\
	} while (0)

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

/* the node of a unit, named as the table says */
static void __init pt_node(int minor, const char *name)
{
	PT_REGISTER(device_create(pt_class, NULL, MKDEV(major, minor),
				  "%s", name));
}

static int __init pt_init(void)
{
	int unit;

	pt_class = class_create(THIS_MODULE, "pt");
	if (IS_ERR(pt_class))
		return PTR_ERR(pt_class);
	for (unit = 0; unit < PT_UNITS; unit++)
		if (pt[unit].present) {
			pt_node(unit, pt[unit].name);
			pt_node(unit + 128, pt[unit].nr_name);
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
