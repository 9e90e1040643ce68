/*
 * device.h for the rule cases of tests/validation/rules: the driver-core
 * class API after the change (a parent class device as the second
 * argument of class_device_create()), only what the cases use.
 */
#ifndef _LINUX_DEVICE_H
#define _LINUX_DEVICE_H

#include <linux/stddef.h>

typedef unsigned int dev_t;

#define MINORBITS	20
#define MKDEV(ma, mi)	(((ma) << MINORBITS) | (mi))

struct module;
struct class;

struct device {
	struct device *parent;
	char bus_id[20];
};

struct class_device {
	struct class *class;
	struct class_device *parent;
	struct device *dev;
	dev_t devt;
	char class_id[20];
};

extern struct class *class_create(struct module *owner, char *name);
extern void class_destroy(struct class *cls);
extern struct class_device *class_device_create(struct class *cls,
						struct class_device *parent,
						dev_t devt,
						struct device *device,
						char *fmt, ...)
					__attribute__((format(printf, 5, 6)));
extern void class_device_destroy(struct class *cls, dev_t devt);

#endif /* _LINUX_DEVICE_H */
