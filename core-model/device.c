/*
 * device.c - struct device registered in a class: device_create() in its
 * 2.6.18 and 2.6.27 forms, device_destroy(), unregister, references and
 * release, laid out as drivers/base/core.c of 2.6.27 does with
 * CONFIG_SYSFS_DEPRECATED off (model.h describes the layout and errors).
 *
 * Contract: a device is live from its create until its last reference
 * goes (model.h gives the references).  Its directory is a kobject
 * directory; a glue directory (CLASS below the parent's directory, or
 * below /sys/devices/virtual) counts the devices in it and goes with the
 * last.  del removes, in this order, the uevent ("remove"), the
 * /sys/dev/char link, the class link (when the class still has its
 * directory), the directory with its files and links, and the glue
 * directory when it empties.  The release (device_ops, the kobj_type's)
 * runs dev->release(), else warns as the kernel does, then puts the class
 * and the parent.  This file knows classes only through their objects.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void device_release(struct km_object *obj);

static const struct km_kind_ops device_ops = {
	.kind = KM_KIND_DEVICE,
	.what = "device",
	.release = device_release,
};

/* where a registration goes, and what it made so far (for the unwind) */
struct add_state {
	struct km_object *obj, *class, *parent;
	struct km_sysfs_dirent *parent_dir, *glue, *dir;
	char devt_name[24];
	int made_devt_link, made_class_link;
};

/* the directory the device's own goes in; 0 or -errno */
static int find_parent_dir(struct add_state *st, struct device *dev)
{
	struct kmodel *model = st->class->model;
	struct km_sysfs_dirent *dir;
	const char *class_name = st->class->name;

	if (dev->parent) {
		st->parent = km_registry_find(dev->parent, KM_KIND_DEVICE);
		if (st->parent) {
			if (st->parent->model != model)
				return -EINVAL;
			if (!(st->parent->flags & KM_OBJ_REGISTERED))
				return -ENODEV;
			/* a parent of a class: no glue directory */
			st->parent_dir = st->parent->dir;
			return st->parent_dir ? 0 : -ENODEV;
		}
		dir = km_device_dir(model, dev->parent);
		if (!dir)
			return -EINVAL;
	} else {
		dir = km_sysfs_top(model, "devices");
		dir = dir ? km_sysfs_mkdir(dir, "virtual") : NULL;
		if (!dir)
			return -ENOMEM;
	}
	st->glue = km_sysfs_lookup(dir, class_name);
	if (st->glue &&
	    (st->glue->type != KM_DIRENT_DIR || st->glue->is_kobject))
		return -EEXIST;
	if (!st->glue &&
	    km_sysfs_add(dir, class_name, KM_DIRENT_DIR, NULL, 0, &st->glue))
		return -ENOMEM;
	st->glue->glue_refs++;
	st->parent_dir = st->glue;
	return 0;
}

static void put_glue(struct km_sysfs_dirent *glue)
{
	if (glue && !--glue->glue_refs)
		km_sysfs_remove_dir(glue);
}

