/*
 * migration.h - one migration, read from its folder under semantic-patches/.
 *
 * Everything kmigrate knows about the API being migrated comes from the
 * folder's "migration" file (the format's reference is
 * semantic-patches/README.md): the function, its old and new prototypes,
 * how a call in the old form maps onto the new one (the "new-call" map:
 * which old argument goes where, what value an added parameter gets,
 * which removed values may go silently), an optional new name, the
 * .cocci files, the text for commit messages.  What the kernel's types
 * and macros are comes from semantic-patches/kernel-types
 * (kernel-data.h), loaded with the migration.  The core never names a
 * function itself.
 *
 * The map, for an old call with arguments $1 .. $N:
 *
 *	new-call: $1 NULL $2 $3 $4 ...	insert NULL as argument 2
 *	new-call: $2			remove argument 1
 *	new-call: $1 $3 $2		exchange arguments 2 and 3
 *	new-function: frob2		and call frob2() instead
 *
 * One item per fixed parameter of the new prototype, in order; "..."
 * last (the old call's variadic arguments), exactly when both
 * prototypes are variadic.  An old argument the map does not name is
 * removed; "drop: N VALUE..." lists the values argument N may have to
 * be removed silently (any other value is removed with a warning that
 * names it).  "where: result-unused" (or "result-used") applies the
 * map only to the calls whose result is unused (used); the others are
 * left by context, and "left-reason:" says why in words; so are the
 * calls in the files under a "leave-path: PATH REASON".  The printf
 * format's position in each form is the prototype's (a variadic
 * prototype whose last fixed parameter is a char *), never written down.
 *
 * Which fields are read depends on the migration's kind (kind.h): the
 * file's "kind:" key, "call" when there is none, and the call kind is
 * what the fields below describe; the common keys are migration.c's.
 *
 * Caller's steps: migration_load() (reports and returns -1 on a missing
 * or malformed migration), use the fields and the helpers below,
 * migration_release().  Tests parse a text with migration_parse() and
 * add kernel data with kernel_data_parse(&m->kernel, ...).
 */
#ifndef KM_MIGRATION_H
#define KM_MIGRATION_H

#include <stddef.h>

#include "datadir.h"
#include "kernel-data.h"
#include "kind.h"
#include "strlist.h"

struct strbuf;

struct migration_param {
	char *type; /* "struct class *" */
	char *name; /* "cls" */
};

struct migration_prototype {
	char *text;	/* as written in the migration file */
	char *function; /* its name */
	char *return_type;
	struct migration_param *params;
	size_t nr_params; /* fixed parameters */
	int variadic;	  /* ends in "..." */
	int format;	  /* 1-based position of the format, 0: none */
};

/* one argument of the new call */
enum call_item_kind {
	CALL_ITEM_ARG,	 /* "$N": the old call's argument N */
	CALL_ITEM_VALUE, /* a value every converted call passes */
	CALL_ITEM_REST,	 /* "...": the old call's variadic arguments */
	CALL_ITEM_EXPR,	 /* "&$1->dev": old arguments in an expression */
};

struct call_item {
	enum call_item_kind kind;
	int arg;     /* 1-based old position (EXPR: the highest it names) */
	char *value; /* CALL_ITEM_VALUE: "NULL"; CALL_ITEM_EXPR: "$3 - 1" */
};

/* a condition of a case (map-case.c): old argument arg == or != value */
struct map_case_cond {
	int arg;      /* 1-based old position */
	int equal;    /* 1: "==", 0: "!=" */
	char *value;  /* an integer literal, or "NULL" */
	int if_known; /* "... if known": an unknown value fails it */
};

/* a removed argument and the values it may have to go silently */
struct migration_drop {
	int arg;	       /* 1-based old position */
	struct strlist values; /* "THIS_MODULE", blanks squeezed */
};

/* where in its statement a call must be for the map to apply ("where:") */
enum call_where {
	CALL_WHERE_ANY,		  /* everywhere (no "where:") */
	CALL_WHERE_RESULT_UNUSED, /* an expression statement, or (void) */
	CALL_WHERE_RESULT_USED,	  /* anywhere else */
};

/* a part of the tree whose calls are left ("leave-path:"), and why */
struct migration_leave {
	char *path;   /* relative to the tree: "tools/" */
	char *reason; /* "user space: the C library's strlcpy()" */
};

/* a parameter that must not be NULL, and what a NULL there does */
struct migration_not_null {
	char *param;  /* its name, in either prototype: "cls" */
	char *effect; /* "{created}": the name it was created as */
};

