/*
 * bus.c - buses, their drivers and the binding of devices to drivers:
 * bus_register(), driver_register() and driver_unregister(), a device
 * added to a bus and removed from it, and the sysfs bind and unbind
 * files, as drivers/base/bus.c and dd.c of 6.1 run them.
 *
 * Contract:
 *   - A bus is /sys/bus/NAME/ with devices/ and drivers/; a driver is
 *     /sys/bus/NAME/drivers/DRV/ with its bind, unbind and uevent files.
 *     A device on a bus is one the model has (a fixture, or a device of
 *     km_device_create()): /sys/bus/NAME/devices/DEV links to it and its
 *     "subsystem" to the bus.
 *   - Binding (really_probe()): a driver matches a device named as the
 *     driver, or as the driver followed by '.' and an id (the names
 *     platform_match() compares).  The driver's probe returns what its
 *     description says: 0 binds (the "driver" link in the device's
 *     directory, DEV in the driver's, drvdata stored, the devres the
 *     probe allocated held); an error leaves the device unbound, its
 *     devres released and drvdata cleared, as really_probe() does.
 *   - Unbinding (__device_release_driver()): the remove callback runs
 *     and, whatever it returns, the device is unbound: the bus's remove
 *     wrapper may warn of a non-zero value (platform_remove() of 5.16 to
 *     6.10, in its words), any other bus ignores it silently, as
 *     device_remove() does; then the devres is released, the links go
 *     and drvdata is cleared.  Driver removal, device removal and the
 *     unbind file all take this one path.
 *   - Buses, drivers and bus devices belong to the model, are freed
 *     with it (km_buses_free()) and are not counted live.  Lookups walk
 *     lists: a scenario has few buses and drivers.  Bind and unbind
 *     uevents are not logged.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* what a bus's remove wrapper prints of a non-zero return, by bus name */
static const struct {
	const char *bus;
	const char *warning;
} remove_warnings[] = {
	/* drivers/base/platform.c, platform_remove() */
	{ "platform",
	  "remove callback returned a non-zero value. This will be ignored." },
};

struct km_bus {
	char *name;
	const char *remove_warning; /* NULL: the value is ignored silently */
	struct km_sysfs_dirent *devices, *drivers;
	struct km_list node;	    /* model->buses */
	struct km_list driver_list; /* struct km_driver */
	struct km_list device_list; /* struct km_bus_device */
	struct kmodel *model;
};

struct km_driver {
	struct km_driver_desc desc; /* desc.name is ours */
	struct km_bus *bus;
	struct km_sysfs_dirent *dir;
	struct km_list node;
};

struct km_bus_device {
	struct device *dev;
	struct km_bus *bus;
	struct km_sysfs_dirent *dir; /* the device's own */
	struct km_driver *driver;    /* NULL: unbound */
	int devres;		     /* resources its driver's probe holds */
	struct km_list node;
};

#define bus_of(pos) km_container_of(pos, struct km_bus, node)
#define driver_of(pos) km_container_of(pos, struct km_driver, node)
#define bus_device_of(pos) km_container_of(pos, struct km_bus_device, node)

static const char *remove_warning(const char *bus)
{
	size_t i;

	for (i = 0; i < KM_ARRAY_SIZE(remove_warnings); i++)
		if (!strcmp(remove_warnings[i].bus, bus))
			return remove_warnings[i].warning;
	return NULL;
}

/* --- lookups ------------------------------------------------------------ */

struct km_bus *km_bus_find(struct kmodel *model, const char *name)
{
	struct km_list *pos;

	if (!model || !name)
		return NULL;
	km_list_for_each(pos, &model->buses)
		if (!strcmp(bus_of(pos)->name, name))
			return bus_of(pos);
	return NULL;
}

struct km_driver *km_driver_find(struct kmodel *model, const char *path)
{
	const char *slash = path ? strchr(path, '/') : NULL;
	struct km_list *pos;
	char *bus_name;
	struct km_bus *bus;

