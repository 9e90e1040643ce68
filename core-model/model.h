/*
 * model.h - the reference driver-core model: drivers/base/class.c after
 * "Driver Core: add the ability for class_device structures to be nested"
 * (seed patch 1/8), keeping the 2.6.14 entry point of class_device_create();
 * struct device registered in a class by device_create() as
 * drivers/base/core.c of 2.6.27 lays it out; class_create() with and
 * without its owner.  The migrator calls it through the entry-point table
 * of entry.h; this header is the C API below the table.
 *
 * One struct kmodel is one driver core: a sysfs tree (/sys/class/...), a
 * uevent log, warnings (what the kernel would printk) and a count of live
 * objects.  Classes and class devices know their model, so every call but
 * the constructors takes the kernel's own arguments; a shim header can map
 * kernel code onto this API with one #define a function.
 *
 * Objects and ownership
 *   - struct class, struct class_device and struct device are the kernel's
 *     names and public fields.  The model keeps its own bookkeeping (refcount,
 *     sysfs directory, kobject name) beside them, keyed by address, so the
 *     public structs carry no hidden fields and may be static or embedded.
 *   - km_class_create() and km_class_device_create() allocate; the release
 *     callbacks they install free.  A caller-allocated object must stay valid
 *     until its release callback runs (the kernel's rule), and the model
 *     never touches it after that.  As in the kernel, a class made by
 *     km_class_create() frees (free()) the class devices that have no
 *     release of their own: register only malloc'ed ones in it.
 *   - Live objects are classes, class devices and devices of
 *     km_device_create() whose last reference has not gone yet.  Devices
 *     made by km_device_new() are fixtures owned by the model, freed with
 *     it, and not counted; so are modules (km_module_new()).
 *   - km_model_free() frees everything the model allocated and all of its
 *     bookkeeping; it calls no release callback and never touches memory a
 *     caller allocated.
 *
 * Reference counts (as the kernel's kobjects)
 *   - class: 1 from km_class_register(), dropped by km_class_unregister();
 *     each class device added to it holds one until its release.
 *   - class device: 1 from km_class_device_initialize(), one more while it
 *     is added (dropped by km_class_device_del()).  A child holds its parent
 *     twice: class_device_get(parent) from add to del, and its kobject's
 *     parent reference from add to its release.  The last put calls the
 *     release: the class device's own, else the class's, else a warning.
 *   - del removes the directory at once (and with it the directory's files
 *     and links; the directories of children still registered drop out of
 *     the visible tree with it); the memory stays until the last reference.
 *   - device (km_device_create()): 1 for the caller, one more while it is
 *     added; it holds its class, and its parent when that is a device of
 *     km_device_create(), from add to release (the kernel drops the parent
 *     at del; holding it longer keeps a late child safe).  The last put
 *     calls the device's release (km_device_create() installs one that
 *     frees it), else warns as the kernel does.
 *
 * Calls the kernel would reject never crash and never leak:
 *   - NULL, ERR_PTR or unknown pointers: constructors fail with -EINVAL
 *     (-ENODEV for the class of class_device_create(), as the kernel),
 *     void calls do nothing, get returns NULL.
 *   - unregistering or deleting something not registered (twice, or never)
 *     does nothing and records a warning.
 *   - class destroyed while class devices exist: its directory goes, the
 *     class stays alive (not registered) until the last class device is
 *     released; km_class_device_destroy() still finds them through it.
 *   - adding to a class or parent that is no longer registered: -ENODEV
 *     (the kernel would create a directory nobody can see).
 *   - destroying an unknown devt does nothing.
 *
 * Deliberate simplifications: the dev_t is read at add time; the `dev`
 * attribute exists when devt != 0:0; attribute groups are named directories
 * and are removed with their class device's directory.
 *
 * Threads: a model, and the objects registered with it, belong to the
 * thread that created them (the address registry is thread-local).
 */
#ifndef KM_MODEL_H
#define KM_MODEL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

struct kmodel;
struct module;

/* dev_t as in 2.6.14: 12 bits of major, 20 bits of minor */
typedef unsigned int km_devt;
#define KM_MINORBITS 20
#define KM_MINORMASK ((1U << KM_MINORBITS) - 1)
#define KM_MAJOR(dev) ((unsigned int)((dev) >> KM_MINORBITS))
#define KM_MINOR(dev) ((unsigned int)((dev)&KM_MINORMASK))
#define KM_MKDEV(ma, mi) (((km_devt)(ma) << KM_MINORBITS) | (km_devt)(mi))

