/*
 * scenario-stmt.c - the statements of the scenario language, one run
 * function each, and the table scenario.c parses them with (scenario.c
 * documents the language).
 *
 * Contract: a statement's run() replays it on run->model with the C API
 * of model.h.  What it names and the model does not have (a class, class
 * device or device) fails with -ENOENT and the reason; a call the model
 * refuses fails with its errno: "FILE:LINE: error: <call> '<name>'
 * failed: -EXXX[ (why)]", and the run's status becomes KM_SCENARIO_FAILED.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

/* a statement failed in the model: "<what> failed: -EXXX[ (why)]" */
static void failed(struct scn_run *run, const struct scn_stmt *stmt,
		   const char *what, const char *name, long err,
		   const char *why)
{
	const char *errname = km_errno_name(err);

	fprintf(run->err, "%s:%d: error: %s '%s' failed: ", run->file,
		stmt->line, what, name);
	if (errname)
		fprintf(run->err, "-%s", errname);
	else
		fprintf(run->err, "%ld", err);
	if (why)
		fprintf(run->err, " (%s)", why);
	fputc('\n', run->err);
	run->status = KM_SCENARIO_FAILED;
}

/* --- lookups ------------------------------------------------------------ */

/* *cls is NULL for '-'; 0, or -ENOENT after reporting */
static int find_class(struct scn_run *run, const struct scn_stmt *stmt,
		      const char *what, const char *name, struct class **cls)
{
	*cls = NULL;
	if (!strcmp(stmt->args[0], "-"))
		return 0;
	*cls = km_class_find(run->model, stmt->args[0]);
	if (*cls)
		return 0;
	failed(run, stmt, what, name, -ENOENT, "no such class");
	return -ENOENT;
}

static int find_cdev(struct scn_run *run, const struct scn_stmt *stmt,
		     const char *what, const char *name, const char *path,
		     struct class_device **class_dev)
{
	*class_dev = NULL;
	if (!path)
		return 0;
	*class_dev = km_class_device_find(run->model, path);
	if (*class_dev)
		return 0;
	failed(run, stmt, what, name, -ENOENT, "no such class device");
	return -ENOENT;
}

static int find_device(struct scn_run *run, const struct scn_stmt *stmt,
		       const char *what, const char *name, struct device **dev)
{
	const char *path = stmt->keys[SCN_KEY_DEVICE];

	*dev = NULL;
	if (!path)
		return 0;
	*dev = km_device_find(run->model, path);
	if (*dev)
		return 0;
	failed(run, stmt, what, name, -ENOENT, "no such device");
	return -ENOENT;
}

/* --- statements --------------------------------------------------------- */

static int scenario_class_hotplug(struct class_device *class_dev, char **envp,
				  int num_envp, char *buffer, int buffer_size)
{
	int i = 0, len = 0;

	(void)class_dev;
	return km_add_hotplug_env_var(envp, num_envp, &i, buffer, buffer_size,
				      &len, "CLASS_HOTPLUG=1");
}

static void run_class(struct scn_run *run, const struct scn_stmt *stmt)
{
	struct class *cls = km_class_create(run->model, NULL, stmt->args[0]);

	if (KM_IS_ERR(cls)) {
		failed(run, stmt, "class_create", stmt->args[0],
		       KM_PTR_ERR(cls), NULL);
		return;
	}
	if (stmt->hotplug)
		cls->hotplug = scenario_class_hotplug;
}

static void run_device(struct scn_run *run, const struct scn_stmt *stmt)
{
	struct device *dev = km_device_new(run->model, stmt->args[0]);

	if (KM_IS_ERR(dev))
		failed(run, stmt, "device", stmt->args[0], KM_PTR_ERR(dev),
		       NULL);
}

/* create, create-old and register: what they look up */
struct scn_create {
	struct class *cls;
	struct class_device *parent;
	struct device *dev;
};

static int create_lookups(struct scn_run *run, const struct scn_stmt *stmt,
			  const char *what, struct scn_create *c)
{
	const char *name = stmt->args[1];

	if (find_class(run, stmt, what, name, &c->cls) ||
	    find_cdev(run, stmt, what, name, stmt->keys[SCN_KEY_PARENT],
		      &c->parent) ||
	    find_device(run, stmt, what, name, &c->dev))
		return -ENOENT;
	return 0;
}

