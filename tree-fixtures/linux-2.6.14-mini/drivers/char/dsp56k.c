/*
 * drivers/char/dsp56k.c - kmigrate fixture: the Atari DSP56001 device
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

#define DSP56K_MAJOR	55

static struct class *dsp56k_class;

static int __init dsp56k_init_driver(void)
{
	int err = 0;

	dsp56k_class = class_create(THIS_MODULE, "dsp56k");
	if (IS_ERR(dsp56k_class)) {
		err = PTR_ERR(dsp56k_class);
		goto out;
	}
	class_device_create(dsp56k_class, MKDEV(DSP56K_MAJOR, 0), NULL, "dsp56k");

out:
	return err;
}

static void __exit dsp56k_cleanup_driver(void)
{
	if (!dsp56k_class || IS_ERR(dsp56k_class))
		return;
	class_device_destroy(dsp56k_class, MKDEV(DSP56K_MAJOR, 0));
	class_destroy(dsp56k_class);
}

module_init(dsp56k_init_driver);
module_exit(dsp56k_cleanup_driver);
MODULE_LICENSE("GPL");
