/*
 * device.h - the driver-core class API, as seed patch 1/8 leaves it.
 *
 * Written fresh for kmigrate's fixture tree.  By default the class device
 * creation function has the NEW prototype, with the parent class device
 * as its second argument.  Defining KMIGRATE_OLD_API selects the prototype
 * from before the change instead, so that the unconverted tree can be
 * compiled (and run against the core model's old entry point).
 *
 * struct device is complete because the fixture drivers build their own
 * devices; its members parent and bus_id are a contract with the core
 * model, which derives /sys/devices paths from them.  struct class and
 * struct class_device stay opaque.
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/types.h>

#define BUS_ID_SIZE	20

struct module;
struct class;
struct class_device;

struct device {
	struct device	*parent;
	char		bus_id[BUS_ID_SIZE];	/* position on the parent bus */
	void		*driver_data;		/* data private to the driver */
};

extern struct class *class_create(struct module *owner, char *name);
extern void class_destroy(struct class *cls);
#ifdef KMIGRATE_OLD_API
extern struct class_device *class_device_create(struct class *cls, dev_t devt,
						struct device *device, char *fmt, ...)
					__attribute__((format(printf,4,5)));
#else
extern struct class_device *class_device_create(struct class *cls,
						struct class_device *parent,
						dev_t devt,
						struct device *device,
						char *fmt, ...)
					__attribute__((format(printf,5,6)));
#endif
extern void class_device_destroy(struct class *cls, dev_t devt);

#endif /* _DEVICE_H_ */
