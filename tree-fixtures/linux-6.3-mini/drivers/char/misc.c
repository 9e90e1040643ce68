/*
 * drivers/char/misc.c - kmigrate fixture: the misc class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  Only the class
 * registration keeps the shape of the 6.3 call it stands for; the code
 * around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/errno.h>

static struct class *misc_class;
static int misc_registered;

static int misc_register_major(void)
{
	misc_registered = 1;
	return 0;
}

static int __init misc_init(void)
{
	int err;

	misc_class = class_create(THIS_MODULE, "misc");
	err = PTR_ERR(misc_class);
	if (IS_ERR(misc_class))
		goto fail_remove;

	err = -EIO;
	if (misc_register_major())
		goto fail_printk;
	return 0;

fail_printk:
	pr_err("unable to get major for misc devices\n");
	class_destroy(misc_class);
fail_remove:
	misc_class = NULL;
	return err;
}

static void __exit misc_exit(void)
{
	if (misc_class)
		class_destroy(misc_class);
}

module_init(misc_init);
module_exit(misc_exit);
MODULE_LICENSE("GPL");
