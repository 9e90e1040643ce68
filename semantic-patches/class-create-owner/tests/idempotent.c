/* Converted calls of every shape: a second run changes nothing. */
#include <linux/device.h>
#include <linux/module.h>

static void idem(struct widget_driver *drv, const char *name)
{
	mem_class = class_create("mem");
	ppdev_class = class_create(CHRDEV);
	ib_uverbs_globals.device_class = class_create("infiniband_verbs_nodes");
	umad_class_state.device_class = class_create(
		"infiniband_mad_device_nodes");
	ch_sysfs_class = class_create(
			"scsi_changer");
	drv->class = class_create(drv->name);
	gadget_class = class_create(name);
}
