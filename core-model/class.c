/*
 * class.c - struct class: create, register, unregister, references; and
 * the reference counting every model object shares.
 *
 * Contract: a class is live from km_class_register() (or km_class_create(),
 * which allocates it and installs releases that free) until its last
 * reference goes; each class device added to it holds one.  Unregistering
 * removes /sys/class/NAME at once; the class stays findable through its
 * pointer and km_class_find() until it is released.  The release runs the
 * class's class_release(), or records the kernel's warning when there is
 * none.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* the memory of km_class_create(): the class and its name */
struct km_created_class {
	struct class cls;
	char name[];
};

struct km_object *km_object_new(enum km_kind kind, void *public)
{
	struct km_object *obj = km_zalloc(sizeof(*obj));

	if (!obj)
		return NULL;
	obj->kind = kind;
	obj->public = public;
	km_list_init(&obj->model_node);
	km_list_init(&obj->class_node);
	km_list_init(&obj->children);
	return obj;
}

void km_object_attach(struct km_object *obj, struct kmodel *model)
{
	obj->model = model;
	km_list_add_tail(&obj->model_node, &model->objects);
	model->live_objects++;
}

void km_object_detach(struct km_object *obj)
{
	km_registry_del(obj->public);
	if (obj->model) {
		km_list_del_init(&obj->model_node);
		obj->model->live_objects--;
	}
}

void km_object_get(struct km_object *obj)
{
	if (obj)
		obj->refcount++;
}

void km_object_user_get(struct km_object *obj)
{
	obj->user_refs++;
	obj->refcount++;
}

void km_object_user_put(struct km_object *obj, const char *who)
{
	if (!obj)
		return;
	if (obj->user_refs <= 0) {
		km_warn(obj->model, "%s: '%s' put more often than got", who,
			km_object_name(obj));
		return;
	}
	obj->user_refs--;
	km_object_put(obj);
}

const char *km_object_name(const struct km_object *obj)
{
	return obj->name ? obj->name : "(unnamed)";
}

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
	free(obj->name);
	free(obj);
}

void km_object_put(struct km_object *obj)
{
	if (!obj || --obj->refcount > 0)
		return;
	if (obj->kind == KM_KIND_CLASS)
		class_release(obj);
	else
		km_class_device_release(obj);
}

void km_object_free(struct km_object *obj)
{
	km_registry_del(obj->public);
	if (obj->flags & KM_OBJ_ALLOCATED)
		free(obj->public);
	free(obj->name);
	free(obj->device_path);
	free(obj);
}

char *km_object_path(const struct km_object *obj)
{
	char *parent, *path;

	if (!obj->name)
		return NULL;
	if (obj->kind == KM_KIND_CLASS)
		return km_strfmt("/class/%s", obj->name);
	if (!obj->kobj_parent)
		return NULL;
	parent = km_object_path(obj->kobj_parent);
	if (!parent)
		return NULL;
	path = km_strfmt("%s/%s", parent, obj->name);
	free(parent);
	return path;
}

int km_class_register(struct kmodel *model, struct class *cls)
{
	struct km_object *obj;
	int err;

	if (!model || !cls || KM_IS_ERR(cls) || !cls->name || !*cls->name)
		return -EINVAL;
	if (km_registry_find(cls, KM_KIND_CLASS))
		return -EEXIST;
	obj = km_object_new(KM_KIND_CLASS, cls);
	if (!obj)
		return -ENOMEM;
	err = -ENOMEM;
	obj->name = km_strdup(cls->name);
	if (!obj->name)
		goto out_free_obj;
	err = km_registry_add(cls, obj);
	if (err)
		goto out_free_obj;
	err = km_sysfs_add(model->class_root, obj->name, KM_DIRENT_DIR, NULL,
			   1, &obj->dir);
	if (err)
		goto out_unregistry;
	obj->refcount = 1;
	obj->flags |= KM_OBJ_REGISTERED;
	km_object_attach(obj, model);
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

struct class *km_class_create(struct kmodel *model, struct module *owner,
			      const char *name)
{
	struct km_created_class *created;
	int err;

	if (!model || !name)
		return KM_ERR_PTR(-EINVAL);
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
	struct km_object *alive = NULL;
	struct km_list *pos;

	if (!model || !name)
		return NULL;
	km_list_for_each(pos, &model->objects) {
		struct km_object *obj =
			km_container_of(pos, struct km_object, model_node);

		if (obj->kind != KM_KIND_CLASS || strcmp(obj->name, name))
			continue;
		if (obj->flags & KM_OBJ_REGISTERED)
			return obj->public;
		if (!alive)
			alive = obj;
	}
	return alive ? alive->public : NULL;
}

int km_class_refcount(const struct class *cls)
{
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS);

	return obj ? obj->refcount : -1;
}
