/*
 * registry.c - from a public pointer to the model's object, without ever
 * dereferencing the pointer.
 *
 * Contract: every struct class, struct class_device and struct device the
 * model knows (registered devices and fixtures) is
 * in this table from its registration (or initialization) until its release
 * or km_model_free(); anything else - NULL, an ERR_PTR, a freed or foreign
 * pointer - is not found, which is how the API turns the kernel's crashes
 * into no-ops and error returns.  The table is thread-local (models belong
 * to the thread that made them) and is freed when it empties.
 *
 * Open addressing with linear probing; deletion shifts the following
 * entries back, so there are no tombstones.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

struct km_registry_slot {
	const void *key;
	struct km_object *obj;
};

struct km_registry {
	struct km_registry_slot *slots;
	size_t nr, alloc; /* alloc: a power of two, or 0 */
};

static _Thread_local struct km_registry registry;

static size_t slot_of(const void *key, size_t alloc)
{
	uint64_t h = (uint64_t)(uintptr_t)key;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return (size_t)h & (alloc - 1);
}

static struct km_registry_slot *lookup(const void *key)
{
	size_t i;

	if (!registry.alloc || !key)
		return NULL;
	for (i = slot_of(key, registry.alloc); registry.slots[i].key;
	     i = (i + 1) & (registry.alloc - 1))
		if (registry.slots[i].key == key)
			return &registry.slots[i];
	return NULL;
}

static void insert(struct km_registry_slot *slots, size_t alloc,
		   const void *key, struct km_object *obj)
{
	size_t i = slot_of(key, alloc);

	while (slots[i].key)
		i = (i + 1) & (alloc - 1);
	slots[i].key = key;
	slots[i].obj = obj;
}

static int grow(void)
{
	size_t alloc = registry.alloc ? registry.alloc * 2 : 64;
	struct km_registry_slot *slots = calloc(alloc, sizeof(*slots));
	size_t i;

	if (!slots)
		return -ENOMEM;
	for (i = 0; i < registry.alloc; i++)
		if (registry.slots[i].key)
			insert(slots, alloc, registry.slots[i].key,
			       registry.slots[i].obj);
	free(registry.slots);
	registry.slots = slots;
	registry.alloc = alloc;
	return 0;
}

int km_registry_add(void *public, struct km_object *obj)
{
	if (!public || KM_IS_ERR(public))
		return -EINVAL;
	if (lookup(public))
		return -EEXIST;
	if ((registry.nr + 1) * 4 > registry.alloc * 3 && grow())
		return -ENOMEM;
	insert(registry.slots, registry.alloc, public, obj);
	registry.nr++;
	return 0;
}

void km_registry_del(const void *public)
{
	struct km_registry_slot *slot = lookup(public);
	size_t mask = registry.alloc - 1, hole, i;

	if (!slot)
		return;
	hole = (size_t)(slot - registry.slots);
	for (i = (hole + 1) & mask; registry.slots[i].key; i = (i + 1) & mask) {
		size_t home = slot_of(registry.slots[i].key, registry.alloc);

		/* move it back unless its home lies in (hole, i] */
		if (((i - home) & mask) >= ((i - hole) & mask)) {
			registry.slots[hole] = registry.slots[i];
			hole = i;
		}
	}
	registry.slots[hole].key = NULL;
	registry.slots[hole].obj = NULL;
	if (!--registry.nr) {
		free(registry.slots);
		registry.slots = NULL;
		registry.alloc = 0;
	}
}

struct km_object *km_registry_find(const void *public, enum km_kind kind)
{
	struct km_registry_slot *slot;

	if (KM_IS_ERR(public))
		return NULL;
	slot = lookup(public);
	if (!slot || slot->obj->ops->kind != kind)
		return NULL;
	return slot->obj;
}
