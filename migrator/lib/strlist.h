/*
 * strlist.h - a growable list of owned strings, each with an optional
 * caller pointer (util) riding along.
 *
 * Contract: strlist_push() copies the string; strlist_clear() frees the
 * copies (and, when free_util is set, the util pointers).  items[] stays
 * valid until the next push.  A NULL-terminated argv view is kept, so
 * items can be handed to execvp() directly.
 */
#ifndef KM_STRLIST_H
#define KM_STRLIST_H

#include <stddef.h>

struct strlist_item {
	char *string;
	void *util;
};

struct strlist {
	struct strlist_item *items;
	size_t nr, alloc;
	char **argv; /* NULL-terminated, rebuilt by strlist_argv() */
};

#define STRLIST_INIT             \
	{                        \
		NULL, 0, 0, NULL \
	}

void strlist_init(struct strlist *list);
void strlist_clear(struct strlist *list, int free_util);
struct strlist_item *strlist_push(struct strlist *list, const char *string);
struct strlist_item *strlist_pushf(struct strlist *list, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* push every string of a NULL-terminated vector */
void strlist_pushv(struct strlist *list, const char *const *v);
void strlist_sort(struct strlist *list);
/* index of string in list, or -1 */
long strlist_find(const struct strlist *list, const char *string);
/* a NULL-terminated vector of the strings, owned by the list */
char *const *strlist_argv(struct strlist *list);

#endif
