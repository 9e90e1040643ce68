/*
 * class_device.c - struct class_device: initialize, add, del, register,
 * unregister, get, put and release, as drivers/base/class.c does after the
 * nesting patch; its attribute files and groups.
 *
 * Contract (references as in model.h):
 *   initialize	the caller's reference (1); the model is known from here
 *		on when the class is already set.
 *   add		-EINVAL without a name, an initialized object, a known
 *		class or a known parent; -ENODEV when the class or the
 *		parent is no longer registered; -EEXIST when the name is
 *		taken in the directory (sysfs would refuse).  On success the
 *		directory /sys/class/CLASS[/PARENT...]/NAME holds "uevent",
 *		"dev" when devt != 0:0 and "device" -> the struct device;
 *		the object holds its class and its parent, and an "add"
 *		uevent is logged.
 *   del		a "remove" uevent, the directory goes, the parent's
 *		class-device reference is dropped.
 *   release	(class_device_ops, the kobj_type's) the class device's
 *		release(), else the class's, else a warning; then the
 *		kobject parent and the class are put.
 *   groups and files	named entries of its directory: 0, -EINVAL (not
 *		a class device, a bad name), -ENOENT (not in sysfs, or no
 *		such entry to remove), -EEXIST.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static void class_device_release(struct km_object *obj);

static const struct km_kind_ops class_device_ops = {
	.kind = KM_KIND_CLASS_DEVICE,
	.what = "class device",
	.release = class_device_release,
};

static char *class_id_copy(const struct class_device *class_dev)
{
	return strndup(class_dev->class_id, KM_BUS_ID_SIZE);
}

void km_class_device_initialize(struct class_device *class_dev)
{
	struct km_object *obj, *cls;

	if (!class_dev || KM_IS_ERR(class_dev) ||
	    km_registry_find(class_dev, KM_KIND_CLASS_DEVICE))
		return;
	obj = km_object_new(&class_device_ops, class_dev);
	if (!obj)
		return;
	if (km_registry_add(class_dev, obj)) {
		free(obj);
		return;
	}
	if (class_dev->class_id[0])
		obj->name = class_id_copy(class_dev);
	obj->refcount = 1;
	obj->user_refs = 1;
	cls = km_registry_find(class_dev->class, KM_KIND_CLASS);
	if (cls)
		km_object_attach(obj, cls->model);
}

/* the directory and its entries; on success obj owns dir, name, path */
static int add_to_sysfs(struct km_object *obj, struct km_object *kparent)
{
	struct class_device *class_dev = obj->public;
	struct km_sysfs_dirent *dir;
	char *name, *path = NULL;
	int err;

	name = class_id_copy(class_dev);
	if (!name)
		return -ENOMEM;
	err = km_sysfs_add(kparent->dir, name, KM_DIRENT_DIR, NULL, 1, &dir);
	if (err) {
		free(name);
		return err;
	}
	/* the kernel does not check these either */
	km_sysfs_add(dir, "uevent", KM_DIRENT_FILE, NULL, 0, NULL);
	if (class_dev->devt)
		km_sysfs_add(dir, "dev", KM_DIRENT_FILE, NULL, 0, NULL);
	if (class_dev->dev) {
		path = km_device_path(class_dev->dev);
		if (path)
			km_sysfs_add(dir, "device", KM_DIRENT_LINK, path + 1, 0,
				     NULL);
		else
			km_warn(obj->model,
				"class device '%s': its device has no valid path",
				name);
	}
	free(obj->name);
	obj->name = name;
	free(obj->device_path);
	obj->device_path = path;
	obj->dir = dir;
	return 0;
}

/* which objects the add needs, or why it cannot be done */
static int add_check(struct km_object *obj, struct km_object **cls,
		     struct km_object **parent)
{
	struct class_device *class_dev = obj->public;

	if (obj->flags & KM_OBJ_REGISTERED)
		return -EEXIST;
	if (!class_dev->class_id[0])
		return -EINVAL;
	*cls = km_registry_find(class_dev->class, KM_KIND_CLASS);
	if (!*cls || (obj->model && obj->model != (*cls)->model))
		return -EINVAL;
	if (!((*cls)->flags & KM_OBJ_REGISTERED))
		return -ENODEV;
	*parent = NULL;
	if (!class_dev->parent)
		return 0;
	*parent = km_registry_find(class_dev->parent, KM_KIND_CLASS_DEVICE);
	if (!*parent || (*parent)->model != (*cls)->model)
		return -EINVAL;
	if (!((*parent)->flags & KM_OBJ_REGISTERED))
		return -ENODEV;
	return 0;
}

int km_class_device_add(struct class_device *class_dev)
{
	struct km_object *obj, *cls, *parent, *kparent;
	int err;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (!obj)
		return -EINVAL;
	err = add_check(obj, &cls, &parent);
	if (err)
		return err;
	if (!obj->model)
		km_object_attach(obj, cls->model);
	kparent = parent ? parent : cls;
	err = add_to_sysfs(obj, kparent);
	if (err)
		return err;

	/* a second add after a del replaces what the first one held */
	km_object_get(kparent);
	km_object_put(obj->kobj_parent);
	obj->kobj_parent = kparent;
	km_object_get(cls);
	km_object_put(obj->class);
	obj->class = cls;
	km_object_get(parent);
	obj->parent = parent;
	obj->devt = class_dev->devt;

	km_object_get(obj);
	obj->flags |= KM_OBJ_REGISTERED;
	km_index_name(obj);
	km_index_devt(obj);
	km_uevent_emit(obj, "add");
	return 0;
}

