/*
 * Hard case: bytes that are not UTF-8.
 *
 * This file is Latin-1.  The byte 0xE9 (e acute) is in this comment, in
 * the words "café" and "réseau", and in a message string further down.
 * The old-form call is converted; every other byte stays as it was, so a
 * tool must neither reject the file nor decode and re-encode it.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *lat_class;

static int __init lat_init(void)
{
	struct class_device *cd;

	lat_class = class_create(THIS_MODULE, "latin1");
	if (IS_ERR(lat_class))
		return PTR_ERR(lat_class);
	cd = class_device_create(lat_class, MKDEV(11, 0), NULL, "lat0");
	if (IS_ERR(cd)) {
		printk(KERN_ERR "latin1: réseau: no class device\n");
		class_destroy(lat_class);
		return PTR_ERR(cd);
	}
	return 0;
}

module_init(lat_init);
MODULE_LICENSE("GPL");
