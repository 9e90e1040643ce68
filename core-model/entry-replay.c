/*
 * entry-replay.c - one call of the table (entry.c) replayed on a fresh
 * model, and what it registered read back (entry.h has the contract: how
 * each role takes each kind of value, and the results).  km_entry_call()
 * in entry.c finds the row and checks the number of values; km_replay()
 * does the rest, and nothing here calls back into the table.
 *
 * The steps: make the arguments (the classes first, since a parent class device
 * is made in
 * the call's class; then the rest in order); run the row's replay, which
 * calls the C API of model.h; read the result from the model's objects
 * and sysfs; copy the warnings the call recorded; free the model.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "entry-replay.h"
#include "internal.h"

/* one argument as the call receives it */
union km_arg {
	void *ptr;
	km_devt devt;
	const char *str;
};

#define KM_MAX_PARAMS 8

struct km_replay {
	struct kmodel *model;
	const struct km_entry_form *form;
	const struct km_value *values;
	struct km_call_result *res;
	union km_arg args[KM_MAX_PARAMS];
	struct class *cls; /* the call's class, when real */
	size_t nr_uevents; /* before the call */
	/* pointers the model has never seen: a wrong kind of argument */
	struct class stray_class;
	struct class_device stray_class_dev;
	char stray_module;
};

__attribute__((format(printf, 3, 4))) static void
invalid(struct km_replay *r, size_t i, const char *fmt, ...)
{
	va_list args;

	if (r->res->outcome == KM_CALL_INVALID && r->res->why)
		return;
	r->res->outcome = KM_CALL_INVALID;
	r->res->bad_arg = i;
	va_start(args, fmt);
	if (vasprintf(&r->res->why, fmt, args) < 0)
		r->res->why = NULL;
	va_end(args);
}

static int is_pointer_role(enum km_role role)
{
	return role != KM_ROLE_DEVT;
}

/* the class a CLASS role gets */
static void make_class(struct km_replay *r, size_t i)
{
	const struct km_value *v = &r->values[i];
	struct class *cls;

	if (v->kind == KM_VALUE_NULL)
		return;
	if (v->kind != KM_VALUE_CLASS) {
		r->args[i].ptr = &r->stray_class;
		return;
	}
	cls = km_class_find(r->model, v->text ? v->text : "");
	if (!cls)
		cls = km_class_create(r->model, NULL, v->text ? v->text : "");
	if (KM_IS_ERR(cls)) {
		invalid(r, i, "the model cannot create class '%s'",
			v->text ? v->text : "");
		return;
	}
	r->args[i].ptr = cls;
	if (!r->cls)
		r->cls = cls;
}

static void make_parent_cdev(struct km_replay *r, size_t i)
{
	const struct km_value *v = &r->values[i];
	struct class_device *parent;

	if (v->kind == KM_VALUE_NULL)
		return;
	r->args[i].ptr = &r->stray_class_dev;
	if (v->kind != KM_VALUE_CLASS_DEVICE || !r->cls)
		return;
	parent = km_class_device_create(r->cls, NULL, 0, NULL, "%s",
					v->text ? v->text : "");
	if (KM_IS_ERR(parent)) {
		invalid(r, i, "the model cannot create the parent '%s'",
			v->text ? v->text : "");
		return;
	}
	r->args[i].ptr = parent;
}

static void make_device(struct km_replay *r, size_t i)
{
	const struct km_value *v = &r->values[i];
	struct device *dev;

	if (v->kind == KM_VALUE_NULL)
		return;
	if (v->kind != KM_VALUE_DEVICE) {
		invalid(r, i, "%s is not a struct device",
			km_role_name(r->form->params[i].role));
		return;
	}
	dev = km_device_new(r->model, v->text ? v->text : "");
	if (KM_IS_ERR(dev)) {
		invalid(r, i, "the model cannot make the device '%s'",
			v->text ? v->text : "");
		return;
	}
	r->args[i].ptr = dev;
}

static void make_other(struct km_replay *r, size_t i)
{
	const struct km_value *v = &r->values[i];
	enum km_role role = r->form->params[i].role;

	switch (role) {
	case KM_ROLE_DEVT:
		if (v->kind == KM_VALUE_DEVT)
			r->args[i].devt = v->devt;
		else if (v->kind != KM_VALUE_NULL)
			invalid(r, i, "a pointer where dev_t goes");
		return;
	case KM_ROLE_PARENT_CDEV:
		make_parent_cdev(r, i);
		return;
	case KM_ROLE_DEVICE:
	case KM_ROLE_PARENT_DEVICE:
		make_device(r, i);
		return;
	case KM_ROLE_DRVDATA:
		if (v->kind != KM_VALUE_NULL)
			r->args[i].ptr = km_model_token(r->model, "drvdata");
		return;
	case KM_ROLE_OWNER:
		if (v->kind == KM_VALUE_MODULE)
			r->args[i].ptr =
				km_module_new(r->model, v->text ? v->text : "");
		else if (v->kind != KM_VALUE_NULL)
			r->args[i].ptr = &r->stray_module;
		return;
	case KM_ROLE_FORMAT:
	case KM_ROLE_NAME:
		if (v->kind == KM_VALUE_STRING)
			r->args[i].str = v->text ? v->text : "";
		else if (v->kind != KM_VALUE_NULL)
			invalid(r, i, "%s is not a string", km_role_name(role));
		return;
	default:
		return;
	}
}

