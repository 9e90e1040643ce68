/*
 * drivers/char/mem.c - kmigrate fixture: the memory devices (mem, null,
 * zero, ...)
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for;
 * the code around it is a minimal stand-in.  The node name is the format
 * itself, taken from the table: a format that is not a string literal.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define MEM_MAJOR	1

static const struct {
	unsigned int minor;
	char *name;
	umode_t mode;
} devlist[] = {
	{ 1, "mem", 0640 },
	{ 3, "null", 0666 },
	{ 5, "zero", 0666 },
	{ 8, "random", 0666 },
};

static struct class *mem_class;

static int __init chr_dev_init(void)
{
	int i;

	mem_class = class_create(THIS_MODULE, "mem");
	if (IS_ERR(mem_class))
		return PTR_ERR(mem_class);
	for (i = 0; i < ARRAY_SIZE(devlist); i++)
		device_create(mem_class, NULL,
			      MKDEV(MEM_MAJOR, devlist[i].minor),
			      devlist[i].name);
	return 0;
}

static void __exit chr_dev_exit(void)
{
	int i;

	if (!mem_class || IS_ERR(mem_class))
		return;
	for (i = 0; i < ARRAY_SIZE(devlist); i++)
		device_destroy(mem_class, MKDEV(MEM_MAJOR, devlist[i].minor));
	class_destroy(mem_class);
}

module_init(chr_dev_init);
module_exit(chr_dev_exit);
MODULE_LICENSE("GPL");
