/*
 * kind.h - a kind of change: what a migration changes in the tree, one
 * ops table per kind, chosen by the "kind:" key of its data ("call"
 * when there is none).
 *
 * migration.c reads the keys every migration has (name, kind, subject,
 * description, demo-tree, demo-patch, cocci) and hands every other key
 * to its kind; the stages above ask the kind, through these ops, for the
 * semantic patch, the check rules it brings and the commit wording, and
 * never test which kind a migration is.  The kinds themselves are a
 * stage above them all (migrator/kinds/, one file each), which gives
 * this stage its table with migration_kinds_set() before a migration is
 * read: this stage names no kind.
 *
 * Caller's steps: kinds_init() (kinds.h) once, then migration_load() or
 * migration_parse(); m->kind is the migration's kind.
 */
#ifndef KM_KIND_H
#define KM_KIND_H

struct migration;
struct strbuf;

struct migration_kind {
	const char *name; /* the value of "kind:": "call" */

	/* the data */
	/*
	 * Store one key of the file that is no common key; -1 with the
	 * reason in why ("unknown key" for a key not of this kind).
	 */
	int (*read_field)(struct migration *m, const char *key,
			  const char *value, struct strbuf *why);
	/* the first key the kind needs that the file lacks, or NULL */
	const char *(*missing_field)(const struct migration *m);
	/* once every key is read: do they fit together; -1 with why */
	int (*finish)(struct migration *m, struct strbuf *why);
	/* free what read_field and finish stored */
	void (*release)(struct migration *m);

	/* apply: the generated semantic patch, appended to out */
	void (*write_cocci)(const struct migration *m, struct strbuf *out);

	/* check: the names of the call rules it brings, NULL last */
	const char *const *rules;

	/*
	 * series: what the change does to an occurrence, in a commit
	 * summary's words ("pass NULL parent to frob()")
	 */
	void (*describe)(const struct migration *m, struct strbuf *out);
};

/*
 * The known kinds, NULL last, the first the default; the array is the
 * caller's and must outlive every migration.
 */
void migration_kinds_set(const struct migration_kind *const *kinds);
/* the default kind (the table's first), or NULL when none is known */
const struct migration_kind *migration_kind_default(void);
/* the kind called name, or NULL */
const struct migration_kind *migration_kind_find(const char *name);
/* "call, ...": the known kinds' names, for a message */
void migration_kinds_list(struct strbuf *out);
/* the kind brings the call rule called rule */
int migration_kind_has_rule(const struct migration_kind *kind,
			    const char *rule);

#endif