/* the entries of the device's directory and the links to it */
static int add_entries(struct add_state *st, struct device *dev)
{
	struct km_object *obj = st->obj;
	struct kmodel *model = st->class->model;
	struct km_sysfs_dirent *dev_char;
	char *target;
	int err;

	err = km_sysfs_add(st->parent_dir, obj->name, KM_DIRENT_DIR, NULL, 1,
			   &st->dir);
	if (err)
		return err;
	st->dir->device = dev;
	obj->sysfs_path = km_sysfs_path(st->dir);
	if (!obj->sysfs_path)
		return -ENOMEM;
	target = obj->sysfs_path + 1;
	km_sysfs_add(st->dir, "uevent", KM_DIRENT_FILE, NULL, 0, NULL);
	if (KM_MAJOR(dev->devt)) {
		km_sysfs_add(st->dir, "dev", KM_DIRENT_FILE, NULL, 0, NULL);
		dev_char = km_sysfs_top(model, "dev");
		dev_char = dev_char ? km_sysfs_mkdir(dev_char, "char") : NULL;
		snprintf(st->devt_name, sizeof(st->devt_name), "%u:%u",
			 KM_MAJOR(dev->devt), KM_MINOR(dev->devt));
		err = km_sysfs_add(dev_char, st->devt_name, KM_DIRENT_LINK,
				   target, 0, NULL);
		if (err)
			return err;
		st->made_devt_link = 1;
	}
	err = km_sysfs_add(st->class->dir, obj->name, KM_DIRENT_LINK, target, 0,
			   NULL);
	if (err)
		return err;
	st->made_class_link = 1;
	target = km_strfmt("class/%s", st->class->name);
	if (target)
		km_sysfs_add(st->dir, "subsystem", KM_DIRENT_LINK, target, 0,
			     NULL);
	free(target);
	if (dev->parent) {
		obj->device_path = km_device_path(dev->parent);
		if (st->parent)
			target = km_sysfs_path(st->parent->dir);
		else
			target = obj->device_path ?
					 km_strdup(obj->device_path) :
					 NULL;
		if (target)
			km_sysfs_add(st->dir, "device", KM_DIRENT_LINK,
				     target + 1, 0, NULL);
		free(target);
	}
	return 0;
}

static void unwind(struct add_state *st)
{
	struct kmodel *model = st->class->model;

	if (st->made_class_link)
		km_sysfs_remove(st->class->dir, st->obj->name, KM_DIRENT_LINK);
	if (st->made_devt_link)
		km_sysfs_remove(
			km_sysfs_lookup(km_sysfs_lookup(model->root, "dev"),
					"char"),
			st->devt_name, KM_DIRENT_LINK);
	km_sysfs_remove_dir(st->dir);
	put_glue(st->glue);
}

/* device_register() of a device that device_create() filled in */
static int device_register(struct device *dev)
{
	struct add_state st;
	int err;

	memset(&st, 0, sizeof(st));
	if (!dev->bus_id[0])
		return -EINVAL;
	st.class = km_registry_find(dev->class, KM_KIND_CLASS);
	if (!st.class)
		return -EINVAL;
	if (!(st.class->flags & KM_OBJ_REGISTERED) || !st.class->dir)
		return -ENODEV;
	st.obj = km_object_new(&device_ops, dev);
	if (!st.obj)
		return -ENOMEM;
	err = km_registry_add(dev, st.obj);
	if (err) {
		free(st.obj);
		return err;
	}
	err = -ENOMEM;
	st.obj->name = strndup(dev->bus_id, KM_BUS_ID_SIZE);
	if (!st.obj->name)
		goto out_free;
	err = find_parent_dir(&st, dev);
	if (err)
		goto out_free;
	err = add_entries(&st, dev);
	if (err) {
		unwind(&st);
		goto out_free;
	}
	st.obj->dir = st.dir;
	st.obj->glue = st.glue;
	st.obj->devt = dev->devt;
	km_object_get(st.class);
	st.obj->class = st.class;
	km_object_get(st.parent);
	st.obj->kobj_parent = st.parent;
	st.obj->refcount = 2;
	st.obj->user_refs = 1;
	st.obj->flags |= KM_OBJ_REGISTERED | KM_OBJ_ALLOCATED;
	km_object_attach(st.obj, st.class->model);
	km_index_devt(st.obj);
	km_uevent_emit_device(st.obj, "add");
	return 0;

out_free:
	km_registry_del(dev);
	st.obj->public = NULL;
	km_object_free(st.obj);
	return err;
}

static void device_create_release(struct device *dev)
{
	free(dev);
}

