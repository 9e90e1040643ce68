/*
 * Old-form calls whose arguments go on over the following lines.  Only
 * the line holding the first argument changes; the continuation lines
 * stay byte for byte as they were.
 */
#include <linux/device.h>

static struct class *aoe_class, *mtd_class, *sg_sysfs_class, *lp_class;

static void next_line_aoe(int i)
{
	class_device_create(aoe_class,
				MKDEV(AOE_MAJOR, chardevs[i].minor),
				NULL, chardevs[i].name);
}

static void next_line_mtd(struct mtd_info *mtd)
{
	class_device_create(mtd_class, MKDEV(MTD_CHAR_MAJOR, mtd->index*2),
			    NULL, "mtd%d", mtd->index);

	/* a trailing space after the first comma */
	class_device_create(mtd_class, 
			    MKDEV(MTD_CHAR_MAJOR, mtd->index*2+1),
			    NULL, "mtd%dro", mtd->index);
}

static void next_line_sg(struct class_device *cl_dev, struct gendisk *disk,
			 int k)
{
	struct class_device *sg_class_member;

	/* trailing spaces on the continuation lines */
	sg_class_member = class_device_create(sg_sysfs_class,
				MKDEV(SCSI_GENERIC_MAJOR, k), 
				cl_dev->dev, "%s", 
				disk->disk_name);
	if (IS_ERR(sg_class_member))
		sg_class_member = NULL;
}

static void next_line_lp(int nr)
{
	class_device_create(lp_class, MKDEV(LP_MAJOR, nr), NULL,
				"lp%d", nr);
}

static void next_line_tape(struct st_tape *tp, int dev_num, int mode,
			   int rew, char *name)
{
	struct class_device *st_class_member;

	st_class_member =
		class_device_create(st_sysfs_class,
				    MKDEV(SCSI_TAPE_MAJOR,
					  TAPE_MINOR(dev_num, mode, rew)),
				    &tp->device->sdev_gendev, "%s", name);
}
