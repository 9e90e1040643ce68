/*
 * drivers/char/lp.c - kmigrate fixture: the line printer nodes
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registrations keep the shape of the 2.6.26 calls they stand
 * for; the code around them is a minimal stand-in.  A console printer's
 * node has a name of its own: one call in each branch of the #ifdef, and
 * only one of them is ever compiled.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define LP_MAJOR	6
#define LP_NO		2

static struct class *lp_class;
static struct device lp_ports[LP_NO] = {
	{ .bus_id = "parport0" },
	{ .bus_id = "parport1" },
};

static void lp_attach(struct device *port, int nr)
{
#ifdef CONFIG_LP_CONSOLE
	device_create(lp_class, port, MKDEV(LP_MAJOR, nr), "lpcon%d", nr);
#else
	device_create(lp_class, port, MKDEV(LP_MAJOR, nr), "lp%d", nr);
#endif
}

static int __init lp_init(void)
{
	int i;

	lp_class = class_create(THIS_MODULE, "printer");
	if (IS_ERR(lp_class))
		return PTR_ERR(lp_class);
	for (i = 0; i < LP_NO; i++)
		lp_attach(&lp_ports[i], i);
	return 0;
}

static void __exit lp_cleanup(void)
{
	int i;

	if (!lp_class || IS_ERR(lp_class))
		return;
	for (i = 0; i < LP_NO; i++)
		device_destroy(lp_class, MKDEV(LP_MAJOR, i));
	class_destroy(lp_class);
}

module_init(lp_init);
module_exit(lp_cleanup);
MODULE_LICENSE("GPL");
