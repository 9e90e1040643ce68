/*
 * entry.c - the table of the core model's entry points (entry.h): one row
 * per modelled function with its old and its new form and the role of
 * every parameter, and km_entry_call(), which finds the row and checks
 * the arguments' number before entry-replay.c replays the call.
 *
 * To model a new function: write its replay in entry-replay.c (and the C
 * API it calls below), add its row here with both forms (the same form
 * twice when the prototype did not change), and a case to
 * tests/core-model/test-core-model-entry.c.
 */
#include <string.h>

#include "entry-replay.h"
#include "internal.h"

#define PARAMS(array) array, KM_ARRAY_SIZE(array)

static const struct km_param cdev_create_old[] = {
	{ KM_ROLE_CLASS, "struct class *", "cls" },
	{ KM_ROLE_DEVT, "dev_t", "devt" },
	{ KM_ROLE_DEVICE, "struct device *", "device" },
	{ KM_ROLE_FORMAT, "char *", "fmt" },
};

static const struct km_param cdev_create_new[] = {
	{ KM_ROLE_CLASS, "struct class *", "cls" },
	{ KM_ROLE_PARENT_CDEV, "struct class_device *", "parent" },
	{ KM_ROLE_DEVT, "dev_t", "devt" },
	{ KM_ROLE_DEVICE, "struct device *", "device" },
	{ KM_ROLE_FORMAT, "char *", "fmt" },
};

static const struct km_param class_devt[] = {
	{ KM_ROLE_CLASS, "struct class *", "cls" },
	{ KM_ROLE_DEVT, "dev_t", "devt" },
};

static const struct km_param dev_create_old[] = {
	{ KM_ROLE_CLASS, "struct class *", "cls" },
	{ KM_ROLE_PARENT_DEVICE, "struct device *", "parent" },
	{ KM_ROLE_DEVT, "dev_t", "devt" },
	{ KM_ROLE_FORMAT, "const char *", "fmt" },
};

static const struct km_param dev_create_new[] = {
	{ KM_ROLE_CLASS, "struct class *", "cls" },
	{ KM_ROLE_PARENT_DEVICE, "struct device *", "parent" },
	{ KM_ROLE_DEVT, "dev_t", "devt" },
	{ KM_ROLE_DRVDATA, "void *", "drvdata" },
	{ KM_ROLE_FORMAT, "const char *", "fmt" },
};

static const struct km_param class_create_old[] = {
	{ KM_ROLE_OWNER, "struct module *", "owner" },
	{ KM_ROLE_NAME, "const char *", "name" },
};

static const struct km_param class_create_new[] = {
	{ KM_ROLE_NAME, "const char *", "name" },
};

static const struct km_param class_only[] = {
	{ KM_ROLE_CLASS, "struct class *", "cls" },
};

static const struct km_entry_row rows[] = {
	{ { "class_device_create",
	    { { "2.6.14",
		"struct class_device *class_device_create(struct class *cls, "
		"dev_t devt, struct device *device, char *fmt, ...)",
		PARAMS(cdev_create_old), 1 },
	      { "2.6.15",
		"struct class_device *class_device_create(struct class *cls, "
		"struct class_device *parent, dev_t devt, "
		"struct device *device, char *fmt, ...)",
		PARAMS(cdev_create_new), 1 } },
	    "drivers/base/class.c with the nesting patch: "
	    "/sys/class/CLASS[/PARENT...]/NAME" },
	  km_replay_class_device_create },
	{ { "class_device_destroy",
	    { { "2.6.14",
		"void class_device_destroy(struct class *cls, dev_t devt)",
		PARAMS(class_devt), 0 },
	      { "2.6.15",
		"void class_device_destroy(struct class *cls, dev_t devt)",
		PARAMS(class_devt), 0 } },
	    "unregisters the first class device of the class with devt" },
	  km_replay_class_device_destroy },
	{ { "device_create",
	    { { "2.6.18-2.6.26",
		"struct device *device_create(struct class *cls, "
		"struct device *parent, dev_t devt, const char *fmt, ...)",
		PARAMS(dev_create_old), 1 },
	      { "2.6.27",
		"struct device *device_create(struct class *cls, "
		"struct device *parent, dev_t devt, void *drvdata, "
		"const char *fmt, ...)",
		PARAMS(dev_create_new), 1 } },
	    "drivers/base/core.c of 2.6.27 in both forms: "
	    "/sys/devices/virtual/CLASS/NAME or below the parent, "
	    "/sys/class/CLASS/NAME ->" },
	  km_replay_device_create },
	{ { "device_destroy",
	    { { "2.6.18-2.6.26",
		"void device_destroy(struct class *cls, dev_t devt)",
		PARAMS(class_devt), 0 },
	      { "2.6.27", "void device_destroy(struct class *cls, dev_t devt)",
		PARAMS(class_devt), 0 } },
	    "unregisters the first device of the class with devt" },
	  km_replay_device_destroy },
	{ { "class_create",
	    { { "2.6.13-6.3",
		"struct class *class_create(struct module *owner, "
		"const char *name)",
		PARAMS(class_create_old), 0 },
	      { "6.4", "struct class *class_create(const char *name)",
		PARAMS(class_create_new), 0 } },
	    "/sys/class/NAME; a NULL name fails with -ENOMEM as in 4.x-6.x" },
	  km_replay_class_create },
	{ { "class_destroy",
	    { { "2.6.13-6.3", "void class_destroy(struct class *cls)",
		PARAMS(class_only), 0 },
	      { "6.4", "void class_destroy(const struct class *cls)",
		PARAMS(class_only), 0 } },
	    "unregisters the class; it lives on while devices hold it" },
	  km_replay_class_destroy },
};

#define NR_ROWS KM_ARRAY_SIZE(rows)

const struct km_entry *km_entry_at(size_t i)
{
	return i < NR_ROWS ? &rows[i].entry : NULL;
}

const struct km_entry *km_entry_find(const char *name)
{
	size_t i;

	for (i = 0; name && i < NR_ROWS; i++)
		if (!strcmp(rows[i].entry.name, name))
			return &rows[i].entry;
	return NULL;
}

enum km_outcome km_entry_call(const char *entry, enum km_form form,
			      const struct km_value *args, size_t nr_args,
			      struct km_call_result *res)
{
	const struct km_entry *e = km_entry_find(entry);
	const struct km_entry_form *f;

	memset(res, 0, sizeof(*res));
	res->outcome = KM_CALL_INVALID;
	if (!e) {
		res->why = km_strfmt("the core model has no entry point '%s'",
				     entry ? entry : "");
		return res->outcome;
	}
	if (form != KM_FORM_OLD && form != KM_FORM_NEW) {
		res->why = km_strfmt("no such form of %s()", e->name);
		return res->outcome;
	}
	f = &e->forms[form];
	if (nr_args < f->nr_params ||
	    (!f->variadic && nr_args > f->nr_params) || (nr_args && !args)) {
		res->why =
			km_strfmt("%zu arguments where the prototype has %zu",
				  nr_args, f->nr_params);
		return res->outcome;
	}
	km_replay(km_container_of(e, struct km_entry_row, entry), form, args,
		  res);
	return res->outcome;
}
