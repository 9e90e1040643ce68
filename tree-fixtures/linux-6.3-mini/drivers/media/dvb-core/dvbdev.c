/*
 * drivers/media/dvb-core/dvbdev.c - kmigrate fixture: the dvb class
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
#include <linux/errno.h>

static struct class *dvb_class;
static int dvb_major_registered;

static int __init init_dvbdev(void)
{
	int retval;

	dvb_major_registered = 1;
	dvb_class = class_create(THIS_MODULE, "dvb");
	if (IS_ERR(dvb_class)) {
		retval = PTR_ERR(dvb_class);
		goto error;
	}
	return 0;

error:
	dvb_major_registered = 0;
	return retval;
}

static void __exit exit_dvbdev(void)
{
	if (!IS_ERR_OR_NULL(dvb_class))
		class_destroy(dvb_class);
	dvb_major_registered = 0;
}

module_init(init_dvbdev);
module_exit(exit_dvbdev);
MODULE_LICENSE("GPL");
