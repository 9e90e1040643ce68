/*
 * drivers/i2c/i2c-dev.c - kmigrate fixture: the i2c-dev class
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

static struct class *i2c_dev_class;
static int i2c_chrdev_registered;

static int __init i2c_dev_init(void)
{
	int res;

	pr_info("i2c /dev entries driver\n");
	i2c_chrdev_registered = 1;

	i2c_dev_class = class_create(THIS_MODULE, "i2c-dev");
	if (IS_ERR(i2c_dev_class)) {
		res = PTR_ERR(i2c_dev_class);
		goto out_unreg_chrdev;
	}
	return 0;

out_unreg_chrdev:
	i2c_chrdev_registered = 0;
	pr_err("Driver Initialisation failed\n");
	return res;
}

static void __exit i2c_dev_exit(void)
{
	if (!IS_ERR_OR_NULL(i2c_dev_class))
		class_destroy(i2c_dev_class);
	i2c_chrdev_registered = 0;
}

module_init(i2c_dev_init);
module_exit(i2c_dev_exit);
MODULE_LICENSE("GPL");
