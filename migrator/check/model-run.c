/*
 * model-run.c - running a mapped call on the driver-core model, and
 * the verdict it gives (see model-call.h).
 *
 * The model's entry-point table (core-model/entry.h) has one row per
 * modelled function, its old and new form, and the role of each
 * parameter; km_entry_call() replays one call on a fresh model of its
 * own and reads back what got registered.  This file turns a mapped
 * call into the table's tagged values, slot by slot in the form of the
 * call (a class by its name, a class device, a device, a devt, a
 * module, an opaque pointer, a rendered name), and the table's result
 * into a verdict.  Which function and which roles is the table's and
 * the migration's ("model:") business: nothing here names one.  An
 * argument of a kind the slot cannot take the way C would pass it (an
 * integer where a pointer goes, a pointer where an integer goes) does
 * not compile: the verdict is unknown, saying so.
 */
#include <stdlib.h>
#include <string.h>

#include "entry.h"
#include "model-call.h"
#include "model.h"
#include "util.h"

/* the device every "device given" argument stands for */
#define MODEL_DEVICE_PATH "kmigrate-device"

/* --- running a call on the model ------------------------------------------ */

struct model_run {
	const struct model_call *mc;
	const struct km_entry_form *form;
	const size_t *perm;
	struct km_value *values;
	struct strbuf name; /* the rendered name, for the result */
	int device_maybe;   /* the device given may be NULL */
	char *why;	    /* set: the verdict is unknown */
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

static void say_why(struct model_run *run, const char *fmt,
		    const struct model_arg *a)
{
	if (!run->why)
		run->why = xstrfmt(fmt, a->text);
}

/* the name a format or a name slot renders: "mem<i>", "<name>" */
static void render_name(struct model_run *run, const struct model_arg *a)
{
	const struct model_call *mc = run->mc;

	strbuf_reset(&run->name);
	if (run->form->variadic)
		model_name_pattern(&run->name, a, mc->args + mc->nr_params,
				   mc->nr_args - mc->nr_params);
	else
		strbuf_addstr(&run->name, a->literal ? a->literal : a->ident);
}

/* one pointer slot: what the argument is, or what the slot wants */
static void pointer_value(struct model_run *run, struct km_value *v,
			  const struct km_param *param,
			  const struct model_arg *a)
{
	enum model_kind kind = a->kind;

	if (is_null_arg(a)) {
		v->kind = KM_VALUE_NULL;
		return;
	}
	if (kind == MODEL_INTEGER)
		return not_built(run, a, param->type);
	if (kind == MODEL_UNKNOWN) {
		/* of unknown type: taken as what its slot wants */
		switch (param->role) {
		case KM_ROLE_CLASS:
			kind = MODEL_CLASS;
			break;
		case KM_ROLE_PARENT_CDEV:
			kind = MODEL_CLASS_DEVICE;
			break;
		case KM_ROLE_DEVICE:
		case KM_ROLE_PARENT_DEVICE:
			kind = MODEL_DEVICE;
			break;
		case KM_ROLE_OWNER:
			kind = MODEL_MODULE;
			break;
		case KM_ROLE_FORMAT:
		case KM_ROLE_NAME:
			kind = MODEL_STRING;
			break;
		default:
			kind = MODEL_OTHER;
			break;
		}
	}
	switch (kind) {
	case MODEL_CLASS:
		v->kind = KM_VALUE_CLASS;
		v->text = a->name ? a->name : a->ident;
		break;
	case MODEL_CLASS_DEVICE:
		v->kind = KM_VALUE_CLASS_DEVICE;
		v->text = a->ident;
		break;
	case MODEL_DEVICE:
		v->kind = KM_VALUE_DEVICE;
		v->text = MODEL_DEVICE_PATH;
		run->device_maybe |= a->maybe_null;
		break;
	case MODEL_MODULE:
		v->kind = KM_VALUE_MODULE;
		v->text = a->text;
		break;
	case MODEL_STRING:
		v->kind = KM_VALUE_STRING;
		render_name(run, a);
		v->text = run->name.buf;
		break;
	default:
		v->kind = KM_VALUE_POINTER;
		break;
	}
	if ((param->role == KM_ROLE_DEVICE ||
	     param->role == KM_ROLE_PARENT_DEVICE) &&
	    v->kind != KM_VALUE_DEVICE)
		say_why(run, "'%s' is not a struct device", a);
	if ((param->role == KM_ROLE_FORMAT || param->role == KM_ROLE_NAME) &&
	    v->kind != KM_VALUE_STRING)
		say_why(run, "'%s' is not a format", a);
}

static void make_values(struct model_run *run)
{
	size_t slot;

	for (slot = 0; slot < run->form->nr_params; slot++) {
		const struct km_param *param = &run->form->params[slot];
		const struct model_arg *a = slot_arg(run, slot);
		struct km_value *v = &run->values[slot];

		if (param->role != KM_ROLE_DEVT) {
			pointer_value(run, v, param, a);
			continue;
		}
		/* libclang calls a constant 0 a null pointer constant too */
		if (a->kind == MODEL_INTEGER || a->kind == MODEL_UNKNOWN ||
		    (a->kind == MODEL_NULL && a->zero)) {
			v->kind = KM_VALUE_DEVT;
			v->devt = a->zero ? 0 : KM_MKDEV(1, 1);
		} else {
			not_built(run, a, param->type);
		}
	}
}

/* the table's result as a verdict */
static void read_result(const struct model_run *run,
			const struct km_call_result *res,
			struct model_verdict *v)
{
	const char *slash;

