/*
 * drivers/net/ppp_generic.c - kmigrate fixture: the PPP control node
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for;
 * the code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define PPP_MAJOR	108

static struct class *ppp_class;

static int __init ppp_init(void)
{
	int err = 0;

	ppp_class = class_create(THIS_MODULE, "ppp");
	if (IS_ERR(ppp_class)) {
		err = PTR_ERR(ppp_class);
		goto out;
	}
	device_create(ppp_class, NULL, MKDEV(PPP_MAJOR, 0), "ppp");

out:
	if (err)
		printk(KERN_ERR "failed to register PPP device (%d)\n", err);
	return err;
}

static void __exit ppp_cleanup(void)
{
	if (!ppp_class || IS_ERR(ppp_class))
		return;
	device_destroy(ppp_class, MKDEV(PPP_MAJOR, 0));
	class_destroy(ppp_class);
}

module_init(ppp_init);
module_exit(ppp_cleanup);
MODULE_LICENSE("GPL");
