/*
 * drivers/hid/hidraw.c - kmigrate fixture: the hidraw class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  The class is created
 * in an argument of a macro, HIDRAW_SET_CLASS(), that keeps it and turns
 * it into an error code: an ordinary call at the macro's use; the macro's
 * body holds no call.  The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

#define HIDRAW_SET_CLASS(cls, created, err)				\
	do {								\
		(cls) = (created);					\
		(err) = IS_ERR(cls) ? PTR_ERR(cls) : 0;			\
	} while (0)

static struct class *hidraw_class;

static int __init hidraw_init(void)
{
	int result;

	HIDRAW_SET_CLASS(hidraw_class, class_create(THIS_MODULE, "hidraw"),
			 result);
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
