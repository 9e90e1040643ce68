/*
 * err.h - error codes carried in pointers.
 *
 * Written fresh for kmigrate's fixture tree.  The driver core returns
 * ERR_PTR(-errno) instead of a class or a device when it fails; the last
 * page of the address space is never a valid object.
 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#define MAX_ERRNO	4095

#define IS_ERR_VALUE(x)	((x) >= (unsigned long)-MAX_ERRNO)

static inline void *ERR_PTR(long error)
{
	return (void *) error;
}

static inline long PTR_ERR(const void *ptr)
{
	return (long) ptr;
}

static inline long IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long) ptr);
}

#endif /* _LINUX_ERR_H */
