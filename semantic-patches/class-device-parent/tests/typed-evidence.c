/*
 * Evidence from the types spatch infers inside the file: a char * as
 * argument 4 or a struct device * as argument 3 marks the old form, a
 * struct device * as argument 4 marks the new one, as does an address
 * as argument 2.  NULL as argument 3 is the old form's device.
 */
#include <linux/device.h>

struct widget {
	struct class_device cdev;
	struct class *cls;
	unsigned int devno;
	char *name;
};

static void typed_old(struct widget *w, struct device *device,
		      const char *label, char *name)
{
	class_device_create(w->cls, w->devno, w->parent_dev, label, w->devno);
	class_device_create(w->cls, w->devno, device, w->fmt, w->devno);
	class_device_create(w->cls, w->devno, NULL, w->fmt, name);
}

static void typed_new(struct widget *w, struct device *device)
{
	class_device_create(w->cls, w->parent, w->devno, device, w->fmt);
	class_device_create(w->cls, &w->cdev, w->devno, w->dev, w->fmt);
}