struct device *km_device_vcreate(struct class *cls, struct device *parent,
				 km_devt devt, void *drvdata, const char *fmt,
				 va_list args)
{
	struct device *dev;
	int err;

	if (!cls || KM_IS_ERR(cls))
		return KM_ERR_PTR(-ENODEV);
	if (!fmt || KM_IS_ERR(parent))
		return KM_ERR_PTR(-EINVAL);
	dev = km_zalloc(sizeof(*dev));
	if (!dev)
		return KM_ERR_PTR(-ENOMEM);
	dev->devt = devt;
	dev->class = cls;
	dev->parent = parent;
	dev->release = device_create_release;
	dev->driver_data = drvdata;
	vsnprintf(dev->bus_id, KM_BUS_ID_SIZE, fmt, args);
	err = device_register(dev);
	if (err) {
		free(dev);
		return KM_ERR_PTR(err);
	}
	return dev;
}

struct device *km_device_create(struct class *cls, struct device *parent,
				km_devt devt, void *drvdata, const char *fmt,
				...)
{
	struct device *dev;
	va_list args;

	va_start(args, fmt);
	dev = km_device_vcreate(cls, parent, devt, drvdata, fmt, args);
	va_end(args);
	return dev;
}

struct device *km_device_create_old(struct class *cls, struct device *parent,
				    km_devt devt, const char *fmt, ...)
{
	struct device *dev;
	va_list args;

	va_start(args, fmt);
	dev = km_device_vcreate(cls, parent, devt, NULL, fmt, args);
	va_end(args);
	return dev;
}

static void device_del(struct km_object *obj)
{
	struct kmodel *model = obj->model;
	char devt_name[24];

	km_uevent_emit_device(obj, "remove");
	km_unindex_devt(obj);
	if (KM_MAJOR(obj->devt)) {
		snprintf(devt_name, sizeof(devt_name), "%u:%u",
			 KM_MAJOR(obj->devt), KM_MINOR(obj->devt));
		km_sysfs_remove(
			km_sysfs_lookup(km_sysfs_lookup(model->root, "dev"),
					"char"),
			devt_name, KM_DIRENT_LINK);
	}
	if (obj->class->dir)
		km_sysfs_remove(obj->class->dir, obj->name, KM_DIRENT_LINK);
	km_sysfs_remove_dir(obj->dir);
	obj->dir = NULL;
	put_glue(obj->glue);
	obj->glue = NULL;
	obj->flags &= ~KM_OBJ_REGISTERED;
	km_object_put(obj);
}

void km_device_unregister(struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_DEVICE);

	if (!obj)
		return;
	if (!(obj->flags & KM_OBJ_REGISTERED)) {
		km_warn(obj->model,
			"device_unregister: device '%s' is not registered",
			obj->name);
		return;
	}
	device_del(obj);
	/* the del may have released it: look it up again */
	km_put_device(dev);
}

static void device_release(struct km_object *obj)
{
	struct device *dev = obj->public;

	km_object_detach(obj);
	if (dev->release)
		dev->release(dev);
	else
		km_warn(obj->model,
			"Device '%s' does not have a release() function, it is broken and must be fixed",
			obj->name);
	/* dev may be gone now */
	km_object_put(obj->kobj_parent);
	km_object_put(obj->class);
	obj->public = NULL;
	obj->flags &= ~KM_OBJ_ALLOCATED;
	km_object_free(obj);
}

struct device *km_device_find_devt(struct class *cls, km_devt devt)
{
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS), *dev;

	if (!obj)
		return NULL;
	dev = km_find_devt(obj->model, obj, KM_KIND_DEVICE, devt);
	return dev ? dev->public : NULL;
}

void km_device_destroy(struct class *cls, km_devt devt)
{
	struct device *dev = km_device_find_devt(cls, devt);

	if (dev)
		km_device_unregister(dev);
}

struct device *km_get_device(struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_DEVICE);

	if (!obj)
		return NULL;
	km_object_user_get(obj);
	return dev;
}

void km_put_device(struct device *dev)
{
	km_object_user_put(km_registry_find(dev, KM_KIND_DEVICE), "put_device");
}

int km_device_refcount(const struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_DEVICE);

	return obj ? obj->refcount : -1;
}

int km_device_is_registered(const struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_DEVICE);

	return obj && (obj->flags & KM_OBJ_REGISTERED);
}
