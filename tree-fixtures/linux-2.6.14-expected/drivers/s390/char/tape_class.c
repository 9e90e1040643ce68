/*
 * drivers/s390/char/tape_class.c - kmigrate fixture: the class devices of
 * s390 channel-attached tape drives
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for,
 * one argument per line; seed patch 2/8 shows the call only up to its
 * last argument, and the closing line here is a plausible completion.
 * The code around it is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define TAPE_MAJOR		254
#define TAPECLASS_NAME_LEN	32
#define TAPE_CLASS_SLOTS	2

struct cdev {
	dev_t dev;
};

struct tape_class_device {
	struct cdev *char_device;
	struct class_device *class_device;
	char device_name[TAPECLASS_NAME_LEN];
	char mode_name[TAPECLASS_NAME_LEN];
};

static struct cdev tape_cdevs[TAPE_CLASS_SLOTS];
static struct tape_class_device tape_class_devs[TAPE_CLASS_SLOTS];
static int tape_class_used;

static struct class *tape_class;

static struct device css0 = {
	.bus_id = "css0",
};

static struct device tape_subchannel = {
	.parent = &css0,
	.bus_id = "0.0.0010",
};

static struct device tape_ccw_device = {
	.parent = &tape_subchannel,
	.bus_id = "0.0.0180",
};

/*
 * Registers a tape node: its character device number and its class
 * device.  Returns the new object or an ERR_PTR().
 */
static struct tape_class_device *register_tape_dev(struct device *device,
						   dev_t dev,
						   char *device_name,
						   char *mode_name)
{
	struct tape_class_device *tcd;

	if (tape_class_used == TAPE_CLASS_SLOTS)
		return ERR_PTR(-ENOMEM);
	tcd = &tape_class_devs[tape_class_used];
	tcd->char_device = &tape_cdevs[tape_class_used];
	tcd->char_device->dev = dev;
	snprintf(tcd->device_name, sizeof(tcd->device_name), "%s",
		 device_name);
	snprintf(tcd->mode_name, sizeof(tcd->mode_name), "%s", mode_name);

	tcd->class_device = class_device_create(
				tape_class,
				NULL,
				tcd->char_device->dev,
				device,
				"%s", tcd->device_name
			);
	if (IS_ERR(tcd->class_device))
		return (struct tape_class_device *) tcd->class_device;
	tape_class_used++;
	return tcd;
}

static void unregister_tape_dev(struct tape_class_device *tcd)
{
	class_device_destroy(tape_class, tcd->char_device->dev);
	tcd->class_device = NULL;
}

static int __init tape_init(void)
{
	struct tape_class_device *tcd;

	tape_class = class_create(THIS_MODULE, "tape390");
	if (IS_ERR(tape_class))
		return PTR_ERR(tape_class);

	tcd = register_tape_dev(&tape_ccw_device, MKDEV(TAPE_MAJOR, 0),
				"ntibm0", "non-rewinding");
	if (IS_ERR(tcd))
		return PTR_ERR(tcd);
	tcd = register_tape_dev(&tape_ccw_device, MKDEV(TAPE_MAJOR, 1),
				"rtibm0", "rewinding");
	if (IS_ERR(tcd))
		return PTR_ERR(tcd);
	return 0;
}

static void __exit tape_exit(void)
{
	int i;

	if (!tape_class || IS_ERR(tape_class))
		return;
	for (i = tape_class_used - 1; i >= 0; i--)
		unregister_tape_dev(&tape_class_devs[i]);
	class_destroy(tape_class);
}

module_init(tape_init);
module_exit(tape_exit);
MODULE_LICENSE("GPL");
