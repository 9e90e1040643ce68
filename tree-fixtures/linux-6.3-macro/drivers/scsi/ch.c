/*
 * drivers/scsi/ch.c - kmigrate fixture: the SCSI media changer class
 *
 * Written fresh for kmigrate's linux-6.3-macro tree.  The class
 * registration is written with one argument a line.  The code around it
 * is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct class *ch_sysfs_class;

static int __init init_ch_module(void)
{
	ch_sysfs_class = class_create(
			THIS_MODULE,
			"scsi_changer");
	if (IS_ERR(ch_sysfs_class)) {
		int rc = PTR_ERR(ch_sysfs_class);

		ch_sysfs_class = NULL;
		return rc;
	}
	return 0;
}

static void __exit exit_ch_module(void)
{
	if (ch_sysfs_class)
		class_destroy(ch_sysfs_class);
}

module_init(init_ch_module);
module_exit(exit_ch_module);
MODULE_LICENSE("GPL");
