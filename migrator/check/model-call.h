/*
 * model-call.h - the reference driver-core model's verdict on a call:
 * what the call registers in sysfs, or the error it returns, when its
 * arguments run on a fresh struct kmodel.
 *
 * Two steps, so that a rule can re-run a call with two arguments
 * exchanged (what would a swapped call register once fixed?):
 *
 *   model_call_map() reads the call's analysis and says what each
 *	argument IS, whatever slot it sits in, by the role kernel-types
 *	gives its type: NULL, a class (named by the class_create()-style
 *	assignment of its variable in the file or, failing that, the tree,
 *	else by the variable's name), a class device (named "<ident>"
 *	after its text), a device (given for sure when its address is
 *	taken, else "device?": it may be NULL at run time), a module, an
 *	integer (a constant zero: "0", or a zero macro of kernel-types;
 *	anything else counts as non-zero), a string (a literal, or
 *	"<ident>" for a non-literal), another pointer, or unknown (taken as
 *	what its slot wants).  No function name is known here but the
 *	model entry point the migration names ("model: device_create").
 *
 *   model_call_run() replays that on a new model through the core
 *	model's entry table (core-model/entry.h), in the call's own form
 *	(the table's old form for an old-form call, its new one for a
 *	new-form call, the tree's for an ambiguous one): the table says
 *	each slot's role, and makes the class, the parent, the device, the
 *	module before the call.  An argument of the wrong kind is a pointer
 *	the model does not know (it answers as the kernel does); an
 *	integer where a pointer goes, or a pointer where dev_t goes, does
 *	not compile: the verdict is unknown.  The name is the format with
 *	each conversion shown as "<ident>" of its argument ("<...>" when it
 *	has none; the value of a string-literal argument of %s), a
 *	non-literal format as "<ident>": "mem<i>", "<name>",
 *	"video1394-<id>".  The path, the dev attribute and the device link
 *	are the table's result.
 *
 * Verdicts print two ways: a line ("/sys/class/mem/<name> dev device?",
 * "error -ENODEV", "unknown: why") for --verdicts and the JSON "sysfs"
 * key, and prose ("registers /sys/class/mem/<name> (dev)") for messages.
 *
 * Caller's steps: model_call_map(&mc, call, classes); model_call_run(&mc,
 * NULL, &v) (or with a permutation); use v; model_verdict_release(&v);
 * model_call_release(&mc).  check.c does it for every call of a check,
 * with the tree's class names (model_call_unnamed_classes(), then
 * model_class_names_find()); this module knows nothing of check.
 */
#ifndef KM_MODEL_CALL_H
#define KM_MODEL_CALL_H

#include <stddef.h>

#include "strbuf.h"
#include "strlist.h"

struct call_analysis;
struct tree_overlay;

enum model_kind {
	MODEL_UNKNOWN, /* type not known: what its slot wants */
	MODEL_NULL,
	MODEL_CLASS,
	MODEL_CLASS_DEVICE,
	MODEL_DEVICE,
	MODEL_INTEGER,
	MODEL_STRING,
	MODEL_MODULE,
	MODEL_OTHER, /* a pointer to something else */
};

/* what a parameter is to the model, from its type's role (kernel-types) */
enum model_role {
	ROLE_NONE,
	ROLE_CLASS,
	ROLE_PARENT, /* a class device: the parent */
	ROLE_DEVT,
	ROLE_DEVICE,
	ROLE_FORMAT,  /* by position: the prototype's format */
	ROLE_OWNER,   /* a module */
	ROLE_DRVDATA, /* opaque data */
	ROLE_NAME,    /* a string that is no format */
};

struct model_arg {
	enum model_kind kind;
	char *text;		 /* as written, on one line */
	char *name;		 /* class: its name; class device: "<ident>" */
	char *literal;		 /* string: a literal's value */
	char *ident;		 /* "<ident>" for a value not known */
	unsigned zero : 1;	 /* integer: a constant zero */
	unsigned maybe_null : 1; /* device: may be NULL at run time */
	unsigned class_created : 1; /* name from a class_create() */
};

