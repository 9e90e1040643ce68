/*
 * drivers/ieee1394/video1394.c - kmigrate fixture: isochronous video over
 * IEEE 1394, one node per OHCI host adapter
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

#define VIDEO1394_DRIVER_NAME	"video1394"

struct ti_ohci {
	struct hpsb_host *host;
};

static struct hpsb_host video1394_host;

static struct ti_ohci video1394_ohci = {
	.host = &video1394_host,
};

static struct hpsb_host video1394_host = {
	.id = 0,
	.hostdata = &video1394_ohci,
};

static int video1394_minor = -1;

/* called by the IEEE 1394 core for each host adapter */
static void video1394_add_host(struct hpsb_host *host)
{
	struct ti_ohci *ohci;
	int minor;

	ohci = (struct ti_ohci *)host->hostdata;
	if (!ohci)
		return;

	minor = IEEE1394_MINOR_BLOCK_VIDEO1394 * 16 + ohci->host->id;
	class_device_create(hpsb_protocol_class, MKDEV(
		IEEE1394_MAJOR,	minor), 
		NULL, "%s-%d", VIDEO1394_DRIVER_NAME, ohci->host->id);
	video1394_minor = minor;
}

static int __init video1394_init_module(void)
{
	if (!hpsb_protocol_class)
		return -ENODEV;
	video1394_add_host(&video1394_host);
	return 0;
}

static void __exit video1394_exit_module(void)
{
	if (video1394_minor < 0)
		return;
	class_device_destroy(hpsb_protocol_class,
			     MKDEV(IEEE1394_MAJOR, video1394_minor));
	video1394_minor = -1;
}

module_init(video1394_init_module);
module_exit(video1394_exit_module);
MODULE_LICENSE("GPL");
