/*
 * model-unbind.c - a remove callback's error return, replayed on the
 * core model's unbind path (see model-unbind.h).
 *
 * One run per call, on a fresh model: the migration's bus ("unbind:"),
 * a device on it, a driver that binds it (its probe stores drvdata and
 * allocates one devres) and whose remove returns an error; then the
 * driver is removed, as rmmod does.  What the model shows after it is
 * the account: whether the device is still bound, whether its devres
 * was released and its drvdata cleared, and what the core printed (the
 * bus's words, or nothing).  Nothing here knows a bus: the model does.
 */
#include <errno.h>
#include <string.h>

#include "callback.h"
#include "model-unbind.h"
#include "model.h"

struct unbind_outcome {
	int bound;	       /* still bound after the driver went */
	int devres;	       /* devres left */
	int drvdata;	       /* drvdata left */
	struct strbuf warning; /* what the core printed, without its prefix */
};

/* 0, or -1 when the model could not bind the device to begin with */
static int unbind_run(const char *bus_name, struct unbind_outcome *o)
{
	struct km_driver_desc desc = { "drv", 0, -EIO, 1, NULL };
	struct kmodel *model = km_model_new();
	struct km_driver *drv = NULL;
	struct device *dev = NULL;
	struct km_bus *bus;
	int ret = -1;

	bus = model ? km_bus_register(model, bus_name) : NULL;
	if (bus && !KM_IS_ERR(bus))
		dev = km_device_new(model, "drv.0");
	if (dev && !KM_IS_ERR(dev) && !km_bus_device_add(bus, dev)) {
		desc.drvdata = dev;
		drv = km_driver_register(bus, &desc);
	}
	if (drv && !KM_IS_ERR(drv) && km_device_driver_name(dev)) {
		km_driver_unregister(drv);
		o->bound = !!km_device_driver_name(dev);
		o->devres = km_device_devres(dev);
		o->drvdata = !!dev->driver_data;
		if (km_model_nr_warnings(model)) {
			const char *w = km_model_warning(model, 0);
			const char *text = strstr(w, ": ");

			strbuf_addstr(&o->warning, text ? text + 2 : w);
		}
		ret = 0;
	}
	km_model_free(model);
	return ret;
}

/* a new sentence after what out holds */
static void sentence(struct strbuf *out)
{
	if (out->len && out->buf[out->len - 1] != '.')
		strbuf_addch(out, '.');
	if (out->len)
		strbuf_addch(out, ' ');
}

static void add_what_matters(const char *function, size_t line,
			     struct strbuf *out)
{
	sentence(out);
	strbuf_addf(out,
		    "What matters is what '%s' does before it returns "
		    "the error",
		    function);
	if (line)
		strbuf_addf(out, " at line %zu", line);
	strbuf_addstr(out,
		      ": any cleanup it skips on that path is never done.");
}

void model_unbind_explain(const struct migration *m, const char *function,
			  size_t line, struct strbuf *out)
{
	const char *bus = migration_callback(m)->unbind_bus;
	struct unbind_outcome o = { 0, 0, 0, STRBUF_INIT };

	if (!bus)
		return;
	sentence(out);
	if (unbind_run(bus, &o)) {
		strbuf_addf(out,
			    "The model cannot bind a device on bus '%s' "
			    "to say what the error did.",
			    bus);
		goto out_release;
	}
	strbuf_addf(out,
		    "On the %s bus's unbind path, as the core model "
		    "replays it, ",
		    bus);
	if (o.bound) {
		strbuf_addstr(out, "the error keeps the device bound: "
				   "dropping it changes what unbind does.");
		goto out_release;
	}
	strbuf_addf(out,
		    "an error returned by remove does nothing: the device is "
		    "unbound all the same, its devres %s, its drvdata %s, ",
		    o.devres ? "kept" : "released",
		    o.drvdata ? "kept" : "cleared");
	if (o.warning.len)
		strbuf_addf(out,
			    "and the core only warns ('%s'), so dropping "
			    "the error changes no behaviour but that "
			    "warning.",
			    o.warning.buf);
	else
		strbuf_addstr(out, "and the core says nothing, so dropping the "
				   "error changes no behaviour.");
	add_what_matters(function, line, out);
out_release:
	strbuf_release(&o.warning);
}
