/*
 * kind.h - a kind of change: what a migration changes in the tree, one
 * ops table per kind, chosen by the "kind:" key of its data ("call"
 * when there is none).
 *
 * migration.c reads the keys every migration has (name, kind, subject,
 * description, demo-tree, demo-patch, cocci) and hands every other key
 * to its kind; the stages above ask the kind, through these ops, what to
 * look for and how to classify what they find (scan), the semantic
 * patch, its own rewrite and the cross-check of a converted text
 * (apply), what to analyse and the check rules it brings (check) and
 * the commit wording (series), and never test which kind a migration
 * is.  The types the ops take are the stages' own (declared here,
 * defined in their headers): a kind's file fills them with functions
 * of those stages.  The kinds themselves are a stage above them all
 * (migrator/kinds/, one file each), which gives this stage its table
 * with migration_kinds_set() before a migration is read: this stage
 * names no kind.
 *
 * Caller's steps: kinds_init() (kinds.h) once, then migration_load() or
 * migration_parse(); m->kind is the migration's kind.
 */
#ifndef KM_KIND_H
#define KM_KIND_H

#include <stddef.h>

struct check_file;
struct check_options;
struct check_result;
struct apply_rewrite;
struct cross_check;
struct migration;
struct scan_file;
struct scan_result;
struct strbuf;

/* the most names a kind gives scan to look for (names) */
#define KIND_MAX_NAMES 16

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

	/* scan (scan.h) */
	/*
	 * The names a file must contain, one at least, as a whole
	 * identifier, to be scanned: at most KIND_MAX_NAMES, in names[];
	 * returns how many (one at least).  The first names the change
	 * in a message.
	 */
	size_t (*names)(const struct migration *m, const char **names);
	/*
	 * Find and classify the occurrences in one buffer that names one
	 * of them (file->path is set): append one record to file->sites
	 * per occurrence, in offset order, with its name_offset, name_len,
	 * kind and text; scan sets line and column.
	 */
	void (*scan_buffer)(struct scan_file *file, const char *buf, size_t len,
			    const struct migration *m);
	/*
	 * Optional, for a kind whose occurrences depend on other files (a
	 * callback's function defined in another file): a tree's scan
	 * (scan-tree.c) calls tree_names() before the files are scanned,
	 * with files NULL (forget what an earlier tree taught), and after
	 * with each scanned file: the names it wants looked for in the
	 * whole tree (it keeps them, and returns how many it keeps in
	 * all); then, when it keeps one, tree_learn() with each file
	 * that mentions() one (in path order, one thread), tree_learned()
	 * once, and scans those files again.  mentions() also lets
	 * scan_file_buffer() scan a buffer that names none of names().
	 */
	size_t (*tree_names)(const struct migration *m,
			     const struct scan_file *file);
	int (*mentions)(const struct migration *m, const char *buf, size_t len);
	void (*tree_learn)(const struct migration *m, const char *path,
			   const char *buf, size_t len);
	void (*tree_learned)(const struct migration *m);

	/* apply: the generated semantic patch, appended to out */
	void (*write_cocci)(const struct migration *m, struct strbuf *out);
	/*
	 * apply, optional: C appended to out that the copy of a file
	 * spatch reads ends with (apply cuts it from the output), for a
	 * semantic patch that needs what other files hold: a member
	 * given a function the file only defines or declares, or the
	 * definition of one the file gives (file: the file's scan)
	 */
	void (*spatch_context)(const struct migration *m,
			       const struct scan_file *file, const char *buf,
			       size_t len, struct strbuf *out);
	/*
	 * apply: map a converted text's occurrences onto the original's,
	 * say how each was left, and refuse any other difference
	 * (cross-check.h)
	 */
	int (*cross_check)(struct cross_check *cc);
	/*
	 * apply: the new text, from the original bytes, with the
	 * occurrences apply converts converted (rewrite.h)
	 */
	void (*rewrite)(struct apply_rewrite *rw);

	/* check (check.h) */
	/*
	 * Once the tree is scanned (result->scan), with result->files
	 * room for one per scanned file: keep a record of each occurrence
	 * the kind analyses; -1 on a setup error (reported)
	 */
	int (*prepare)(const struct check_options *opts,
		       struct check_result *result);
	/* describe the recorded occurrences of the results' files */
	int (*analyse_files)(struct check_result *const *results, size_t nr,
			     const struct check_options *opts);
	/* once described: settle what the analysis can, run the model */
	void (*conclude)(struct check_result *result, int jobs);
	/*
	 * check, optional, for a kind whose tree rules judge scan's
	 * occurrences instead of recorded calls: how many they judge in
	 * scan, in how many files (*files), and what they are for that
	 * count, appended to what ("functions given to .remove"); NULL:
	 * check's summary counts its recorded calls, as call sites
	 */
	size_t (*count_judged)(const struct migration *m,
			       const struct scan_result *scan, size_t *files,
			       struct strbuf *what);
	/*
	 * check --base, optional: 1 when a changed file's version in r
	 * (after) differs from its base's (before) only where the base
	 * already proves the types (a call renamed, its arguments as they
	 * were): after is then described from its text, not parsed
	 */
	int (*judged_by_base)(const struct check_result *r,
			      const struct check_file *before,
			      const struct check_file *after);
	/* the names of the call rules it brings, NULL last */
	const char *const *rules;

	/*
	 * series: what the change does to an occurrence, in a commit
	 * summary's words ("pass NULL parent to frob()")
	 */
	void (*describe)(const struct migration *m, struct strbuf *out);
	/*
	 * series: what an occurrence left unconverted belongs to, in a
	 * cover letter's words ("caller of frob()"), and the change as the
	 * cover letter shows it (for a call, the prototypes), appended
	 */
	void (*describe_users)(const struct migration *m, struct strbuf *out);
	void (*cover_change)(const struct migration *m, struct strbuf *out);
	/*
	 * series, optional: nonzero when the old API stays beside the new
	 * one (a new member beside the old), so that each subsystem's patch
	 * builds on its own; NULL or 0: the change breaks every occurrence
	 * not converted yet, and a split series builds only whole
	 */
	int (*parts_build_alone)(const struct migration *m);
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
