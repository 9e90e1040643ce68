/*
 * model.c - one driver-core instance: creation, teardown, the live-object
 * count, warnings, the fixture devices of km_device_new(), and the small
 * allocation helpers of the library (core-model depends on nothing else).
 *
 * km_model_free() is the only place that frees objects without their
 * release: first every sysfs directory is taken down (so no directory
 * points at freed memory), then every object's bookkeeping, and the public
 * struct only when the model allocated it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE		/* vasprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* a device made by km_device_new(); dev first, so frees are plain */
struct km_model_device {
	struct device dev;
	char *path;			/* "platform/i8042/serio1" */
	struct km_model_device *next;
};

void *km_zalloc(size_t size)
{
	return calloc(1, size);
}

char *km_strdup(const char *s)
{
	size_t len = strlen(s) + 1;
	char *copy = malloc(len);

	if (copy)
		memcpy(copy, s, len);
	return copy;
}

char *km_strfmt(const char *fmt, ...)
{
	va_list args;
	char *s;
	int len;

	va_start(args, fmt);
	len = vasprintf(&s, fmt, args);
	va_end(args);
	return len < 0 ? NULL : s;
}

int km_strarray_push(char ***array, size_t *nr, size_t *alloc, char *s)
{
	if (!s)
		return -ENOMEM;
	if (*nr == *alloc) {
		size_t want = *alloc ? *alloc * 2 : 16;
		char **grown = realloc(*array, want * sizeof(**array));

		if (!grown) {
			free(s);
			return -ENOMEM;
		}
		*array = grown;
		*alloc = want;
	}
	(*array)[(*nr)++] = s;
	return 0;
}

void km_warn(struct kmodel *model, const char *fmt, ...)
{
	va_list args;
	char *s;

	if (!model)
		return;
	va_start(args, fmt);
	if (vasprintf(&s, fmt, args) < 0)
		s = NULL;
	va_end(args);
	km_strarray_push(&model->warnings, &model->nr_warnings,
			 &model->alloc_warnings, s);
}

struct kmodel *km_model_new(void)
{
	struct kmodel *model = km_zalloc(sizeof(*model));
	int err;

	if (!model)
		return NULL;
	km_list_init(&model->objects);
	model->root = km_sysfs_root_new();
	if (!model->root)
		goto out_free_model;
	err = km_sysfs_add(model->root, "class", KM_DIRENT_DIR, NULL, 0,
			   &model->class_root);
	if (err)
		goto out_free_root;
	return model;

out_free_root:
	km_sysfs_free(model->root);
out_free_model:
	free(model);
	return NULL;
}

static void free_strings(char **array, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(array[i]);
	free(array);
}

void km_model_free(struct kmodel *model)
{
	struct km_model_device *dev, *next;
	struct km_list *pos;

	if (!model)
		return;
	km_list_for_each(pos, &model->objects) {
		struct km_object *obj =
			km_container_of(pos, struct km_object, model_node);

		if (obj->dir)
			km_sysfs_remove_dir(obj->dir);
		obj->dir = NULL;
	}
	while (!km_list_empty(&model->objects)) {
		struct km_object *obj = km_container_of(
			model->objects.next, struct km_object, model_node);

		km_list_del_init(&obj->model_node);
		km_object_free(obj);
	}
	km_sysfs_free(model->root);
	for (dev = model->devices; dev; dev = next) {
		next = dev->next;
		free(dev->path);
		free(dev);
	}
	free_strings(model->uevents, model->nr_uevents);
	free_strings(model->warnings, model->nr_warnings);
	free(model);
}

long km_model_live_objects(const struct kmodel *model)
{
	return model ? model->live_objects : 0;
}

void km_model_print_live(FILE *fp, const struct kmodel *model)
{
	const struct km_list *pos;

	if (!model)
		return;
	km_list_for_each(pos, &model->objects) {
		const struct km_object *obj =
			km_container_of(pos, struct km_object, model_node);
		char *path = km_object_path(obj);

		fprintf(fp, "%s '%s' (refs %d, %s)\n",
			obj->kind == KM_KIND_CLASS ? "class" : "class device",
			path ? path : "?", obj->refcount,
			obj->flags & KM_OBJ_REGISTERED ? "registered"
						       : "unregistered");
		free(path);
	}
}

