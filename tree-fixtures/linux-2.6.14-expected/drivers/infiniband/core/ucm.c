/*
 * drivers/infiniband/core/ucm.c - kmigrate fixture: the userspace
 * InfiniBand connection manager node
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define IB_UCM_MAJOR	231
#define IB_UCM_MINOR	255
#define IB_UCM_DEV	MKDEV(IB_UCM_MAJOR, IB_UCM_MINOR)

static struct class *ib_ucm_class;

static int __init ib_ucm_init(void)
{
	ib_ucm_class = class_create(THIS_MODULE, "infiniband_cm");
	if (IS_ERR(ib_ucm_class)) {
		printk(KERN_ERR "ucm: cannot create class\n");
		return PTR_ERR(ib_ucm_class);
	}

	class_device_create(ib_ucm_class, NULL, IB_UCM_DEV, NULL, "ucm");

	return 0;
}

static void __exit ib_ucm_cleanup(void)
{
	if (!ib_ucm_class || IS_ERR(ib_ucm_class))
		return;
	class_device_destroy(ib_ucm_class, IB_UCM_DEV);
	class_destroy(ib_ucm_class);
}

module_init(ib_ucm_init);
module_exit(ib_ucm_cleanup);
MODULE_LICENSE("GPL");
