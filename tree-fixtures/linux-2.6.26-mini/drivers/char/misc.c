/*
 * drivers/char/misc.c - kmigrate fixture: the misc character devices
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for;
 * the code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define MISC_MAJOR	10

struct miscdevice {
	int minor;
	const char *name;
	struct device *parent;
	struct device *this_device;
};

static struct class *misc_class;

static struct miscdevice misc_devices[] = {
	{ .minor = 130, .name = "watchdog" },
	{ .minor = 184, .name = "microcode" },
};

static int misc_register(struct miscdevice *misc)
{
	dev_t dev = MKDEV(MISC_MAJOR, misc->minor);

	misc->this_device = device_create(misc_class, misc->parent, dev,
					  "%s", misc->name);
	if (IS_ERR(misc->this_device))
		return PTR_ERR(misc->this_device);
	return 0;
}

static void misc_deregister(struct miscdevice *misc)
{
	if (!misc->this_device || IS_ERR(misc->this_device))
		return;
	device_destroy(misc_class, MKDEV(MISC_MAJOR, misc->minor));
	misc->this_device = NULL;
}

static int __init misc_init(void)
{
	int i, err;

	misc_class = class_create(THIS_MODULE, "misc");
	if (IS_ERR(misc_class))
		return PTR_ERR(misc_class);
	for (i = 0; i < ARRAY_SIZE(misc_devices); i++) {
		err = misc_register(&misc_devices[i]);
		if (err)
			printk(KERN_WARNING "misc: %s: error %d\n",
			       misc_devices[i].name, err);
	}
	return 0;
}

static void __exit misc_exit(void)
{
	int i;

	if (!misc_class || IS_ERR(misc_class))
		return;
	for (i = 0; i < ARRAY_SIZE(misc_devices); i++)
		misc_deregister(&misc_devices[i]);
	class_destroy(misc_class);
}

module_init(misc_init);
module_exit(misc_exit);
MODULE_LICENSE("GPL");
