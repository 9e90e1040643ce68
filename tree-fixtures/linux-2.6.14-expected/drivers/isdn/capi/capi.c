/*
 * drivers/isdn/capi/capi.c - kmigrate fixture: the CAPI 2.0 interface node
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

static int capi_major = 68;
static struct class *capi_class;

static int __init capi_init(void)
{
	capi_class = class_create(THIS_MODULE, "capi");
	if (IS_ERR(capi_class)) {
		printk(KERN_ERR "capi20: cannot create class\n");
		return PTR_ERR(capi_class);
	}

	class_device_create(capi_class, NULL, MKDEV(capi_major, 0), NULL,
			    "capi");

	return 0;
}

static void __exit capi_exit(void)
{
	if (!capi_class || IS_ERR(capi_class))
		return;
	class_device_destroy(capi_class, MKDEV(capi_major, 0));
	class_destroy(capi_class);
}

module_init(capi_init);
module_exit(capi_exit);
MODULE_LICENSE("GPL");