	switch (res->outcome) {
	case KM_CALL_REGISTERED:
		v->outcome = VERDICT_REGISTERS;
		slash = strrchr(res->path, '/');
		/* a name pattern as rendered, not cut to fit */
		if (slash && strchr(run->name.buf, '<'))
			v->path = xstrfmt("%.*s/%s", (int)(slash - res->path),
					  res->path, run->name.buf);
		else
			v->path = xstrdup(res->path);
		v->dev = res->dev;
		v->device = res->device_link;
		v->device_maybe = v->device && run->device_maybe;
		break;
	case KM_CALL_FAILED:
		v->outcome = VERDICT_FAILS;
		v->err = res->err;
		break;
	default:
		v->outcome = VERDICT_UNKNOWN;
		v->why = xstrdup(
			res->why ? res->why :
				   "the model ran it and registered nothing");
		break;
	}
}

void model_call_run(const struct model_call *mc, const size_t *perm,
		    struct model_verdict *verdict)
{
	const struct km_entry *entry = mc->entry ? km_entry_find(mc->entry) :
						   NULL;
	struct km_call_result res;
	struct model_run run;

	memset(verdict, 0, sizeof(*verdict));
	if (!entry) {
		verdict->why = xstrfmt("the core model has no entry point "
				       "'%s'",
				       mc->entry ? mc->entry : "");
		return;
	}
	memset(&run, 0, sizeof(run));
	run.mc = mc;
	run.perm = perm;
	run.form = &entry->forms[mc->old_form ? KM_FORM_OLD : KM_FORM_NEW];
	if (mc->nr_args < run.form->nr_params ||
	    mc->nr_params != run.form->nr_params) {
		verdict->why = xstrfmt("%zu arguments where the prototype "
				       "has %zu",
				       mc->nr_args, run.form->nr_params);
		return;
	}
	strbuf_init(&run.name, 0);
	run.values = xcalloc(run.form->nr_params + 1, sizeof(*run.values));
	make_values(&run);
	if (run.why) {
		verdict->why = run.why;
		run.why = NULL;
	} else {
		km_entry_call(mc->entry,
			      mc->old_form ? KM_FORM_OLD : KM_FORM_NEW,
			      run.values, run.form->nr_params, &res);
		read_result(&run, &res, verdict);
		km_call_result_release(&res);
	}
	free(run.values);
	strbuf_release(&run.name);
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
			    !v->device	    ? "" :
			    v->device_maybe ? " device?" :
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

static void prose(struct strbuf *out, const struct model_verdict *v, int past)
{
	switch (v->outcome) {
	case VERDICT_REGISTERS:
		strbuf_addf(out, "%s %s", past ? "registered" : "registers",
			    v->path);
		if (v->dev || v->device)
			strbuf_addf(out, " (%s%s%s)", v->dev ? "dev" : "",
				    v->dev && v->device ? ", " : "",
				    !v->device	    ? "" :
				    v->device_maybe ? "device unless NULL" :
						      "device");
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