static void make_arguments(struct km_replay *r)
{
	size_t i;

	for (i = 0; i < r->form->nr_params; i++)
		if (is_pointer_role(r->form->params[i].role) &&
		    r->values[i].kind == KM_VALUE_DEVT)
			invalid(r, i, "a dev_t where a pointer goes");
	for (i = 0; i < r->form->nr_params; i++)
		if (r->form->params[i].role == KM_ROLE_CLASS)
			make_class(r, i);
	for (i = 0; i < r->form->nr_params; i++)
		if (r->form->params[i].role != KM_ROLE_CLASS)
			make_other(r, i);
}

/* the argument of the first parameter with that role */
static union km_arg arg_of(const struct km_replay *r, enum km_role role)
{
	union km_arg none = { NULL };
	size_t i;

	for (i = 0; i < r->form->nr_params; i++)
		if (r->form->params[i].role == role)
			return r->args[i];
	return none;
}

/* --- reading back what got registered ------------------------------------ */

static char *sys_path(const char *below)
{
	return below ? km_strfmt("/sys%s", below) : NULL;
}

/* name, dev, device link: what an object's directory shows */
static void read_dir(struct km_replay *r, const struct km_object *obj)
{
	struct km_call_result *res = r->res;
	struct km_sysfs_dirent *link;
	const char *text = arg_of(r, KM_ROLE_FORMAT).str;

	res->name = obj->name ? km_strdup(obj->name) : NULL;
	res->name_truncated = text && obj->name && strcmp(text, obj->name);
	res->dev = km_sysfs_lookup(obj->dir, "dev") != NULL;
	link = km_sysfs_lookup(obj->dir, "device");
	res->device_link = link && link->type == KM_DIRENT_LINK;
	if (res->device_link)
		res->device_target = km_strfmt("/sys/%s", link->target);
	if (km_uevent_count(r->model) > r->nr_uevents)
		res->uevent =
			km_strdup(km_uevent_line(r->model, r->nr_uevents));
}

static void registered_class_device(struct km_replay *r,
				    struct class_device *class_dev)
{
	struct km_object *obj =
		km_registry_find(class_dev, KM_KIND_CLASS_DEVICE);
	char *path;

	if (!obj) {
		r->res->outcome = KM_CALL_FAILED;
		return;
	}
	r->res->outcome = KM_CALL_REGISTERED;
	path = km_object_path(obj);
	r->res->path = sys_path(path);
	free(path);
	read_dir(r, obj);
}

static void registered_device(struct km_replay *r, struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_DEVICE);
	struct km_sysfs_dirent *link;

	if (!obj) {
		r->res->outcome = KM_CALL_FAILED;
		return;
	}
	r->res->outcome = KM_CALL_REGISTERED;
	r->res->path = sys_path(obj->sysfs_path);
	link = km_sysfs_lookup(obj->class->dir, obj->name);
	if (link && link->type == KM_DIRENT_LINK)
		r->res->class_link = km_strfmt("/sys/class/%s/%s",
					       obj->class->name, obj->name);
	r->res->drvdata = dev->driver_data != NULL;
	read_dir(r, obj);
}

static void failed(struct km_replay *r, const void *ret)
{
	r->res->outcome = KM_CALL_FAILED;
	r->res->err = ret ? KM_PTR_ERR(ret) : 0;
}

/* --- the replays of the rows --------------------------------------------- */

