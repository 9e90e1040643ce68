/*
 * drivers/message/i2o/iop.c - kmigrate fixture: I2O controllers, one
 * class device (without a device number) per controller
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  The call passes a plain 0 as device number; the
 * hand-written conversion turns it into MKDEV(0,0).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

struct i2o_controller {
	char name[16];
	int unit;
	int enabled;
	struct device device;
	struct class_device *classdev;
};

static struct device pci_root = {
	.bus_id = "pci0000:00",
};

static struct i2o_controller i2o_iop0 = {
	.name = "iop0",
	.unit = 0,
	.enabled = 1,
	.device = {
		.parent = &pci_root,
		.bus_id = "iop0",
	},
};

static struct class *i2o_controller_class;

/* called when the PCI layer finds a controller */
static int i2o_iop_add(struct i2o_controller *c)
{
	int rc = 0;

	if (!c->enabled) {
		rc = -ENODEV;
		goto iop_reset;
	}

	c->classdev = class_device_create(i2o_controller_class, NULL, 0,
			&c->device, "iop%d", c->unit);
	if (IS_ERR(c->classdev)) {
		printk(KERN_ERR "%s: no class device for the controller\n",
		       c->name);
		rc = PTR_ERR(c->classdev);
		c->classdev = NULL;
		goto iop_reset;
	}
	return 0;

iop_reset:
	c->enabled = 0;
	return rc;
}

static int __init i2o_iop_init(void)
{
	i2o_controller_class = class_create(THIS_MODULE, "i2o_controller");
	if (IS_ERR(i2o_controller_class))
		return PTR_ERR(i2o_controller_class);
	return i2o_iop_add(&i2o_iop0);
}

static void __exit i2o_iop_exit(void)
{
	if (!i2o_controller_class || IS_ERR(i2o_controller_class))
		return;
	if (i2o_iop0.classdev)
		class_device_destroy(i2o_controller_class, MKDEV(0, 0));
	i2o_iop0.classdev = NULL;
	class_destroy(i2o_controller_class);
}

module_init(i2o_iop_init);
module_exit(i2o_iop_exit);
MODULE_LICENSE("GPL");
