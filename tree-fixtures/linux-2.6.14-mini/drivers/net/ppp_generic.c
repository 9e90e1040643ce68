/*
 * drivers/net/ppp_generic.c - kmigrate fixture: the PPP control node
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

#define PPP_MAJOR	108

static struct class *ppp_class;
static int ppp_chrdev_registered;

/* stands for claiming the character major */
static int ppp_register_chrdev(void)
{
	ppp_chrdev_registered = 1;
	return 0;
}

static int __init ppp_init(void)
{
	int err;

	err = ppp_register_chrdev();
	if (!err) {
		ppp_class = class_create(THIS_MODULE, "ppp");
		if (IS_ERR(ppp_class)) {
			err = PTR_ERR(ppp_class);
			goto out_chrdev;
		}
		class_device_create(ppp_class, MKDEV(PPP_MAJOR, 0), NULL, "ppp");
	}
	return err;

out_chrdev:
	ppp_chrdev_registered = 0;
	ppp_class = NULL;
	return err;
}

static void __exit ppp_cleanup(void)
{
	if (ppp_class) {
		class_device_destroy(ppp_class, MKDEV(PPP_MAJOR, 0));
		class_destroy(ppp_class);
	}
	ppp_chrdev_registered = 0;
}

module_init(ppp_init);
module_exit(ppp_cleanup);
MODULE_LICENSE("GPL");
