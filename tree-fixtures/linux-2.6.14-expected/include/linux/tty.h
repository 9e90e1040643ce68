/*
 * tty.h - tty drivers and the registration of their lines.
 *
 * Written fresh for kmigrate's fixture tree.  drivers/char/tty_io.c owns
 * the tty class (a subsys_initcall) and registers one class device per
 * line a tty driver asks for.
 */
#ifndef _LINUX_TTY_H
#define _LINUX_TTY_H

#include <linux/device.h>

#define TTY_MAJOR	4
#define TTYAUX_MAJOR	5

struct tty_driver {
	char *name;			/* line name prefix, "ttyS" */
	int name_base;			/* number of the first line */
	int major;
	int minor_start;
	unsigned int num;		/* number of lines */
};

extern void tty_register_device(struct tty_driver *driver, unsigned index,
				struct device *device);
extern void tty_unregister_device(struct tty_driver *driver, unsigned index);

#endif /* _LINUX_TTY_H */
