/*
 * apply.h - the conversion of a tree: scan, spatch, cross-check, reformat.
 *
 * apply_tree() converts in memory and never writes the tree: scan finds
 * the files with calls; spatch runs (in batches of files, one batch a
 * job, in parallel, with a time limit; file by file where a batch goes
 * wrong, see spatch.h) on the files that hold old-form calls outside
 * macro bodies, with each of the migration's semantic patches in turn;
 * spatch's output is re-scanned and its calls mapped, in order, to the
 * original's.  A call is converted when scan says it is old (and not in
 * a #define body) AND spatch converted it as the migration's map says,
 * token for token (cross-check.h); the new text is then made from the
 * original bytes by reformat.c, so nothing else in the file moves, and
 * a line is wrapped only past the limit asked for or the tree's own (its
 * checkpatch's, tree-style.h); a changed line is indented with tabs.  A
 * converted call that loses an argument whose value the map does not
 * let go silently is listed with a warning naming it.  Any other change
 * spatch made to a file fails that file.  Every call of the function
 * that is left unconverted is recorded with its reason: none passes
 * silently.
 *
 * The result is reused by the commands: apply prints it as a diff or
 * writes it (apply_write_in_place()), series and run take the old and
 * new texts of the changed files.
 *
 * Caller's steps: struct apply_result r; apply_tree(&opts, &r) (-1 after
 * a one-line report: spatch missing, tree unreadable); use r.files
 * (path order) and r.left; apply_print_report(); apply_exit_code();
 * apply_result_release().
 */
#ifndef KM_APPLY_H
#define KM_APPLY_H

#include <stddef.h>
#include <sys/stat.h>

#include "call-site.h"
#include "map-values.h"
#include "migration.h"
#include "strbuf.h"
#include "tree-walk.h"

#define APPLY_DEFAULT_TIMEOUT 60

/* why a call is left as it is; the names are in the summary line */
enum apply_reason {
	APPLY_LEFT_AMBIGUOUS,	  /* scan cannot tell the form */
	APPLY_LEFT_MACRO,	  /* an old-form call in a #define body */
	APPLY_LEFT_SHADOWED,	  /* a call of a file-local function */
	APPLY_LEFT_PARSE_ERROR,	  /* spatch could not parse the file */
	APPLY_LEFT_TIMEOUT,	  /* spatch ran out of time */
	APPLY_LEFT_SPATCH_FAILED, /* spatch failed, or changed more */
	APPLY_LEFT_NOT_MATCHED,	  /* the semantic patch left it */
	APPLY_LEFT_CONTEXT,	  /* where the map does not apply ("where:") */
	APPLY_LEFT_VALUE,	  /* its values choose no conversion */
	APPLY_LEFT_TWICE,	  /* an argument would be evaluated twice */
	APPLY_LEFT_ACROSS,	  /* its function is left in another file */
	APPLY_LEFT_NR,
	/* not left: converted, an argument dropped (a warning) */
	APPLY_DROPPED = APPLY_LEFT_NR
};

/*
 * A call left as it is, or a converted one that dropped an argument.
 * The reason's words are made only when printed (apply_left_text()),
 * from the reason and its variable part:
 *  AMBIGUOUS, SHADOWED: the scan's kind and reason, with arg and text
 *	as call_site_reason_words() takes them (a call scan finds in the
 *	new form is one spatch converts);
 *  PARSE_ERROR, SPATCH_FAILED: text, spatch's message;
 *  CONTEXT: text, the migration's "left-reason:";
 *  DROPPED: arg, text: the argument's number and text; param, function:
 *	the names of its parameter and of the function;
 *  VALUE: arg, text, param: the argument whose value is unknown (arg 0:
 *	no case's conditions hold), function: "VALUE\nNEW", the value it may
 *	have and the new function that value would choose, and when two
 *	files give the argument different values "\nFILE\nV1\nOTHER\nV2",
 *	the call's file and another, with their values;
 *  TWICE: arg, text, param: the argument with a side effect the new
 *	call would evaluate more than once.
 */
struct apply_left {
	const char *path;    /* the file's path (apply_file) */
	size_t line, column; /* of the function's name */
	enum apply_reason reason;
	enum call_site_kind site_kind;
	enum call_site_reason site_reason;
	size_t arg;
	char *text;
	char *param;
	char *function;
};

