/*
 * drivers/input/mousedev.c - kmigrate fixture: the PS/2 mouse emulation,
 * one mouseN node per pointing device and the "mice" node mixing them all
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
#include <linux/input.h>

#define MOUSEDEV_MINOR_BASE	32
#define MOUSEDEV_MINORS		32
#define MOUSEDEV_MIX		31

struct mousedev {
	int exist;
	int minor;
	char name[16];
	struct input_handle handle;
};

static struct mousedev mousedev_table[MOUSEDEV_MINORS];

static struct device pci_root = {
	.bus_id = "pci0000:00",
};

static struct device uhci_hcd = {
	.parent = &pci_root,
	.bus_id = "0000:00:1d.0",
};

static struct device usb2 = {
	.parent = &uhci_hcd,
	.bus_id = "usb2",
};

static struct device usb_mouse = {
	.parent = &usb2,
	.bus_id = "2-2",
};

static struct device usb_mouse_intf = {
	.parent = &usb_mouse,
	.bus_id = "2-2:1.0",
};

static struct input_dev usb_mouse_input = {
	.name = "USB Optical Mouse",
	.dev = &usb_mouse_intf,
};

static struct input_handle *mousedev_handle;
static int mousedev_mix_registered;

static struct input_handle *mousedev_connect(struct input_dev *dev)
{
	struct mousedev *mousedev;
	int minor;

	for (minor = 0; minor < MOUSEDEV_MINORS; minor++)
		if (!mousedev_table[minor].exist)
			break;
	if (minor == MOUSEDEV_MINORS) {
		printk(KERN_ERR "mousedev: all %d minors in use\n",
		       MOUSEDEV_MINORS);
		return NULL;
	}

	mousedev = &mousedev_table[minor];
	mousedev->exist = 1;
	mousedev->minor = minor;
	snprintf(mousedev->name, sizeof(mousedev->name), "mouse%d", minor);
	mousedev->handle.dev = dev;
	mousedev->handle.name = mousedev->name;
	mousedev->handle.private = mousedev;

	class_device_create(input_class,
			MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + minor),
			dev->dev, "mouse%d", minor);

	return &mousedev->handle;
}

static void mousedev_disconnect(struct input_handle *handle)
{
	struct mousedev *mousedev = handle->private;

	class_device_destroy(input_class,
		MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + mousedev->minor));
	mousedev->exist = 0;
}

static int __init mousedev_init(void)
{
	if (!input_class)
		return -ENODEV;

	/* the mix device takes the last minor, never a device's */
	mousedev_table[MOUSEDEV_MIX].exist = 1;
	mousedev_table[MOUSEDEV_MIX].minor = MOUSEDEV_MIX;

	class_device_create(input_class,
			MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + MOUSEDEV_MIX), NULL, "mice");
	mousedev_mix_registered = 1;

	mousedev_handle = mousedev_connect(&usb_mouse_input);
	return 0;
}

static void __exit mousedev_exit(void)
{
	if (mousedev_handle)
		mousedev_disconnect(mousedev_handle);
	mousedev_handle = NULL;
	if (mousedev_mix_registered)
		class_device_destroy(input_class,
			MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + MOUSEDEV_MIX));
	mousedev_mix_registered = 0;
}

module_init(mousedev_init);
module_exit(mousedev_exit);
MODULE_LICENSE("GPL");
