/*
 * drivers/char/tty_io.c - kmigrate fixture: the tty class, the tty
 * layer's own nodes (tty, console, ptmx, tty0), and the registration of
 * the lines of tty drivers
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.  This file provides tty_class: its init is a
 * subsys_initcall, so it runs before the tty drivers' and its exit after
 * theirs.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>
#include <linux/tty.h>

#define TTY_NAME_LEN	64

static struct class *tty_class;

static void tty_line_name(struct tty_driver *driver, int index, char *p)
{
	sprintf(p, "%s%d", driver->name, index + driver->name_base);
}

/**
 * tty_register_device - register a tty line with the driver core
 * @driver: the tty driver the line belongs to
 * @index: the line, counted from the driver's first minor
 * @device: the hardware behind the line, or NULL
 */
void tty_register_device(struct tty_driver *driver, unsigned index,
			 struct device *device)
{
	char name[TTY_NAME_LEN];
	dev_t dev = MKDEV(driver->major, driver->minor_start) + index;

	if (index >= driver->num) {
		printk(KERN_ERR "tty: no line %u in driver '%s'\n", index,
		       driver->name);
		return;
	}

	tty_line_name(driver, index, name);
	class_device_create(tty_class, NULL, dev, device, name);
}

void tty_unregister_device(struct tty_driver *driver, unsigned index)
{
	if (!tty_class || IS_ERR(tty_class))
		return;
	class_device_destroy(tty_class,
			     MKDEV(driver->major, driver->minor_start) + index);
}

static int __init tty_init(void)
{
	tty_class = class_create(THIS_MODULE, "tty");
	if (IS_ERR(tty_class))
		return PTR_ERR(tty_class);

	class_device_create(tty_class, NULL, MKDEV(TTYAUX_MAJOR, 0), NULL,
			    "tty");

	class_device_create(tty_class, NULL, MKDEV(TTYAUX_MAJOR, 1), NULL,
			    "console");

	class_device_create(tty_class, NULL, MKDEV(TTYAUX_MAJOR, 2), NULL,
			    "ptmx");

	class_device_create(tty_class, NULL, MKDEV(TTY_MAJOR, 0), NULL, "tty0");

	return 0;
}

static void __exit tty_exit(void)
{
	if (!tty_class || IS_ERR(tty_class))
		return;
	class_device_destroy(tty_class, MKDEV(TTY_MAJOR, 0));
	class_device_destroy(tty_class, MKDEV(TTYAUX_MAJOR, 2));
	class_device_destroy(tty_class, MKDEV(TTYAUX_MAJOR, 1));
	class_device_destroy(tty_class, MKDEV(TTYAUX_MAJOR, 0));
	class_destroy(tty_class);
}

subsys_initcall(tty_init);
module_exit(tty_exit);
MODULE_LICENSE("GPL");
