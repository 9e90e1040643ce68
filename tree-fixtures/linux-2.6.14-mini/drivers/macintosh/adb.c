/*
 * drivers/macintosh/adb.c - kmigrate fixture: the Apple Desktop Bus node
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
#include <linux/kdev_t.h>
#include <linux/device.h>

#define ADB_MAJOR	56

static struct class *adb_dev_class;

static void
adbdev_init(void)
{
	adb_dev_class = class_create(THIS_MODULE, "adb");
	if (IS_ERR(adb_dev_class))
		return;
	class_device_create(adb_dev_class, MKDEV(ADB_MAJOR, 0), NULL, "adb");
}

static int __init adb_init(void)
{
	adbdev_init();
	return IS_ERR(adb_dev_class) ? PTR_ERR(adb_dev_class) : 0;
}

static void __exit adb_exit(void)
{
	if (!adb_dev_class || IS_ERR(adb_dev_class))
		return;
	class_device_destroy(adb_dev_class, MKDEV(ADB_MAJOR, 0));
	class_destroy(adb_dev_class);
}

module_init(adb_init);
module_exit(adb_exit);
MODULE_LICENSE("GPL");
