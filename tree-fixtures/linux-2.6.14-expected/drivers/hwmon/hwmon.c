/*
 * drivers/hwmon/hwmon.c - kmigrate fixture: the hardware monitoring class,
 * one class device per sensor chip
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  The class devices have no device number, so
 * this fixture registers a single chip: class_device_destroy() finds a
 * class device by its number.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define HWMON_ID_PREFIX "hwmon"
#define HWMON_ID_FORMAT HWMON_ID_PREFIX "%d"
#define MAX_ID_MASK	0xffffff

static struct class *hwmon_class;
static int hwmon_next_id;
static struct class_device *hwmon_chip;

static struct device i2c_adapter = {
	.bus_id = "i2c-0",
};

static struct device sensor_chip = {
	.parent = &i2c_adapter,
	.bus_id = "0-002d",
};

/* gives a sensor chip its class device; returns it or an ERR_PTR() */
static struct class_device *hwmon_device_register(struct device *dev)
{
	struct class_device *cdev;
	int id;

	if (hwmon_next_id > MAX_ID_MASK)
		return ERR_PTR(-ENOMEM);
	id = hwmon_next_id++;

	id = id & MAX_ID_MASK;
	cdev = class_device_create(hwmon_class, NULL, MKDEV(0,0), dev,
					HWMON_ID_FORMAT, id);

	if (IS_ERR(cdev))
		hwmon_next_id--;

	return cdev;
}

static int __init hwmon_init(void)
{
	hwmon_class = class_create(THIS_MODULE, "hwmon");
	if (IS_ERR(hwmon_class))
		return PTR_ERR(hwmon_class);
	hwmon_chip = hwmon_device_register(&sensor_chip);
	if (IS_ERR(hwmon_chip))
		return PTR_ERR(hwmon_chip);
	return 0;
}

static void __exit hwmon_exit(void)
{
	if (!hwmon_class || IS_ERR(hwmon_class))
		return;
	if (hwmon_chip && !IS_ERR(hwmon_chip))
		class_device_destroy(hwmon_class, MKDEV(0, 0));
	class_destroy(hwmon_class);
}

module_init(hwmon_init);
module_exit(hwmon_exit);
MODULE_LICENSE("GPL");
