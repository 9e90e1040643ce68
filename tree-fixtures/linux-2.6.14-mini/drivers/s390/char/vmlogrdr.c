/*
 * drivers/s390/char/vmlogrdr.c - kmigrate fixture: the z/VM log readers,
 * one node per *LOGREC, *ACCOUNT, ... system service
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for,
 * one argument per line; seed patch 2/8 shows the call only up to its
 * device argument, and the last line here is a plausible completion.
 * The code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  Seed patch 2/8 converted this call wrongly
 * (NULL as the class, the class as the parent); a correct conversion
 * inserts NULL after the class.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define MAXMINOR	2

struct vmlogrdr_priv_t {
	char system_service[9];
	char internal_name[8];
	int minor_num;
	struct device *device;
	struct class_device *class_device;
};

static struct vmlogrdr_priv_t sys_ser[MAXMINOR] = {
	{ .system_service = "*LOGREC ", .internal_name = "logrec",
	  .minor_num = 0 },
	{ .system_service = "*ACCOUNT", .internal_name = "account",
	  .minor_num = 1 },
};

static struct device iucv_root = {
	.bus_id = "iucv",
};

static struct device vmlogrdr_devices[MAXMINOR];

static int vmlogrdr_major = 251;
static struct class *vmlogrdr_class;

/* the iucv device of a service, named after it */
static struct device *vmlogrdr_register_iucv(struct vmlogrdr_priv_t *priv)
{
	struct device *dev = &vmlogrdr_devices[priv->minor_num];

	dev->parent = &iucv_root;
	snprintf(dev->bus_id, BUS_ID_SIZE, "%s", priv->internal_name);
	dev->driver_data = priv;
	return dev;
}

static int vmlogrdr_register_device(struct vmlogrdr_priv_t *priv)
{
	struct device *dev;
	int ret;

	dev = vmlogrdr_register_iucv(priv);
	if (!dev)
		return -ENOMEM;
	priv->class_device = class_device_create(
				vmlogrdr_class,
				MKDEV(vmlogrdr_major, priv->minor_num),
				dev,
				"%s", dev->bus_id);
	if (IS_ERR(priv->class_device)) {
		ret = PTR_ERR(priv->class_device);
		priv->class_device = NULL;
		return ret;
	}
	priv->device = dev;
	return 0;
}

static int __init vmlogrdr_init(void)
{
	int i, rc;

	vmlogrdr_class = class_create(THIS_MODULE, "vmlogrdr");
	if (IS_ERR(vmlogrdr_class))
		return PTR_ERR(vmlogrdr_class);
	for (i = 0; i < MAXMINOR; i++) {
		rc = vmlogrdr_register_device(&sys_ser[i]);
		if (rc)
			return rc;
	}
	return 0;
}

static void __exit vmlogrdr_cleanup(void)
{
	int i;

	if (!vmlogrdr_class || IS_ERR(vmlogrdr_class))
		return;
	for (i = 0; i < MAXMINOR; i++)
		if (sys_ser[i].class_device)
			class_device_destroy(vmlogrdr_class,
				MKDEV(vmlogrdr_major, sys_ser[i].minor_num));
	class_destroy(vmlogrdr_class);
}

module_init(vmlogrdr_init);
module_exit(vmlogrdr_cleanup);
MODULE_LICENSE("GPL");
