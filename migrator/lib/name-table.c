/*
 * name-table.c - names to pointers (see name-table.h): open addressing
 * with linear probing, FNV-1a hashes, the table doubled when half full.
 */
#include <stdlib.h>
#include <string.h>

#include "name-table.h"
#include "util.h"

struct name_table_slot {
	const char *name; /* NULL: a free slot */
	size_t len;
	void *util;
};

static size_t hash_name(const char *name, size_t len)
{
	size_t h = (size_t)14695981039346656037ULL, i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * (size_t)1099511628211ULL;
	return h;
}

static struct name_table_slot *probe(struct name_table_slot *slots, size_t mask,
				     const char *name, size_t len)
{
	size_t i = hash_name(name, len) & mask;

	while (slots[i].name &&
	       (slots[i].len != len || memcmp(slots[i].name, name, len)))
		i = (i + 1) & mask;
	return &slots[i];
}

static void grow(struct name_table *t)
{
	size_t old = t->mask ? t->mask + 1 : 0, i;
	size_t mask = old ? old * 2 - 1 : 63;
	struct name_table_slot *slots = xcalloc(mask + 1, sizeof(*slots));

	for (i = 0; i < old; i++)
		if (t->slots[i].name)
			*probe(slots, mask, t->slots[i].name, t->slots[i].len) =
				t->slots[i];
	free(t->slots);
	t->slots = slots;
	t->mask = mask;
}

void *name_table_get(const struct name_table *t, const char *name, size_t len)
{
	if (!t->mask)
		return NULL;
	return probe(t->slots, t->mask, name, len)->util;
}

void **name_table_put(struct name_table *t, const char *name, size_t len)
{
	struct name_table_slot *slot;

	if (2 * (t->nr + 1) > (t->mask ? t->mask + 1 : 0))
		grow(t);
	slot = probe(t->slots, t->mask, name, len);
	if (!slot->name) {
		slot->name = name;
		slot->len = len;
		t->nr++;
	}
	return &slot->util;
}

void name_table_release(struct name_table *t, void (*free_util)(void *))
{
	size_t i;

	for (i = 0; free_util && t->mask && i <= t->mask; i++)
		if (t->slots[i].name)
			free_util(t->slots[i].util);
	free(t->slots);
	memset(t, 0, sizeof(*t));
}
