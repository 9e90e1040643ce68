/*
 * hard.h for the hard-cases fixture tree: a second header that names the
 * creation function.  It redeclares the driver-core prototype (a
 * declaration, not a call) and declares two functions whose names merely
 * contain that name (not occurrences of it).
 */
#ifndef _LINUX_HARD_H
#define _LINUX_HARD_H

#include <linux/device.h>

struct class_device_attribute;

extern struct class_device *class_device_create(struct class *cls,
						struct class_device *parent,
						dev_t devt,
						struct device *device,
						char *fmt, ...);
extern int class_device_create_file(struct class_device *class_dev,
				    const struct class_device_attribute *attr);
extern struct class_device *hard_class_device_create(struct class *cls,
						     int minor);

#endif /* _LINUX_HARD_H */
