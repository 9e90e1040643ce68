/*
 * device/class.h - device classes, as every kernel before 6.4 has them.
 *
 * Written fresh for kmigrate's linux-6.3-macro fixture tree, which is
 * still in the state from before the 6.4 prototype change: there is no
 * class_create() function.  class_create(owner, name) is a macro around
 * __class_create(), which passes a lock class key of its own for every
 * place that creates a class; a class records the module that owns it.
 */
#ifndef _DEVICE_CLASS_H_
#define _DEVICE_CLASS_H_

#include <linux/compiler_attributes.h>
#include <linux/lockdep_types.h>
#include <linux/types.h>

struct module;
struct class;

struct class * __must_check __class_create(struct module *owner,
					   const char *name,
					   struct lock_class_key *key);

/* a macro, so that each place creating a class has a key of its own */
#define class_create(owner, name)		\
({						\
	static struct lock_class_key __key;	\
	__class_create(owner, name, &__key);	\
})

void class_destroy(struct class *cls);

#endif /* _DEVICE_CLASS_H_ */
