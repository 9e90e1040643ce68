/*
 * fixture.c - what a model owns besides its objects: the fixture devices
 * of km_device_new() (struct device at /sys/devices/PATH that need no
 * registration), the modules of km_module_new(), the tokens that stand for
 * drvdata values; and the sysfs path and directory of any struct device.
 *
 * Contract:
 *   - A fixture device is a struct device the model allocates, with a
 *     plain directory under /sys/devices; it is found by its address (the
 *     registry, kind KM_KIND_FIXTURE) and by its path (a walk of the sysfs
 *     tree, one component a lookup).  It is never released, never counted
 *     live, and freed by km_model_free().
 *   - km_device_path() gives the path a class device's "device" link and
 *     PHYSDEVPATH name: a registered device's own, else the bus_id chain
 *     (at most 64 levels, each a valid name) of any struct device.
 *   - km_device_dir() gives the directory device_create() puts a child's
 *     directory in: a registered device's or a fixture's, else, for a
 *     device the caller embeds, the plain directories of its bus_id chain
 *     (made on first use).
 *   - Modules are named, one per name and model; tokens are strings owned
 *     by the model, one per text.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* the kernel's struct module is opaque to callers: a name is enough */
struct module {
	char *name;
	struct km_hnode by_name; /* model->modules */
	struct km_hnode by_addr; /* model->module_addrs */
};

/* at most this many levels in a bus_id chain */
#define KM_MAX_DEVICE_DEPTH 64

static void fixture_release(struct km_object *obj)
{
	/* fixtures are never put */
	(void)obj;
}

static const struct km_kind_ops fixture_ops = {
	.kind = KM_KIND_FIXTURE,
	.what = "fixture device",
	.release = fixture_release,
};

struct km_sysfs_dirent *km_sysfs_top(struct kmodel *model, const char *name)
{
	return km_sysfs_mkdir(model->root, name);
}

/* a new fixture device below parent (NULL: at the top) in dir */
static struct device *fixture_new(struct kmodel *model, struct device *parent,
				  struct km_sysfs_dirent *dir, const char *name)
{
	struct device *dev = km_zalloc(sizeof(*dev));
	struct km_object *obj;

	if (!dev)
		return NULL;
	obj = km_object_new(&fixture_ops, dev);
	if (!obj)
		goto out_free_dev;
	if (km_registry_add(dev, obj))
		goto out_free_obj;
	if (km_sysfs_add(dir, name, KM_DIRENT_DIR, NULL, 1, &obj->dir))
		goto out_unregistry;
	strcpy(dev->bus_id, name);
	dev->parent = parent;
	obj->dir->device = dev;
	obj->model = model;
	obj->flags = KM_OBJ_ALLOCATED;
	km_list_add_tail(&obj->model_node, &model->fixtures);
	return dev;

out_unregistry:
	km_registry_del(dev);
out_free_obj:
	free(obj);
out_free_dev:
	free(dev);
	return NULL;
}

static int valid_component(const char *p, size_t len)
{
	return len && len < KM_BUS_ID_SIZE && !(len == 1 && *p == '.') &&
	       !(len == 2 && p[0] == '.' && p[1] == '.');
}

static int valid_device_path(const char *path)
{
	const char *p = path;

	while (*p) {
		size_t len = strcspn(p, "/");

		if (!valid_component(p, len))
			return 0;
		p += len;
		if (*p == '/' && !*++p)
			return 0;
	}
	return p != path;
}

struct device *km_device_new(struct kmodel *model, const char *path)
{
	struct km_sysfs_dirent *dir;
	struct device *parent = NULL;
	const char *p = path;
	char name[KM_BUS_ID_SIZE];

	if (!model || !path || !valid_device_path(path))
		return KM_ERR_PTR(-EINVAL);
	dir = km_sysfs_top(model, "devices");
	if (!dir)
		return KM_ERR_PTR(-ENOMEM);
	for (;;) {
		size_t len = strcspn(p, "/");
		struct km_sysfs_dirent *d;

		memcpy(name, p, len);
		name[len] = '\0';
		d = km_sysfs_lookup(dir, name);
		if (d) {
			if (!d->device ||
			    !km_registry_find(d->device, KM_KIND_FIXTURE))
				return KM_ERR_PTR(-EEXIST);
			parent = d->device;
		} else {
			parent = fixture_new(model, parent, dir, name);
			if (!parent)
				return KM_ERR_PTR(-ENOMEM);
			d = km_registry_find(parent, KM_KIND_FIXTURE)->dir;
		}
		dir = d;
		p += len;
		if (!*p++)
			return parent;
	}
}

struct device *km_device_find(struct kmodel *model, const char *path)
{
	struct km_sysfs_dirent *dir;
	const char *p = path;
	char name[KM_BUS_ID_SIZE];

