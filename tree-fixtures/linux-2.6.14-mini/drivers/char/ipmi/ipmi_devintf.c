/*
 * drivers/char/ipmi/ipmi_devintf.c - kmigrate fixture: one node per IPMI
 * system interface
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

#define IPMI_INTERFACES	1

static int ipmi_major = 254;
static struct class *ipmi_class;

/* called for each system interface the message handler finds */
static void ipmi_new_smi(int if_num)
{
	dev_t dev = MKDEV(ipmi_major, if_num);

	class_device_create(ipmi_class, dev, NULL, "ipmi%d", if_num);
}

static void ipmi_smi_gone(int if_num)
{
	class_device_destroy(ipmi_class, MKDEV(ipmi_major, if_num));
}

static int __init init_ipmi_devintf(void)
{
	int if_num;

	ipmi_class = class_create(THIS_MODULE, "ipmi");
	if (IS_ERR(ipmi_class))
		return PTR_ERR(ipmi_class);
	for (if_num = 0; if_num < IPMI_INTERFACES; if_num++)
		ipmi_new_smi(if_num);
	return 0;
}

static void __exit cleanup_ipmi(void)
{
	int if_num;

	if (!ipmi_class || IS_ERR(ipmi_class))
		return;
	for (if_num = 0; if_num < IPMI_INTERFACES; if_num++)
		ipmi_smi_gone(if_num);
	class_destroy(ipmi_class);
}

module_init(init_ipmi_devintf);
module_exit(cleanup_ipmi);
MODULE_LICENSE("GPL");