static void run_create(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_create";
	struct class_device *class_dev;
	struct scn_create c;

	if (create_lookups(run, stmt, what, &c))
		return;
	if (stmt->syntax->options & SCN_K(SCN_KEY_PARENT))
		class_dev = km_class_device_create(c.cls, c.parent, stmt->devt,
						   c.dev, "%s", stmt->args[1]);
	else
		class_dev = km_class_device_create_old(c.cls, stmt->devt, c.dev,
						       "%s", stmt->args[1]);
	if (KM_IS_ERR(class_dev))
		failed(run, stmt, what, stmt->args[1], KM_PTR_ERR(class_dev),
		       NULL);
}

static void run_register(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_register";
	struct class_device *class_dev;
	struct scn_create c;
	int err;

	if (create_lookups(run, stmt, what, &c))
		return;
	class_dev = km_zalloc(sizeof(*class_dev));
	if (!class_dev) {
		failed(run, stmt, what, stmt->args[1], -ENOMEM, NULL);
		return;
	}
	class_dev->class = c.cls;
	class_dev->parent = c.parent;
	class_dev->devt = stmt->devt;
	class_dev->dev = c.dev;
	snprintf(class_dev->class_id, KM_BUS_ID_SIZE, "%s", stmt->args[1]);
	err = km_class_device_register(class_dev);
	if (err) {
		km_class_device_discard(class_dev);
		free(class_dev);
		failed(run, stmt, what, stmt->args[1], err, NULL);
		return;
	}
	km_class_device_adopt(class_dev);
}

static void run_group(struct scn_run *run, const struct scn_stmt *stmt)
{
	int remove = !strcmp(stmt->syntax->keyword, "ungroup");
	const char *what = remove ? "sysfs_remove_group" : "sysfs_create_group";
	struct class_device *class_dev;
	int err;

	if (find_cdev(run, stmt, what, stmt->args[1], stmt->args[0],
		      &class_dev))
		return;
	if (remove)
		err = km_sysfs_remove_group(class_dev, stmt->args[1]);
	else
		err = km_sysfs_create_group(class_dev, stmt->args[1]);
	if (err)
		failed(run, stmt, what, stmt->args[1], err, NULL);
}

static void run_destroy(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_destroy";
	struct class *cls;
	char name[128];

	snprintf(name, sizeof(name), "%s %u:%u", stmt->args[0],
		 KM_MAJOR(stmt->devt), KM_MINOR(stmt->devt));
	if (find_class(run, stmt, what, name, &cls))
		return;
	if (!km_class_device_find_devt(cls, stmt->devt)) {
		failed(run, stmt, what, name, -ENOENT,
		       "no class device with that dev_t");
		return;
	}
	km_class_device_destroy(cls, stmt->devt);
}

static void run_unregister(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "class_device_unregister";
	struct class_device *class_dev;

	if (find_cdev(run, stmt, what, stmt->args[0], stmt->args[0],
		      &class_dev))
		return;
	if (!km_class_device_is_registered(class_dev)) {
		failed(run, stmt, what, stmt->args[0], -ENOENT,
		       "not registered");
		return;
	}
	km_class_device_unregister(class_dev);
}

static void run_class_destroy(struct scn_run *run, const struct scn_stmt *stmt)
{
	struct class *cls = km_class_find(run->model, stmt->args[0]);
	struct km_object *obj = km_registry_find(cls, KM_KIND_CLASS);

	if (!obj || !(obj->flags & KM_OBJ_REGISTERED)) {
		failed(run, stmt, "class_destroy", stmt->args[0], -ENOENT,
		       cls ? "not registered" : "no such class");
		return;
	}
	km_class_destroy(cls);
}

static void run_class_create(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *name = strcmp(stmt->args[0], "-") ? stmt->args[0] : NULL;
	const char *owner_name = stmt->keys[SCN_KEY_OWNER];
	struct module *owner = NULL;
	struct class *cls;

	if (owner_name) {
		owner = km_module_new(run->model, owner_name);
		if (!owner) {
			failed(run, stmt, "class_create", stmt->args[0],
			       -ENOMEM, NULL);
			return;
		}
	}
	/* both forms answer a NULL name as the 6.x kernels do */
	if (!name)
		cls = km_class_create_new(run->model, NULL);
	else if (stmt->syntax->options & SCN_K(SCN_KEY_OWNER))
		cls = km_class_create(run->model, owner, name);
	else
		cls = km_class_create_new(run->model, name);
	if (KM_IS_ERR(cls))
		failed(run, stmt, "class_create", stmt->args[0],
		       KM_PTR_ERR(cls), NULL);
}