	if (!slash)
		return NULL;
	bus_name = km_strfmt("%.*s", (int)(slash - path), path);
	bus = bus_name ? km_bus_find(model, bus_name) : NULL;
	free(bus_name);
	if (!bus)
		return NULL;
	km_list_for_each(pos, &bus->driver_list)
		if (!strcmp(driver_of(pos)->desc.name, slash + 1))
			return driver_of(pos);
	return NULL;
}

static struct km_bus_device *bus_device(const struct kmodel *model,
					const struct device *dev)
{
	struct km_list *pos, *d;

	km_list_for_each(pos, &model->buses)
		km_list_for_each(d, &bus_of(pos)->device_list)
			if (bus_device_of(d)->dev == dev)
				return bus_device_of(d);
	return NULL;
}

/* the model a device belongs to, through its registry entry */
static struct kmodel *device_model(const struct device *dev)
{
	struct km_object *obj = km_registry_find(dev, KM_KIND_FIXTURE);

	if (!obj)
		obj = km_registry_find(dev, KM_KIND_DEVICE);
	return obj ? obj->model : NULL;
}

const char *km_device_driver_name(const struct device *dev)
{
	struct kmodel *model = dev ? device_model(dev) : NULL;
	struct km_bus_device *bd = model ? bus_device(model, dev) : NULL;

	return bd && bd->driver ? bd->driver->desc.name : NULL;
}

int km_device_devres(const struct device *dev)
{
	struct kmodel *model = dev ? device_model(dev) : NULL;
	struct km_bus_device *bd = model ? bus_device(model, dev) : NULL;

	return bd ? bd->devres : -1;
}

/* --- buses --------------------------------------------------------------- */

struct km_bus *km_bus_register(struct kmodel *model, const char *name)
{
	struct km_sysfs_dirent *top, *dir;
	struct km_bus *bus;

	if (!model || !name)
		return KM_ERR_PTR(-EINVAL);
	if (km_bus_find(model, name))
		return KM_ERR_PTR(-EEXIST);
	top = km_sysfs_top(model, "bus");
	if (!top)
		return KM_ERR_PTR(-ENOMEM);
	if (km_sysfs_add(top, name, KM_DIRENT_DIR, NULL, 0, &dir))
		return KM_ERR_PTR(km_sysfs_lookup(top, name) ? -EEXIST :
							       -EINVAL);
	bus = km_zalloc(sizeof(*bus));
	if (!bus || !(bus->name = km_strdup(name)) ||
	    km_sysfs_add(dir, "devices", KM_DIRENT_DIR, NULL, 0,
			 &bus->devices) ||
	    km_sysfs_add(dir, "drivers", KM_DIRENT_DIR, NULL, 0,
			 &bus->drivers)) {
		km_sysfs_remove(top, name, KM_DIRENT_DIR);
		if (bus)
			free(bus->name);
		free(bus);
		return KM_ERR_PTR(-ENOMEM);
	}
	bus->remove_warning = remove_warning(name);
	bus->model = model;
	km_list_init(&bus->driver_list);
	km_list_init(&bus->device_list);
	km_list_add_tail(&bus->node, &model->buses);
	return bus;
}

void km_buses_free(struct kmodel *model)
{
	while (!km_list_empty(&model->buses)) {
		struct km_bus *bus = bus_of(model->buses.next);

		while (!km_list_empty(&bus->driver_list)) {
			struct km_driver *drv;

			drv = driver_of(bus->driver_list.next);
			km_list_del_init(&drv->node);
			free((char *)drv->desc.name);
			free(drv);
		}
		while (!km_list_empty(&bus->device_list)) {
			struct km_list *d = bus->device_list.next;

			km_list_del_init(d);
			free(bus_device_of(d));
		}
		km_list_del_init(&bus->node);
		free(bus->name);
		free(bus);
	}
}

/* --- binding -------------------------------------------------------------- */

static int driver_matches(const struct km_driver *drv, const struct device *dev)
{
	size_t len = strlen(drv->desc.name);

	return !strncmp(dev->bus_id, drv->desc.name, len) &&
	       (!dev->bus_id[len] || dev->bus_id[len] == '.');
}