int km_class_device_register(struct class_device *class_dev)
{
	km_class_device_initialize(class_dev);
	return km_class_device_add(class_dev);
}

void km_class_device_del(struct class_device *class_dev)
{
	struct km_object *obj, *parent;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (!obj)
		return;
	if (!(obj->flags & KM_OBJ_REGISTERED)) {
		km_warn(obj->model,
			"class_device_del: class device '%s' is not registered",
			km_object_name(obj));
		return;
	}
	km_unindex_devt(obj);
	km_uevent_emit(obj, "remove");
	km_sysfs_remove_dir(obj->dir);
	obj->dir = NULL;
	obj->flags &= ~KM_OBJ_REGISTERED;
	parent = obj->parent;
	obj->parent = NULL;
	km_object_put(parent);
	km_object_put(obj);
}

void km_class_device_unregister(struct class_device *class_dev)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (!obj)
		return;
	if (!(obj->flags & KM_OBJ_REGISTERED)) {
		km_warn(obj->model,
			"class_device_unregister: class device '%s' is not registered",
			km_object_name(obj));
		return;
	}
	km_class_device_del(class_dev);
	/* the del may have released it: look it up again */
	km_class_device_put(class_dev);
}

struct class_device *km_class_device_get(struct class_device *class_dev)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (!obj)
		return NULL;
	km_object_user_get(obj);
	return class_dev;
}

void km_class_device_put(struct class_device *class_dev)
{
	km_object_user_put(km_registry_find(class_dev, KM_KIND_CLASS_DEVICE),
			   "class_device_put");
}

static void class_device_release(struct km_object *obj)
{
	struct class_device *class_dev = obj->public;
	struct km_object *cls = obj->class;
	struct class *class = NULL;

	if (!cls)
		cls = km_registry_find(class_dev->class, KM_KIND_CLASS);
	if (cls)
		class = cls->public;
	km_object_detach(obj);
	if (class_dev->release)
		class_dev->release(class_dev);
	else if (class && class->release)
		class->release(class_dev);
	else
		km_warn(obj->model,
			"class device '%s' does not have a release() function, it is broken and must be fixed",
			km_object_name(obj));
	/* class_dev may be gone now */
	km_object_put(obj->kobj_parent);
	km_object_put(obj->class);
	obj->public = NULL;
	obj->flags &= ~KM_OBJ_ALLOCATED;
	km_object_free(obj);
}

void km_class_device_discard(struct class_device *class_dev)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (!obj || obj->flags & KM_OBJ_REGISTERED)
		return;
	km_object_detach(obj);
	km_object_put(obj->kobj_parent);
	km_object_put(obj->class);
	obj->public = NULL;
	km_object_free(obj);
}

void km_class_device_adopt(struct class_device *class_dev)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (obj)
		obj->flags |= KM_OBJ_ALLOCATED;
}

struct class_device *km_class_device_find(struct kmodel *model,
					  const char *path)
{
	struct km_object *obj = km_find_path(model, path, KM_KIND_CLASS_DEVICE);

	return obj ? obj->public : NULL;
}

int km_class_device_refcount(const struct class_device *class_dev)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	return obj ? obj->refcount : -1;
}

int km_class_device_is_registered(const struct class_device *class_dev)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	return obj && (obj->flags & KM_OBJ_REGISTERED);
}

/* --- attribute groups and files ----------------------------------------- */

static int class_dev_dir(struct class_device *class_dev, const char *name,
			 struct km_sysfs_dirent **dir)
{
	struct km_object *obj;

	obj = km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	if (!obj || !name)
		return -EINVAL;
	*dir = obj->dir;
	return *dir ? 0 : -ENOENT;
}

int km_sysfs_create_group(struct class_device *class_dev, const char *name)
{
	struct km_sysfs_dirent *dir;
	int err = class_dev_dir(class_dev, name, &dir);

	if (err)
		return err;
	return km_sysfs_add(dir, name, KM_DIRENT_DIR, NULL, 0, NULL);
}

int km_sysfs_remove_group(struct class_device *class_dev, const char *name)
{
	struct km_sysfs_dirent *dir;

	if (class_dev_dir(class_dev, name, &dir))
		return -ENOENT;
	return km_sysfs_remove(dir, name, KM_DIRENT_DIR);
}

int km_class_device_create_file(struct class_device *class_dev,
				const char *name)
{
	struct km_sysfs_dirent *dir;
	int err = class_dev_dir(class_dev, name, &dir);

	if (err)
		return err;
	return km_sysfs_add(dir, name, KM_DIRENT_FILE, NULL, 0, NULL);
}

int km_class_device_remove_file(struct class_device *class_dev,
				const char *name)
{
	struct km_sysfs_dirent *dir;

	if (class_dev_dir(class_dev, name, &dir))
		return -ENOENT;
	return km_sysfs_remove(dir, name, KM_DIRENT_FILE);
}
