/*
 * class.c - struct class: create (both forms), register, unregister,
 * references, release.
 *
 * Contract: a class is live from km_class_register() (or a create, which
 * allocates it and installs releases that free) until its last reference
 * goes; each class device and device added to it holds one.
 * Unregistering removes /sys/class/NAME at once; the class stays findable
 * through its pointer and km_class_find() until it is released.  The
 * release (class_ops.release, the kobj_type's) runs the class's
 * class_release(), or records the kernel's warning when there is none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* the memory of a create: the class and its name */
struct km_created_class {
	struct class cls;
	char name[];
};

static void class_release(struct km_object *obj)
{
	struct class *cls = obj->public;

	km_object_detach(obj);
	if (cls->class_release)
		cls->class_release(cls);
	else
		km_warn(obj->model,
			"class '%s' does not have a release() function, be careful",
			obj->name);
	obj->public = NULL;
	obj->flags &= ~KM_OBJ_ALLOCATED;
	km_object_free(obj);
}

static const struct km_kind_ops class_ops = {
	.kind = KM_KIND_CLASS,
	.what = "class",
	.release = class_release,
};

int km_class_register(struct kmodel *model, struct class *cls)
{
	struct km_object *obj;
	int err;

	if (!model || !cls || KM_IS_ERR(cls) || !cls->name || !*cls->name)
		return -EINVAL;
	if (km_registry_find(cls, KM_KIND_CLASS))
		return -EEXIST;
	obj = km_object_new(&class_ops, cls);
	if (!obj)
		return -ENOMEM;
	err = -ENOMEM;
	obj->name = km_strdup(cls->name);
	if (!obj->name)
		goto out_free_obj;
	err = km_registry_add(cls, obj);
	if (err)
		goto out_free_obj;
	err = km_sysfs_add(model->class_root, obj->name, KM_DIRENT_DIR, NULL, 1,
			   &obj->dir);
	if (err)
		goto out_unregistry;
	obj->refcount = 1;
	obj->flags |= KM_OBJ_REGISTERED;
	km_object_attach(obj, model);
	km_index_name(obj);
	return 0;

out_unregistry:
	km_registry_del(cls);
out_free_obj:
	free(obj->name);
	free(obj);
	return err;
}

void km_class_unregister(struct class *cls)
{
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS);

	if (!obj)
		return;
	if (!(obj->flags & KM_OBJ_REGISTERED)) {
		km_warn(obj->model,
			"class_unregister: class '%s' is not registered",
			obj->name);
		return;
	}
	km_sysfs_remove_dir(obj->dir);
	obj->dir = NULL;
	obj->flags &= ~KM_OBJ_REGISTERED;
	km_object_put(obj);
}

static void created_class_release(struct class *cls)
{
	free(km_container_of(cls, struct km_created_class, cls));
}

static void created_class_device_release(struct class_device *class_dev)
{
	free(class_dev);
}

/* both creates; NULL name: the caller has decided the errno already */
static struct class *class_create(struct kmodel *model, struct module *owner,
				  const char *name)
{
	struct km_created_class *created;
	int err;

	created = km_zalloc(sizeof(*created) + strlen(name) + 1);
	if (!created)
		return KM_ERR_PTR(-ENOMEM);
	strcpy(created->name, name);
	created->cls.name = created->name;
	created->cls.owner = owner;
	created->cls.class_release = created_class_release;
	created->cls.release = created_class_device_release;
	err = km_class_register(model, &created->cls);
	if (err) {
		free(created);
		return KM_ERR_PTR(err);
	}
	km_registry_find(&created->cls, KM_KIND_CLASS)->flags |=
		KM_OBJ_ALLOCATED;
	return &created->cls;
}

struct class *km_class_create(struct kmodel *model, struct module *owner,
			      const char *name)
{
	if (!model || !name)
		return KM_ERR_PTR(-EINVAL);
	return class_create(model, owner, name);
}

struct class *km_class_create_new(struct kmodel *model, const char *name)
{
	if (!model)
		return KM_ERR_PTR(-EINVAL);
	if (!name)
		return KM_ERR_PTR(-ENOMEM);
	return class_create(model, NULL, name);
}

void km_class_destroy(struct class *cls)
{
	if (!cls || KM_IS_ERR(cls))
		return;
	km_class_unregister(cls);
}

struct class *km_class_get(struct class *cls)
{
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS);

	if (!obj)
		return NULL;
	km_object_user_get(obj);
	return cls;
}

void km_class_put(struct class *cls)
{
	km_object_user_put(km_registry_find(cls, KM_KIND_CLASS), "class_put");
}

struct class *km_class_find(struct kmodel *model, const char *name)
{
	struct km_object *obj;

	if (!name || strchr(name, '/'))
		return NULL;
	obj = km_find_path(model, name, KM_KIND_CLASS);
	return obj ? obj->public : NULL;
}

int km_class_refcount(const struct class *cls)
{
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS);

	return obj ? obj->refcount : -1;
}
