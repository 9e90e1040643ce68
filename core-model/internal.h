/*
 * internal.h - what the core-model sources share, they only; callers
 * use model.h.
 *
 * The layering: each file calls only into the files of the levels below
 * it, never sideways into another object kind and never up, so the files
 * form a tree:
 *
 *   6  scenario.c			the scenario parser (kmigrate model)
 *      entry.c				the entry-point table (the migrator's)
 *   5  scenario-stmt.c			the scenario's statements
 *      entry-replay.c			one call of the table replayed
 *   4  create.c			class_device_create(), destroy
 *      model.c				one driver core: new, free, dump, live
 *   3  class.c class_device.c device.c	the object kinds, each with its own
 *					release (struct km_kind_ops)
 *      bus.c				buses, drivers, binding and unbinding
 *   2  uevent.c			the uevent log
 *      fixture.c			fixture devices, modules, device paths
 *   1  object.c			what every object shares: references,
 *					the release through its kind, the
 *					name and dev_t indexes, warnings
 *      sysfs.c				the directory tree under /sys
 *   0  alloc.c hash.c registry.c	allocation (alloc.h: it includes
 *      errno-name.c			nothing above), errno names, the
 *					hash table, the address registry
 *
 * Every class, class device and device the model knows has a struct
 * km_object, found from the public pointer through the thread-local
 * registry (registry.c), so a freed or unknown pointer is recognised
 * without being dereferenced.  The model owns the objects' sysfs entries
 * (sysfs.c).  Lookups by name, path and dev_t go through hash tables, so
 * a scenario's time grows linearly with its size (bench/model.sh).
 */
#ifndef KM_INTERNAL_H
#define KM_INTERNAL_H

#include <stddef.h>
#include <stdio.h>

#include "alloc.h"
#include "model.h"

#define KM_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define km_container_of(ptr, type, member) \
	((type *)((char *)(ptr)-offsetof(type, member)))

/* an intrusive doubly linked list */
struct km_list {
	struct km_list *next, *prev;
};

static inline void km_list_init(struct km_list *head)
{
	head->next = head;
	head->prev = head;
}

static inline int km_list_empty(const struct km_list *head)
{
	return head->next == head;
}

static inline void km_list_add_tail(struct km_list *node, struct km_list *head)
{
	node->prev = head->prev;
	node->next = head;
	head->prev->next = node;
	head->prev = node;
}

static inline void km_list_del_init(struct km_list *node)
{
	node->prev->next = node->next;
	node->next->prev = node->prev;
	km_list_init(node);
}

#define km_list_for_each(pos, head) \
	for (pos = (head)->next; pos != (head); pos = pos->next)

/* --- level 0: alloc.c (alloc.h) --------------------------------------- */

/* --- level 0: hash.c -------------------------------------------------- */

struct km_hnode {
	struct km_hnode *next;
	size_t hash;
};

struct km_htable {
	struct km_hnode **buckets;
	size_t nr, size; /* size: a power of two, or 0 */
};

size_t km_hash_bytes(const void *p, size_t len, size_t seed);
size_t km_hash_ptr(const void *p);
/* 0, or -ENOMEM when the table has no buckets and gets none */
int km_htable_add(struct km_htable *t, struct km_hnode *node, size_t hash);
/* node must be in t (or nowhere: then nothing happens) */
void km_htable_del(struct km_htable *t, struct km_hnode *node);
/* the members with that hash: first, then next until NULL */
struct km_hnode *km_htable_first(const struct km_htable *t, size_t hash);
struct km_hnode *km_htable_next(const struct km_hnode *node);
/* frees the buckets, not the members */
void km_htable_release(struct km_htable *t);

/* --- level 0: registry.c ---------------------------------------------- */

enum km_kind {
	KM_KIND_CLASS = 1,
	KM_KIND_CLASS_DEVICE,
	KM_KIND_DEVICE,
	KM_KIND_FIXTURE, /* a device of km_device_new() */
};

struct km_object;

int km_registry_add(void *public, struct km_object *obj);
void km_registry_del(const void *public);
struct km_object *km_registry_find(const void *public, enum km_kind kind);

/* --- level 1: sysfs.c ------------------------------------------------- */

enum km_dirent_type {
	KM_DIRENT_DIR,
	KM_DIRENT_FILE,
	KM_DIRENT_LINK,
};

