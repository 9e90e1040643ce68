/*
 * entry.h - the core model's entry points as a table, and the one call
 * the migrator makes to replay a call on the model.
 *
 * The table has one row per modelled kernel function (class_device_create,
 * device_create, class_create, and their destroys), each with its old and
 * its new form: the prototype, and for each parameter its role - what
 * the argument means to the driver core (the class, the parent class
 * device, the devt, the device a class device stands for, the parent
 * device, the drvdata, the owner module, the printf format, a name).  A
 * function whose prototype did not change has the same form twice.
 *
 * km_entry_call() replays one call: given the entry's name as a
 * migration names it ("model: device_create"), the form, and the
 * arguments as tagged values (what each one IS, whatever slot it is in),
 * it builds a fresh struct kmodel, makes what the values name (a class
 * of that name, a class device of the call's class, a fixture device at
 * a path, a module), makes the call, reads back what got registered and
 * frees the model.  The model knows nothing of the migrator: no call
 * sites, no migrations; a caller maps its own analysis to km_values.
 *
 * Caller's steps:
 *	struct km_call_result res;
 *	struct km_value args[] = {
 *		{ KM_VALUE_CLASS, "mem", 0 },
 *		{ KM_VALUE_NULL, NULL, 0 },
 *		{ KM_VALUE_DEVT, NULL, KM_MKDEV(1, 3) },
 *		{ KM_VALUE_NULL, NULL, 0 },
 *		{ KM_VALUE_STRING, "null", 0 },
 *	};
 *	km_entry_call("device_create", KM_FORM_NEW, args, 5, &res);
 *	... res.outcome, res.path "/sys/devices/virtual/mem/null", res.dev ...
 *	km_call_result_release(&res);
 *
 * How each role takes each kind of value (anything not listed: the call
 * cannot be replayed, outcome KM_CALL_INVALID with the reason):
 *   CLASS		NULL; CLASS: class_create() of that name first; any
 *			other pointer kind: a pointer the model has never
 *			seen (it answers as the driver core does for it).
 *   PARENT_CDEV	NULL; CLASS_DEVICE: a class device of that name
 *			made first in the call's class (a stray pointer
 *			when the call's class is not a real one); any other
 *			pointer kind: a stray pointer.
 *   DEVT		DEVT; NULL (a constant 0 reads as a null pointer
 *			constant too): 0:0.  A pointer kind does not build.
 *   DEVICE,		NULL; DEVICE: the fixture device at that path below
 *   PARENT_DEVICE	/sys/devices, made first.  Another pointer kind is
 *			invalid: the model cannot tell what the kernel would
 *			read there.
 *   DRVDATA		any pointer kind or NULL: stored as it is (a
 *			POINTER stands for a non-NULL pointer of its own).
 *   OWNER		NULL; MODULE: the model's module of that name; any
 *			other pointer kind: a stray pointer, stored.
 *   FORMAT, NAME	NULL; STRING: the text, already rendered from the
 *			format and its variadic arguments by the caller
 *			("mem<i>"), passed as "%s" (so cut to 19 bytes as
 *			the kernel's BUS_ID_SIZE does for class devices and
 *			devices; res.name_truncated says so).
 * A DEVT value where a pointer goes does not build (KM_CALL_INVALID).
 * The number of values must be the form's parameter count; a variadic
 * form also takes (and ignores) the values after it, already rendered.
 *
 * Results: KM_CALL_REGISTERED with what the model shows afterwards;
 * KM_CALL_FAILED with err (-ENODEV...; 0 for a NULL return); KM_CALL_DONE
 * for a destroy (nothing is registered on a fresh model: the call ran);
 * KM_CALL_INVALID with why and bad_arg.  Every string is malloc'ed and
 * freed by km_call_result_release().  Thread-safe: each call has its own
 * model on the calling thread.
 */
#ifndef KM_ENTRY_H
#define KM_ENTRY_H

#include <stddef.h>

#include "model.h"

enum km_form {
	KM_FORM_OLD,
	KM_FORM_NEW,
	KM_NR_FORMS,
};

