/*
 * drivers/input/input.c - kmigrate fixture: provider of the input class
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Registers no class
 * device itself: it only creates input_class in a subsys_initcall, before
 * the input handlers (evdev, joydev, mousedev, tsdev) use it, and destroys
 * it after them.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/input.h>

struct class *input_class;

static int __init input_init(void)
{
	input_class = class_create(THIS_MODULE, "input");
	if (IS_ERR(input_class)) {
		int err = PTR_ERR(input_class);

		printk(KERN_ERR "input: unable to register input class\n");
		input_class = NULL;
		return err;
	}
	return 0;
}

static void __exit input_exit(void)
{
	if (input_class)
		class_destroy(input_class);
	input_class = NULL;
}

subsys_initcall(input_init);
module_exit(input_exit);
MODULE_LICENSE("GPL");
