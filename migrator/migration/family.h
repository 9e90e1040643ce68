/*
 * family.h - a migration of several conversions: a family (several
 * functions changed together, an allocator and its release) and cases
 * (one function whose new form depends on the values of its arguments).
 *
 * Each conversion is a variant: a struct migration holding the call
 * fields of one function and one new form (function, header,
 * prototypes, map), and, for a case, the conditions on the old
 * arguments that select it.  The migration itself is the first
 * variant; the others are in m->variants, in the file's order, and
 * share the migration's common fields (name, subject, description,
 * cocci, kernel types), which they never free.  A single-function
 * migration has no other variant, and reads as before.
 *
 * In the migration file a "function:" line after the first starts a
 * new member of the family, and a "case:" line a new case of the
 * current function: the keys that follow belong to it (a case takes
 * new-function, new-prototype, new-call, drop and not-null; the
 * function, header and old prototype are its function's).
 *
 * Caller's steps: the call kind routes each key with
 * family_variant_for_key() while the file is read, checks every variant
 * once read, then family_share(); migration_load() shares again once
 * the kernel types are loaded.  Stages iterate with
 * migration_nr_variants() and migration_variant(), and find a call's
 * conversion with migration_choose().
 */
#ifndef KM_FAMILY_H
#define KM_FAMILY_H

#include <stddef.h>

#include "map-case.h"

struct migration;
struct strbuf;

/*
 * The variant the key goes to, a new one for a second "function:" or a
 * next "case:"; NULL with why for a key a case cannot have
 */
struct migration *family_variant_for_key(struct migration *m, const char *key,
					 struct strbuf *why);
/* give every variant the migration's common fields */
void family_share(struct migration *m);
/* free every variant, their call fields with release_call */
void family_release(struct migration *m,
		    void (*release_call)(struct migration *v));
/* the cases of a function are valid together; -1 with why */
int family_validate(const struct migration *m, struct strbuf *why);

/* how many conversions: 1 for a single-function migration */
size_t migration_nr_variants(const struct migration *m);
/* conversion i: the migration itself for 0 */
const struct migration *migration_variant(const struct migration *m, size_t i);
/* the first variant whose old or new name is name[0..len), or NULL */
const struct migration *migration_variant_named(const struct migration *m,
						const char *name, size_t len);

/* the conversion of one call, or why none can be chosen */
struct migration_choice {
	const struct migration *variant; /* NULL: the values decide */
	/*
	 * variant NULL: the case whose condition on arg is unknown, or
	 * (twice) whose map would evaluate arg, which has a side effect,
	 * more than once
	 */
	const struct migration *blocked;
	int arg; /* 1-based */
	int twice;
};

/*
 * The conversion of a call of name with the arguments' texts args[nr]:
 * the variant of the new name, the first case whose conditions hold, or
 * the only variant of an old name without cases.  0; -1 when name is
 * none of the migration's; 1 when a value is unknown, or when the new
 * call would evaluate twice an argument with a side effect (out->blocked,
 * out->arg, out->twice say which).
 */
int migration_choose(const struct migration *m, const char *name, size_t len,
		     const char *const *args, size_t nr,
		     const struct map_lookup *lookup,
		     struct migration_choice *out);

/*
 * What the migration does, in a commit summary's words: the one
 * conversion's (migration_describe()), or "convert f() and g() to
 * f_new*() and g_new()" (a function with cases by the new names'
 * common prefix)
 */
void family_describe(const struct migration *m, struct strbuf *out);

#endif