/* a binding's links: DEV in the driver's directory, "driver" in the device's */
static int bind_links(struct km_bus_device *bd, struct km_driver *drv)
{
	char *dev_path = km_device_path(bd->dev);
	char *drv_path =
		km_strfmt("bus/%s/drivers/%s", drv->bus->name, drv->desc.name);
	int err = -ENOMEM;

	if (dev_path && drv_path) {
		err = km_sysfs_add(drv->dir, bd->dev->bus_id, KM_DIRENT_LINK,
				   dev_path + 1, 0, NULL);
		if (!err)
			err = km_sysfs_add(bd->dir, "driver", KM_DIRENT_LINK,
					   drv_path, 0, NULL);
		if (err)
			km_sysfs_remove(drv->dir, bd->dev->bus_id,
					KM_DIRENT_LINK);
	}
	free(dev_path);
	free(drv_path);
	return err;
}

/* really_probe(): 0 bound, or the probe's error with nothing left behind */
static int probe(struct km_bus_device *bd, struct km_driver *drv)
{
	int err;

	bd->devres = drv->desc.devres;
	if (!drv->desc.probe_ret) {
		bd->dev->driver_data = drv->desc.drvdata;
		err = bind_links(bd, drv);
	} else {
		err = (int)drv->desc.probe_ret;
	}
	if (err) {
		bd->devres = 0;
		bd->dev->driver_data = NULL;
		return err;
	}
	bd->driver = drv;
	return 0;
}

/* __device_release_driver(): remove's value changes nothing */
static void release_driver(struct km_bus_device *bd)
{
	struct km_driver *drv = bd->driver;

	if (drv->desc.remove_ret && drv->bus->remove_warning)
		km_warn(drv->bus->model, "%s %s: %s", drv->desc.name,
			bd->dev->bus_id, drv->bus->remove_warning);
	bd->devres = 0;
	km_sysfs_remove(drv->dir, bd->dev->bus_id, KM_DIRENT_LINK);
	km_sysfs_remove(bd->dir, "driver", KM_DIRENT_LINK);
	bd->driver = NULL;
	bd->dev->driver_data = NULL;
}

int km_device_bind(struct km_driver *drv, struct device *dev)
{
	struct km_bus_device *bd;

	if (!drv || !dev)
		return -EINVAL;
	bd = bus_device(drv->bus->model, dev);
	if (!bd || !driver_matches(drv, dev))
		return -ENODEV;
	if (bd->driver)
		return -EBUSY;
	return probe(bd, drv);
}

int km_device_unbind(struct km_driver *drv, struct device *dev)
{
	struct km_bus_device *bd;

	if (!drv || !dev)
		return -EINVAL;
	bd = bus_device(drv->bus->model, dev);
	if (!bd || bd->driver != drv)
		return -ENODEV;
	release_driver(bd);
	return 0;
}

/* --- drivers -------------------------------------------------------------- */

static int driver_dir(struct km_driver *drv)
{
	static const char *const files[] = { "bind", "unbind", "uevent" };
	size_t i;
	int err;

	err = km_sysfs_add(drv->bus->drivers, drv->desc.name, KM_DIRENT_DIR,
			   NULL, 0, &drv->dir);
	for (i = 0; !err && i < KM_ARRAY_SIZE(files); i++)
		err = km_sysfs_add(drv->dir, files[i], KM_DIRENT_FILE, NULL, 0,
				   NULL);
	if (err && drv->dir && err != -EEXIST)
		km_sysfs_remove(drv->bus->drivers, drv->desc.name,
				KM_DIRENT_DIR);
	return err;
}

