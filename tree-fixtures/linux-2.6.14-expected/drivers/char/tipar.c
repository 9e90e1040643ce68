/*
 * drivers/char/tipar.c - kmigrate fixture: parallel link cables for TI
 * graphing calculators, one node per parallel port
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
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define TIPAR_MAJOR	115
#define TIPAR_MINOR	0
#define PP_NO		1

struct parport {
	int number;
};

static struct parport tipar_ports[PP_NO] = {
	{ 0 },
};

static int tipar_registered[PP_NO];
static struct class *tipar_class;

static int tipar_register(int nr, struct parport *port)
{
	int err = 0;

	if (!port) {
		err = -ENXIO;
		goto out;
	}

	class_device_create(tipar_class, NULL, MKDEV(TIPAR_MAJOR,
			TIPAR_MINOR + nr), NULL, "par%d", nr);
	tipar_registered[nr] = 1;
out:
	return err;
}

static int __init tipar_init_module(void)
{
	int nr;

	tipar_class = class_create(THIS_MODULE, "ticables");
	if (IS_ERR(tipar_class))
		return PTR_ERR(tipar_class);
	for (nr = 0; nr < PP_NO; nr++)
		tipar_register(nr, &tipar_ports[nr]);
	return 0;
}

static void __exit tipar_cleanup_module(void)
{
	int nr;

	if (!tipar_class || IS_ERR(tipar_class))
		return;
	for (nr = 0; nr < PP_NO; nr++) {
		int minor = TIPAR_MINOR + nr;

		if (tipar_registered[nr])
			class_device_destroy(tipar_class,
					     MKDEV(TIPAR_MAJOR, minor));
	}
	class_destroy(tipar_class);
}

module_init(tipar_init_module);
module_exit(tipar_cleanup_module);
MODULE_LICENSE("GPL");