/* error pointers, as <linux/err.h>: -4095 .. -1 live in the last page */
#define KM_MAX_ERRNO 4095
#define KM_ERR_PTR(err) ((void *)(long)(err))
#define KM_PTR_ERR(ptr) ((long)(ptr))
#define KM_IS_ERR(ptr) \
	((unsigned long)(const void *)(ptr) >= (unsigned long)-KM_MAX_ERRNO)

#define KM_BUS_ID_SIZE 20

/*
 * Contract with the fixture headers: the first members are exactly these
 * two.  A device that is not registered (a fixture, or one a caller
 * embeds) has the sysfs path /sys/devices/ followed by the bus_ids of its
 * parent chain joined by '/'; it needs no registration.  A device of
 * km_device_create() has the path device_add() gave it.
 */
struct device {
	struct device *parent;
	char bus_id[KM_BUS_ID_SIZE];
	void *driver_data; /* dev_set_drvdata() */
	/* set by km_device_create(), as device_create() does */
	km_devt devt;
	struct class *class;
	void (*release)(struct device *dev);
};

struct class_device;

/* the kernel's hotplug callback: add "KEY=value" strings to envp */
typedef int (*km_hotplug_fn)(struct class_device *class_dev, char **envp,
			     int num_envp, char *buffer, int buffer_size);

struct class {
	const char *name;
	struct module *owner;
	void (*release)(struct class_device *class_dev);
	void (*class_release)(struct class *cls);
	km_hotplug_fn hotplug;
};

struct class_device {
	struct class *class;
	km_devt devt;
	struct device *dev;
	void *class_data;
	struct class_device *parent;
	void (*release)(struct class_device *class_dev);
	km_hotplug_fn hotplug;
	char class_id[KM_BUS_ID_SIZE];
};

/* --- the model --------------------------------------------------------- */

/* NULL when out of memory */
struct kmodel *km_model_new(void);
void km_model_free(struct kmodel *model);
/* classes, class devices and devices not yet released */
long km_model_live_objects(const struct kmodel *model);
/*
 * one line per live object: "class '/class/input' (refs 2, unregistered)",
 * with ", owner MODULE" for a class's owner and ", drvdata set" for a
 * device's
 */
void km_model_print_live(FILE *fp, const struct kmodel *model);
/* what the kernel would printk: release missing, double unregister, ... */
size_t km_model_nr_warnings(const struct kmodel *model);
const char *km_model_warning(const struct kmodel *model, size_t i);
/*
 * `tree /sys/class/` with files, then /sys/devices and /sys/dev when they
 * exist, the uevent log, the live objects, the warnings
 */
void km_model_dump(FILE *fp, struct kmodel *model);

/* "ENODEV" for -ENODEV, NULL for an errno this table does not know */
const char *km_errno_name(long err);
/*
 * "-EBUSY" (a name km_errno_name() knows), "-16" or "0" into *err; -1
 * for anything else, a positive number included
 */
int km_errno_parse(const char *s, long *err);

/* --- devices ----------------------------------------------------------- */

/*
 * The fixture device at /sys/devices/PATH ("platform/i8042/serio1"), with
 * its parents; existing ones are reused.  ERR_PTR(-EINVAL) for an empty
 * component, ".", "..", or one of KM_BUS_ID_SIZE bytes or more;
 * ERR_PTR(-EEXIST) when a component is a directory that is no fixture
 * ("virtual").  The time is the path's length.
 */
struct device *km_device_new(struct kmodel *model, const char *path);
/*
 * The device at /sys/devices/PATH: a fixture, or a registered device of
 * km_device_create() ("virtual/tty/ttyS0"); NULL when there is none.
 */
struct device *km_device_find(struct kmodel *model, const char *path);

