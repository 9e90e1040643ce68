/*
 * Minimal kernel.h for the hard-cases fixture tree: printk and the log
 * level prefixes the fixture drivers use.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/stddef.h>

#define KERN_ERR	"<3>"
#define KERN_INFO	"<6>"

extern int printk(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif /* _LINUX_KERNEL_H */
