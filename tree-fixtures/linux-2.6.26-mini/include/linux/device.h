/*
 * device.h - the driver-core device API, as the 2.6.27 prototype change
 * leaves it.
 *
 * Written fresh for kmigrate's linux-2.6.26-mini fixture tree.  By default
 * device_create() has the NEW prototype: the driver data is its fourth
 * argument (what dev_get_drvdata() returns for the new device) and the
 * printf format moves to the fifth.  Defining KMIGRATE_OLD_API selects
 * the prototype from before the change instead, so that the unconverted
 * tree can be compiled.
 *
 * struct device is complete because the fixture drivers build their own
 * devices; its members parent and bus_id are the ones a driver-core model
 * derives /sys/devices paths from.  struct class stays opaque.
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/types.h>

#define BUS_ID_SIZE	20

struct module;
struct class;

struct device {
	struct device	*parent;
	char		bus_id[BUS_ID_SIZE];	/* position on the parent bus */
	dev_t		devt;			/* the device node, or 0 */
	void		*driver_data;		/* data private to the driver */
};

extern struct class *class_create(struct module *owner, const char *name);
extern void class_destroy(struct class *cls);

#ifdef KMIGRATE_OLD_API
extern struct device *device_create(struct class *cls, struct device *parent,
				    dev_t devt, const char *fmt, ...)
				    __attribute__((format(printf, 4, 5)));
#else
extern struct device *device_create(struct class *cls, struct device *parent,
				    dev_t devt, void *drvdata,
				    const char *fmt, ...)
				    __attribute__((format(printf, 5, 6)));
#endif
extern void device_destroy(struct class *cls, dev_t devt);

static inline void *dev_get_drvdata(struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

#endif /* _DEVICE_H_ */
