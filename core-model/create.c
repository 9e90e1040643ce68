/*
 * create.c - class_device_create() in both forms, and
 * class_device_destroy().
 *
 * Contract: km_class_device_create() allocates a class device, names it
 * with fmt (truncated to KM_BUS_ID_SIZE - 1 bytes, as vsnprintf does in the
 * kernel) and registers it under cls, or under parent when one is given.
 * Like the patched kernel it installs the class device's own release (which
 * frees it) and its own hotplug callback (which adds nothing), so the
 * class's hotplug callback never runs for it.  A NULL or ERR_PTR class
 * returns ERR_PTR(-ENODEV); any other failure of the registration is
 * returned as an ERR_PTR and the memory freed without a release.
 *
 * km_class_device_create_old() is the 2.6.14 entry point kept beside the
 * new one: the same call with no parent.
 *
 * km_class_device_destroy() unregisters the first class device of cls (in
 * the order they were added, nested ones included) whose devt at add
 * matches, found through the model's dev_t index, and does nothing when
 * there is none.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "internal.h"

static void class_device_create_release(struct class_device *class_dev)
{
	free(class_dev);
}

static int class_device_create_hotplug(struct class_device *class_dev,
				       char **envp, int num_envp, char *buffer,
				       int buffer_size)
{
	(void)class_dev;
	(void)envp;
	(void)num_envp;
	(void)buffer;
	(void)buffer_size;
	return 0;
}

struct class_device *km_class_device_vcreate(struct class *cls,
					     struct class_device *parent,
					     km_devt devt,
					     struct device *device,
					     const char *fmt, va_list args)
{
	struct class_device *class_dev;
	int err;

	if (!cls || KM_IS_ERR(cls))
		return KM_ERR_PTR(-ENODEV);
	if (!fmt)
		return KM_ERR_PTR(-EINVAL);
	class_dev = km_zalloc(sizeof(*class_dev));
	if (!class_dev)
		return KM_ERR_PTR(-ENOMEM);
	class_dev->devt = devt;
	class_dev->dev = device;
	class_dev->class = cls;
	class_dev->parent = parent;
	class_dev->release = class_device_create_release;
	class_dev->hotplug = class_device_create_hotplug;
	vsnprintf(class_dev->class_id, KM_BUS_ID_SIZE, fmt, args);

	err = km_class_device_register(class_dev);
	if (err) {
		km_class_device_discard(class_dev);
		free(class_dev);
		return KM_ERR_PTR(err);
	}
	km_class_device_adopt(class_dev);
	return class_dev;
}

struct class_device *km_class_device_create(struct class *cls,
					    struct class_device *parent,
					    km_devt devt, struct device *device,
					    const char *fmt, ...)
{
	struct class_device *class_dev;
	va_list args;

	va_start(args, fmt);
	class_dev =
		km_class_device_vcreate(cls, parent, devt, device, fmt, args);
	va_end(args);
	return class_dev;
}

struct class_device *km_class_device_create_old(struct class *cls, km_devt devt,
						struct device *device,
						const char *fmt, ...)
{
	struct class_device *class_dev;
	va_list args;

	va_start(args, fmt);
	class_dev = km_class_device_vcreate(cls, NULL, devt, device, fmt, args);
	va_end(args);
	return class_dev;
}

struct class_device *km_class_device_find_devt(struct class *cls, km_devt devt)
{
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS), *child;

	if (!obj)
		return NULL;
	child = km_find_devt(obj->model, obj, KM_KIND_CLASS_DEVICE, devt);
	return child ? child->public : NULL;
}

void km_class_device_destroy(struct class *cls, km_devt devt)
{
	struct class_device *class_dev = km_class_device_find_devt(cls, devt);

	if (class_dev)
		km_class_device_unregister(class_dev);
}
