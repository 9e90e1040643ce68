/*
 * name-table.h - a hash table from names (bytes of a buffer, not copied)
 * to one pointer each: what a file's text says of each identifier,
 * looked up in constant time instead of by a pass over the file.
 *
 * Caller's steps: struct name_table t = NAME_TABLE_INIT;
 * name_table_put() to make or find a name's slot and set *slot,
 * name_table_get() to read it; name_table_release() with a function
 * that frees each pointer (or NULL).  The names must outlive the table.
 */
#ifndef KM_NAME_TABLE_H
#define KM_NAME_TABLE_H

#include <stddef.h>

struct name_table_slot;

struct name_table {
	struct name_table_slot *slots;
	size_t mask; /* the number of slots - 1; 0: no slot yet */
	size_t nr;
};

#define NAME_TABLE_INIT    \
	{                  \
		NULL, 0, 0 \
	}

/* the pointer of name[0..len), or NULL when it has none */
void *name_table_get(const struct name_table *t, const char *name, size_t len);
/* the slot of name[0..len), made (holding NULL) when new */
void **name_table_put(struct name_table *t, const char *name, size_t len);
void name_table_release(struct name_table *t, void (*free_util)(void *));

#endif