struct km_sysfs_dirent {
	char *name;
	enum km_dirent_type type;
	int is_kobject;			   /* outlives its parent's removal */
	char *target;			   /* links: the target below /sys */
	struct km_sysfs_dirent *parent;	   /* NULL: the root or an orphan */
	struct km_sysfs_dirent **children; /* in no order */
	size_t nr_children, alloc_children;
	size_t index;		      /* in parent->children */
	struct km_hnode by_name_node; /* in parent->by_name */
	struct km_htable by_name;     /* the children by name */
	struct device *device;	      /* the device whose directory it is */
	int glue_refs;		      /* a glue directory: devices in it */
	int is_root;		      /* /sys itself */
};

struct km_sysfs_dirent *km_sysfs_root_new(void);
/* frees dir and everything below it, kobject directories included */
void km_sysfs_free(struct km_sysfs_dirent *dir);
struct km_sysfs_dirent *km_sysfs_lookup(const struct km_sysfs_dirent *dir,
					const char *name);
/* 0, -ENOENT (no parent), -EINVAL (bad name), -EEXIST, -ENOMEM */
int km_sysfs_add(struct km_sysfs_dirent *parent, const char *name,
		 enum km_dirent_type type, const char *target, int is_kobject,
		 struct km_sysfs_dirent **made);
/* the directory name in parent, made when missing; NULL on failure */
struct km_sysfs_dirent *km_sysfs_mkdir(struct km_sysfs_dirent *parent,
				       const char *name);
/* removes a file, link or non-kobject directory; 0 or -ENOENT */
int km_sysfs_remove(struct km_sysfs_dirent *parent, const char *name,
		    enum km_dirent_type type);
/*
 * kobject_del(): unhooks dir from its parent and frees it with its files,
 * links and groups; the directories of other kobjects below it become
 * orphans, still owned by their objects.
 */
void km_sysfs_remove_dir(struct km_sysfs_dirent *dir);
/* "/devices/virtual/tty/ttyS0" below /sys; NULL for an orphan or no memory */
char *km_sysfs_path(const struct km_sysfs_dirent *dir);
/* `tree DIR` with files: the header line, then the entries */
void km_sysfs_print_dir(FILE *fp, const char *header,
			const struct km_sysfs_dirent *dir, int depth);

/* --- level 1: object.c ------------------------------------------------ */

/* what a kind of object does, as the kernel's kobj_type */
struct km_kind_ops {
	enum km_kind kind;
	const char *what; /* "class", "class device", "device" */
	/* the last reference went: call the object's release, free it */
	void (*release)(struct km_object *obj);
};

/* the objects that share one key of an index, in the order filed */
struct km_group {
	struct km_hnode node;
	const struct km_object *owner; /* names: the kobject parent */
	char *name;		       /* names */
	km_devt devt;		       /* dev_t: the key, with kind */
	enum km_kind kind;
	struct km_list members;
};

struct km_member {
	struct km_group *group; /* NULL: in no group */
	struct km_list node;
};

#define KM_OBJ_REGISTERED 0x1 /* class registered, (class) device added */
#define KM_OBJ_ALLOCATED 0x2  /* the model allocated the public struct */

struct km_object {
	const struct km_kind_ops *ops;
	unsigned int flags;
	int refcount;		       /* all references */
	int user_refs;		       /* those the caller may put */
	unsigned long seq;	       /* the order objects were attached */
	struct kmodel *model;	       /* NULL: initialized classless */
	void *public;		       /* struct class, class_device, device */
	char *name;		       /* the kobject name, set on register */
	struct km_sysfs_dirent *dir;   /* NULL when not in sysfs */
	struct km_object *kobj_parent; /* held from add to release */
	struct km_list model_node;     /* model->objects */
	struct km_member by_name;      /* classes, class devices */
	struct km_member by_devt;      /* class devices, devices while added */

	/* class devices and devices */
	struct km_object *class;  /* held from add to release */
	struct km_object *parent; /* class devices: held from add to del */
	km_devt devt;		  /* read at add */
	char *device_path;	  /* "/devices/...", NULL without */

	/* devices */
	char *sysfs_path;	      /* "/devices/virtual/tty/ttyS0" */
	struct km_sysfs_dirent *glue; /* the glue directory it is in */
};

