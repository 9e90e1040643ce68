/*
 * drivers/block/paride/pg.c - kmigrate fixture: parallel port generic
 * ATAPI devices
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

#define PG_MAJOR	97
#define PG_UNITS	2

struct pg {
	int present;		/* a drive answered the probe */
	char name[8];
};

/* the probe found a drive on the first port only */
static struct pg devices[PG_UNITS] = {
	{ 1, "pg0" },
	{ 0, "pg1" },
};

static int major = PG_MAJOR;
static struct class *pg_class;

static int __init pg_init(void)
{
	int unit;

	pg_class = class_create(THIS_MODULE, "pg");
	if (IS_ERR(pg_class))
		return PTR_ERR(pg_class);
	for (unit = 0; unit < PG_UNITS; unit++) {
		struct pg *dev = &devices[unit];
		if (dev->present) {
			class_device_create(pg_class, MKDEV(major, unit),
					NULL, "pg%u", unit);
		}
	}
	return 0;
}

static void __exit pg_exit(void)
{
	int unit;

	if (!pg_class || IS_ERR(pg_class))
		return;
	for (unit = 0; unit < PG_UNITS; unit++)
		if (devices[unit].present)
			class_device_destroy(pg_class, MKDEV(major, unit));
	class_destroy(pg_class);
}

module_init(pg_init);
module_exit(pg_exit);
MODULE_LICENSE("GPL");
