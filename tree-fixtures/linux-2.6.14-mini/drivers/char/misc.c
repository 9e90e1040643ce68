/*
 * drivers/char/misc.c - kmigrate fixture: miscellaneous character devices
 * sharing one major
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.
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
	char *name;
	struct device *dev;
	struct class_device *class;
};

static struct device platform_bus = {
	.bus_id = "platform",
};

static struct device rtc_platform_device = {
	.parent = &platform_bus,
	.bus_id = "rtc_cmos",
};

static struct miscdevice misc_devices[] = {
	{ 135, "rtc", &rtc_platform_device, NULL },
	{ 1, "psaux", NULL, NULL },
};

static struct class *misc_class;

static int misc_register(struct miscdevice *misc)
{
	dev_t dev;
	int err = 0;

	if (misc->minor < 0 || misc->minor > 255)
		return -EINVAL;
	dev = MKDEV(MISC_MAJOR, misc->minor);

	misc->class = class_device_create(misc_class, dev, misc->dev,
					  "%s", misc->name);
	if (IS_ERR(misc->class)) {
		err = PTR_ERR(misc->class);
		misc->class = NULL;
	}
	return err;
}

static void misc_deregister(struct miscdevice *misc)
{
	if (!misc->class)
		return;
	class_device_destroy(misc_class, MKDEV(MISC_MAJOR, misc->minor));
	misc->class = NULL;
}

static int __init misc_init(void)
{
	unsigned int i;

	misc_class = class_create(THIS_MODULE, "misc");
	if (IS_ERR(misc_class))
		return PTR_ERR(misc_class);
	for (i = 0; i < ARRAY_SIZE(misc_devices); i++)
		if (misc_register(&misc_devices[i]))
			printk(KERN_ERR "misc: cannot register '%s'\n",
			       misc_devices[i].name);
	return 0;
}

static void __exit misc_exit(void)
{
	unsigned int i;

	if (!misc_class || IS_ERR(misc_class))
		return;
	for (i = 0; i < ARRAY_SIZE(misc_devices); i++)
		misc_deregister(&misc_devices[i]);
	class_destroy(misc_class);
}

module_init(misc_init);
module_exit(misc_exit);
MODULE_LICENSE("GPL");
