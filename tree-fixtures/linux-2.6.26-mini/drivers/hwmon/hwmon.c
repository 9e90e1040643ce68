/*
 * drivers/hwmon/hwmon.c - kmigrate fixture: the hwmon class, one
 * class device per registered sensor chip
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for;
 * the code around it is a minimal stand-in.  A hwmon device has no node:
 * its devt is MKDEV(0,0).
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define HWMON_NR_CHIPS	2

static struct class *hwmon_class;
static int hwmon_next_id;

static struct device hwmon_chips[HWMON_NR_CHIPS] = {
	{ .bus_id = "0-0048" },
	{ .bus_id = "0-0049" },
};

static struct device *hwmon_devices[HWMON_NR_CHIPS];

static struct device *hwmon_device_register(struct device *dev)
{
	struct device *hwdev;
	int id = hwmon_next_id++;

	hwdev = device_create(hwmon_class, dev, MKDEV(0,0), "hwmon%d", id);
	if (IS_ERR(hwdev))
		hwmon_next_id--;
	return hwdev;
}

static int __init hwmon_init(void)
{
	int i;

	hwmon_class = class_create(THIS_MODULE, "hwmon");
	if (IS_ERR(hwmon_class))
		return PTR_ERR(hwmon_class);
	for (i = 0; i < HWMON_NR_CHIPS; i++)
		hwmon_devices[i] = hwmon_device_register(&hwmon_chips[i]);
	return 0;
}

static void __exit hwmon_exit(void)
{
	if (!hwmon_class || IS_ERR(hwmon_class))
		return;
	/* every hwmon device has devt 0: each call removes one */
	while (hwmon_next_id-- > 0)
		device_destroy(hwmon_class, MKDEV(0, 0));
	class_destroy(hwmon_class);
}

module_init(hwmon_init);
module_exit(hwmon_exit);
MODULE_LICENSE("GPL");
