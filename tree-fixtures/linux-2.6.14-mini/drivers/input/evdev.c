/*
 * drivers/input/evdev.c - kmigrate fixture: the event interface, one
 * eventN node per input device
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

#define EVDEV_MINOR_BASE	64
#define EVDEV_MINORS		32

struct evdev {
	int exist;
	int minor;
	char name[16];
	struct input_handle handle;
};

static struct evdev evdev_table[EVDEV_MINORS];

static struct device platform_bus = {
	.bus_id = "platform",
};

static struct device i8042 = {
	.parent = &platform_bus,
	.bus_id = "i8042",
};

static struct device serio1 = {
	.parent = &i8042,
	.bus_id = "serio1",
};

static struct input_dev atkbd = {
	.name = "AT Translated Set 2 keyboard",
	.dev = &serio1,
};

static struct input_handle *evdev_handle;

static struct input_handle *evdev_connect(struct input_dev *dev)
{
	struct evdev *evdev;
	int minor;

	for (minor = 0; minor < EVDEV_MINORS; minor++)
		if (!evdev_table[minor].exist)
			break;
	if (minor == EVDEV_MINORS) {
		printk(KERN_ERR "evdev: all %d minors in use\n", EVDEV_MINORS);
		return NULL;
	}

	evdev = &evdev_table[minor];
	evdev->exist = 1;
	evdev->minor = minor;
	snprintf(evdev->name, sizeof(evdev->name), "event%d", minor);
	evdev->handle.dev = dev;
	evdev->handle.name = evdev->name;
	evdev->handle.private = evdev;

	class_device_create(input_class,
			MKDEV(INPUT_MAJOR, EVDEV_MINOR_BASE + minor),
			dev->dev, "event%d", minor);

	return &evdev->handle;
}

static void evdev_disconnect(struct input_handle *handle)
{
	struct evdev *evdev = handle->private;

	class_device_destroy(input_class,
			MKDEV(INPUT_MAJOR, EVDEV_MINOR_BASE + evdev->minor));
	evdev->exist = 0;
}

static int __init evdev_init(void)
{
	if (!input_class)
		return -ENODEV;
	evdev_handle = evdev_connect(&atkbd);
	return 0;
}

static void __exit evdev_exit(void)
{
	if (evdev_handle)
		evdev_disconnect(evdev_handle);
	evdev_handle = NULL;
}

module_init(evdev_init);
module_exit(evdev_exit);
MODULE_LICENSE("GPL");
