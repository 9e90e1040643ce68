/*
 * check-model-run.c - running a mapped call on the driver-core model, and
 * the verdict it gives (see check-model.h).
 *
 * Each run builds its own struct kmodel on the calling thread (a model
 * belongs to its thread) and frees it before returning, so a verdict
 * never depends on another call.  An argument of the wrong kind is a
 * pointer the model has never seen (two stray objects on the run's
 * stack): the model rejects it as the kernel's driver core would.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "check-model.h"
#include "model.h"
#include "util.h"

/* the device every "device given" argument stands for */
#define MODEL_DEVICE_PATH "kmigrate-device"

/* --- running a call on the model ------------------------------------------ */

struct model_run {
	struct kmodel *model;
	const struct model_call *mc;
	const size_t *perm;
	struct class *cls;
	struct class_device *parent;
	km_devt devt;
	struct device *device;
	int device_maybe;
	int has_format;
	struct strbuf name;
	char *why;		/* set: the verdict is unknown */
	/* pointers the model does not know: a wrong kind of argument */
	struct class stray_class;
	struct class_device stray_class_dev;
};

static const struct model_arg *slot_arg(const struct model_run *run,
					size_t slot)
{
	size_t i = run->perm ? run->perm[slot] : slot;

	return &run->mc->args[i];
}

static int is_null_arg(const struct model_arg *a)
{
	return a->kind == MODEL_NULL || (a->kind == MODEL_INTEGER && a->zero);
}

/* an integer where a pointer goes, or the reverse: it does not build */
static void not_built(struct model_run *run, const struct model_arg *a,
		      const char *wanted)
{
	if (!run->why)
		run->why = xstrfmt("does not compile: '%s' where %s goes",
				   a->text, wanted);
}

static void run_class(struct model_run *run, const struct model_arg *a)
{
	if (is_null_arg(a))
		return;
	if (a->kind == MODEL_INTEGER)
		return not_built(run, a, "a struct class *");
	if (a->kind != MODEL_CLASS && a->kind != MODEL_UNKNOWN) {
		run->cls = &run->stray_class;
		return;
	}
	run->cls = km_class_create(run->model, NULL, a->name);
	if (KM_IS_ERR(run->cls) && !run->why)
		run->why = xstrfmt("the model cannot create class '%s'",
				   a->name);
}

static void run_parent(struct model_run *run, const struct model_arg *a)
{
	if (is_null_arg(a))
		return;
	if (a->kind == MODEL_INTEGER)
		return not_built(run, a, "a struct class_device *");
	run->parent = &run->stray_class_dev;
	if ((a->kind != MODEL_CLASS_DEVICE && a->kind != MODEL_UNKNOWN) ||
	    !run->cls || run->cls == &run->stray_class ||
	    KM_IS_ERR(run->cls))
		return;
	run->parent = km_class_device_create(run->cls, NULL, 0, NULL, "%s",
					     a->ident);
	if (KM_IS_ERR(run->parent) && !run->why)
		run->why = xstrfmt("the model cannot create the parent '%s'",
				   a->ident);
}

static void run_devt(struct model_run *run, const struct model_arg *a)
{
	/* libclang calls a constant 0 a null pointer constant too */
	if (a->kind == MODEL_INTEGER || a->kind == MODEL_UNKNOWN ||
	    (a->kind == MODEL_NULL && a->zero))
		run->devt = a->zero ? 0 : KM_MKDEV(1, 1);
	else
		not_built(run, a, "dev_t");
}

static void run_device(struct model_run *run, const struct model_arg *a)
{
	if (is_null_arg(a))
		return;
	if (a->kind != MODEL_DEVICE && a->kind != MODEL_UNKNOWN) {
		if (!run->why)
			run->why = xstrfmt("'%s' is not a struct device",
					   a->text);
		return;
	}
	run->device = km_device_new(run->model, MODEL_DEVICE_PATH);
	run->device_maybe = a->maybe_null;
}

static void run_format(struct model_run *run, const struct model_arg *a)
{
	const struct model_call *mc = run->mc;
	size_t nr = mc->nr_args - mc->nr_params;

	if (a->kind == MODEL_NULL)
		return;
	if (a->kind != MODEL_STRING && a->kind != MODEL_UNKNOWN) {
		if (!run->why)
			run->why = xstrfmt("'%s' is not a format", a->text);
		return;
	}
	run->has_format = 1;
	model_name_pattern(&run->name, a, mc->args + mc->nr_params, nr);
}

