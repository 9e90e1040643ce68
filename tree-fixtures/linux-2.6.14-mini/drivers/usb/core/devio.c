/*
 * drivers/usb/core/devio.c - kmigrate fixture: the usbfs device nodes, one
 * per USB device
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
#include <linux/kdev_t.h>
#include <linux/device.h>

#define USB_DEVICE_MAJOR	189

struct usb_bus {
	int busnum;
	struct device *controller;
};

struct usb_device {
	int devnum;
	struct usb_bus *bus;
	struct device dev;
	struct class_device *class_dev;
};

static struct device pci_root = {
	.bus_id = "pci0000:00",
};

static struct device ehci_hcd = {
	.parent = &pci_root,
	.bus_id = "0000:00:1d.7",
};

static struct device usb1 = {
	.parent = &ehci_hcd,
	.bus_id = "usb1",
};

static struct usb_bus usb_bus1 = {
	.busnum = 1,
	.controller = &ehci_hcd,
};

static struct usb_device usb_flash = {
	.devnum = 2,
	.bus = &usb_bus1,
	.dev = {
		.parent = &usb1,
		.bus_id = "1-1",
	},
};

static struct class *usb_device_class;

static int usbdev_minor(struct usb_device *dev)
{
	return ((dev->bus->busnum - 1) * 128) + (dev->devnum - 1);
}

/* called by the USB core for each device it enumerates */
static void usbdev_add(struct usb_device *dev)
{
	int minor = usbdev_minor(dev);

	dev->class_dev = class_device_create(usb_device_class,
				MKDEV(USB_DEVICE_MAJOR, minor), &dev->dev,
				"usbdev%d.%d", dev->bus->busnum, dev->devnum);

	if (IS_ERR(dev->class_dev))
		dev->class_dev = NULL;
	else
		dev->dev.driver_data = dev->class_dev;
}

static void usbdev_remove(struct usb_device *dev)
{
	if (!dev->class_dev)
		return;
	class_device_destroy(usb_device_class,
			     MKDEV(USB_DEVICE_MAJOR, usbdev_minor(dev)));
	dev->class_dev = NULL;
}

static int __init usbdev_init(void)
{
	usb_device_class = class_create(THIS_MODULE, "usb_device");
	if (IS_ERR(usb_device_class))
		return PTR_ERR(usb_device_class);
	usbdev_add(&usb_flash);
	return 0;
}

static void __exit usbdev_cleanup(void)
{
	if (!usb_device_class || IS_ERR(usb_device_class))
		return;
	usbdev_remove(&usb_flash);
	class_destroy(usb_device_class);
}

module_init(usbdev_init);
module_exit(usbdev_cleanup);
MODULE_LICENSE("GPL");