	if (!model || !path || !*path)
		return NULL;
	dir = km_sysfs_lookup(model->root, "devices");
	while (dir) {
		size_t len = strcspn(p, "/");

		if (len >= KM_BUS_ID_SIZE)
			return NULL;
		memcpy(name, p, len);
		name[len] = '\0';
		dir = km_sysfs_lookup(dir, name);
		p += len;
		if (!*p++)
			return dir && dir->type == KM_DIRENT_DIR ? dir->device :
								   NULL;
	}
	return NULL;
}

char *km_device_path(const struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_DEVICE);
	const struct device *d;
	size_t len = strlen("/devices");
	char *path, *p;
	int depth = 0;

	if (obj)
		return obj->sysfs_path ? km_strdup(obj->sysfs_path) : NULL;
	for (d = dev; d; d = d->parent) {
		size_t id_len = strnlen(d->bus_id, KM_BUS_ID_SIZE);

		if (!valid_component(d->bus_id, id_len) ||
		    strchr(d->bus_id, '/') || ++depth > KM_MAX_DEVICE_DEPTH)
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

struct km_sysfs_dirent *km_device_dir(struct kmodel *model, struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_DEVICE);
	struct km_sysfs_dirent *dir;
	char *path, *p;

	if (!obj)
		obj = km_registry_find(dev, KM_KIND_FIXTURE);
	if (obj)
		return obj->model == model ? obj->dir : NULL;
	if (!dev || KM_IS_ERR(dev))
		return NULL;
	/* a device the caller embeds: the directories of its chain */
	path = km_device_path(dev);
	if (!path)
		return NULL;
	dir = km_sysfs_top(model, "devices");
	for (p = path + strlen("/devices/"); dir && *p;) {
		size_t len = strcspn(p, "/");
		char c = p[len];

		p[len] = '\0';
		dir = km_sysfs_mkdir(dir, p);
		p += len + (c != '\0');
	}
	free(path);
	return dir;
}

/* --- modules and tokens ------------------------------------------------- */

struct km_token {
	struct km_hnode node;
	char text[];
};

static size_t text_hash(const char *text)
{
	return km_hash_bytes(text, strlen(text), 0);
}

struct module *km_module_new(struct kmodel *model, const char *name)
{
	struct km_hnode *node;
	struct module *mod;

	if (!model || !name)
		return NULL;
	for (node = km_htable_first(&model->modules, text_hash(name)); node;
	     node = km_htable_next(node)) {
		mod = km_container_of(node, struct module, by_name);
		if (!strcmp(mod->name, name))
			return mod;
	}
	mod = km_zalloc(sizeof(*mod));
	if (!mod)
		return NULL;
	mod->name = km_strdup(name);
	if (!mod->name ||
	    km_htable_add(&model->modules, &mod->by_name, text_hash(name)))
		goto out_free;
	if (km_htable_add(&model->module_addrs, &mod->by_addr,
			  km_hash_ptr(mod))) {
		km_htable_del(&model->modules, &mod->by_name);
		goto out_free;
	}
	return mod;

out_free:
	free(mod->name);
	free(mod);
	return NULL;
}

const char *km_module_name(const struct kmodel *model, const struct module *mod)
{
	struct km_hnode *node;

	if (!model)
		return NULL;
	for (node = km_htable_first(&model->module_addrs, km_hash_ptr(mod));
	     node; node = km_htable_next(node)) {
		struct module *m =
			km_container_of(node, struct module, by_addr);

		if (m == mod)
			return m->name;
	}
	return NULL;
}

void *km_model_token(struct kmodel *model, const char *text)
{
	size_t hash = text_hash(text);
	struct km_token *token;
	struct km_hnode *node;

	for (node = km_htable_first(&model->tokens, hash); node;
	     node = km_htable_next(node)) {
		token = km_container_of(node, struct km_token, node);
		if (!strcmp(token->text, text))
			return token->text;
	}
	token = km_zalloc(sizeof(*token) + strlen(text) + 1);
	if (!token)
		return NULL;
	strcpy(token->text, text);
	if (km_htable_add(&model->tokens, &token->node, hash)) {
		free(token);
		return NULL;
	}
	return token->text;
}

/* frees every member of t with free_node, then the buckets */
static void free_all(struct km_htable *t, void (*free_node)(struct km_hnode *))
{
	size_t i;

	for (i = 0; i < t->size; i++) {
		struct km_hnode *node = t->buckets[i], *next;

		for (; node; node = next) {
			next = node->next;
			free_node(node);
		}
	}
	km_htable_release(t);
}

static void free_module(struct km_hnode *node)
{
	struct module *mod = km_container_of(node, struct module, by_name);

	free(mod->name);
	free(mod);
}

static void free_token(struct km_hnode *node)
{
	free(km_container_of(node, struct km_token, node));
}

void km_fixtures_free(struct kmodel *model)
{
	while (!km_list_empty(&model->fixtures)) {
		struct km_object *obj = km_container_of(
			model->fixtures.next, struct km_object, model_node);

		km_list_del_init(&obj->model_node);
		obj->model = NULL;
		km_object_free(obj);
	}
	km_htable_release(&model->module_addrs);
	free_all(&model->modules, free_module);
	free_all(&model->tokens, free_token);
}
