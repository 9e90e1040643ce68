/*
 * object.c - what every model object shares: its bookkeeping (struct
 * km_object), references and the release through its kind's ops, the
 * model's live-object count and warnings, the object paths, and the two
 * indexes lookups go through.
 *
 * Contract:
 *   - An object is live from km_object_attach() until km_object_detach()
 *     in its release; attaching numbers it (seq), so "the first attached"
 *     is the order of model->objects.
 *   - km_object_put() of the last reference calls obj->ops->release(),
 *     which the object's kind defines (class.c, class_device.c,
 *     device.c): this file knows no kind.
 *   - The name index files classes under (NULL, name) and class devices
 *     under (kobject parent, name) from their add until their release;
 *     km_find_path() walks a path one component a lookup, so its cost is
 *     the path's length, whatever the model's size.  Objects sharing a key
 *     (a class destroyed but alive beside a new one of the same name)
 *     share a group; the lookup chooses among them as a walk of
 *     model->objects would: the first registered, else the first alive.
 *   - The dev_t index files class devices and devices under (class, kind,
 *     devt) while they are added, in the order they were added, as the
 *     class's list of children in the kernel.
 *   - An index that cannot get memory leaves the object out of it (it is
 *     then not found by name or dev_t), never corrupts it.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* vasprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

struct km_object *km_object_new(const struct km_kind_ops *ops, void *public)
{
	struct km_object *obj = km_zalloc(sizeof(*obj));

	if (!obj)
		return NULL;
	obj->ops = ops;
	obj->public = public;
	km_list_init(&obj->model_node);
	km_list_init(&obj->by_name.node);
	km_list_init(&obj->by_devt.node);
	return obj;
}

void km_object_attach(struct km_object *obj, struct kmodel *model)
{
	obj->model = model;
	obj->seq = model->next_seq++;
	km_list_add_tail(&obj->model_node, &model->objects);
	model->live_objects++;
}

static void leave(struct km_htable *table, struct km_member *member)
{
	struct km_group *group = member->group;

	if (!group)
		return;
	km_list_del_init(&member->node);
	member->group = NULL;
	if (!km_list_empty(&group->members))
		return;
	km_htable_del(table, &group->node);
	free(group->name);
	free(group);
}

static void unindex(struct km_object *obj)
{
	if (!obj->model)
		return;
	leave(&obj->model->names, &obj->by_name);
	leave(&obj->model->devts, &obj->by_devt);
}

void km_object_detach(struct km_object *obj)
{
	km_registry_del(obj->public);
	unindex(obj);
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

void km_object_put(struct km_object *obj)
{
	if (!obj || --obj->refcount > 0)
		return;
	obj->ops->release(obj);
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

void km_object_free(struct km_object *obj)
{
	km_registry_del(obj->public);
	unindex(obj);
	if (obj->flags & KM_OBJ_ALLOCATED)
		free(obj->public);
	free(obj->name);
	free(obj->device_path);
	free(obj->sysfs_path);
	free(obj);
}

char *km_object_path(const struct km_object *obj)
{
	const struct km_object *o;
	long hops = 0, limit = obj->model ? obj->model->live_objects + 1 : 1;
	size_t len = 0;
	char *path, *p;

	if (obj->ops->kind == KM_KIND_DEVICE)
		return obj->sysfs_path ? km_strdup(obj->sysfs_path) : NULL;
	/* /class/CLASS/PARENT.../NAME; a loop of parents has no path */
	for (o = obj; o; o = o->kobj_parent) {
		if (!o->name || ++hops > limit)
			return NULL;
		len += 1 + strlen(o->name);
		if (o->ops->kind == KM_KIND_CLASS)
			break;
	}
	if (!o)
		return NULL;
	len += strlen("/class");
	path = malloc(len + 1);
	if (!path)
		return NULL;
	p = path + len;
	*p = '\0';
	for (o = obj;; o = o->kobj_parent) {
		size_t n = strlen(o->name);

		p -= n;
		memcpy(p, o->name, n);
		*--p = '/';
		if (o->ops->kind == KM_KIND_CLASS)
			break;
	}
	memcpy(path, "/class", strlen("/class"));
	return path;
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

/* --- the indexes --------------------------------------------------------- */

static size_t name_key(const struct km_object *owner, const char *name)
{
	return km_hash_bytes(name, strlen(name), km_hash_ptr(owner));
}

static struct km_group *find_name_group(const struct kmodel *model,
					const struct km_object *owner,
					const char *name)
{
	struct km_hnode *node;

	for (node = km_htable_first(&model->names, name_key(owner, name)); node;
	     node = km_htable_next(node)) {
		struct km_group *g =
			km_container_of(node, struct km_group, node);

		if (g->owner == owner && !strcmp(g->name, name))
			return g;
	}
	return NULL;
}

static size_t devt_key(const struct km_object *class, enum km_kind kind,
		       km_devt devt)
{
	unsigned int key[2] = { devt, (unsigned int)kind };

	return km_hash_bytes(key, sizeof(key), km_hash_ptr(class));
}

static struct km_group *find_devt_group(const struct kmodel *model,
					const struct km_object *class,
					enum km_kind kind, km_devt devt)
{
	struct km_hnode *node;

