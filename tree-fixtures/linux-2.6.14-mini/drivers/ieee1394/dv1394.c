/*
 * drivers/ieee1394/dv1394.c - kmigrate fixture: DV video over IEEE 1394,
 * one node per host adapter
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
#include "ieee1394_core.h"

struct ti_ohci {
	struct hpsb_host *host;
	int dv_channels;
};

static struct hpsb_host dv1394_host;

static struct ti_ohci dv1394_ohci = {
	.host = &dv1394_host,
	.dv_channels = 2,
};

static struct hpsb_host dv1394_host = {
	.id = 0,
	.hostdata = &dv1394_ohci,
};

static int dv1394_added;

/* called by the IEEE 1394 core for each host adapter */
static void dv1394_add_host(struct hpsb_host *host)
{
	struct ti_ohci *ohci;
	int id = host->id;

	ohci = (struct ti_ohci *)host->hostdata;
	if (ohci->dv_channels == 0)
		return;

	class_device_create(hpsb_protocol_class, MKDEV(
		IEEE1394_MAJOR,	IEEE1394_MINOR_BLOCK_DV1394 * 16 + (id<<2)), 
		NULL, "dv1394-%d", id);
	dv1394_added = 1;
}

static int __init dv1394_init_module(void)
{
	if (!hpsb_protocol_class)
		return -ENODEV;
	dv1394_add_host(&dv1394_host);
	return 0;
}

static void __exit dv1394_exit_module(void)
{
	int id = dv1394_host.id;
	int minor = IEEE1394_MINOR_BLOCK_DV1394 * 16 + (id << 2);

	if (!dv1394_added)
		return;
	class_device_destroy(hpsb_protocol_class,
			     MKDEV(IEEE1394_MAJOR, minor));
}

module_init(dv1394_init_module);
module_exit(dv1394_exit_module);
MODULE_LICENSE("GPL");
