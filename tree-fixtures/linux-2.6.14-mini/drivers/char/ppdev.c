/*
 * drivers/char/ppdev.c - kmigrate fixture: user-space access to parallel
 * ports, one node per port
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

#define PP_MAJOR	99
#define PP_NR_PORTS	2

struct parport {
	int number;
	char name[16];
};

static struct parport pp_ports[PP_NR_PORTS] = {
	{ 0, "parport0" },
	{ 1, "parport1" },
};

static struct class *ppdev_class;

/* called by the parport layer for each port it knows */
static void pp_attach(struct parport *port)
{
	class_device_create(ppdev_class, MKDEV(PP_MAJOR, port->number),
			NULL, "parport%d", port->number);
}

static void pp_detach(struct parport *port)
{
	class_device_destroy(ppdev_class, MKDEV(PP_MAJOR, port->number));
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
