/*
 * device.h - the driver-core device API of linux-6.3-macro.
 *
 * Written fresh for kmigrate's fixture tree.  The class API is in
 * <linux/device/class.h>.  struct device is complete because the fixture
 * drivers build their own devices; its members parent and init_name are
 * the ones a driver-core model derives /sys/devices paths from.
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/compiler_attributes.h>
#include <linux/device/class.h>
#include <linux/types.h>

struct device {
	struct device	*parent;
	const char	*init_name;	/* position on the parent bus */
	dev_t		devt;		/* the device node, or 0 */
	void		*driver_data;	/* data private to the driver */
};

__printf(5, 6) struct device *
device_create(struct class *cls, struct device *parent, dev_t devt,
	      void *drvdata, const char *fmt, ...);
void device_destroy(struct class *cls, dev_t devt);

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

#endif /* _DEVICE_H_ */
