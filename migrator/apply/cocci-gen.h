/*
 * cocci-gen.h - the semantic patch of a migration, generated from its
 * data: the two prototypes, the new-call map and the kernel's types.
 *
 * The generated .cocci follows the kernel's scripts/coccinelle
 * conventions (a header, "// Options:", the patch, context, org and
 * report modes) and decides a call's form the way the hand-written
 * class_device_create.cocci did, from evidence (evidence.h):
 *
 *  - a sign of the new form is an argument, at a position both
 *    prototypes have as a fixed parameter, that the old prototype's
 *    parameter there cannot take (NULL, &e, a string literal, a macro of
 *    kernel-types, or an expression of a type one of the two prototypes
 *    takes exactly there), or an arity only the new form allows;
 *  - a sign of the old form is the same against the new prototype, in a
 *    call with the old form's arity, or an arity only the old form
 *    allows;
 *  - a call with a sign of the old form and none of the new one is old
 *    and converted; with signs of the new form only (and its arity) it is
 *    new; anything else is ambiguous: never changed, and listed by the
 *    report, org and context modes.  A renamed function's old name is
 *    the old form by itself (only its arity is checked);
 *  - a file that defines the function, or declares a static one, is
 *    left alone and its calls are listed as shadowed.
 *
 * The patch rule edits only what the map changes: an inserted value
 * ("+ , NULL"), a removed argument, a moved one, the function's name.
 *
 * Caller's steps: cocci_generate(m, &out), or, for a command that runs
 * spatch, cocci_files(m, scratch, &paths): the migration's own .cocci
 * files when its data names them ("cocci:", a hand-written override),
 * else the generated one written into the scratch directory, with the
 * isomorphisms its rules can use beside it as NAME.iso (spatch.h's
 * spatch_cocci_options() gives it to spatch).  The copy printed or
 * shipped for a tree's scripts/coccinelle runs with spatch's standard
 * isomorphisms, and matches the same calls, only slower.
 */
#ifndef KM_COCCI_GEN_H
#define KM_COCCI_GEN_H

struct map_values;
struct migration;
struct strbuf;
struct strlist;

/* the generated semantic patch of m, appended to out */
void cocci_generate(const struct migration *m, struct strbuf *out);
/*
 * The same for a case (family.h) whose calls' arguments may be texts
 * of values (map-values.h, NULL: none) that choose it (cocci-case.c)
 */
void cocci_generate_values(const struct migration *m,
			   const struct map_values *values, struct strbuf *out);

/*
 * The semantic patch of m and of each variant of its family (family.h),
 * in one text for spatch and "make coccicheck" (cocci-family.c), appended
 * to out
 */
void cocci_generate_all(const struct migration *m, struct strbuf *out);

/*
 * The paths of the semantic patches to run for m, in order, pushed to
 * paths: m's own, or the generated one as scratch/NAME.cocci (a
 * family's: one per variant, NAME-1.cocci ... after it; apply runs
 * them in turn; a case's made with values, cocci_generate_values()).
 * 0, or -1
 * after a one-line error.
 */
int cocci_files(const struct migration *m, const struct map_values *values,
		const char *scratch, struct strlist *paths);
/*
 * The same with a family's variants in one generated file
 * (cocci_generate_all()), as "kmigrate cocci" prints it
 */
int cocci_family_file(const struct migration *m, const char *scratch,
		      struct strlist *paths);

#endif