size_t km_model_nr_warnings(const struct kmodel *model)
{
	return model ? model->nr_warnings : 0;
}

const char *km_model_warning(const struct kmodel *model, size_t i)
{
	return model && i < model->nr_warnings ? model->warnings[i] : NULL;
}

void km_model_dump(FILE *fp, struct kmodel *model)
{
	size_t i;

	if (!model)
		return;
	km_sysfs_print_all(fp, model);
	fprintf(fp, "\nuevents:\n");
	km_uevent_print(fp, model);
	fprintf(fp, "\nlive objects: %ld\n", model->live_objects);
	km_model_print_live(fp, model);
	for (i = 0; i < model->nr_warnings; i++)
		fprintf(fp, "warning: %s\n", model->warnings[i]);
}

const char *km_errno_name(long err)
{
	static const struct {
		int err;
		const char *name;
	} names[] = {
		{ EPERM, "EPERM" },   { ENOENT, "ENOENT" },
		{ EIO, "EIO" },	      { ENOMEM, "ENOMEM" },
		{ EBUSY, "EBUSY" },   { EEXIST, "EEXIST" },
		{ ENODEV, "ENODEV" }, { EINVAL, "EINVAL" },
		{ ENOSPC, "ENOSPC" }, { ENAMETOOLONG, "ENAMETOOLONG" },
		{ ELOOP, "ELOOP" },
	};
	size_t i;

	if (err < 0)
		err = -err;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].err == err)
			return names[i].name;
	return NULL;
}

/* --- devices ----------------------------------------------------------- */

struct device *km_device_find(struct kmodel *model, const char *path)
{
	struct km_model_device *dev;

	if (!model || !path)
		return NULL;
	for (dev = model->devices; dev; dev = dev->next)
		if (!strcmp(dev->path, path))
			return &dev->dev;
	return NULL;
}

static int valid_device_path(const char *path)
{
	const char *p = path;

	while (*p) {
		size_t len = strcspn(p, "/");

		if (!len || len >= KM_BUS_ID_SIZE)
			return 0;
		p += len;
		if (*p == '/' && !*++p)
			return 0;
	}
	return p != path;
}

struct device *km_device_new(struct kmodel *model, const char *path)
{
	struct device *parent = NULL;
	const char *end = path;

	if (!model || !path || !valid_device_path(path))
		return KM_ERR_PTR(-EINVAL);
	do {
		struct km_model_device *dev;
		const char *base;
		char *prefix;

		end += strcspn(end, "/");
		prefix = strndup(path, (size_t)(end - path));
		if (!prefix)
			return KM_ERR_PTR(-ENOMEM);
		dev = (struct km_model_device *)km_device_find(model, prefix);
		if (dev) {
			free(prefix);
		} else {
			dev = km_zalloc(sizeof(*dev));
			if (!dev) {
				free(prefix);
				return KM_ERR_PTR(-ENOMEM);
			}
			dev->path = prefix;
			dev->dev.parent = parent;
			base = strrchr(prefix, '/');
			strcpy(dev->dev.bus_id, base ? base + 1 : prefix);
			dev->next = model->devices;
			model->devices = dev;
		}
		parent = &dev->dev;
	} while (*end++);
	return parent;
}

char *km_device_path(const struct device *dev)
{
	const struct device *d;
	size_t len = strlen("/devices");
	char *path, *p;
	int depth = 0;

	for (d = dev; d; d = d->parent) {
		size_t id_len = strnlen(d->bus_id, KM_BUS_ID_SIZE);

		if (!id_len || id_len == KM_BUS_ID_SIZE || ++depth > 64)
			return NULL;
		len += 1 + id_len;
	}
	if (!depth)
		return NULL;
	path = malloc(len + 1);
	if (!path)
		return NULL;
	p = path + len;
	*p = '\0';
	for (d = dev; d; d = d->parent) {
		size_t id_len = strlen(d->bus_id);

		p -= id_len;
		memcpy(p, d->bus_id, id_len);
		*--p = '/';
	}
	memcpy(path, "/devices", strlen("/devices"));
	return path;
}
