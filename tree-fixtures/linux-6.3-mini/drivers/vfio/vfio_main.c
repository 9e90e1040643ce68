/*
 * drivers/vfio/vfio_main.c - kmigrate fixture: the vfio class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  This file was
 * converted to the new class API already: the class registration takes
 * the name only.  The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct vfio {
	struct class *class;
	int nr_groups;
} vfio;

static int __init vfio_init(void)
{
	int ret = 0;

	vfio.class = class_create("vfio");
	if (IS_ERR(vfio.class)) {
		ret = PTR_ERR(vfio.class);
		goto err_class;
	}
	return 0;

err_class:
	vfio.class = NULL;
	return ret;
}

static void __exit vfio_cleanup(void)
{
	if (vfio.class)
		class_destroy(vfio.class);
}

module_init(vfio_init);
module_exit(vfio_cleanup);
MODULE_LICENSE("GPL");