	for (node = km_htable_first(&model->devts, devt_key(class, kind, devt));
	     node; node = km_htable_next(node)) {
		struct km_group *g =
			km_container_of(node, struct km_group, node);

		if (g->owner == class && g->kind == kind && g->devt == devt)
			return g;
	}
	return NULL;
}

/* a new empty group in table; NULL when out of memory */
static struct km_group *new_group(struct km_htable *table, size_t hash)
{
	struct km_group *g = km_zalloc(sizeof(*g));

	if (!g)
		return NULL;
	km_list_init(&g->members);
	if (km_htable_add(table, &g->node, hash)) {
		free(g);
		return NULL;
	}
	return g;
}

void km_index_name(struct km_object *obj)
{
	struct kmodel *model = obj->model;
	const struct km_object *owner = obj->kobj_parent;
	struct km_group *g;

	if (!model)
		return;
	leave(&model->names, &obj->by_name);
	if (!obj->name)
		return;
	if (obj->ops->kind == KM_KIND_CLASS)
		owner = NULL;
	else if (!owner)
		return;
	g = find_name_group(model, owner, obj->name);
	if (!g) {
		char *name = km_strdup(obj->name);

		g = name ? new_group(&model->names, name_key(owner, name)) :
			   NULL;
		if (!g) {
			free(name);
			return;
		}
		g->owner = owner;
		g->name = name;
	}
	obj->by_name.group = g;
	km_list_add_tail(&obj->by_name.node, &g->members);
}

void km_index_devt(struct km_object *obj)
{
	struct kmodel *model = obj->model;
	enum km_kind kind = obj->ops->kind;
	struct km_group *g;

	if (!model)
		return;
	leave(&model->devts, &obj->by_devt);
	g = find_devt_group(model, obj->class, kind, obj->devt);
	if (!g) {
		g = new_group(&model->devts,
			      devt_key(obj->class, kind, obj->devt));
		if (!g)
			return;
		g->owner = obj->class;
		g->kind = kind;
		g->devt = obj->devt;
	}
	obj->by_devt.group = g;
	km_list_add_tail(&obj->by_devt.node, &g->members);
}

void km_unindex_devt(struct km_object *obj)
{
	if (obj->model)
		leave(&obj->model->devts, &obj->by_devt);
}

struct km_object *km_find_devt(struct kmodel *model,
			       const struct km_object *class, enum km_kind kind,
			       km_devt devt)
{
	struct km_group *g;

	if (!model || !class)
		return NULL;
	g = find_devt_group(model, class, kind, devt);
	if (!g)
		return NULL;
	return km_container_of(g->members.next, struct km_object, by_devt.node);
}

/* the objects a path walk has reached so far */
struct candidates {
	struct km_object **objs;
	size_t nr, alloc;
};

static int add_members(struct candidates *c, const struct km_group *g)
{
	const struct km_list *pos;

	km_list_for_each(pos, &g->members) {
		if (c->nr == c->alloc) {
			size_t want = c->alloc ? 2 * c->alloc : 4;
			struct km_object **grown =
				realloc(c->objs, want * sizeof(*grown));

			if (!grown)
				return -ENOMEM;
			c->objs = grown;
			c->alloc = want;
		}
		c->objs[c->nr++] =
			km_container_of(pos, struct km_object, by_name.node);
	}
	return 0;
}

/* the registered one attached first, else the first attached */
static struct km_object *choose(const struct candidates *c, enum km_kind kind)
{
	struct km_object *registered = NULL, *alive = NULL;
	size_t i;

	for (i = 0; i < c->nr; i++) {
		struct km_object *obj = c->objs[i];

		if (obj->ops->kind != kind)
			continue;
		if ((obj->flags & KM_OBJ_REGISTERED) &&
		    (!registered || obj->seq < registered->seq))
			registered = obj;
		if (!alive || obj->seq < alive->seq)
			alive = obj;
	}
	return registered ? registered : alive;
}

struct km_object *km_find_path(struct kmodel *model, const char *path,
			       enum km_kind kind)
{
	struct candidates now = { NULL, 0, 0 }, next = { NULL, 0, 0 }, swap;
	struct km_object *found = NULL;
	const char *p = path;
	char *name;
	size_t i;

	if (!model || !path)
		return NULL;
	name = malloc(strlen(path) + 1);
	if (!name)
		return NULL;
	for (;;) {
		size_t len = strcspn(p, "/");
		struct km_group *g;

		memcpy(name, p, len);
		name[len] = '\0';
		next.nr = 0;
		if (p == path) {
			g = find_name_group(model, NULL, name);
			if (g && add_members(&next, g))
				goto out;
		}
		for (i = 0; p != path && i < now.nr; i++) {
			g = find_name_group(model, now.objs[i], name);
			if (g && add_members(&next, g))
				goto out;
		}
		if (!next.nr)
			goto out;
		swap = now;
		now = next;
		next = swap;
		p += len;
		if (!*p++)
			break;
	}
	found = choose(&now, kind);
out:
	free(name);
	free(now.objs);
	free(next.objs);
	return found;
}
