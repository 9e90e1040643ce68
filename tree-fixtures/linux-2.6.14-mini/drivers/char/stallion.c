/*
 * drivers/char/stallion.c - kmigrate fixture: the Stallion multiport
 * serial boards: a shared memory node per board, and their tty lines
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  The tty lines go through tty_io.c's class.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>
#include <linux/tty.h>

#define STL_SIOMEMMAJOR		28
#define STL_SERIALMAJOR		24
#define STL_MAXBRDS		1
#define STL_PORTS_PER_BRD	2

static struct class *stallion_class;

static struct tty_driver stl_serial = {
	.name = "ttyE",
	.name_base = 0,
	.major = STL_SERIALMAJOR,
	.minor_start = 0,
	.num = STL_MAXBRDS * STL_PORTS_PER_BRD,
};

static int __init stl_init(void)
{
	unsigned int line;
	int i;

	stallion_class = class_create(THIS_MODULE, "staliomem");
	if (IS_ERR(stallion_class))
		return PTR_ERR(stallion_class);
	for (i = 0; i < STL_MAXBRDS; i++) {
		class_device_create(stallion_class, MKDEV(STL_SIOMEMMAJOR, i), NULL, "staliomem%d", i);
	}

	for (line = 0; line < stl_serial.num; line++)
		tty_register_device(&stl_serial, line, NULL);
	return 0;
}

static void __exit stallion_module_exit(void)
{
	unsigned int line;
	int i;

	for (line = 0; line < stl_serial.num; line++)
		tty_unregister_device(&stl_serial, line);
	if (!stallion_class || IS_ERR(stallion_class))
		return;
	for (i = 0; i < STL_MAXBRDS; i++)
		class_device_destroy(stallion_class, MKDEV(STL_SIOMEMMAJOR, i));
	class_destroy(stallion_class);
}

module_init(stl_init);
module_exit(stallion_module_exit);
MODULE_LICENSE("GPL");
