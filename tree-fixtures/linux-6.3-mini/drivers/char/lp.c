/*
 * drivers/char/lp.c - kmigrate fixture: the printer class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  The class is named
 * after the transfer mode the driver was built for: one class
 * registration in each branch of the #ifdef, and only one of them is
 * ever compiled.  The code around them is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct class *lp_class;

static int __init lp_init(void)
{
#ifdef CONFIG_PARPORT_1284
	lp_class = class_create(THIS_MODULE, "printer");
#else
	lp_class = class_create(THIS_MODULE, "lp");
#endif
	if (IS_ERR(lp_class))
		return PTR_ERR(lp_class);
	return 0;
}

static void __exit lp_cleanup(void)
{
	if (!IS_ERR_OR_NULL(lp_class))
		class_destroy(lp_class);
}

module_init(lp_init);
module_exit(lp_cleanup);
MODULE_LICENSE("GPL");