/* the arguments, class first: the parent is a class device of it */
static void run_arguments(struct model_run *run)
{
	static const enum model_role order[] = {
		ROLE_CLASS, ROLE_PARENT, ROLE_DEVT, ROLE_DEVICE, ROLE_FORMAT,
	};
	size_t i, slot;

	for (i = 0; i < ARRAY_SIZE(order); i++) {
		for (slot = 0; slot < run->mc->nr_params; slot++) {
			const struct model_arg *a = slot_arg(run, slot);

			if (run->mc->roles[slot] != order[i])
				continue;
			switch (order[i]) {
			case ROLE_CLASS:
				run_class(run, a);
				break;
			case ROLE_PARENT:
				run_parent(run, a);
				break;
			case ROLE_DEVT:
				run_devt(run, a);
				break;
			case ROLE_DEVICE:
				run_device(run, a);
				break;
			case ROLE_FORMAT:
				run_format(run, a);
				break;
			default:
				break;
			}
		}
	}
}

/* the model's entry points with a format that may be NULL */
static struct class_device *create_v(struct class *cls,
				     struct class_device *parent,
				     km_devt devt, struct device *device,
				     const char *fmt, ...)
{
	struct class_device *class_dev;
	va_list args;

	va_start(args, fmt);
	class_dev = km_class_device_vcreate(cls, parent, devt, device, fmt,
					    args);
	va_end(args);
	return class_dev;
}

static struct class_device *run_call(struct model_run *run)
{
	const char *name = run->name.buf;

	if (!run->has_format)
		return create_v(run->cls, run->mc->old_form ? NULL :
				run->parent, run->devt, run->device, NULL);
	if (run->mc->old_form)
		return km_class_device_create_old(run->cls, run->devt,
						  run->device, "%s", name);
	return km_class_device_create(run->cls, run->parent, run->devt,
				      run->device, "%s", name);
}

/* the value of KEY= in the uevent line, or NULL */
static char *uevent_value(const char *line, const char *key)
{
	size_t klen = strlen(key);
	const char *p = line;

	while ((p = strstr(p, key))) {
		if ((p == line || p[-1] == ' ') && p[klen] == '=') {
			p += klen + 1;
			return xstrndup(p, strcspn(p, " "));
		}
		p += klen;
	}
	return NULL;
}

/* what the registration left: the add uevent's path, dev and device */
static void read_registration(struct model_run *run,
			      const struct class_device *class_dev,
			      struct model_verdict *v)
{
	size_t n = km_uevent_count(run->model);
	const char *line = n ? km_uevent_line(run->model, n - 1) : "";
	char *devpath = uevent_value(line, "DEVPATH"), *major, *phys;
	const char *slash = devpath ? strrchr(devpath, '/') : NULL;
	int pattern = strchr(run->name.buf, '<') != NULL;

	if (!slash) {
		v->outcome = VERDICT_UNKNOWN;
		v->why = xstrdup("the model registered it without an event");
		free(devpath);
		return;
	}
	major = uevent_value(line, "MAJOR");
	phys = uevent_value(line, "PHYSDEVPATH");
	v->outcome = VERDICT_REGISTERS;
	v->path = xstrfmt("/sys%.*s/%s", (int)(slash - devpath), devpath,
			  pattern ? run->name.buf : class_dev->class_id);
	v->dev = major != NULL;
	v->device = phys != NULL;
	v->device_maybe = v->device && run->device_maybe;
	free(devpath);
	free(major);
	free(phys);
}

typedef void (*model_entry_fn)(struct model_run *run,
			       struct model_verdict *v);

static void run_class_device_create(struct model_run *run,
				    struct model_verdict *v)
{
	struct class_device *class_dev;

	run_arguments(run);
	if (run->why) {
		v->outcome = VERDICT_UNKNOWN;
		v->why = run->why;
		run->why = NULL;
		return;
	}
	class_dev = run_call(run);
	if (!class_dev || KM_IS_ERR(class_dev)) {
		v->outcome = VERDICT_FAILS;
		v->err = class_dev ? KM_PTR_ERR(class_dev) : 0;
		return;
	}
	read_registration(run, class_dev, v);
}

