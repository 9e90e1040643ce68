/*
 * drivers/usb/core/hcd.c - kmigrate fixture: USB host controllers, one
 * class device (without a device number) per bus
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  The class devices have no device number, so
 * this fixture registers a single bus: class_device_destroy() finds a
 * class device by its number.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define USB_MAXBUS	64

struct usb_bus {
	int busnum;
	struct device *controller;
	struct class_device *class_dev;
};

static unsigned char busmap[USB_MAXBUS];
static struct class *usb_host_class;

static struct device pci_root = {
	.bus_id = "pci0000:00",
};

static struct device ohci_hcd = {
	.parent = &pci_root,
	.bus_id = "0000:00:02.0",
};

static struct usb_bus ohci_bus = {
	.controller = &ohci_hcd,
};

/* gives a new bus its number and its class device */
static int usb_register_bus(struct usb_bus *bus)
{
	int busnum;

	for (busnum = 1; busnum < USB_MAXBUS; busnum++)
		if (!busmap[busnum])
			break;
	if (busnum == USB_MAXBUS) {
		printk(KERN_ERR "usb: too many buses\n");
		return -E2BIG;
	}
	busmap[busnum] = 1;
	bus->busnum = busnum;

	bus->class_dev = class_device_create(usb_host_class, MKDEV(0,0), bus->controller, "usb_host%d", busnum);
	if (IS_ERR(bus->class_dev)) {
		busmap[busnum] = 0;
		return PTR_ERR(bus->class_dev);
	}
	return 0;
}

static void usb_deregister_bus(struct usb_bus *bus)
{
	if (!bus->class_dev || IS_ERR(bus->class_dev))
		return;
	class_device_destroy(usb_host_class, MKDEV(0, 0));
	busmap[bus->busnum] = 0;
	bus->class_dev = NULL;
}

static int __init usb_host_init(void)
{
	usb_host_class = class_create(THIS_MODULE, "usb_host");
	if (IS_ERR(usb_host_class))
		return PTR_ERR(usb_host_class);
	return usb_register_bus(&ohci_bus);
}

static void __exit usb_host_cleanup(void)
{
	if (!usb_host_class || IS_ERR(usb_host_class))
		return;
	usb_deregister_bus(&ohci_bus);
	class_destroy(usb_host_class);
}

module_init(usb_host_init);
module_exit(usb_host_cleanup);
MODULE_LICENSE("GPL");