struct migration {
	char *name;
	char *dir;			   /* the migration's folder */
	const struct migration_kind *kind; /* what it changes (kind.h) */
	char *kind_name;		   /* its "kind:" key, or NULL */
	void *kind_data; /* a kind's own fields, its release frees them */
	/* the call kind's fields (migrator/kinds/kind-call.c) */
	char *function;	    /* the function whose callers change */
	char *new_function; /* its new name; == function if kept */
	char *header;	    /* where the tree declares it: paths, globs */
	/* where the tree declares the new name, when elsewhere, or NULL */
	char *new_header;
	struct migration_prototype old_proto, new_proto;
	struct call_item *new_call; /* the map, new_call_nr items */
	size_t new_call_nr;
	/* per old parameter: new position, 0: removed */
	int *old_to_new;
	struct migration_drop *drops;
	size_t nr_drops;
	struct migration_not_null *not_null;
	size_t nr_not_null;
	/*
	 * A family (several functions) or cases (by argument values):
	 * every conversion but this one, each a migration of its own
	 * call fields sharing the common ones (family.h)
	 */
	struct migration **variants;
	size_t nr_variants;
	struct migration *parsing;	/* the variant keys go to, or NULL */
	const struct migration *family; /* a variant's: the migration */
	size_t member;			/* the function's, 0-based */
	int is_case;			/* has "case:" (conds may be none) */
	struct map_case_cond *conds;	/* all must hold */
	size_t nr_conds;
	enum call_where where; /* the calls the map applies to */
	char *left_reason;     /* why a call elsewhere is left, in words */
	struct migration_leave *leaves; /* "leave-path:" */
	size_t nr_leaves, alloc_leaves;
	struct strlist cocci;	       /* full paths, applied in order */
	struct strlist exclude;	       /* tree paths and globs left alone */
	struct strlist spatch_options; /* allow-listed (spatch-options:) */
	char *subject;
	char *description;
	char *model;	  /* the core-model entry point it maps to */
	char *demo_tree;  /* optional, for run: relative to the data dir */
	char *demo_patch; /* optional: a hand-written conversion of it */
	struct kernel_data kernel; /* semantic-patches/kernel-types */
};

/*
 * The migration NAME of the data directory, or the folder at a path (a
 * value with a '/', or a folder the data directory has no migration
 * for), with the data directory's kernel types
 */
int migration_load(struct migration *m, const char *value);
/* parse a migration file's text; path is only used in messages */
int migration_parse(struct migration *m, const char *text, const char *path);
void migration_release(struct migration *m);

/*
 * Read a C function declaration (prototype.c): any declaration C and
 * the kernel write, with the attributes of kd (NULL: GCC's only)
 * skipped.  0, or -1 with the reason and the token it stops at in why.
 */
int prototype_read(struct migration_prototype *proto, const char *text,
		   const struct kernel_data *kd, struct strbuf *why);
/* the same without kernel data; *function: a copy of its name */
int prototype_parse(struct migration_prototype *proto, const char *text,
		    char **function);
/* the printf format's position: a variadic one's last char * */
void prototype_set_format(struct migration_prototype *proto);
void prototype_release(struct migration_prototype *proto);

/* the function's name in the old or the new form */
const char *migration_function(const struct migration *m, int new_form);
/* the function gets a new name */
int migration_renames(const struct migration *m);
/*
 * The new call is the old one under another name and nothing else: the
 * same arguments in the same places, parameters of the same types (a
 * variadic one's format at the same place), the same return type or a
 * map that applies only where the result is unused, and no not-null
 * parameter, case or model: what holds of an old call's types holds of
 * the renamed call's
 */
int migration_only_renames(const struct migration *m);
/*
 * Old argument i (0-based) is kept and its place among the kept
 * arguments changes
 */
int migration_arg_moves(const struct migration *m, size_t i);
/* the new position of old argument arg (1-based); 0: removed */
int migration_new_position(const struct migration *m, int arg);
/*
 * Old argument arg (1-based) is in no new argument: not moved, not in an
 * expression item ("$3 - 1")
 */
int migration_arg_removed(const struct migration *m, int arg);
/* how many times the new call names old argument arg ("$1 ? &$1->x : 0") */
int migration_arg_uses(const struct migration *m, int arg);
/* the item that fills new parameter pos (1-based), or NULL */
const struct call_item *migration_new_item(const struct migration *m, int pos);
/*
 * Removing old argument arg whose text is text is silent: a "drop:"
 * value (blanks and comments aside).  0: warn about it.
 */
int migration_drop_is_silent(const struct migration *m, int arg,
			     const char *text);
/*
 * The new call's argument texts from the old call's (nr of them, at
 * least the old prototype's fixed parameters), pushed to out.
 */
void migration_new_args(const struct migration *m, const char *const *old,
			size_t nr, struct strlist *out);
/*
 * A call whose result is unused (unused: 1) or used is one the map
 * applies to ("where:"): 1, else 0 (left by context, for
 * m->left_reason)
 */
int migration_where_fits(const struct migration *m, int unused);
/*
 * Why the calls of the file at path (relative to the tree) are left as
 * the migration's "leave-path:" says, or NULL: the map applies there
 */
const char *migration_leaves_path(const struct migration *m, const char *path);
/* "result-unused", "result-used", or NULL for CALL_WHERE_ANY */
const char *migration_where_name(enum call_where where);
/* the migration's not-null entry for a parameter name, or NULL */
const struct migration_not_null *migration_not_null(const struct migration *m,
						    const char *param);
/*
 * What the change does to a call, in a commit summary's words:
 * "pass NULL parent to class_device_create()", "drop the owner argument
 * of class_create()", "swap the a and b arguments of frob()", "call
 * frob2() instead of frob()", joined with "and".
 */
void migration_describe(const struct migration *m, struct strbuf *out);

#endif
