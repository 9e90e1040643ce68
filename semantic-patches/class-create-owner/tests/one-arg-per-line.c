/* Old-form calls with one argument a line: the owner's line goes. */
#include <linux/device.h>
#include <linux/module.h>

static struct class *ch_sysfs_class, *sg_sysfs_class;

static void per_line(void)
{
	ch_sysfs_class = class_create(
			THIS_MODULE,
			"scsi_changer");
	/* a trailing blank after the owner's comma */
	sg_sysfs_class = class_create(
				THIS_MODULE, 
				"scsi_generic"
			);
}
