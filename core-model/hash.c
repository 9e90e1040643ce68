/*
 * hash.c - the model's one hash table: intrusive, chained, keyed by a
 * hash the caller computes; part of the allocation leaf (internal.h).
 *
 * Contract: a table holds km_hnode members embedded in the caller's
 * structs; it never owns or frees them.  km_htable_first()/next() give
 * the members whose hash is equal, and the caller compares the keys
 * itself.  A table keeps about one member a bucket (it doubles when
 * full), so a lookup, an insertion and a deletion take constant time on
 * average as long as the keys differ; tables that must hold many members
 * with one key (the model's indexes) hash a group per key instead.
 * km_htable_add() fails only when the first buckets cannot be allocated;
 * a failed growth leaves the table denser but correct.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "internal.h"

#define KM_HTABLE_MIN 8

size_t km_hash_bytes(const void *p, size_t len, size_t seed)
{
	const unsigned char *s = p;
	uint64_t h = 0xcbf29ce484222325ULL ^ (uint64_t)seed;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= s[i];
		h *= 0x100000001b3ULL;
	}
	h ^= h >> 29;
	return (size_t)h;
}

size_t km_hash_ptr(const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	return (size_t)h;
}

static void insert(struct km_hnode **buckets, size_t size,
		   struct km_hnode *node)
{
	struct km_hnode **head = &buckets[node->hash & (size - 1)];

	node->next = *head;
	*head = node;
}

static void grow(struct km_htable *t)
{
	size_t size = t->size * 2, i;
	struct km_hnode **buckets = calloc(size, sizeof(*buckets));

	if (!buckets)
		return;
	for (i = 0; i < t->size; i++) {
		struct km_hnode *node = t->buckets[i], *next;

		for (; node; node = next) {
			next = node->next;
			insert(buckets, size, node);
		}
	}
	free(t->buckets);
	t->buckets = buckets;
	t->size = size;
}

int km_htable_add(struct km_htable *t, struct km_hnode *node, size_t hash)
{
	if (!t->size) {
		t->buckets = calloc(KM_HTABLE_MIN, sizeof(*t->buckets));
		if (!t->buckets)
			return -ENOMEM;
		t->size = KM_HTABLE_MIN;
	}
	if (t->nr >= t->size)
		grow(t);
	node->hash = hash;
	insert(t->buckets, t->size, node);
	t->nr++;
	return 0;
}

void km_htable_del(struct km_htable *t, struct km_hnode *node)
{
	struct km_hnode **link;

	if (!t->size)
		return;
	for (link = &t->buckets[node->hash & (t->size - 1)]; *link;
	     link = &(*link)->next)
		if (*link == node) {
			*link = node->next;
			node->next = NULL;
			t->nr--;
			return;
		}
}

static struct km_hnode *same_hash(struct km_hnode *node, size_t hash)
{
	while (node && node->hash != hash)
		node = node->next;
	return node;
}

struct km_hnode *km_htable_first(const struct km_htable *t, size_t hash)
{
	if (!t->size)
		return NULL;
	return same_hash(t->buckets[hash & (t->size - 1)], hash);
}

struct km_hnode *km_htable_next(const struct km_hnode *node)
{
	return same_hash(node->next, node->hash);
}

void km_htable_release(struct km_htable *t)
{
	free(t->buckets);
	t->buckets = NULL;
	t->nr = 0;
	t->size = 0;
}
