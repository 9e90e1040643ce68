/*
 * drivers/usb/core/file.c - kmigrate fixture: the minors that USB drivers
 * take in the USB major, one class device per interface that asks
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

#define USB_MAJOR		180
#define MAX_USB_MINORS		256

struct usb_class_driver {
	char *name;		/* "usb/lp": the node drops "usb/" */
	int minor_base;
};

struct usb_interface {
	int minor;
	struct device dev;
	struct class_device *class_dev;
};

static struct usb_interface *usb_minors[MAX_USB_MINORS];
static struct class *usb_class;

static struct device usb4 = {
	.bus_id = "usb4",
};

static struct device usb_printer = {
	.parent = &usb4,
	.bus_id = "4-1",
};

static struct usb_interface usb_printer_intf = {
	.minor = -1,
	.dev = {
		.parent = &usb_printer,
		.bus_id = "4-1:1.0",
	},
};

static struct usb_class_driver usblp_class = {
	.name = "usb/lp",
	.minor_base = 0,
};

static int usb_register_dev(struct usb_interface *intf,
			    struct usb_class_driver *class_driver)
{
	int minor;
	char name[BUS_ID_SIZE];
	char *temp;
	char *p;

	for (minor = class_driver->minor_base; minor < MAX_USB_MINORS; ++minor)
		if (!usb_minors[minor])
			break;
	if (minor == MAX_USB_MINORS)
		return -ENFILE;
	usb_minors[minor] = intf;
	intf->minor = minor;

	/* the class device is named after the last part of the name */
	snprintf(name, BUS_ID_SIZE, "%s%d", class_driver->name,
		 minor - class_driver->minor_base);
	temp = NULL;
	for (p = name; *p; p++)
		if (*p == '/')
			temp = p;
	if (temp && (temp[1] != 0x00))
		++temp;
	else
		temp = name;
	intf->class_dev = class_device_create(usb_class, MKDEV(USB_MAJOR, minor), &intf->dev, "%s", temp);
	if (IS_ERR(intf->class_dev)) {
		usb_minors[intf->minor] = NULL;
		intf->minor = -1;
		return PTR_ERR(intf->class_dev);
	}
	return 0;
}

static void usb_deregister_dev(struct usb_interface *intf)
{
	if (intf->minor == -1)
		return;
	class_device_destroy(usb_class, MKDEV(USB_MAJOR, intf->minor));
	usb_minors[intf->minor] = NULL;
	intf->class_dev = NULL;
	intf->minor = -1;
}

static int __init usb_major_init(void)
{
	usb_class = class_create(THIS_MODULE, "usb");
	if (IS_ERR(usb_class))
		return PTR_ERR(usb_class);
	return usb_register_dev(&usb_printer_intf, &usblp_class);
}

static void __exit usb_major_cleanup(void)
{
	if (!usb_class || IS_ERR(usb_class))
		return;
	usb_deregister_dev(&usb_printer_intf);
	class_destroy(usb_class);
}

module_init(usb_major_init);
module_exit(usb_major_cleanup);
MODULE_LICENSE("GPL");