struct model_call {
	const struct migration *migration;
	const char *entry;	/* the migration's model entry point */
	int old_form;		/* the 2.6.14 entry point, no parent */
	enum model_role *roles; /* one per fixed parameter */
	size_t nr_params;
	struct model_arg *args;
	size_t nr_args;
};

enum model_outcome {
	VERDICT_UNKNOWN,
	VERDICT_REGISTERS,
	VERDICT_FAILS,
};

struct model_verdict {
	enum model_outcome outcome;
	char *path;		   /* registers: "/sys/class/mem/<name>" */
	unsigned dev : 1;	   /* a dev attribute */
	unsigned device : 1;	   /* a device link */
	unsigned device_maybe : 1; /* ... unless the device is NULL */
	long err;		   /* fails: -ENODEV */
	char *why;		   /* unknown: why */
};

/*
 * The name a class variable is created with, from the tree as overlay
 * (NULL: none) has it: vars holds the variable names (util: the name
 * found, malloc'd, or NULL).
 */
void model_class_names_lookup(struct strlist *vars, const char *tree,
			      const struct tree_overlay *overlay, int jobs);
/*
 * model_class_names_lookup() through the result cache, under the names
 * of vars and state (scan.h's digest of the tree's .c files; NULL: the
 * names found are not kept)
 */
void model_class_names_find(struct strlist *vars, const char *tree,
			    const struct tree_overlay *overlay, int jobs,
			    const unsigned char *state);

/* classes: the tree's names of class variables (as above), may be NULL */
void model_call_map(struct model_call *mc, const struct call_analysis *call,
		    const struct strlist *classes);
void model_call_release(struct model_call *mc);

/* perm: NULL, or the argument index to use for each argument index */
void model_call_run(const struct model_call *mc, const size_t *perm,
		    struct model_verdict *verdict);
void model_verdict_release(struct model_verdict *verdict);

/* "/sys/class/mem/<name> dev device?", "error -ENODEV", "unknown: ..." */
void model_verdict_line(struct strbuf *out, const struct model_verdict *v);
/* "registers /sys/class/mem/<name> (dev)", "fails with -ENODEV" */
void model_verdict_prose(struct strbuf *out, const struct model_verdict *v);
/* the same in the past tense: "registered ...", "failed with ..." */
void model_verdict_past(struct strbuf *out, const struct model_verdict *v);
/* both known and the same registration (or the same error) */
int model_verdict_same(const struct model_verdict *a,
		       const struct model_verdict *b);

struct kernel_data;
struct migration;
struct migration_param;

/* the role a parameter's type gives it (the format's is by position) */
enum model_role model_param_role(const struct migration_param *param,
				 const struct kernel_data *kd);
/*
 * "0", "0x0", "(dev_t)0", or a macro the kernel data calls a zero
 * ("MKDEV(0,0)"; kd may be NULL): a constant zero
 */
int model_text_is_zero(const char *text, const struct kernel_data *kd);

/* the name pattern of a format and its arguments (tests) */
void model_name_pattern(struct strbuf *out, const struct model_arg *format,
			const struct model_arg *args, size_t nr_args);
/* "<ident>" of an expression: "devlist[i].name" gives "<name>" */
char *model_placeholder(const char *expr);

/*
 * the class variables of a mapped call not named by a class_create()
 * of its own file (to look up in the tree): pushed to vars; none when
 * the migration names no entry point of the model (model_call_run()
 * reads no name then)
 */
void model_call_unnamed_classes(const struct model_call *mc,
				struct strlist *vars);
/*
 * 1 when a function of m (a family's any) names an entry point the
 * model has: only then does a call's verdict depend on what libclang
 * tells of its arguments beyond their text
 */
int model_call_runs(const struct migration *m);

#endif
