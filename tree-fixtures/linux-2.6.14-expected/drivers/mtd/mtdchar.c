/*
 * drivers/mtd/mtdchar.c - kmigrate fixture: the character nodes of memory
 * technology devices, a read-write and a read-only one per device
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.  The whitespace-only line between the two calls
 * is deliberate: a conversion must leave it alone.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define MTD_CHAR_MAJOR	90
#define MAX_MTD_DEVICES	2

struct mtd_info {
	int index;
	char *name;
};

static struct mtd_info mtd_flash[MAX_MTD_DEVICES] = {
	{ 0, "boot" },
	{ 1, "rootfs" },
};

static struct class *mtd_class;
static int mtd_added[MAX_MTD_DEVICES];

/* the MTD core tells the character driver about each new device */
static void mtd_notify_add(struct mtd_info *mtd)
{
	if (!mtd)
		return;

	class_device_create(mtd_class, NULL,
			    MKDEV(MTD_CHAR_MAJOR, mtd->index*2),
			    NULL, "mtd%d", mtd->index);
	
	class_device_create(mtd_class, NULL,
			    MKDEV(MTD_CHAR_MAJOR, mtd->index*2+1),
			    NULL, "mtd%dro", mtd->index);
	mtd_added[mtd->index] = 1;
}

static void mtd_notify_remove(struct mtd_info *mtd)
{
	if (!mtd_added[mtd->index])
		return;
	class_device_destroy(mtd_class, MKDEV(MTD_CHAR_MAJOR, mtd->index*2));
	class_device_destroy(mtd_class,
			     MKDEV(MTD_CHAR_MAJOR, mtd->index*2+1));
	mtd_added[mtd->index] = 0;
}

static int __init init_mtdchar(void)
{
	int i;

	mtd_class = class_create(THIS_MODULE, "mtd");
	if (IS_ERR(mtd_class)) {
		printk(KERN_ERR "mtdchar: cannot create the mtd class\n");
		return PTR_ERR(mtd_class);
	}
	for (i = 0; i < MAX_MTD_DEVICES; i++)
		mtd_notify_add(&mtd_flash[i]);
	return 0;
}

static void __exit cleanup_mtdchar(void)
{
	int i;

	if (!mtd_class || IS_ERR(mtd_class))
		return;
	for (i = MAX_MTD_DEVICES - 1; i >= 0; i--)
		mtd_notify_remove(&mtd_flash[i]);
	class_destroy(mtd_class);
}

module_init(init_mtdchar);
module_exit(cleanup_mtdchar);
MODULE_LICENSE("GPL");
