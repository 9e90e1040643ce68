/*
 * alloc.h - the allocation leaf of the core model (alloc.c): zeroed
 * allocation, string copies and formats, growable string arrays, that
 * the core-model sources share through internal.h, they only; callers
 * use model.h.
 *
 * Contract: every function returns NULL (or -ENOMEM) when memory runs
 * out and never aborts; what it returns is the caller's to free().  This
 * header includes nothing of the model, so alloc.c stays a leaf; the
 * other core-model files get it through internal.h.
 */
#ifndef KM_ALLOC_H
#define KM_ALLOC_H

#include <stddef.h>

void *km_zalloc(size_t size);
char *km_strdup(const char *s);
__attribute__((format(printf, 1, 2))) char *km_strfmt(const char *fmt, ...);
/* append to a growable array of strings; 0 or -ENOMEM (s is then freed) */
int km_strarray_push(char ***array, size_t *nr, size_t *alloc, char *s);
void km_strarray_free(char **array, size_t nr);

#endif
