/*
 * drivers/ieee1394/ieee1394_core.c - kmigrate fixture: provider of the
 * IEEE 1394 protocol class
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Registers no class
 * device itself: it only creates hpsb_protocol_class in a subsys_initcall,
 * before raw1394, video1394 and dv1394 use it, and destroys it after them.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>
#include "ieee1394_core.h"

struct class *hpsb_protocol_class;

static int __init ieee1394_init(void)
{
	hpsb_protocol_class = class_create(THIS_MODULE, "ieee1394_protocol");
	if (IS_ERR(hpsb_protocol_class)) {
		int err = PTR_ERR(hpsb_protocol_class);

		hpsb_protocol_class = NULL;
		return err;
	}
	return 0;
}

static void __exit ieee1394_cleanup(void)
{
	if (hpsb_protocol_class)
		class_destroy(hpsb_protocol_class);
	hpsb_protocol_class = NULL;
}

subsys_initcall(ieee1394_init);
module_exit(ieee1394_cleanup);
MODULE_LICENSE("GPL");
