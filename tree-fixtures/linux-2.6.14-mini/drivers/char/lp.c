/*
 * drivers/char/lp.c - kmigrate fixture: one printer node per parallel
 * port
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

#define LP_MAJOR	6
#define LP_NO		1

struct parport {
	int number;
	char name[16];
};

struct lp_struct {
	struct parport *port;
	int flags;
};

static struct parport lp_parports[LP_NO] = {
	{ 0, "parport0" },
};

static struct lp_struct lp_table[LP_NO];
static int reset;
static struct class *lp_class;

static void lp_reset(int minor)
{
	lp_table[minor].flags = 0;
}

static int lp_register(int nr, struct parport *port)
{
	if (port == NULL)
		return -ENXIO;
	lp_table[nr].port = port;

	if (reset)
		lp_reset(nr);

	class_device_create(lp_class, MKDEV(LP_MAJOR, nr), NULL,
				"lp%d", nr);
	return 0;
}

static int __init lp_init(void)
{
	int nr;

	lp_class = class_create(THIS_MODULE, "printer");
	if (IS_ERR(lp_class))
		return PTR_ERR(lp_class);
	for (nr = 0; nr < LP_NO; nr++)
		lp_register(nr, &lp_parports[nr]);
	return 0;
}

static void __exit lp_cleanup_module(void)
{
	int nr;

	if (!lp_class || IS_ERR(lp_class))
		return;
	for (nr = 0; nr < LP_NO; nr++)
		if (lp_table[nr].port)
			class_device_destroy(lp_class, MKDEV(LP_MAJOR, nr));
	class_destroy(lp_class);
}

module_init(lp_init);
module_exit(lp_cleanup_module);
MODULE_LICENSE("GPL");
