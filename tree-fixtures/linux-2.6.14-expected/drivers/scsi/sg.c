/*
 * drivers/scsi/sg.c - kmigrate fixture: the SCSI generic nodes, one per
 * SCSI device
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  struct class_device is opaque in this tree, so
 * the SCSI device's own class node is stood for by struct sg_scsi_node.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define SCSI_GENERIC_MAJOR	21
#define SG_MAX_DEVS		2

struct gendisk {
	char disk_name[32];
};

struct sg_scsi_node {
	struct device *dev;	/* the SCSI device */
	int sg_index;		/* our minor, or -1 */
};

static struct gendisk sg_disks[SG_MAX_DEVS];
static int sg_dev_max;
static int sg_sysfs_valid;
static struct class *sg_sysfs_class;

static struct device scsi_host0 = {
	.bus_id = "host0",
};

static struct device scsi_disk_dev = {
	.parent = &scsi_host0,
	.bus_id = "0:0:0:0",
};

static struct sg_scsi_node scsi_disk_node = {
	.dev = &scsi_disk_dev,
	.sg_index = -1,
};

/* called for each SCSI device that appears */
static int sg_add(struct sg_scsi_node *cl_dev)
{
	struct gendisk *disk;
	int k;

	if (sg_dev_max == SG_MAX_DEVS)
		return -ENODEV;
	k = sg_dev_max++;
	disk = &sg_disks[k];
	snprintf(disk->disk_name, sizeof(disk->disk_name), "sg%d", k);

	if (sg_sysfs_valid) {
		struct class_device *sg_class_member;

		sg_class_member = class_device_create(sg_sysfs_class, NULL,
				MKDEV(SCSI_GENERIC_MAJOR, k), 
				cl_dev->dev, "%s", 
				disk->disk_name);
		if (IS_ERR(sg_class_member))
			printk(KERN_WARNING "sg_add: class device for %s "
			       "failed\n", disk->disk_name);
	}
	cl_dev->sg_index = k;
	return 0;
}

static int __init init_sg(void)
{
	sg_sysfs_class = class_create(THIS_MODULE, "scsi_generic");
	if (IS_ERR(sg_sysfs_class))
		return PTR_ERR(sg_sysfs_class);
	sg_sysfs_valid = 1;
	return sg_add(&scsi_disk_node);
}

static void __exit exit_sg(void)
{
	if (!sg_sysfs_valid)
		return;
	if (scsi_disk_node.sg_index >= 0)
		class_device_destroy(sg_sysfs_class,
				     MKDEV(SCSI_GENERIC_MAJOR,
					   scsi_disk_node.sg_index));
	class_destroy(sg_sysfs_class);
	sg_sysfs_valid = 0;
}

module_init(init_sg);
module_exit(exit_sg);
MODULE_LICENSE("GPL");
