/*
 * drivers/usb/core/file.c - kmigrate fixture: the usbmisc class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  Only the class
 * registration keeps the shape of the 6.3 call it stands for; the code
 * around it is a minimal stand-in.  The function's name is also in a
 * message, which is not a call.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct usb_class {
	struct class *class;
	int refcount;
} usb_class_state;

static int init_usb_class(void)
{
	int result = 0;

	usb_class_state.refcount = 1;
	usb_class_state.class = class_create(THIS_MODULE, "usbmisc");
	if (IS_ERR(usb_class_state.class)) {
		result = PTR_ERR(usb_class_state.class);
		pr_err("class_create failed for usb devices\n");
		usb_class_state.class = NULL;
		usb_class_state.refcount = 0;
	}
	return result;
}

static int __init usb_major_init(void)
{
	return init_usb_class();
}

static void __exit usb_major_cleanup(void)
{
	if (usb_class_state.class)
		class_destroy(usb_class_state.class);
	usb_class_state.refcount = 0;
}

module_init(usb_major_init);
module_exit(usb_major_cleanup);
MODULE_LICENSE("GPL");
