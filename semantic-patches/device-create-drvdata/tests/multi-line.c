/* Old-form calls over several lines: NULL goes after the devt. */
#include <linux/device.h>

static struct class *misc_class, *mtd_class, *coda_psdev_class, *dvb_class;

static void multi_misc(struct miscdevice *misc, dev_t dev)
{
	/* the devt ends the first line */
	misc->this_device = device_create(misc_class, misc->parent, dev,
					  "%s", misc->name);
}

static void multi_mtd(struct mtd_info *mtd)
{
	device_create(mtd_class, NULL, MKDEV(MTD_CHAR_MAJOR, mtd->index*2),
		      "mtd%d", mtd->index);
	/* the devt starts a continuation line, the format follows it */
	device_create(mtd_class, NULL,
		      MKDEV(MTD_CHAR_MAJOR, mtd->index*2+1), "mtd%dro",
		      mtd->index);
}

static void multi_coda(int i)
{
	/* a trailing space after the devt's comma */
	device_create(coda_psdev_class, NULL, MKDEV(CODA_PSDEV_MAJOR, i), 
		      "cfs%d", i);
}

static struct device *multi_dvb(struct dvb_adapter *adap, int minor,
				int type, int id)
{
	/* a format with three arguments */
	return device_create(dvb_class, adap->device, MKDEV(DVB_MAJOR, minor),
			     "dvb%d.%s%d", adap->num, dnames[type], id);
}