/*
 * device_create() of 2.6.27 (drivers/base/core.c, CONFIG_SYSFS_DEPRECATED
 * off): allocates a device, names it with fmt (cut to KM_BUS_ID_SIZE - 1
 * bytes), stores drvdata as dev_set_drvdata() does and registers it:
 *   - its directory: /sys/devices/virtual/CLASS/NAME without a parent;
 *     PARENT/NAME when the parent is a device of a class; else the glue
 *     directory PARENT/CLASS/NAME (made with the first device, gone with
 *     the last), PARENT being the parent's directory below /sys/devices;
 *   - in it: "uevent", "dev" when MAJOR(devt) != 0, the links
 *     "subsystem" -> class/CLASS and "device" -> the parent's directory
 *     when there is a parent;
 *   - /sys/class/CLASS/NAME -> the directory; /sys/dev/char/MAJ:MIN -> the
 *     directory when MAJOR(devt) != 0;
 *   - an "add" uevent: DEVPATH (the directory below /sys), SUBSYSTEM (the
 *     class name), MAJOR and MINOR when MAJOR(devt) != 0.
 * A NULL or ERR_PTR class gives ERR_PTR(-ENODEV) as the kernel's;
 * -EINVAL for a NULL format, an empty name, an unknown class pointer, a
 * parent of another model or one with no valid bus_id chain (a parent
 * the caller embeds gets the directories of its chain); -ENODEV for a
 * class or parent no longer registered; -EEXIST when the name, the class link
 * or the /sys/dev/char link is taken (the kernel's device_add() fails the same
 * way).  On failure nothing stays behind and no release runs.
 */
__attribute__((format(printf, 5, 6))) struct device *
km_device_create(struct class *cls, struct device *parent, km_devt devt,
		 void *drvdata, const char *fmt, ...);
struct device *km_device_vcreate(struct class *cls, struct device *parent,
				 km_devt devt, void *drvdata, const char *fmt,
				 va_list args);
/*
 * The form of 2.6.18 to 2.6.26, device_create(cls, parent, devt, fmt,
 * ...): the same as km_device_create() with NULL drvdata.  Modelled as
 * 2.6.26 ran it, the last kernel with this form, so that a correct
 * conversion to the 2.6.27 form leaves sysfs unchanged (2.6.18's own
 * core.c refused a NULL parent and put the directory under the parent
 * with a CLASS:NAME link there; that layout is not modelled).
 */
__attribute__((format(printf, 4, 5))) struct device *
km_device_create_old(struct class *cls, struct device *parent, km_devt devt,
		     const char *fmt, ...);
/* device_unregister() of the first device of cls with that devt, if any */
void km_device_destroy(struct class *cls, km_devt devt);
/* the first device added to cls with that devt, or NULL */
struct device *km_device_find_devt(struct class *cls, km_devt devt);
/* del (a "remove" uevent, the directory and links go) and put */
void km_device_unregister(struct device *dev);
struct device *km_get_device(struct device *dev);
void km_put_device(struct device *dev);
/* -1 for a pointer that is no registered device */
int km_device_refcount(const struct device *dev);
int km_device_is_registered(const struct device *dev);

/* --- buses and drivers (bus.c) ----------------------------------------- */

struct km_bus;
struct km_driver;

/* a driver as a scenario describes it: what its callbacks do */
struct km_driver_desc {
	const char *name;
	long probe_ret;	 /* what probe returns: 0 binds */
	long remove_ret; /* what remove returns: the core ignores it */
	int devres;	 /* the devm_* resources probe allocates */
	void *drvdata;	 /* what probe stores with dev_set_drvdata() */
};

/*
 * bus_register(): /sys/bus/NAME/ with devices/ and drivers/.  A bus
 * whose remove wrapper warns of a non-zero return (platform's) is known
 * by its name.  ERR_PTR(-EINVAL), -EEXIST, -ENOMEM.
 */
struct km_bus *km_bus_register(struct kmodel *model, const char *name);
struct km_bus *km_bus_find(struct kmodel *model, const char *name);
/*
 * driver_register(): /sys/bus/BUS/drivers/NAME/ with bind, unbind and
 * uevent; probes every unbound device of the bus it matches (named NAME
 * or NAME.ID).  ERR_PTR(-EINVAL), -EEXIST, -ENOMEM.
 */
struct km_driver *km_driver_register(struct km_bus *bus,
				     const struct km_driver_desc *desc);
