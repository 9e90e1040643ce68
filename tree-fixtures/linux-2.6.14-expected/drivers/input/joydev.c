/*
 * drivers/input/joydev.c - kmigrate fixture: the joystick interface, one
 * jsN node per joystick
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

#define JOYDEV_MINOR_BASE	0
#define JOYDEV_MINORS		16

struct joydev {
	int exist;
	int minor;
	char name[16];
	struct input_handle handle;
};

static struct joydev *joydev_table[JOYDEV_MINORS];
static struct joydev joydev_pool[JOYDEV_MINORS];

static struct device pnp_card = {
	.bus_id = "pnp0",
};

static struct device gameport0 = {
	.parent = &pnp_card,
	.bus_id = "gameport0",
};

static struct input_dev analog_joystick = {
	.name = "Analog 4-axis 4-button joystick",
	.dev = &gameport0,
};

static struct input_handle *joydev_handle;

static struct input_handle *joydev_connect(struct input_dev *dev)
{
	struct joydev *joydev;
	int minor;

	for (minor = 0; minor < JOYDEV_MINORS && joydev_table[minor]; minor++)
		;
	if (minor == JOYDEV_MINORS) {
		printk(KERN_ERR "joydev: all %d minors in use\n",
		       JOYDEV_MINORS);
		return NULL;
	}

	joydev = &joydev_pool[minor];
	joydev->exist = 1;
	joydev->minor = minor;
	snprintf(joydev->name, sizeof(joydev->name), "js%d", minor);
	joydev->handle.dev = dev;
	joydev->handle.name = joydev->name;
	joydev->handle.private = joydev;
	joydev_table[minor] = joydev;

	class_device_create(input_class, NULL,
			MKDEV(INPUT_MAJOR, JOYDEV_MINOR_BASE + minor),
			dev->dev, "js%d", minor);

	return &joydev->handle;
}

static void joydev_disconnect(struct input_handle *handle)
{
	struct joydev *joydev = handle->private;

	class_device_destroy(input_class,
			MKDEV(INPUT_MAJOR, JOYDEV_MINOR_BASE + joydev->minor));
	joydev_table[joydev->minor] = NULL;
	joydev->exist = 0;
}

static int __init joydev_init(void)
{
	if (!input_class)
		return -ENODEV;
	joydev_handle = joydev_connect(&analog_joystick);
	return 0;
}

static void __exit joydev_exit(void)
{
	if (joydev_handle)
		joydev_disconnect(joydev_handle);
	joydev_handle = NULL;
}

module_init(joydev_init);
module_exit(joydev_exit);
MODULE_LICENSE("GPL");
