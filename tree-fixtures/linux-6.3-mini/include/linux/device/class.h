/*
 * device/class.h - device classes, as the 6.4 prototype change leaves
 * them.
 *
 * Written fresh for kmigrate's linux-6.3-mini fixture tree.  By default
 * class_create() is the NEW function: it takes the class name only, a
 * class no longer records the module that owns it.  Defining
 * KMIGRATE_OLD_API selects the API from before the change instead, so
 * that the unconverted tree can be compiled: class_create(owner, name)
 * is then a macro around __class_create(), which passes a lock class key
 * of its own for every place that creates a class.
 */
#ifndef _DEVICE_CLASS_H_
#define _DEVICE_CLASS_H_

#include <linux/compiler_attributes.h>
#include <linux/types.h>

struct module;
struct class;

#ifdef KMIGRATE_OLD_API
#include <linux/lockdep_types.h>

struct class * __must_check __class_create(struct module *owner,
					   const char *name,
					   struct lock_class_key *key);

/* a macro, so that each place creating a class has a key of its own */
#define class_create(owner, name)		\
({						\
	static struct lock_class_key __key;	\
	__class_create(owner, name, &__key);	\
})
#else
struct class * __must_check class_create(const char *name);
#endif
void class_destroy(struct class *cls);

#endif /* _DEVICE_CLASS_H_ */