/* the driver at "BUS/NAME", or NULL */
struct km_driver *km_driver_find(struct kmodel *model, const char *path);
/* driver_unregister(): unbinds each of its devices (the unbind path) */
void km_driver_unregister(struct km_driver *drv);
/*
 * A device the model has joins the bus (device_add()'s bus part): the
 * links /sys/bus/BUS/devices/DEV and DEV/subsystem, then the first
 * driver that matches and probes binds it.  0, -EINVAL, -EEXIST (on a
 * bus already), -ENOMEM.
 */
int km_bus_device_add(struct km_bus *bus, struct device *dev);
/* device_del()'s bus part: unbinds it, the links go; 0 or -ENODEV */
int km_bus_device_del(struct kmodel *model, struct device *dev);
/*
 * The sysfs bind and unbind files of drv.  bind: 0, the probe's error,
 * -ENODEV (not on the bus, or no match), -EBUSY (bound already).
 * unbind: the remove callback runs and the device is unbound whatever
 * it returns (a bus's remove wrapper may warn, km_model_warning()):
 * devres released, the links gone, drvdata cleared; 0, or -ENODEV when
 * dev is not bound to drv.
 */
int km_device_bind(struct km_driver *drv, struct device *dev);
int km_device_unbind(struct km_driver *drv, struct device *dev);
/* the name of the driver dev is bound to; NULL when none */
const char *km_device_driver_name(const struct device *dev);
/* the devres its driver holds; -1 for a device on no bus */
int km_device_devres(const struct device *dev);

/* --- modules ----------------------------------------------------------- */

/* the model's module NAME, made on first use; NULL when out of memory */
struct module *km_module_new(struct kmodel *model, const char *name);
/* its name, NULL for a pointer that is no module of the model */
const char *km_module_name(const struct kmodel *model,
			   const struct module *mod);

/* --- classes ----------------------------------------------------------- */

/*
 * class_create(owner, name) before 6.4: allocates; name is copied; owner
 * is stored; ERR_PTR(-EINVAL) for a NULL (kept for its callers) or empty
 * name, -EEXIST, -ENOMEM.
 */
struct class *km_class_create(struct kmodel *model, struct module *owner,
			      const char *name);
/*
 * class_create(name) of 6.4 (no owner).  A NULL name fails with -ENOMEM,
 * as class_register() does from 4.x to 6.x: kobject_set_name("%s", NULL)
 * finds no string to duplicate; the table's class_create answers so in
 * both forms.
 */
struct class *km_class_create_new(struct kmodel *model, const char *name);
void km_class_destroy(struct class *cls);
/* a caller-allocated class; 0, -EINVAL, -EEXIST (name taken), -ENOMEM */
int km_class_register(struct kmodel *model, struct class *cls);
void km_class_unregister(struct class *cls);
struct class *km_class_get(struct class *cls);
void km_class_put(struct class *cls);
/* a class by name: the registered one, else one still alive */
struct class *km_class_find(struct kmodel *model, const char *name);
/* -1 for an unknown pointer */
int km_class_refcount(const struct class *cls);

/* --- class devices ----------------------------------------------------- */

__attribute__((format(printf, 5, 6))) struct class_device *
km_class_device_create(struct class *cls, struct class_device *parent,
		       km_devt devt, struct device *device, const char *fmt,
		       ...);
struct class_device *km_class_device_vcreate(struct class *cls,
					     struct class_device *parent,
					     km_devt devt,
					     struct device *device,
					     const char *fmt, va_list args);
/* the 2.6.14 form: the same as km_class_device_create() with no parent */
__attribute__((format(printf, 4, 5))) struct class_device *
km_class_device_create_old(struct class *cls, km_devt devt,
			   struct device *device, const char *fmt, ...);
/*
 * unregisters the first class device of cls (in the order they were
 * added) whose devt, as it was at add, matches; nothing when none does
 */
void km_class_device_destroy(struct class *cls, km_devt devt);
struct class_device *km_class_device_find_devt(struct class *cls, km_devt devt);

void km_class_device_initialize(struct class_device *class_dev);
int km_class_device_add(struct class_device *class_dev);
int km_class_device_register(struct class_device *class_dev);
void km_class_device_del(struct class_device *class_dev);
void km_class_device_unregister(struct class_device *class_dev);
struct class_device *km_class_device_get(struct class_device *class_dev);
void km_class_device_put(struct class_device *class_dev);

/*
 * A class device by its path below /sys/class ("input/input3/event2"):
 * the registered one, else one still alive.
 */
