/*
 * err.h - error codes carried in pointers.
 *
 * Written fresh for kmigrate's fixture tree.  The driver core returns
 * ERR_PTR(-errno) instead of a class or a device when it fails; the last
 * page of the address space is never a valid object.
 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/compiler_attributes.h>
#include <linux/types.h>

#define MAX_ERRNO	4095

#define IS_ERR_VALUE(x)	((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)

static inline void * __must_check ERR_PTR(long error)
{
	return (void *) error;
}

static inline long __must_check PTR_ERR(const void *ptr)
{
	return (long) ptr;
}

static inline bool __must_check IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long) ptr);
}

static inline bool __must_check IS_ERR_OR_NULL(const void *ptr)
{
	return !ptr || IS_ERR_VALUE((unsigned long) ptr);
}

static inline int __must_check PTR_ERR_OR_ZERO(const void *ptr)
{
	if (IS_ERR(ptr))
		return PTR_ERR(ptr);
	return 0;
}

#endif /* _LINUX_ERR_H */
