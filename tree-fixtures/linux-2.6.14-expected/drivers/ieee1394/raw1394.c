/*
 * drivers/ieee1394/raw1394.c - kmigrate fixture: raw access to the IEEE
 * 1394 bus through one node
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

#define RAW1394_DEVICE_NAME	"raw1394"

static int raw1394_highlevel_registered;
static int raw1394_node_registered;

static int __init init_raw1394(void)
{
	int ret = 0;

	if (!hpsb_protocol_class)
		return -ENODEV;

	raw1394_highlevel_registered = 1;

	if (IS_ERR(class_device_create(hpsb_protocol_class, NULL, MKDEV(
		IEEE1394_MAJOR,	IEEE1394_MINOR_BLOCK_RAW1394 * 16), 
		NULL, RAW1394_DEVICE_NAME))) {
		ret = -EFAULT;
		goto out_unreg;
	}
	raw1394_node_registered = 1;
	return 0;

out_unreg:
	raw1394_highlevel_registered = 0;
	return ret;
}

static void __exit cleanup_raw1394(void)
{
	if (raw1394_node_registered)
		class_device_destroy(hpsb_protocol_class,
				     MKDEV(IEEE1394_MAJOR,
					   IEEE1394_MINOR_BLOCK_RAW1394 * 16));
	raw1394_node_registered = 0;
	raw1394_highlevel_registered = 0;
}

module_init(init_raw1394);
module_exit(cleanup_raw1394);
MODULE_LICENSE("GPL");