struct class_device *km_class_device_find(struct kmodel *model,
					  const char *path);
/* -1 for an unknown pointer */
int km_class_device_refcount(const struct class_device *class_dev);
int km_class_device_is_registered(const struct class_device *class_dev);

/* --- sysfs ------------------------------------------------------------- */

/* an attribute group: a named subdirectory; 0, -EINVAL, -ENOENT, -EEXIST */
int km_sysfs_create_group(struct class_device *class_dev, const char *name);
/* 0, or -ENOENT when there is no such group */
int km_sysfs_remove_group(struct class_device *class_dev, const char *name);
/* an attribute file; 0, -EINVAL, -ENOENT, -EEXIST */
int km_class_device_create_file(struct class_device *class_dev,
				const char *name);
int km_class_device_remove_file(struct class_device *class_dev,
				const char *name);

/*
 * Exactly what `tree -d /sys/class/NAME/` prints, without the closing
 * count line: directories and links (as "name -> target"), sorted with
 * strcmp.  A class without a directory prints
 * "/sys/class/NAME/ [error opening dir]" and returns -ENOENT.
 */
int km_sysfs_print_tree(FILE *fp, struct kmodel *model, const char *class_name);
/* `tree /sys/class/`: every class, with files */
void km_sysfs_print_all(FILE *fp, struct kmodel *model);

/* --- uevents ----------------------------------------------------------- */

/*
 * One line per event, in order:
 *   ACTION DEVPATH KEY=VALUE... [hotplug=class_device|class]
 * the environment sorted with strcmp: ACTION, DEVPATH, SUBSYSTEM (the
 * class name), PHYSDEVPATH when a device is given, MAJOR and MINOR when
 * devt != 0:0, and what the hotplug callback added; "hotplug=" names the
 * callback that ran (none: no field).  An event whose callback fails is
 * dropped, as the kernel does, and a warning recorded.
 */
size_t km_uevent_count(const struct kmodel *model);
const char *km_uevent_line(const struct kmodel *model, size_t i);
void km_uevent_print(FILE *fp, const struct kmodel *model);

/* for hotplug callbacks: the kernel's add_hotplug_env_var() */
__attribute__((format(printf, 7, 8))) int
km_add_hotplug_env_var(char **envp, int num_envp, int *cur_index, char *buffer,
		       int buffer_size, int *cur_len, const char *format, ...);

/*
 * --- scenarios (scenario.c documents each statement) --------------------
 *
 *	class NAME [hotplug]
 *	device PATH
 *	create CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]
 *	create-old CLASS NAME [devt=MAJ:MIN] [device=PATH]
 *	register CLASS NAME [parent=CDEV] [devt=MAJ:MIN] [device=PATH]
 *	group CDEV NAME / ungroup CDEV NAME
 *	destroy CLASS MAJ:MIN
 *	unregister CDEV
 *	class-destroy NAME
 *	class-create NAME / class-create-old NAME [owner=MODULE]
 *	device-create CLASS NAME [parent=PATH] [devt=MAJ:MIN] [drvdata=X]
 *	device-create-old CLASS NAME [parent=PATH] [devt=MAJ:MIN]
 *	device-destroy CLASS MAJ:MIN
 *	bus NAME / bus-device BUS PATH / bus-device-del PATH
 *	driver BUS/NAME [probe=ERRNO] [remove=ERRNO] [drvdata=X] [devres=N]
 *	driver-unregister BUS/NAME
 *	bind BUS/NAME PATH / unbind BUS/NAME PATH
 *
 * CLASS '-' is NULL (and NAME '-' of class-create); CDEV is the path below
 * /sys/class ("input/input3"); PATH is below /sys/devices; '#' starts a
 * comment.
 */

enum {
	KM_SCENARIO_OK = 0,
	KM_SCENARIO_FAILED = 1,	   /* a statement failed in the model */
	KM_SCENARIO_MALFORMED = 2, /* nothing was replayed */
};

/*
 * Replays the scenario text (len bytes, named file in messages) on model;
 * diagnostics "FILE:LINE: error: ..." go to err.  Returns KM_SCENARIO_*.
 */
int km_scenario_run(struct kmodel *model, const char *file, const char *text,
		    size_t len, FILE *err);

#endif
