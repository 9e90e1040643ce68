/*
 * drivers/char/tty_io.c - kmigrate fixture: the tty class and the nodes
 * of the lines a tty driver registers
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for;
 * the code around it is a minimal stand-in.  The node name is built first
 * and passed as the format itself: four arguments, no literal.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define TTY_MAJOR	4

struct tty_driver {
	const char *name;		/* line name prefix, "ttyS" */
	int name_base;			/* number of the first line */
	int major;
	int minor_start;
	unsigned int num;		/* number of lines */
};

static struct class *tty_class;

static struct tty_driver serial_driver = {
	.name = "ttyS",
	.major = TTY_MAJOR,
	.minor_start = 64,
	.num = 2,
};

static struct device *tty_register_device(struct tty_driver *driver,
					  unsigned index, struct device *device)
{
	char name[64];
	dev_t dev = MKDEV(driver->major, driver->minor_start) + index;

	if (index >= driver->num)
		return ERR_PTR(-EINVAL);

	snprintf(name, sizeof(name), "%s%d", driver->name,
		 index + driver->name_base);
	return device_create(tty_class, device, dev, name);
}

static void tty_unregister_device(struct tty_driver *driver, unsigned index)
{
	device_destroy(tty_class,
		       MKDEV(driver->major, driver->minor_start) + index);
}

static int __init tty_class_init(void)
{
	unsigned int i;

	tty_class = class_create(THIS_MODULE, "tty");
	if (IS_ERR(tty_class))
		return PTR_ERR(tty_class);
	for (i = 0; i < serial_driver.num; i++)
		if (IS_ERR(tty_register_device(&serial_driver, i, NULL)))
			printk(KERN_ERR "tty: no node for line %u\n", i);
	return 0;
}

static void __exit tty_class_exit(void)
{
	unsigned int i;

	if (!tty_class || IS_ERR(tty_class))
		return;
	for (i = 0; i < serial_driver.num; i++)
		tty_unregister_device(&serial_driver, i);
	class_destroy(tty_class);
}

module_init(tty_class_init);
module_exit(tty_class_exit);
MODULE_LICENSE("GPL");