struct kmodel {
	struct km_sysfs_dirent *root;	    /* /sys */
	struct km_sysfs_dirent *class_root; /* /sys/class */
	struct km_list objects;
	unsigned long next_seq;
	struct km_htable names;	       /* km_group by (kobject parent, name) */
	struct km_htable devts;	       /* km_group by (class, kind, devt) */
	struct km_list fixtures;       /* objects of km_device_new() */
	struct km_htable modules;      /* struct module by name */
	struct km_htable module_addrs; /* struct module by address */
	struct km_htable tokens;       /* drvdata= values of scenarios */
	long live_objects;
	char **uevents;
	size_t nr_uevents, alloc_uevents;
	char **warnings;
	size_t nr_warnings, alloc_warnings;
	struct km_list buses; /* bus.c's struct km_bus */
};

struct km_object *km_object_new(const struct km_kind_ops *ops, void *public);
void km_object_attach(struct km_object *obj, struct kmodel *model);
/* out of the registry, the indexes and the model's count: it is going */
void km_object_detach(struct km_object *obj);
/* references the model holds itself (registration, children) */
void km_object_get(struct km_object *obj);
/* the last put calls obj->ops->release() */
void km_object_put(struct km_object *obj);
/* the caller's references: a put without a get only warns */
void km_object_user_get(struct km_object *obj);
void km_object_user_put(struct km_object *obj, const char *who);
/* the kobject name, or "(unnamed)" before it has one */
const char *km_object_name(const struct km_object *obj);
/* frees the bookkeeping of an object (release, km_model_free) */
void km_object_free(struct km_object *obj);
/* "/class/input/input3/event2", "/devices/virtual/c/x"; NULL: none */
char *km_object_path(const struct km_object *obj);
__attribute__((format(printf, 2, 3))) void km_warn(struct kmodel *model,
						   const char *fmt, ...);

/* files obj under (its kobject parent, its name): classes, class devices */
void km_index_name(struct km_object *obj);
/* files obj under (its class, its kind, its devt), after the others */
void km_index_devt(struct km_object *obj);
void km_unindex_devt(struct km_object *obj);
/* the first object filed under (class, kind, devt), or NULL */
struct km_object *km_find_devt(struct kmodel *model,
			       const struct km_object *class, enum km_kind kind,
			       km_devt devt);
/*
 * The object at path ("input", "input/input3/event2", names below
 * /sys/class) of that kind: the registered one that was attached first,
 * else the first attached one still alive.
 */
struct km_object *km_find_path(struct kmodel *model, const char *path,
			       enum km_kind kind);

/* --- level 2: uevent.c ------------------------------------------------ */

/* logs the event of a class device, with the hotplug callback's additions */
void km_uevent_emit(struct km_object *obj, const char *action);
/* logs the event of a device, as dev_uevent() of 2.6.27 */
void km_uevent_emit_device(struct km_object *obj, const char *action);

/* --- level 2: fixture.c ----------------------------------------------- */

/* the fixture devices, modules and tokens, for km_model_free() */
void km_fixtures_free(struct kmodel *model);
/* a pointer standing for text (drvdata=), the same for the same text */
void *km_model_token(struct kmodel *model, const char *text);
/* the model's directory /sys/NAME, made when missing */
struct km_sysfs_dirent *km_sysfs_top(struct kmodel *model, const char *name);
/* the sysfs directory a struct device has or gets; NULL: not a device */
struct km_sysfs_dirent *km_device_dir(struct kmodel *model, struct device *dev);
/* "/devices/a/b" for a device; NULL when it has none (or a loop) */
char *km_device_path(const struct device *dev);

/* --- level 3: class_device.c ------------------------------------------ */

/* forget a class device that never got added (a failed create) */
void km_class_device_discard(struct class_device *class_dev);
/* let the model free class_dev with itself: it came from km_zalloc() */
void km_class_device_adopt(struct class_device *class_dev);

/* --- level 3: bus.c ---------------------------------------------------- */

/* the buses, their drivers and devices, for km_model_free() */
void km_buses_free(struct kmodel *model);
/* one line a device on a bus: its driver, drvdata and devres */
void km_buses_print(FILE *fp, const struct kmodel *model);

#endif
