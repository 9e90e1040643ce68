/*
 * drivers/char/ppdev.c - kmigrate fixture: user-space access to parallel
 * ports
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  Only the class
 * registration keeps the shape of the 6.3 call it stands for: the name
 * is the driver's CHRDEV macro.  The code around it is a minimal
 * stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

#define CHRDEV "ppdev"

static struct class *ppdev_class;

static int __init ppdev_init(void)
{
	int err = 0;

	ppdev_class = class_create(THIS_MODULE, CHRDEV);
	if (IS_ERR(ppdev_class)) {
		err = PTR_ERR(ppdev_class);
		goto out;
	}
	pr_info(CHRDEV ": user-space parallel port driver\n");
out:
	return err;
}

static void __exit ppdev_cleanup(void)
{
	if (!IS_ERR_OR_NULL(ppdev_class))
		class_destroy(ppdev_class);
}

module_init(ppdev_init);
module_exit(ppdev_cleanup);
MODULE_LICENSE("GPL");
