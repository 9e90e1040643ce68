/*
 * drivers/scsi/sg.c - kmigrate fixture: the SCSI generic class
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

static struct class *sg_sysfs_class;
static int sg_registered;

static int __init init_sg(void)
{
	int rc;

	sg_registered = 1;
	sg_sysfs_class = class_create(THIS_MODULE, "scsi_generic");
	if (IS_ERR(sg_sysfs_class)) {
		rc = PTR_ERR(sg_sysfs_class);
		goto err_out;
	}
	return 0;

err_out:
	sg_registered = 0;
	return rc;
}

static void __exit exit_sg(void)
{
	if (!IS_ERR_OR_NULL(sg_sysfs_class))
		class_destroy(sg_sysfs_class);
	sg_registered = 0;
}

module_init(init_sg);
module_exit(exit_sg);
MODULE_LICENSE("GPL");
