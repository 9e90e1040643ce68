/*
 * internal.h - what the core-model sources share and callers never see.
 *
 * Every class and class device the model knows has a struct km_object,
 * found from the public pointer through the thread-local registry
 * (registry.c), so a freed or unknown pointer is recognised without being
 * dereferenced.  The model owns the objects' sysfs entries (sysfs.c).
 */
#ifndef KM_INTERNAL_H
#define KM_INTERNAL_H

#include <stddef.h>

#include "model.h"

#define km_container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

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

enum km_kind {
	KM_KIND_CLASS = 1,
	KM_KIND_CLASS_DEVICE,
};

#define KM_OBJ_REGISTERED 0x1	/* class registered, class device added */
#define KM_OBJ_ALLOCATED 0x2	/* the model allocated the public struct */

struct km_sysfs_dirent;

struct km_object {
	enum km_kind kind;
	unsigned int flags;
	int refcount;			/* all references */
	int user_refs;			/* those the caller may put */
	struct kmodel *model;		/* NULL: initialized classless */
	void *public;			/* struct class or struct class_device */
	char *name;			/* the kobject name, set on register */
	struct km_sysfs_dirent *dir;	/* NULL when not in sysfs */
	struct km_object *kobj_parent;	/* held from add to release */
	struct km_list model_node;	/* model->objects */

	/* class devices */
	struct km_object *class;	/* held from add to release */
	struct km_object *parent;	/* held from add to del */
	struct km_list class_node;	/* class->children while added */
	km_devt devt;			/* read at add */
	char *device_path;		/* "/devices/...", NULL without */

	/* classes */
	struct km_list children;
};

struct kmodel {
	struct km_sysfs_dirent *root;		/* /sys */
	struct km_sysfs_dirent *class_root;	/* /sys/class */
	struct km_list objects;
	struct km_model_device *devices;
	long live_objects;
	char **uevents;
	size_t nr_uevents, alloc_uevents;
	char **warnings;
	size_t nr_warnings, alloc_warnings;
};

/* model.c */
void *km_zalloc(size_t size);
char *km_strdup(const char *s);
__attribute__((format(printf, 1, 2)))
char *km_strfmt(const char *fmt, ...);
/* append to a growable array of strings; 0 or -ENOMEM (s is then freed) */
int km_strarray_push(char ***array, size_t *nr, size_t *alloc, char *s);
__attribute__((format(printf, 2, 3)))
void km_warn(struct kmodel *model, const char *fmt, ...);
/* "/devices/a/b" for a device chain; NULL when it has none (or a loop) */
char *km_device_path(const struct device *dev);

/* registry.c */
int km_registry_add(void *public, struct km_object *obj);
void km_registry_del(const void *public);
struct km_object *km_registry_find(const void *public, enum km_kind kind);

/* class.c */
struct km_object *km_object_new(enum km_kind kind, void *public);
void km_object_attach(struct km_object *obj, struct kmodel *model);
/* out of the registry and the model's count: it is being released */
void km_object_detach(struct km_object *obj);
/* references the model holds itself (registration, children) */
void km_object_get(struct km_object *obj);
void km_object_put(struct km_object *obj);
/* the caller's references: a put without a get only warns */
void km_object_user_get(struct km_object *obj);
void km_object_user_put(struct km_object *obj, const char *who);
/* the kobject name, or "(unnamed)" before it has one */
const char *km_object_name(const struct km_object *obj);
/* frees the bookkeeping of an object never released (km_model_free) */
void km_object_free(struct km_object *obj);
/* "/class/input/input3/event2"; NULL when out of memory */
char *km_object_path(const struct km_object *obj);

/* class_device.c */
void km_class_device_release(struct km_object *obj);
/* forget a class device that never got added (a failed create) */
void km_class_device_discard(struct class_device *class_dev);
/* let the model free class_dev with itself: it came from km_zalloc() */
void km_class_device_adopt(struct class_device *class_dev);

/* sysfs.c */
enum km_dirent_type {
	KM_DIRENT_DIR,
	KM_DIRENT_FILE,
	KM_DIRENT_LINK,
};

struct km_sysfs_dirent {
	char *name;
	enum km_dirent_type type;
	int is_kobject;			/* outlives its parent's removal */
	char *target;			/* links: the target below /sys */
	struct km_sysfs_dirent *parent;	/* NULL: the root or an orphan */
	struct km_sysfs_dirent **children;	/* sorted with strcmp */
	size_t nr_children, alloc_children;
};

struct km_sysfs_dirent *km_sysfs_root_new(void);
/* frees dir and everything below it, kobject directories included */
void km_sysfs_free(struct km_sysfs_dirent *dir);
struct km_sysfs_dirent *km_sysfs_lookup(const struct km_sysfs_dirent *dir,
					const char *name);
/* 0, -ENOENT (no parent), -EEXIST, -ENOMEM */
int km_sysfs_add(struct km_sysfs_dirent *parent, const char *name,
		 enum km_dirent_type type, const char *target, int is_kobject,
		 struct km_sysfs_dirent **made);
/* removes a file, link or non-kobject directory; 0 or -ENOENT */
int km_sysfs_remove(struct km_sysfs_dirent *parent, const char *name,
		    enum km_dirent_type type);
/*
 * kobject_del(): unhooks dir from its parent and frees it with its files,
 * links and groups; the directories of other kobjects below it become
 * orphans, still owned by their objects.
 */
void km_sysfs_remove_dir(struct km_sysfs_dirent *dir);

/* uevent.c */
/* logs the event, with the hotplug callback's additions */
void km_uevent_emit(struct km_object *obj, const char *action);

#endif