static struct class_device *cdev_create(struct class *cls,
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

void km_replay_class_device_create(struct km_replay *r)
{
	const char *name = arg_of(r, KM_ROLE_FORMAT).str;
	struct class_device *class_dev;

	/* the old entry point is the new one with no parent */
	class_dev = cdev_create(arg_of(r, KM_ROLE_CLASS).ptr,
				arg_of(r, KM_ROLE_PARENT_CDEV).ptr,
				arg_of(r, KM_ROLE_DEVT).devt,
				arg_of(r, KM_ROLE_DEVICE).ptr,
				name ? "%s" : NULL, name);
	if (!class_dev || KM_IS_ERR(class_dev))
		failed(r, class_dev);
	else
		registered_class_device(r, class_dev);
}

void km_replay_class_device_destroy(struct km_replay *r)
{
	km_class_device_destroy(arg_of(r, KM_ROLE_CLASS).ptr,
				arg_of(r, KM_ROLE_DEVT).devt);
	r->res->outcome = KM_CALL_DONE;
}

static struct device *dev_create(struct class *cls, struct device *parent,
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

void km_replay_device_create(struct km_replay *r)
{
	const char *name = arg_of(r, KM_ROLE_FORMAT).str;
	struct device *dev;

	/* the old form is the new one with NULL drvdata */
	dev = dev_create(arg_of(r, KM_ROLE_CLASS).ptr,
			 arg_of(r, KM_ROLE_PARENT_DEVICE).ptr,
			 arg_of(r, KM_ROLE_DEVT).devt,
			 arg_of(r, KM_ROLE_DRVDATA).ptr, name ? "%s" : NULL,
			 name);
	if (!dev || KM_IS_ERR(dev))
		failed(r, dev);
	else
		registered_device(r, dev);
}

void km_replay_device_destroy(struct km_replay *r)
{
	km_device_destroy(arg_of(r, KM_ROLE_CLASS).ptr,
			  arg_of(r, KM_ROLE_DEVT).devt);
	r->res->outcome = KM_CALL_DONE;
}

void km_replay_class_create(struct km_replay *r)
{
	const char *name = arg_of(r, KM_ROLE_NAME).str;
	struct module *owner = arg_of(r, KM_ROLE_OWNER).ptr;
	struct class *cls;
	const char *owner_name;

	if (!name)
		cls = km_class_create_new(r->model, NULL);
	else
		cls = km_class_create(r->model, owner, name);
	if (KM_IS_ERR(cls)) {
		failed(r, cls);
		return;
	}
	r->res->outcome = KM_CALL_REGISTERED;
	r->res->path = km_strfmt("/sys/class/%s", cls->name);
	r->res->name = km_strdup(cls->name);
	if (owner) {
		owner_name = km_module_name(r->model, owner);
		r->res->owner = km_strdup(owner_name ? owner_name : "?");
	}
}

void km_replay_class_destroy(struct km_replay *r)
{
	km_class_destroy(arg_of(r, KM_ROLE_CLASS).ptr);
	r->res->outcome = KM_CALL_DONE;
}

/* --- the call ------------------------------------------------------------- */

static void copy_warnings(struct km_replay *r, size_t from)
{
	size_t i, alloc = 0, n = km_model_nr_warnings(r->model);

	for (i = from; i < n; i++)
		km_strarray_push(&r->res->warnings, &r->res->nr_warnings,
				 &alloc,
				 km_strdup(km_model_warning(r->model, i)));
}

void km_replay(const struct km_entry_row *row, enum km_form form,
	       const struct km_value *args, struct km_call_result *res)
{
	struct km_replay *r;
	size_t warnings;

	r = km_zalloc(sizeof(*r));
	if (r)
		r->model = km_model_new();
	if (!r || !r->model) {
		free(r);
		res->outcome = KM_CALL_INVALID;
		res->why = km_strfmt("out of memory");
		return;
	}
	r->form = &row->entry.forms[form];
	r->values = args;
	r->res = res;
	res->outcome = KM_CALL_DONE;
	make_arguments(r);
	if (res->outcome != KM_CALL_INVALID) {
		r->nr_uevents = km_uevent_count(r->model);
		warnings = km_model_nr_warnings(r->model);
		row->replay(r);
		copy_warnings(r, warnings);
	}
	km_model_free(r->model);
	free(r);
}

const char *km_role_name(enum km_role role)
{
	switch (role) {
	case KM_ROLE_CLASS:
		return "the class";
	case KM_ROLE_PARENT_CDEV:
		return "the parent class device";
	case KM_ROLE_DEVT:
		return "the dev_t";
	case KM_ROLE_DEVICE:
		return "the struct device";
	case KM_ROLE_PARENT_DEVICE:
		return "the parent device";
	case KM_ROLE_DRVDATA:
		return "the drvdata";
	case KM_ROLE_OWNER:
		return "the owner module";
	case KM_ROLE_FORMAT:
		return "the format";
	case KM_ROLE_NAME:
		return "the name";
	}
	return "an argument";
}

void km_call_result_release(struct km_call_result *res)
{
	free(res->why);
	free(res->path);
	free(res->class_link);
	free(res->name);
	free(res->device_target);
	free(res->owner);
	free(res->uevent);
	km_strarray_free(res->warnings, res->nr_warnings);
	memset(res, 0, sizeof(*res));
}
