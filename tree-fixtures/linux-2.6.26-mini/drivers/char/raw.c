/*
 * drivers/char/raw.c - kmigrate fixture: the raw control node and the raw
 * devices bound through it
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registrations keep the shape of the 2.6.26 calls they stand
 * for; the code around them is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define RAW_MAJOR	162
#define MAX_RAW_MINORS	8

static struct class *raw_class;
static int raw_bound[MAX_RAW_MINORS];

/* (re)creates the node of a raw minor just bound to a disk */
static void bind_device(int nr)
{
	device_destroy(raw_class, MKDEV(RAW_MAJOR, nr));
	device_create(raw_class, NULL, MKDEV(RAW_MAJOR, nr), "raw%d", nr);
}

static int raw_bind(int minor)
{
	if (minor <= 0 || minor >= MAX_RAW_MINORS)
		return -EINVAL;
	raw_bound[minor] = 1;
	bind_device(minor);
	return 0;
}

static int __init raw_init(void)
{
	raw_class = class_create(THIS_MODULE, "raw");
	if (IS_ERR(raw_class))
		return PTR_ERR(raw_class);
	device_create(raw_class, NULL, MKDEV(RAW_MAJOR, 0), "rawctl");

	/* what "raw /dev/raw/raw1 8 1" asks of the control node */
	return raw_bind(1);
}

static void __exit raw_exit(void)
{
	int minor;

	if (!raw_class || IS_ERR(raw_class))
		return;
	for (minor = 1; minor < MAX_RAW_MINORS; minor++)
		if (raw_bound[minor])
			device_destroy(raw_class, MKDEV(RAW_MAJOR, minor));
	device_destroy(raw_class, MKDEV(RAW_MAJOR, 0));
	class_destroy(raw_class);
}

module_init(raw_init);
module_exit(raw_exit);
MODULE_LICENSE("GPL");
