/*
 * kernel.h - the handful of kernel-wide helpers the fixture drivers use.
 *
 * Written fresh for kmigrate's fixture tree.  snprintf() is only
 * declared: a harness that runs the fixture drivers links it against its
 * own.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/compiler_attributes.h>
#include <linux/printk.h>
#include <linux/types.h>

#ifndef NULL
#define NULL ((void *) 0)
#endif

#define ARRAY_SIZE(x)	(sizeof(x) / sizeof((x)[0]))

__printf(3, 4) int snprintf(char *buf, size_t size, const char *fmt, ...);

#endif /* _LINUX_KERNEL_H */