enum km_role {
	KM_ROLE_CLASS = 1,     /* struct class *: the class */
	KM_ROLE_PARENT_CDEV,   /* struct class_device *: the parent */
	KM_ROLE_DEVT,	       /* dev_t */
	KM_ROLE_DEVICE,	       /* struct device *: what a class device is of */
	KM_ROLE_PARENT_DEVICE, /* struct device *: the parent device */
	KM_ROLE_DRVDATA,       /* void *: dev_set_drvdata() */
	KM_ROLE_OWNER,	       /* struct module *: the owner */
	KM_ROLE_FORMAT,	       /* const char *: printf format, then ... */
	KM_ROLE_NAME,	       /* const char *: a name, no format */
};

struct km_param {
	enum km_role role;
	const char *type; /* "struct class *", as the prototype has it */
	const char *name; /* "cls" */
};

struct km_entry_form {
	const char *kernel;    /* the kernels of this form: "2.6.15" */
	const char *prototype; /* the C prototype, one line */
	const struct km_param *params;
	size_t nr_params;
	int variadic; /* "..." after the last parameter */
};

struct km_entry {
	const char *name; /* "device_create" */
	struct km_entry_form forms[KM_NR_FORMS];
	const char *models; /* what the model reproduces, one line */
};

/* the rows, in the table's order: NULL past the last */
const struct km_entry *km_entry_at(size_t i);
/* the row of a function, or NULL */
const struct km_entry *km_entry_find(const char *name);
/* "the class", "the parent class device", ...: for messages */
const char *km_role_name(enum km_role role);

enum km_value_kind {
	KM_VALUE_NULL,	       /* NULL, or a constant 0 */
	KM_VALUE_CLASS,	       /* text: the class name */
	KM_VALUE_CLASS_DEVICE, /* text: the class device's name */
	KM_VALUE_DEVICE,       /* text: its path below /sys/devices */
	KM_VALUE_DEVT,	       /* devt */
	KM_VALUE_MODULE,       /* text: the module's name ("THIS_MODULE") */
	KM_VALUE_POINTER,      /* an opaque non-NULL pointer; text unused */
	KM_VALUE_STRING,       /* text: the rendered name */
};

struct km_value {
	enum km_value_kind kind;
	const char *text;
	km_devt devt;
};

enum km_outcome {
	KM_CALL_INVALID, /* the arguments cannot be replayed */
	KM_CALL_REGISTERED,
	KM_CALL_FAILED,
	KM_CALL_DONE, /* a destroy ran */
};

struct km_call_result {
	enum km_outcome outcome;
	long err;	/* FAILED: the errno; 0: it returned NULL */
	char *why;	/* INVALID: "a dev_t where a pointer goes" */
	size_t bad_arg; /* INVALID: the argument's index */

	/* REGISTERED */
	/* its directory: /sys/class/mem/null, /sys/devices/virtual/mem/null */
	char *path;
	char *class_link;	     /* devices: "/sys/class/mem/null" */
	char *name;		     /* the kobject name as registered */
	unsigned name_truncated : 1; /* the text was cut to fit */
	unsigned dev : 1;	     /* a "dev" attribute */
	unsigned device_link : 1;    /* a "device" link */
	unsigned drvdata : 1;	     /* devices: a non-NULL drvdata stored */
	char *device_target; /* where "device" points: "/sys/devices/x" */
	char *owner;	     /* classes: the owner module's name, or NULL */
	char *uevent;	     /* the "add" event's log line, or NULL */
	char **warnings;     /* what the model would printk */
	size_t nr_warnings;
};

/*
 * Replays entry(args) in that form on a fresh model; fills *res (always,
 * also on failure).  Returns res->outcome; an unknown entry is
 * KM_CALL_INVALID ("the core model has no entry point 'x'").
 */
enum km_outcome km_entry_call(const char *entry, enum km_form form,
			      const struct km_value *args, size_t nr_args,
			      struct km_call_result *res);
void km_call_result_release(struct km_call_result *res);

#endif
