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

/* --- buses and drivers -------------------------------------------------- */

static int find_driver(struct scn_run *run, const struct scn_stmt *stmt,
		       const char *what, struct km_driver **drv)
{
	*drv = km_driver_find(run->model, stmt->args[0]);
	if (*drv)
		return 0;
	failed(run, stmt, what, stmt->args[0], -ENOENT, "no such driver");
	return -ENOENT;
}

static int find_path(struct scn_run *run, const struct scn_stmt *stmt,
		     const char *what, const char *path, struct device **dev)
{
	*dev = km_device_find(run->model, path);
	if (*dev)
		return 0;
	failed(run, stmt, what, path, -ENOENT, "no such device");
	return -ENOENT;
}

static void run_bus(struct scn_run *run, const struct scn_stmt *stmt)
{
	struct km_bus *bus = km_bus_register(run->model, stmt->args[0]);

	if (KM_IS_ERR(bus))
		failed(run, stmt, "bus_register", stmt->args[0],
		       KM_PTR_ERR(bus), NULL);
}

/* the driver's description from the statement's keys (checked: scenario.c) */
static int driver_desc(struct scn_run *run, const struct scn_stmt *stmt,
		       const char *name, struct km_driver_desc *desc)
{
	const char *drvdata = stmt->keys[SCN_KEY_DRVDATA];

	memset(desc, 0, sizeof(*desc));
	desc->name = name;
	if (stmt->keys[SCN_KEY_PROBE])
		km_errno_parse(stmt->keys[SCN_KEY_PROBE], &desc->probe_ret);
	if (stmt->keys[SCN_KEY_REMOVE])
		km_errno_parse(stmt->keys[SCN_KEY_REMOVE], &desc->remove_ret);
	if (stmt->keys[SCN_KEY_DEVRES])
		desc->devres = atoi(stmt->keys[SCN_KEY_DEVRES]);
	if (drvdata) {
		desc->drvdata = km_model_token(run->model, drvdata);
		if (!desc->drvdata)
			return -ENOMEM;
	}
	return 0;
}

static void run_driver(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "driver_register", *path = stmt->args[0];
	const char *slash = strchr(path, '/');
	struct km_driver_desc desc;
	struct km_driver *drv;
	struct km_bus *bus;
	char *bus_name;

	if (!slash) {
		failed(run, stmt, what, path, -EINVAL, "expected BUS/NAME");
		return;
	}
	bus_name = km_strfmt("%.*s", (int)(slash - path), path);
	bus = bus_name ? km_bus_find(run->model, bus_name) : NULL;
	free(bus_name);
	if (!bus) {
		failed(run, stmt, what, path, -ENOENT, "no such bus");
		return;
	}
	if (driver_desc(run, stmt, slash + 1, &desc)) {
		failed(run, stmt, what, path, -ENOMEM, NULL);
		return;
	}
	drv = km_driver_register(bus, &desc);
	if (KM_IS_ERR(drv))
		failed(run, stmt, what, path, KM_PTR_ERR(drv), NULL);
}

static void run_driver_unregister(struct scn_run *run,
				  const struct scn_stmt *stmt)
{
	struct km_driver *drv;

	if (!find_driver(run, stmt, "driver_unregister", &drv))
		km_driver_unregister(drv);
}

static void run_bus_device(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "device_add", *path = stmt->args[1];
	struct km_bus *bus = km_bus_find(run->model, stmt->args[0]);
	struct device *dev;
	int err;

	if (!bus) {
		failed(run, stmt, what, path, -ENOENT, "no such bus");
		return;
	}
	if (find_path(run, stmt, what, path, &dev))
		return;
	err = km_bus_device_add(bus, dev);
	if (err)
		failed(run, stmt, what, path, err, NULL);
}

static void run_bus_device_del(struct scn_run *run, const struct scn_stmt *stmt)
{
	const char *what = "device_del", *path = stmt->args[0];
	struct device *dev;

	if (!find_path(run, stmt, what, path, &dev) &&
	    km_bus_device_del(run->model, dev))
		failed(run, stmt, what, path, -ENODEV, "on no bus");
}

static void run_bind(struct scn_run *run, const struct scn_stmt *stmt)
{
	int unbind = !strcmp(stmt->syntax->keyword, "unbind");
	const char *what = unbind ? "unbind" : "bind";
	struct km_driver *drv;
	struct device *dev;
	int err;

	if (find_driver(run, stmt, what, &drv) ||
	    find_path(run, stmt, what, stmt->args[1], &dev))
		return;
	err = unbind ? km_device_unbind(drv, dev) : km_device_bind(drv, dev);
	if (err)
		failed(run, stmt, what, stmt->args[1], err, NULL);
}

#define SCN_DEVICE_KEYS (SCN_K(SCN_KEY_PARENT) | SCN_K(SCN_KEY_DEVT))
#define SCN_DRIVER_KEYS                                 \
	(SCN_K(SCN_KEY_PROBE) | SCN_K(SCN_KEY_REMOVE) | \
	 SCN_K(SCN_KEY_DRVDATA) | SCN_K(SCN_KEY_DEVRES))

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
	{ "bus", 1, 0, run_bus, "bus NAME" },
	{ "driver", 1, SCN_DRIVER_KEYS, run_driver,
	  "driver BUS/NAME [probe=ERRNO] [remove=ERRNO] [drvdata=X] "
	  "[devres=N]" },
	{ "driver-unregister", 1, 0, run_driver_unregister,
	  "driver-unregister BUS/NAME" },
	{ "bus-device", 2, 0, run_bus_device, "bus-device BUS PATH" },
	{ "bus-device-del", 1, 0, run_bus_device_del, "bus-device-del PATH" },
	{ "bind", 2, 0, run_bind, "bind BUS/NAME PATH" },
	{ "unbind", 2, 0, run_bind, "unbind BUS/NAME PATH" },
};

const size_t scn_nr_syntax = KM_ARRAY_SIZE(scn_syntax_table);
