/*
 * drivers/char/ipmi/ipmi_devintf.c - kmigrate fixture: one node per IPMI
 * interface
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  ipmi_make_node()
 * hands two strings on to the driver core: in the old form they are the
 * format and its argument, in the new form the driver data and the
 * format.  Both forms compile, so nothing in the call tells which one it
 * is.  The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define IPMI_NR_INTERFACES	2

static int ipmi_major = 248;
static struct class *ipmi_class;

static char *ipmi_if_names[IPMI_NR_INTERFACES] = { "0", "1" };

static void ipmi_make_node(dev_t dev, char *label, char *name)
{
	device_create(ipmi_class, NULL, dev, label, name);
}

static int __init init_ipmi_devintf(void)
{
	int i;

	ipmi_class = class_create(THIS_MODULE, "ipmi");
	if (IS_ERR(ipmi_class))
		return PTR_ERR(ipmi_class);
	for (i = 0; i < IPMI_NR_INTERFACES; i++)
		ipmi_make_node(MKDEV(ipmi_major, i), "ipmi%s",
			       ipmi_if_names[i]);
	return 0;
}

static void __exit cleanup_ipmi(void)
{
	int i;

	if (!ipmi_class || IS_ERR(ipmi_class))
		return;
	for (i = 0; i < IPMI_NR_INTERFACES; i++)
		device_destroy(ipmi_class, MKDEV(ipmi_major, i));
	class_destroy(ipmi_class);
}

module_init(init_ipmi_devintf);
module_exit(cleanup_ipmi);
MODULE_LICENSE("GPL");