struct km_driver *km_driver_register(struct km_bus *bus,
				     const struct km_driver_desc *desc)
{
	struct km_driver *drv;
	struct km_list *pos;
	int err;

	if (!bus || !desc || !desc->name)
		return KM_ERR_PTR(-EINVAL);
	drv = km_zalloc(sizeof(*drv));
	if (!drv)
		return KM_ERR_PTR(-ENOMEM);
	drv->desc = *desc;
	drv->bus = bus;
	drv->desc.name = km_strdup(desc->name);
	err = drv->desc.name ? driver_dir(drv) : -ENOMEM;
	if (err) {
		free((char *)drv->desc.name);
		free(drv);
		return KM_ERR_PTR(err);
	}
	km_list_add_tail(&drv->node, &bus->driver_list);
	km_list_for_each(pos, &bus->device_list) {
		struct km_bus_device *bd = bus_device_of(pos);

		if (!bd->driver && driver_matches(drv, bd->dev))
			probe(bd, drv);
	}
	return drv;
}

void km_driver_unregister(struct km_driver *drv)
{
	struct km_list *pos;

	if (!drv)
		return;
	km_list_for_each(pos, &drv->bus->device_list)
		if (bus_device_of(pos)->driver == drv)
			release_driver(bus_device_of(pos));
	km_sysfs_remove(drv->bus->drivers, drv->desc.name, KM_DIRENT_DIR);
	km_list_del_init(&drv->node);
	free((char *)drv->desc.name);
	free(drv);
}

/* --- devices on a bus ----------------------------------------------------- */

static int bus_device_links(struct km_bus *bus, struct km_bus_device *bd)
{
	char *dev_path = km_device_path(bd->dev);
	char *bus_path = km_strfmt("bus/%s", bus->name);
	int err = -ENOMEM;

	if (dev_path && bus_path) {
		err = km_sysfs_add(bus->devices, bd->dev->bus_id,
				   KM_DIRENT_LINK, dev_path + 1, 0, NULL);
		/* the bus's link undone when the device's own fails */
		if (!err) {
			err = km_sysfs_add(bd->dir, "subsystem", KM_DIRENT_LINK,
					   bus_path, 0, NULL);
			if (err)
				km_sysfs_remove(bus->devices, bd->dev->bus_id,
						KM_DIRENT_LINK);
		}
	}
	free(dev_path);
	free(bus_path);
	return err;
}

int km_bus_device_add(struct km_bus *bus, struct device *dev)
{
	struct km_bus_device *bd;
	struct km_list *pos;
	int err;

	if (!bus || !dev)
		return -EINVAL;
	if (bus_device(bus->model, dev))
		return -EEXIST;
	bd = km_zalloc(sizeof(*bd));
	if (!bd)
		return -ENOMEM;
	bd->dev = dev;
	bd->bus = bus;
	bd->dir = km_device_dir(bus->model, dev);
	err = bd->dir ? bus_device_links(bus, bd) : -EINVAL;
	if (err) {
		free(bd);
		return err;
	}
	km_list_add_tail(&bd->node, &bus->device_list);
	km_list_for_each(pos, &bus->driver_list)
		if (driver_matches(driver_of(pos), dev) &&
		    !probe(bd, driver_of(pos)))
			break;
	return 0;
}

int km_bus_device_del(struct kmodel *model, struct device *dev)
{
	struct km_bus_device *bd = model ? bus_device(model, dev) : NULL;

	if (!bd)
		return -ENODEV;
	if (bd->driver)
		release_driver(bd);
	km_sysfs_remove(bd->bus->devices, dev->bus_id, KM_DIRENT_LINK);
	km_sysfs_remove(bd->dir, "subsystem", KM_DIRENT_LINK);
	km_list_del_init(&bd->node);
	free(bd);
	return 0;
}

void km_buses_print(FILE *fp, const struct kmodel *model)
{
	struct km_list *pos, *d;

	km_list_for_each(pos, &model->buses)
		km_list_for_each(d, &bus_of(pos)->device_list) {
			const struct km_bus_device *bd = bus_device_of(d);
			char *path = km_device_path(bd->dev);

			fprintf(fp, "%s %s: ", bus_of(pos)->name,
				path ? path : bd->dev->bus_id);
			if (bd->driver)
				fprintf(fp, "driver %s", bd->driver->desc.name);
			else
				fprintf(fp, "no driver");
			fprintf(fp, ", drvdata %s, devres %d\n",
				bd->dev->driver_data ? "set" : "NULL",
				bd->devres);
			free(path);
		}
}
