/*
 * drivers/mtd/mtdchar.c - kmigrate fixture: the mtdN and mtdNro nodes of
 * each MTD device
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registrations keep the shape of the 2.6.26 calls they stand
 * for; the code around them is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define MTD_CHAR_MAJOR	90
#define MTD_NR_DEVICES	2

struct mtd_info {
	int index;
	const char *name;
};

static struct class *mtd_class;

static struct mtd_info mtd_table[MTD_NR_DEVICES] = {
	{ .index = 0, .name = "boot" },
	{ .index = 1, .name = "rootfs" },
};

static void mtd_notify_add(struct mtd_info *mtd)
{
	if (!mtd)
		return;

	device_create(mtd_class, NULL, MKDEV(MTD_CHAR_MAJOR, mtd->index*2),
		      "mtd%d", mtd->index);

	device_create(mtd_class, NULL,
		      MKDEV(MTD_CHAR_MAJOR, mtd->index*2+1), "mtd%dro",
		      mtd->index);
}

static void mtd_notify_remove(struct mtd_info *mtd)
{
	device_destroy(mtd_class, MKDEV(MTD_CHAR_MAJOR, mtd->index*2));
	device_destroy(mtd_class, MKDEV(MTD_CHAR_MAJOR, mtd->index*2+1));
}

static int __init init_mtdchar(void)
{
	int i;

	mtd_class = class_create(THIS_MODULE, "mtd");
	if (IS_ERR(mtd_class))
		return PTR_ERR(mtd_class);
	for (i = 0; i < MTD_NR_DEVICES; i++)
		mtd_notify_add(&mtd_table[i]);
	return 0;
}

static void __exit cleanup_mtdchar(void)
{
	int i;

	if (!mtd_class || IS_ERR(mtd_class))
		return;
	for (i = 0; i < MTD_NR_DEVICES; i++)
		mtd_notify_remove(&mtd_table[i]);
	class_destroy(mtd_class);
}

module_init(init_mtdchar);
module_exit(cleanup_mtdchar);
MODULE_LICENSE("GPL");
