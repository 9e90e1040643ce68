/*
 * model.c - one driver-core instance: creation, teardown, the live-object
 * listing, warnings and the whole dump.  It calls into the levels below
 * (internal.h) and nothing calls into it from there.
 *
 * km_model_free() is the only place that frees objects without their
 * release: first every sysfs directory is taken down (so no directory
 * points at freed memory), then every object's bookkeeping, and the public
 * struct only when the model allocated it; then the fixtures, modules and
 * tokens, the sysfs tree, the logs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct kmodel *km_model_new(void)
{
	struct kmodel *model = km_zalloc(sizeof(*model));
	int err;

	if (!model)
		return NULL;
	km_list_init(&model->objects);
	km_list_init(&model->fixtures);
	km_list_init(&model->buses);
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

/* the groups of an index: freed with the objects, but for safety */
static void free_groups(struct km_htable *t)
{
	size_t i;

	for (i = 0; i < t->size; i++) {
		struct km_hnode *node = t->buckets[i], *next;

		for (; node; node = next) {
			struct km_group *g =
				km_container_of(node, struct km_group, node);

			next = node->next;
			free(g->name);
			free(g);
		}
	}
	km_htable_release(t);
}

void km_model_free(struct kmodel *model)
{
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
	km_buses_free(model);
	km_fixtures_free(model);
	free_groups(&model->names);
	free_groups(&model->devts);
	km_sysfs_free(model->root);
	km_strarray_free(model->uevents, model->nr_uevents);
	km_strarray_free(model->warnings, model->nr_warnings);
	free(model);
}

long km_model_live_objects(const struct kmodel *model)
{
	return model ? model->live_objects : 0;
}

/* ", owner MODULE", ", drvdata set": what the object stores */
static void print_stored(FILE *fp, const struct kmodel *model,
			 const struct km_object *obj)
{
	const struct class *cls;
	const struct device *dev;
	const char *name;

	switch (obj->ops->kind) {
	case KM_KIND_CLASS:
		cls = obj->public;
		if (!cls->owner)
			break;
		name = km_module_name(model, cls->owner);
		fprintf(fp, ", owner %s", name ? name : "?");
		break;
	case KM_KIND_DEVICE:
		dev = obj->public;
		if (dev->driver_data)
			fputs(", drvdata set", fp);
		break;
	default:
		break;
	}
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

		fprintf(fp, "%s '%s' (refs %d, %s", obj->ops->what,
			path ? path : "?", obj->refcount,
			obj->flags & KM_OBJ_REGISTERED ? "registered" :
							 "unregistered");
		print_stored(fp, model, obj);
		fputs(")\n", fp);
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
	struct km_sysfs_dirent *dir;
	size_t i;

	if (!model)
		return;
	km_sysfs_print_all(fp, model);
	dir = km_sysfs_lookup(model->root, "devices");
	if (dir) {
		fputc('\n', fp);
		km_sysfs_print_dir(fp, "/sys/devices/", dir, 1);
	}
	dir = km_sysfs_lookup(model->root, "dev");
	if (dir) {
		fputc('\n', fp);
		km_sysfs_print_dir(fp, "/sys/dev/", dir, 1);
	}
	dir = km_sysfs_lookup(model->root, "bus");
	if (dir) {
		fputc('\n', fp);
		km_sysfs_print_dir(fp, "/sys/bus/", dir, 1);
		fprintf(fp, "\ndevices on a bus:\n");
		km_buses_print(fp, model);
	}
	fprintf(fp, "\nuevents:\n");
	km_uevent_print(fp, model);
	fprintf(fp, "\nlive objects: %ld\n", model->live_objects);
	km_model_print_live(fp, model);
	for (i = 0; i < model->nr_warnings; i++)
		fprintf(fp, "warning: %s\n", model->warnings[i]);
}
