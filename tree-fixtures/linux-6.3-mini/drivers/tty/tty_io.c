/*
 * drivers/tty/tty_io.c - kmigrate fixture: the tty class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  Only the class
 * registration keeps the shape of the 6.3 call it stands for; the code
 * around it is a minimal stand-in.  Its error check is
 * PTR_ERR_OR_ZERO().
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct class *tty_class;

static int __init tty_class_init(void)
{
	tty_class = class_create(THIS_MODULE, "tty");
	return PTR_ERR_OR_ZERO(tty_class);
}

static void __exit tty_class_exit(void)
{
	if (!IS_ERR_OR_NULL(tty_class))
		class_destroy(tty_class);
}

module_init(tty_class_init);
module_exit(tty_class_exit);
MODULE_LICENSE("GPL");
