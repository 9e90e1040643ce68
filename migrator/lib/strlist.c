/*
 * strlist.c - lists of owned strings (see strlist.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strlist.h"
#include "util.h"

void strlist_init(struct strlist *list)
{
	list->items = NULL;
	list->nr = 0;
	list->alloc = 0;
	list->argv = NULL;
}

void strlist_clear(struct strlist *list, int free_util)
{
	size_t i;

	for (i = 0; i < list->nr; i++) {
		free(list->items[i].string);
		if (free_util)
			free(list->items[i].util);
	}
	free(list->items);
	free(list->argv);
	strlist_init(list);
}

struct strlist_item *strlist_push(struct strlist *list, const char *string)
{
	struct strlist_item *item;

	ALLOC_GROW(list->items, list->nr + 1, list->alloc);
	item = &list->items[list->nr++];
	item->string = xstrdup(string);
	item->util = NULL;
	return item;
}

struct strlist_item *strlist_pushf(struct strlist *list, const char *fmt, ...)
{
	struct strlist_item *item;
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	item = strlist_push(list, s);
	free(s);
	return item;
}

void strlist_pushv(struct strlist *list, const char *const *v)
{
	for (; *v; v++)
		strlist_push(list, *v);
}

static int cmp_items(const void *a, const void *b)
{
	const struct strlist_item *x = a, *y = b;

	return strcmp(x->string, y->string);
}

void strlist_sort(struct strlist *list)
{
	if (list->nr > 1)
		sane_qsort(list->items, list->nr, sizeof(*list->items),
			   cmp_items);
}

long strlist_find(const struct strlist *list, const char *string)
{
	size_t i;

	for (i = 0; i < list->nr; i++)
		if (!strcmp(list->items[i].string, string))
			return (long)i;
	return -1;
}

char *const *strlist_argv(struct strlist *list)
{
	size_t i;

	free(list->argv);
	list->argv = xcalloc(list->nr + 1, sizeof(*list->argv));
	for (i = 0; i < list->nr; i++)
		list->argv[i] = list->items[i].string;
	return list->argv;
}
