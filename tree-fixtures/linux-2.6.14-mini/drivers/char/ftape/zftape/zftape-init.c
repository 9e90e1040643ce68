/*
 * drivers/char/ftape/zftape/zftape-init.c - kmigrate fixture: the QIC-117
 * floppy tape nodes, six per drive (rewinding or not, compressing or not,
 * raw or not)
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
#include <linux/kdev_t.h>
#include <linux/device.h>

#define QIC117_TAPE_MAJOR	27
#define ZFT_DRIVES		2

/* the minor of each node kind, added to the drive number */
static const int zft_minor_offsets[] = { 0, 4, 16, 20, 32, 36 };

static struct class *zft_class;

static int __init zft_init(void)
{
	int i;

	zft_class = class_create(THIS_MODULE, "zft");
	if (IS_ERR(zft_class))
		return PTR_ERR(zft_class);
	for (i = 0; i < ZFT_DRIVES; i++) {
		class_device_create(zft_class, MKDEV(QIC117_TAPE_MAJOR, i), NULL, "qft%i", i);
		class_device_create(zft_class, MKDEV(QIC117_TAPE_MAJOR, i + 4), NULL, "nqft%i", i);
		class_device_create(zft_class, MKDEV(QIC117_TAPE_MAJOR, i + 16), NULL, "zqft%i", i);
		class_device_create(zft_class, MKDEV(QIC117_TAPE_MAJOR, i + 20), NULL, "nzqft%i", i);
		class_device_create(zft_class, MKDEV(QIC117_TAPE_MAJOR, i + 32), NULL, "rawqft%i", i);
		class_device_create(zft_class, MKDEV(QIC117_TAPE_MAJOR, i + 36), NULL, "nrawrawqft%i", i);
	}
	return 0;
}

static void __exit zft_exit(void)
{
	unsigned int kind;
	int i;

	if (!zft_class || IS_ERR(zft_class))
		return;
	for (i = 0; i < ZFT_DRIVES; i++)
		for (kind = 0; kind < ARRAY_SIZE(zft_minor_offsets); kind++) {
			int minor = i + zft_minor_offsets[kind];

			class_device_destroy(zft_class,
					     MKDEV(QIC117_TAPE_MAJOR, minor));
		}
	class_destroy(zft_class);
}

module_init(zft_init);
module_exit(zft_exit);
MODULE_LICENSE("GPL");
