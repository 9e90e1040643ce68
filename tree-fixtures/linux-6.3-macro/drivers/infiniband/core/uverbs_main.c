/*
 * drivers/infiniband/core/uverbs_main.c - kmigrate fixture: the class of
 * the user verbs devices
 *
 * Written fresh for kmigrate's linux-6.3-macro tree.  The class
 * registration does not fit on one line: its name is on the next line,
 * aligned with the parenthesis.  The code around it is a minimal
 * stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct {
	struct class *device_class;
	int nr_devices;
} ib_uverbs_globals;

static int __init ib_uverbs_init(void)
{
	ib_uverbs_globals.device_class = class_create(THIS_MODULE,
						      "infiniband_verbs_nodes");
	if (IS_ERR(ib_uverbs_globals.device_class)) {
		pr_err("user_verbs: couldn't create class\n");
		return PTR_ERR(ib_uverbs_globals.device_class);
	}
	return 0;
}

static void __exit ib_uverbs_cleanup(void)
{
	if (!IS_ERR_OR_NULL(ib_uverbs_globals.device_class))
		class_destroy(ib_uverbs_globals.device_class);
}

module_init(ib_uverbs_init);
module_exit(ib_uverbs_cleanup);
MODULE_LICENSE("GPL");
