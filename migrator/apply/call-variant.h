/*
 * call-variant.h - which of a migration's conversions (family.h) one
 * call site of a text takes: by its name, and for a function with
 * cases by the values of its arguments as the text spells them (a
 * literal, NULL, a "#define NAME 0" of the same text, and, when the
 * caller has them, the values libclang gave its arguments' texts in the
 * call's own translation unit: map-values.h).
 *
 * Caller's steps: call_variant_choose() per site; 0 with out->variant
 * set, 1 when the values leave it open (out->blocked, out->arg), -1 for
 * a site of none of the migration's names.
 */
#ifndef KM_CALL_VARIANT_H
#define KM_CALL_VARIANT_H

#include <stddef.h>

#include "call-site.h"
#include "family.h"
#include "map-values.h"
#include "migration.h"

/* values may be NULL: the text alone decides */
int call_variant_choose(const struct migration *m,
			const struct map_values_file *values, const char *buf,
			size_t len, const struct call_site *cs,
			struct migration_choice *out);

#endif