struct apply_file {
	char *path;		/* relative to the tree */
	struct strbuf old_text; /* read if spatch ran on it, or empty */
	struct stat st;		/* the file as old_text was read */
	struct strbuf new_text; /* == old_text unless converted */
	unsigned int converted; /* calls converted in it */
	char *failure;		/* why it is left as it was, or NULL */
};

struct apply_opts {
	const char *tree;
	const struct migration *m;
	int jobs;		  /* spatch processes at once */
	unsigned int timeout_sec; /* spatch's, per file; 0: none */
	int progress;		  /* "apply: spatch D/T files" lines */
	/* wrap past it; 0: the tree's own checkpatch's (tree-style.h) */
	unsigned int max_line_length;
	/*
	 * the values of argument texts known from outside the calls'
	 * text (libclang's, map-values.h), for a case's conditions; NULL:
	 * none.  The generated semantic patch of a case then matches
	 * those texts too.
	 */
	const struct map_values *values;
};

struct apply_result {
	struct apply_file *files; /* every file scan lists, path order */
	size_t nr_files, alloc_files;
	struct apply_left *left; /* by file, then position */
	size_t nr_left, alloc_left;
	/*
	 * converted calls that lost an argument the map does not let go
	 * silently ("drop:"): the warnings, by file, then position
	 */
	struct apply_left *dropped;
	size_t nr_dropped, alloc_dropped;
	size_t counts[APPLY_LEFT_NR];
	size_t nr_converted;	      /* calls */
	size_t nr_changed;	      /* files */
	size_t nr_failed;	      /* files spatch failed on */
	size_t nr_unwritten;	      /* files that could not be written */
	size_t nr_changed_during;     /* files edited while apply ran */
	size_t nr_unreadable;	      /* files or directories: scan's notes */
	size_t nr_binary;	      /* binary files naming the function */
	struct tree_notes notes;      /* scan's: skipped, unreadable files */
	unsigned int max_line_length; /* the limit lines were wrapped at */
};

/* a call of a file-local function, or left by context: a note */
int apply_left_on_purpose(enum apply_reason reason);
/* the summary line's name of a reason: "ambiguous", "not matched" */
const char *apply_reason_name(enum apply_reason reason);
/*
 * Why a call is left, or which argument it dropped, appended to out:
 * "ambiguous: the argument list is not closed", "converted, dropping
 * argument 1 'mod' (owner) of class_create()"; in apply-left.c
 */
void apply_left_text(const struct apply_left *left, struct strbuf *out);

int apply_tree(const struct apply_opts *opts, struct apply_result *result);
void apply_result_release(struct apply_result *result);

/* a diff of every changed file, "diff --git a/FILE b/FILE", path order */
void apply_write_diff(const struct apply_result *result, struct strbuf *out);

/*
 * Replace every changed file of tree atomically, through tree-fs.h: a
 * file is replaced only if it is still what apply read (else it is
 * reported "changed during the run", counted in nr_changed_during, and
 * apply_exit_code() is 1), never through a symbolic link, and only if
 * the user may write it and the new file keeps its owner, group and
 * mode.  A file that cannot be written is reported in one line, left as
 * it was, and no longer counted as changed.  The leftovers of a killed
 * run (TREE_NOTE_LEFTOVER notes) are removed, and their notes say so.
 * 0, or -1 if any file could not be written.
 */
int apply_write_in_place(struct apply_result *result, const char *tree);

/*
 * From now on, a SIGINT, SIGTERM or SIGHUP makes apply say on stderr
 * which files apply_write_in_place() had already replaced (or that it
 * had replaced none) before it dies of the signal.
 */
void apply_report_interrupts(void);

/*
 * The failed files, the left calls ("FILE:LINE:COL: warning: not
 * converted" and the reason on the indented line below, diag.h's form;
 * "note:" for a call of a file-local function), the dropped arguments
 * ("FILE:LINE:COL: warning: converted, dropping argument 1 'mod'
 * (owner) of F()"), then, unless quiet, the summary line, on stderr.
 */
void apply_print_report(const struct apply_result *result, int quiet);

/*
 * 0 when every call was converted; 1 when a call is left (calls of a
 * file-local function aside), a file failed or changed during the run,
 * or a file of the tree cannot be read or is binary and names the
 * function (its calls are not accounted for)
 */
int apply_exit_code(const struct apply_result *result);

#endif
