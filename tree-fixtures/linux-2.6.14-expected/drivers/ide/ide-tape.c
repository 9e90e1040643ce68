/*
 * drivers/ide/ide-tape.c - kmigrate fixture: ATAPI tape drives on IDE, a
 * rewinding and a non-rewinding node per drive
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define IDETAPE_MAJOR		37
#define MAX_HWIFS		2

struct ide_tape_obj {
	int minor;
	char name[4];
	int present;
};

static struct ide_tape_obj idetape_chrdevs[MAX_HWIFS];
static struct class *idetape_sysfs_class;

static struct device ide0 = {
	.bus_id = "ide0",
};

static struct device ide_tape_drive = {
	.parent = &ide0,
	.bus_id = "0.1",
};

static void idetape_setup(struct ide_tape_obj *tape, int minor)
{
	tape->minor = minor;
	snprintf(tape->name, sizeof(tape->name), "ht%d", minor);
	tape->present = 1;
}

/* binds the driver to one tape drive found on an IDE interface */
static int ide_tape_probe(struct device *dev)
{
	struct ide_tape_obj *tape;
	int minor;

	for (minor = 0; minor < MAX_HWIFS; minor++)
		if (!idetape_chrdevs[minor].present)
			break;
	if (minor == MAX_HWIFS)
		return -ENODEV;
	tape = &idetape_chrdevs[minor];

	idetape_setup(tape, minor);

	class_device_create(idetape_sysfs_class, NULL,
			MKDEV(IDETAPE_MAJOR, minor), dev, "%s", tape->name);
	class_device_create(idetape_sysfs_class, NULL,
			MKDEV(IDETAPE_MAJOR, minor + 128), dev, "n%s", tape->name);

	return 0;
}

static int __init idetape_init(void)
{
	idetape_sysfs_class = class_create(THIS_MODULE, "ide_tape");
	if (IS_ERR(idetape_sysfs_class))
		return PTR_ERR(idetape_sysfs_class);
	return ide_tape_probe(&ide_tape_drive);
}

static void __exit idetape_exit(void)
{
	int minor;

	if (!idetape_sysfs_class || IS_ERR(idetape_sysfs_class))
		return;
	for (minor = 0; minor < MAX_HWIFS; minor++) {
		if (!idetape_chrdevs[minor].present)
			continue;
		class_device_destroy(idetape_sysfs_class,
				     MKDEV(IDETAPE_MAJOR, minor));
		class_device_destroy(idetape_sysfs_class,
				     MKDEV(IDETAPE_MAJOR, minor + 128));
	}
	class_destroy(idetape_sysfs_class);
}

module_init(idetape_init);
module_exit(idetape_exit);
MODULE_LICENSE("GPL");
