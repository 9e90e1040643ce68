/*
 * call-site-family.c - the call sites of a migration of several
 * conversions (family.h) in one buffer: each variant's function and
 * new name scanned as call_site_scan() scans one, and the sites merged
 * in offset order, an occurrence once (the first variant that finds it
 * classifies it: the old name of a function with cases is the old form
 * for every case).  A single-function migration is call_site_scan()'s.
 */
#include <stdlib.h>
#include <string.h>

#include "call-site.h"
#include "family.h"
#include "scan.h"
#include "util.h"

static int by_offset(const void *a, const void *b)
{
	const struct call_site *x = a, *y = b;

	return x->name_offset < y->name_offset ? -1 :
	       x->name_offset > y->name_offset ? 1 :
						 0;
}

static int has_site(const struct scan_file *file, size_t offset)
{
	size_t i;

	for (i = 0; i < file->nr_sites; i++)
		if (file->sites[i].name_offset == offset)
			return 1;
	return 0;
}

void call_site_scan_variants(struct scan_file *file, const char *buf,
			     size_t len, const struct migration *m)
{
	size_t i, k;

	if (migration_nr_variants(m) == 1) {
		call_site_scan(file, buf, len, m);
		return;
	}
	for (i = 0; i < migration_nr_variants(m); i++) {
		struct scan_file one = { file->path, NULL, 0, 0, 0 };

		call_site_scan(&one, buf, len, migration_variant(m, i));
		file->shadowed |= one.shadowed;
		for (k = 0; k < one.nr_sites; k++) {
			if (has_site(file, one.sites[k].name_offset)) {
				call_site_release(&one.sites[k]);
				continue;
			}
			ALLOC_GROW(file->sites, file->nr_sites + 1,
				   file->alloc_sites);
			file->sites[file->nr_sites++] = one.sites[k];
		}
		free(one.sites);
	}
	sane_qsort(file->sites, file->nr_sites, sizeof(*file->sites),
		   by_offset);
}
