/* Owners that are not THIS_MODULE: converted too, the owner named. */
#include <linux/device.h>
#include <linux/module.h>

struct widget_driver {
	struct module *owner;
	const char *name;
	struct class *class;
};

static struct class *drm_sysfs_create(struct module *owner, const char *name)
{
	struct class *class;

	class = class_create(owner, name);
	if (IS_ERR(class))
		return class;
	return class;
}

static int widget_register(struct widget_driver *drv, struct module *mod)
{
	drv->class = class_create(drv->owner, drv->name);
	if (IS_ERR(drv->class))
		return PTR_ERR(drv->class);
	drv->class = class_create(mod, "widget");
	drv->class = class_create(NULL, "widget_null_owner");
	return 0;
}
