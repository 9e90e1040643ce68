/*
 * drivers/char/mem.c - kmigrate fixture: the memory devices (mem, null, ...)
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

#define MEM_MAJOR	1

struct mem_devinfo {
	unsigned int minor;
	char *name;
	umode_t mode;
};

static const struct mem_devinfo devlist[] = {
	{ 1, "mem", 0640 },
	{ 3, "null", 0666 },
};

static struct class *mem_class;

static int __init chr_dev_init(void)
{
	unsigned int i;

	mem_class = class_create(THIS_MODULE, "mem");
	if (IS_ERR(mem_class))
		return PTR_ERR(mem_class);
	for (i = 0; i < ARRAY_SIZE(devlist); i++) {
		class_device_create(mem_class, MKDEV(MEM_MAJOR, devlist[i].minor),
					NULL, devlist[i].name);
	}
	return 0;
}

static void __exit chr_dev_exit(void)
{
	unsigned int i;

	if (!mem_class || IS_ERR(mem_class))
		return;
	for (i = 0; i < ARRAY_SIZE(devlist); i++)
		class_device_destroy(mem_class,
				     MKDEV(MEM_MAJOR, devlist[i].minor));
	class_destroy(mem_class);
}

module_init(chr_dev_init);
module_exit(chr_dev_exit);
MODULE_LICENSE("GPL");
