/*
 * drivers/input/tsdev.c - kmigrate fixture: the touchscreen emulation,
 * one tsN node per device that reports absolute positions
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
#include <linux/input.h>

#define TSDEV_MINOR_BASE	128
#define TSDEV_MINORS		32

struct tsdev {
	int exist;
	int minor;
	char name[8];
	struct input_handle handle;
};

static struct tsdev tsdev_table[TSDEV_MINORS / 2];

static struct device pci_root = {
	.bus_id = "pci0000:00",
};

static struct device uhci_hcd = {
	.parent = &pci_root,
	.bus_id = "0000:00:1d.1",
};

static struct device usb3 = {
	.parent = &uhci_hcd,
	.bus_id = "usb3",
};

static struct device usb_tablet = {
	.parent = &usb3,
	.bus_id = "3-1",
};

static struct device usb_tablet_intf = {
	.parent = &usb_tablet,
	.bus_id = "3-1:1.0",
};

static struct input_dev tablet_input = {
	.name = "USB Tablet",
	.dev = &usb_tablet_intf,
};

static struct input_handle *tsdev_handle;

static struct input_handle *tsdev_connect(struct input_dev *dev)
{
	struct tsdev *tsdev;
	int minor;

	for (minor = 0; minor < TSDEV_MINORS / 2; minor++)
		if (!tsdev_table[minor].exist)
			break;
	if (minor == TSDEV_MINORS / 2) {
		printk(KERN_ERR "tsdev: all %d minors in use\n",
		       TSDEV_MINORS / 2);
		return NULL;
	}

	tsdev = &tsdev_table[minor];
	tsdev->exist = 1;
	tsdev->minor = minor;
	snprintf(tsdev->name, sizeof(tsdev->name), "ts%d", minor);
	tsdev->handle.dev = dev;
	tsdev->handle.name = tsdev->name;
	tsdev->handle.private = tsdev;

	class_device_create(input_class, NULL,
			MKDEV(INPUT_MAJOR, TSDEV_MINOR_BASE + minor),
			dev->dev, "ts%d", minor);

	return &tsdev->handle;
}

static void tsdev_disconnect(struct input_handle *handle)
{
	struct tsdev *tsdev = handle->private;

	class_device_destroy(input_class,
			MKDEV(INPUT_MAJOR, TSDEV_MINOR_BASE + tsdev->minor));
	tsdev->exist = 0;
}

static int __init tsdev_init(void)
{
	if (!input_class)
		return -ENODEV;
	tsdev_handle = tsdev_connect(&tablet_input);
	return 0;
}

static void __exit tsdev_exit(void)
{
	if (tsdev_handle)
		tsdev_disconnect(tsdev_handle);
	tsdev_handle = NULL;
}

module_init(tsdev_init);
module_exit(tsdev_exit);
MODULE_LICENSE("GPL");