/* the model's entry points a migration may name ("model:") */
static const struct {
	const char *name;
	model_entry_fn run;
} model_entries[] = {
	{ "class_device_create", run_class_device_create },
};

static model_entry_fn find_entry(const char *name)
{
	size_t i;

	for (i = 0; name && i < ARRAY_SIZE(model_entries); i++)
		if (!strcmp(model_entries[i].name, name))
			return model_entries[i].run;
	return NULL;
}

void model_call_run(const struct model_call *mc, const size_t *perm,
		    struct model_verdict *verdict)
{
	model_entry_fn entry = find_entry(mc->entry);
	struct model_run run;

	memset(verdict, 0, sizeof(*verdict));
	if (!entry) {
		verdict->why = xstrfmt("the core model has no entry point "
				       "'%s'", mc->entry ? mc->entry : "");
		return;
	}
	if (mc->nr_args < mc->nr_params) {
		verdict->why = xstrfmt("%zu arguments where the prototype "
				       "has %zu", mc->nr_args, mc->nr_params);
		return;
	}
	memset(&run, 0, sizeof(run));
	strbuf_init(&run.name, 0);
	run.mc = mc;
	run.perm = perm;
	run.model = km_model_new();
	if (!run.model)
		die("out of memory");
	entry(&run, verdict);
	km_model_free(run.model);
	strbuf_release(&run.name);
	free(run.why);
}

void model_verdict_release(struct model_verdict *verdict)
{
	free(verdict->path);
	free(verdict->why);
	memset(verdict, 0, sizeof(*verdict));
}

/* --- printing and comparing ----------------------------------------------- */

static void add_error(struct strbuf *out, long err)
{
	const char *name = km_errno_name(err);

	if (!err)
		strbuf_addstr(out, "NULL");
	else if (name)
		strbuf_addf(out, "-%s", name);
	else
		strbuf_addf(out, "%ld", err);
}

void model_verdict_line(struct strbuf *out, const struct model_verdict *v)
{
	switch (v->outcome) {
	case VERDICT_REGISTERS:
		strbuf_addf(out, "%s%s%s", v->path, v->dev ? " dev" : "",
			    !v->device ? "" : v->device_maybe ? " device?" :
			    " device");
		break;
	case VERDICT_FAILS:
		strbuf_addstr(out, "error ");
		add_error(out, v->err);
		break;
	default:
		strbuf_addf(out, "unknown: %s", v->why ? v->why : "not run");
		break;
	}
}

static void prose(struct strbuf *out, const struct model_verdict *v,
		  int past)
{
	switch (v->outcome) {
	case VERDICT_REGISTERS:
		strbuf_addf(out, "%s %s", past ? "registered" : "registers",
			    v->path);
		if (v->dev || v->device)
			strbuf_addf(out, " (%s%s%s)", v->dev ? "dev" : "",
				    v->dev && v->device ? ", " : "",
				    !v->device ? "" : v->device_maybe ?
				    "device unless NULL" : "device");
		break;
	case VERDICT_FAILS:
		strbuf_addstr(out, past ? "failed with " : "fails with ");
		add_error(out, v->err);
		strbuf_addstr(out, past ? " and registered nothing" :
			      " and registers nothing");
		break;
	default:
		strbuf_addf(out, "%s be run on the model (%s)",
			    past ? "could not" : "cannot",
			    v->why ? v->why : "not run");
		break;
	}
}

void model_verdict_prose(struct strbuf *out, const struct model_verdict *v)
{
	prose(out, v, 0);
}

void model_verdict_past(struct strbuf *out, const struct model_verdict *v)
{
	prose(out, v, 1);
}

int model_verdict_same(const struct model_verdict *a,
		       const struct model_verdict *b)
{
	if (a->outcome != b->outcome || a->outcome == VERDICT_UNKNOWN)
		return 0;
	if (a->outcome == VERDICT_FAILS)
		return a->err == b->err;
	return !strcmp(a->path, b->path) && a->dev == b->dev &&
	       a->device == b->device && a->device_maybe == b->device_maybe;
}
