/* Old-form calls whose name is not a string literal. */
#include <linux/device.h>
#include <linux/module.h>

#define DRV_NAME "aoe"

struct widget_driver {
	const char *name;
	struct class *class;
};

static struct class *aoe_class, *gadget_class;

static void nonliteral_name(struct widget_driver *drv, const char *name)
{
	aoe_class = class_create(THIS_MODULE, DRV_NAME);
	drv->class = class_create(THIS_MODULE, drv->name);
	gadget_class = class_create(THIS_MODULE, name);
	drv->class = class_create(THIS_MODULE, KBUILD_MODNAME);
}
