/*
 * drivers/scsi/sg.c - kmigrate fixture: the SCSI generic nodes, one per
 * SCSI device
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  The node
 * registration passes its format and the format's argument through from
 * the caller: nothing but the declared types of fmt (const char *) and
 * index (int) tells its form.  The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define SCSI_GENERIC_MAJOR	21
#define SG_MAX_DEVS		2

struct sg_device {
	struct device *parent;	/* the SCSI device */
	dev_t devt;
	struct device *node;
};

static struct class *sg_sysfs_class;
static struct device scsi_devs[SG_MAX_DEVS] = {
	{ .bus_id = "0:0:0:0" },
	{ .bus_id = "0:0:1:0" },
};
static struct sg_device sg_devs[SG_MAX_DEVS];

static int sg_add_node(struct sg_device *sdp, const char *fmt, int index)
{
	sdp->node = device_create(sg_sysfs_class, sdp->parent, sdp->devt,
				  fmt, index);
	if (IS_ERR(sdp->node)) {
		long err = PTR_ERR(sdp->node);

		sdp->node = NULL;
		return err;
	}
	return 0;
}

static int __init init_sg(void)
{
	int k;

	sg_sysfs_class = class_create(THIS_MODULE, "scsi_generic");
	if (IS_ERR(sg_sysfs_class))
		return PTR_ERR(sg_sysfs_class);
	for (k = 0; k < SG_MAX_DEVS; k++) {
		sg_devs[k].parent = &scsi_devs[k];
		sg_devs[k].devt = MKDEV(SCSI_GENERIC_MAJOR, k);
		if (sg_add_node(&sg_devs[k], "sg%d", k))
			printk(KERN_WARNING "sg: no node for sg%d\n", k);
	}
	return 0;
}

static void __exit exit_sg(void)
{
	int k;

	if (!sg_sysfs_class || IS_ERR(sg_sysfs_class))
		return;
	for (k = 0; k < SG_MAX_DEVS; k++)
		if (sg_devs[k].node)
			device_destroy(sg_sysfs_class, sg_devs[k].devt);
	class_destroy(sg_sysfs_class);
}

module_init(init_sg);
module_exit(exit_sg);
MODULE_LICENSE("GPL");
