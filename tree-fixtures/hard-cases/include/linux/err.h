/*
 * Minimal err.h for the hard-cases fixture tree: error values carried in
 * pointers, as the driver core returns them.
 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#define MAX_ERRNO	4095

#define IS_ERR_VALUE(x)	((unsigned long)(x) >= (unsigned long)-MAX_ERRNO)

static inline long PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline long IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

#endif /* _LINUX_ERR_H */