static void run_device_create(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "device_create", *name = stmt->args[1];
	const char *parent_path = stmt->keys[SCN_KEY_PARENT];
	struct device *parent = NULL, *dev;
	void *drvdata = NULL;
	struct class *cls;

	if (find_class(run, stmt, what, name, &cls))
		return;
	if (parent_path) {
		parent = km_device_find(run->model, parent_path);
		if (!parent) {
			failed(run, stmt, what, name, -ENOENT,
			       "no such device");
			return;
		}
	}
	if (stmt->keys[SCN_KEY_DRVDATA]) {
		drvdata =
			km_model_token(run->model, stmt->keys[SCN_KEY_DRVDATA]);
		if (!drvdata) {
			failed(run, stmt, what, name, -ENOMEM, NULL);
			return;
		}
	}
	if (stmt->syntax->options & SCN_K(SCN_KEY_DRVDATA))
		dev = km_device_create(cls, parent, stmt->devt, drvdata, "%s",
				       name);
	else
		dev = km_device_create_old(cls, parent, stmt->devt, "%s", name);
	if (KM_IS_ERR(dev))
		failed(run, stmt, what, name, KM_PTR_ERR(dev), NULL);
}

static void run_device_destroy(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "device_destroy";
	struct class *cls;
	char name[128];

	snprintf(name, sizeof(name), "%s %u:%u", stmt->args[0],
		 KM_MAJOR(stmt->devt), KM_MINOR(stmt->devt));
	if (find_class(run, stmt, what, name, &cls))
		return;
	if (!km_device_find_devt(cls, stmt->devt)) {
		failed(run, stmt, what, name, -ENOENT,
		       "no device with that dev_t");
		return;
	}
	km_device_destroy(cls, stmt->devt);
}

#define SCN_DEVICE_KEYS (SCN_K(SCN_KEY_PARENT) | SCN_K(SCN_KEY_DEVT))

const struct scn_syntax scn_syntax_table[] = {
	{ "class", 1, SCN_FLAG_HOTPLUG, run_class, "class NAME [hotplug]" },
	{ "device", 1, 0, run_device, "device PATH" },
	{ "create", 2, SCN_CREATE_KEYS, run_create,
	  "create CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]" },
	{ "create-old", 2, SCN_K(SCN_KEY_DEVT) | SCN_K(SCN_KEY_DEVICE),
	  run_create, "create-old CLASS NAME [devt=MAJ:MIN] [device=PATH]" },
	{ "register", 2, SCN_CREATE_KEYS, run_register,
	  "register CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]" },
	{ "group", 2, 0, run_group, "group CDEV NAME" },
	{ "ungroup", 2, 0, run_group, "ungroup CDEV NAME" },
	{ "destroy", 2, SCN_ARG2_DEVT, run_destroy, "destroy CLASS MAJ:MIN" },
	{ "unregister", 1, 0, run_unregister, "unregister CDEV" },
	{ "class-destroy", 1, 0, run_class_destroy, "class-destroy NAME" },
	{ "class-create", 1, 0, run_class_create, "class-create NAME" },
	{ "class-create-old", 1, SCN_K(SCN_KEY_OWNER), run_class_create,
	  "class-create-old NAME [owner=MODULE]" },
	{ "device-create", 2, SCN_DEVICE_KEYS | SCN_K(SCN_KEY_DRVDATA),
	  run_device_create,
	  "device-create CLASS NAME [parent=PATH] [devt=MAJ:MIN] [drvdata=X]" },
	{ "device-create-old", 2, SCN_DEVICE_KEYS, run_device_create,
	  "device-create-old CLASS NAME [parent=PATH] [devt=MAJ:MIN]" },
	{ "device-destroy", 2, SCN_ARG2_DEVT, run_device_destroy,
	  "device-destroy CLASS MAJ:MIN" },
};

const size_t scn_nr_syntax = KM_ARRAY_SIZE(scn_syntax_table);
