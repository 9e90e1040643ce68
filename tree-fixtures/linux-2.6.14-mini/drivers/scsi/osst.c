/*
 * drivers/scsi/osst.c - kmigrate fixture: OnStream SCSI tape drives, a
 * rewinding and a non-rewinding node per drive
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

#define OSST_MAJOR	206

struct osst_tape {
	char name[8];
	int nodes;		/* class devices registered */
};

static struct osst_tape osst_tape0 = {
	.name = "osst0",
};

static struct device scsi_host1 = {
	.bus_id = "host1",
};

static struct device osst_scsi_dev = {
	.parent = &scsi_host1,
	.bus_id = "1:0:5:0",
};

static int osst_sysfs_valid;
static struct class *osst_sysfs_class;

static void osst_sysfs_add(dev_t dev, struct device *device,
			   struct osst_tape *STp, char *name)
{
	struct class_device *osst_class_member;

	if (!osst_sysfs_valid)
		return;

	osst_class_member = class_device_create(osst_sysfs_class, dev, device, "%s", name);
	if (IS_ERR(osst_class_member)) {
		printk(KERN_WARNING "osst: no class device for %s\n", name);
		return;
	}
	STp->nodes++;
}

static int __init init_osst(void)
{
	char name[16];

	osst_sysfs_class = class_create(THIS_MODULE, "onstream_tape");
	if (IS_ERR(osst_sysfs_class))
		return PTR_ERR(osst_sysfs_class);
	osst_sysfs_valid = 1;

	osst_sysfs_add(MKDEV(OSST_MAJOR, 0), &osst_scsi_dev, &osst_tape0,
		       osst_tape0.name);
	snprintf(name, sizeof(name), "n%s", osst_tape0.name);
	osst_sysfs_add(MKDEV(OSST_MAJOR, 128), &osst_scsi_dev, &osst_tape0,
		       name);
	return 0;
}

static void __exit exit_osst(void)
{
	if (!osst_sysfs_valid)
		return;
	class_device_destroy(osst_sysfs_class, MKDEV(OSST_MAJOR, 128));
	class_device_destroy(osst_sysfs_class, MKDEV(OSST_MAJOR, 0));
	class_destroy(osst_sysfs_class);
	osst_sysfs_valid = 0;
}

module_init(init_osst);
module_exit(exit_osst);
MODULE_LICENSE("GPL");
