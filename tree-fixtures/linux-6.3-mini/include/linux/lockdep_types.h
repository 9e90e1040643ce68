/*
 * lockdep_types.h - the lock class key the old class_create() macro
 * gives each of its callers.
 *
 * Written fresh for kmigrate's fixture tree; lock validation itself is
 * not modelled.
 */
#ifndef _LINUX_LOCKDEP_TYPES_H
#define _LINUX_LOCKDEP_TYPES_H

struct lock_class_key {
	int subkeys;
};

#endif /* _LINUX_LOCKDEP_TYPES_H */
