/*
 * kernel.h - the handful of kernel-wide helpers the fixture drivers use.
 *
 * Written fresh for kmigrate's fixture tree.  printk(), sprintf() and
 * snprintf() are only declared: a harness that runs the fixture drivers
 * links them against its own implementations.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/types.h>

#ifndef NULL
#define NULL ((void *) 0)
#endif

#define ARRAY_SIZE(x)	(sizeof(x) / sizeof((x)[0]))

#define KERN_ERR	"<3>"
#define KERN_WARNING	"<4>"
#define KERN_NOTICE	"<5>"
#define KERN_INFO	"<6>"
#define KERN_DEBUG	"<7>"

extern int printk(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
extern int sprintf(char *buf, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
extern int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* _LINUX_KERNEL_H */
