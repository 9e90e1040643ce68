/* Calls already in the new form, the name only: no change. */
#include <linux/device.h>

#define DRV_NAME "vfio"

static struct class *vfio_class, *drm_class;

static int new_form(const char *name)
{
	vfio_class = class_create(DRV_NAME);
	if (IS_ERR(vfio_class))
		return PTR_ERR(vfio_class);
	drm_class = class_create("drm");
	return PTR_ERR_OR_ZERO(class_create(name));
}
