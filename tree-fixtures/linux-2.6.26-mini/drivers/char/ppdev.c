/*
 * drivers/char/ppdev.c - kmigrate fixture: user-space access to parallel
 * ports
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for;
 * the code around it is a minimal stand-in.  The function's name is also
 * in a comment and in a message: neither is a call.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define PP_MAJOR	99
#define PP_NR_PORTS	2

struct parport {
	int number;
	struct device *dev;
};

static struct device pp_port_devs[PP_NR_PORTS] = {
	{ .bus_id = "parport0" },
	{ .bus_id = "parport1" },
};

static struct parport pp_ports[PP_NR_PORTS] = {
	{ .number = 0, .dev = &pp_port_devs[0] },
	{ .number = 1, .dev = &pp_port_devs[1] },
};

static struct class *ppdev_class;

static void pp_attach(struct parport *port)
{
	struct device *dev;

	/*
	 * device_create() hands back an ERR_PTR() on failure, never NULL;
	 * a port without its node still works through the old numbers.
	 */
	dev = device_create(ppdev_class, port->dev, MKDEV(PP_MAJOR, port->number), "parport%d", port->number);
	if (IS_ERR(dev))
		printk(KERN_WARNING "ppdev: device_create failed, parport%d\n",
		       port->number);
}

static void pp_detach(struct parport *port)
{
	device_destroy(ppdev_class, MKDEV(PP_MAJOR, port->number));
}

static int __init ppdev_init(void)
{
	int i;

	ppdev_class = class_create(THIS_MODULE, "ppdev");
	if (IS_ERR(ppdev_class))
		return PTR_ERR(ppdev_class);
	for (i = 0; i < PP_NR_PORTS; i++)
		pp_attach(&pp_ports[i]);
	return 0;
}

static void __exit ppdev_cleanup(void)
{
	int i;

	if (!ppdev_class || IS_ERR(ppdev_class))
		return;
	for (i = 0; i < PP_NR_PORTS; i++)
		pp_detach(&pp_ports[i]);
	class_destroy(ppdev_class);
}

module_init(ppdev_init);
module_exit(ppdev_cleanup);
MODULE_LICENSE("GPL");
