/*
 * drivers/scsi/ch.c - kmigrate fixture: SCSI media changers, one node per
 * changer
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
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define SCSI_CHANGER_MAJOR	86
#define CH_MAX_DEVS		2

struct scsi_changer {
	int minor;
	char name[8];
	struct device *dev;
};

static struct scsi_changer ch_changers[CH_MAX_DEVS];
static int ch_count;
static int init = 1;
static struct class *ch_sysfs_class;

static struct device scsi_host0 = {
	.bus_id = "host0",
};

static struct device scsi_target = {
	.parent = &scsi_host0,
	.bus_id = "target0:0:4",
};

static struct device scsi_changer_dev = {
	.parent = &scsi_target,
	.bus_id = "0:0:4:0",
};

static void ch_init_elem(struct scsi_changer *ch)
{
	ch->dev->driver_data = ch;
}

/* binds the driver to a SCSI device of the medium changer type */
static int ch_probe(struct device *dev)
{
	struct scsi_changer *ch;

	if (ch_count == CH_MAX_DEVS)
		return -ENODEV;
	ch = &ch_changers[ch_count];
	ch->minor = ch_count;
	snprintf(ch->name, sizeof(ch->name), "ch%d", ch->minor);
	ch->dev = dev;

	if (init)
		ch_init_elem(ch);

	class_device_create(ch_sysfs_class,
			    MKDEV(SCSI_CHANGER_MAJOR,ch->minor),
			    dev, "s%s", ch->name);

	ch_count++;
	return 0;
}

static int __init init_ch_module(void)
{
	ch_sysfs_class = class_create(THIS_MODULE, "scsi_changer");
	if (IS_ERR(ch_sysfs_class))
		return PTR_ERR(ch_sysfs_class);
	return ch_probe(&scsi_changer_dev);
}

static void __exit exit_ch_module(void)
{
	int i;

	if (!ch_sysfs_class || IS_ERR(ch_sysfs_class))
		return;
	for (i = 0; i < ch_count; i++) {
		int minor = ch_changers[i].minor;

		class_device_destroy(ch_sysfs_class,
				     MKDEV(SCSI_CHANGER_MAJOR, minor));
	}
	class_destroy(ch_sysfs_class);
}

module_init(init_ch_module);
module_exit(exit_ch_module);
MODULE_LICENSE("GPL");
