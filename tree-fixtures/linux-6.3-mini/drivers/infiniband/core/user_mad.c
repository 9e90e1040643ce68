/*
 * drivers/infiniband/core/user_mad.c - kmigrate fixture: the class of the
 * user MAD devices
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  The class
 * registration does not fit on one line: its name is on the next line,
 * one tab in from the statement.  The code around it is a minimal
 * stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct {
	struct class *device_class;
	int nr_ports;
} umad_class_state;

static int __init ib_umad_init(void)
{
	umad_class_state.device_class = class_create(THIS_MODULE,
		"infiniband_mad_device_nodes");
	if (IS_ERR(umad_class_state.device_class)) {
		pr_err("couldn't create class infiniband_mad\n");
		return PTR_ERR(umad_class_state.device_class);
	}
	return 0;
}

static void __exit ib_umad_cleanup(void)
{
	if (!IS_ERR_OR_NULL(umad_class_state.device_class))
		class_destroy(umad_class_state.device_class);
}

module_init(ib_umad_init);
module_exit(ib_umad_cleanup);
MODULE_LICENSE("GPL");
