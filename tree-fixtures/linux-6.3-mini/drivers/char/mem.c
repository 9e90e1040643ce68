/*
 * drivers/char/mem.c - kmigrate fixture: the memory devices (mem, null,
 * zero, ...)
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  Only the class
 * registration keeps the shape of the 6.3 call it stands for; the code
 * around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/kdev_t.h>

#define MEM_MAJOR	1

static const struct memdev {
	const char *name;
	unsigned int minor;
} devlist[] = {
	{ "mem", 1 },
	{ "null", 3 },
	{ "zero", 5 },
};

static struct class *mem_class;

static int __init chr_dev_init(void)
{
	int minor;

	mem_class = class_create(THIS_MODULE, "mem");
	if (IS_ERR(mem_class))
		return PTR_ERR(mem_class);

	for (minor = 0; minor < ARRAY_SIZE(devlist); minor++)
		device_create(mem_class, NULL,
			      MKDEV(MEM_MAJOR, devlist[minor].minor),
			      NULL, devlist[minor].name);
	return 0;
}

static void __exit chr_dev_exit(void)
{
	int minor;

	if (IS_ERR_OR_NULL(mem_class))
		return;
	for (minor = 0; minor < ARRAY_SIZE(devlist); minor++)
		device_destroy(mem_class,
			       MKDEV(MEM_MAJOR, devlist[minor].minor));
	class_destroy(mem_class);
}

module_init(chr_dev_init);
module_exit(chr_dev_exit);
MODULE_LICENSE("GPL");
