/*
 * drivers/net/ppp/ppp_generic.c - kmigrate fixture: the ppp class
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
#include <linux/kdev_t.h>

#define PPP_MAJOR	108

static struct class *ppp_class;

static int __init ppp_init(void)
{
	int err;

	ppp_class = class_create(THIS_MODULE, "ppp");
	if (IS_ERR(ppp_class)) {
		err = PTR_ERR(ppp_class);
		goto out_chrdev;
	}

	/* not a big deal if we fail here :-) */
	device_create(ppp_class, NULL, MKDEV(PPP_MAJOR, 0), NULL, "ppp");
	return 0;

out_chrdev:
	pr_err("failed to register PPP device (%d)\n", err);
	return err;
}

static void __exit ppp_cleanup(void)
{
	if (IS_ERR_OR_NULL(ppp_class))
		return;
	device_destroy(ppp_class, MKDEV(PPP_MAJOR, 0));
	class_destroy(ppp_class);
}

module_init(ppp_init);
module_exit(ppp_cleanup);
MODULE_LICENSE("GPL");
