/*
 * drivers/gpu/drm/drm_sysfs.c - kmigrate fixture: the drm class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  The class is created
 * by a helper that takes the owning module as a parameter of its own and
 * passes it on: the owner is not THIS_MODULE.  The code around it is a
 * minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct class *drm_class;
static int drm_class_version;

static struct class *drm_sysfs_create(struct module *owner, const char *name)
{
	struct class *class;

	class = class_create(owner, name);
	if (IS_ERR(class))
		return class;
	drm_class_version = 1;
	return class;
}

static int __init drm_core_init(void)
{
	drm_class = drm_sysfs_create(THIS_MODULE, "drm");
	return PTR_ERR_OR_ZERO(drm_class);
}

static void __exit drm_core_exit(void)
{
	if (!IS_ERR_OR_NULL(drm_class))
		class_destroy(drm_class);
}

module_init(drm_core_init);
module_exit(drm_core_exit);
MODULE_LICENSE("GPL");
