/*
 * alloc.c - the allocation leaf of the core model: zeroed allocation,
 * string copies and formats, growable string arrays.  It includes alloc.h
 * and libc only, nothing of the model above it; every other core-model
 * file may use it (see the layering in internal.h).
 *
 * Contract: every function returns NULL (or -ENOMEM) when memory runs
 * out and never aborts; what it returns is the caller's to free().
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* vasprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

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

void km_strarray_free(char **array, size_t nr)
{
	size_t i;

	for (i = 0; i < nr; i++)
		free(array[i]);
	free(array);
}
