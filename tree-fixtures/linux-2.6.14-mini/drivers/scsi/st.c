/*
 * drivers/scsi/st.c - kmigrate fixture: SCSI tape drives, a rewinding and
 * a non-rewinding node per drive and mode
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

#define SCSI_TAPE_MAJOR		9
#define ST_NBR_MODES		1
#define ST_MODE_SHIFT		5

/* drive number in the low bits, then the mode, then "no rewind" */
#define TAPE_MINOR(d, m, n)	(((d) & 31) | ((m) << ST_MODE_SHIFT) | \
				 (((n) != 0) << 7))

struct scsi_device {
	struct device sdev_gendev;
};

struct gendisk {
	char disk_name[32];
};

struct scsi_tape {
	struct scsi_device *device;
	struct gendisk *disk;
	int nodes;
};

static const char *st_formats[] = { "", "l", "m", "a" };

static struct device scsi_host2 = {
	.bus_id = "host2",
};

static struct scsi_device st_sdev = {
	.sdev_gendev = {
		.parent = &scsi_host2,
		.bus_id = "2:0:3:0",
	},
};

static struct gendisk st_disk = {
	.disk_name = "st0",
};

static struct scsi_tape st_tape0 = {
	.device = &st_sdev,
	.disk = &st_disk,
};

static struct class *st_sysfs_class;

static void do_create_class_files(struct scsi_tape *STp, int dev_num, int mode)
{
	int i, rew;
	char name[10];
	struct class_device *st_class_member;

	i = mode;
	for (rew = 0; rew < 2; rew++) {
		snprintf(name, 10, "%s%s%s", rew ? "n" : "",
			 STp->disk->disk_name, st_formats[i]);
		st_class_member =
			class_device_create(st_sysfs_class,
					    MKDEV(SCSI_TAPE_MAJOR,
						  TAPE_MINOR(dev_num, mode, rew)),
					    &STp->device->sdev_gendev, "%s", name);
		if (IS_ERR(st_class_member)) {
			printk(KERN_WARNING "st: no class device for %s\n",
			       name);
			return;
		}
		STp->nodes++;
	}
}

static int __init init_st(void)
{
	int mode;

	st_sysfs_class = class_create(THIS_MODULE, "scsi_tape");
	if (IS_ERR(st_sysfs_class))
		return PTR_ERR(st_sysfs_class);
	for (mode = 0; mode < ST_NBR_MODES; mode++)
		do_create_class_files(&st_tape0, 0, mode);
	return 0;
}

static void __exit exit_st(void)
{
	int mode;

	if (!st_sysfs_class || IS_ERR(st_sysfs_class))
		return;
	for (mode = 0; mode < ST_NBR_MODES; mode++) {
		int rew;

		for (rew = 1; rew >= 0; rew--)
			class_device_destroy(st_sysfs_class,
					     MKDEV(SCSI_TAPE_MAJOR,
						   TAPE_MINOR(0, mode, rew)));
	}
	class_destroy(st_sysfs_class);
}

module_init(init_st);
module_exit(exit_st);
MODULE_LICENSE("GPL");
