/*
 * drivers/hid/hidraw.c - kmigrate fixture: the hidraw class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  The class
 * registration is in the body of a macro, HIDRAW_NEW_CLASS(), that also
 * turns the result into an error code: the call is in one place, the use
 * holds no call of its own.  The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

#define HIDRAW_NEW_CLASS(cls, name, err)				\
	do {								\
		(cls) = class_create(THIS_MODULE, name);		\
		(err) = IS_ERR(cls) ? PTR_ERR(cls) : 0;			\
	} while (0)

static struct class *hidraw_class;

static int __init hidraw_init(void)
{
	int result;

	HIDRAW_NEW_CLASS(hidraw_class, "hidraw", result);
	if (result)
		hidraw_class = NULL;
	return result;
}

static void __exit hidraw_exit(void)
{
	if (hidraw_class)
		class_destroy(hidraw_class);
}

module_init(hidraw_init);
module_exit(hidraw_exit);
MODULE_LICENSE("GPL");
