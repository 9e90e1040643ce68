/*
 * Hard case: an old-form call in a header, inside a static inline helper.
 *
 * Headers are scanned and converted like .c files (a tool that only
 * looks at *.c misses this one): the call is old form and is converted.
 */
#ifndef _HARD_NODE_H
#define _HARD_NODE_H

#include <linux/device.h>

#define HN_MAJOR	242

static inline struct class_device *hard_node_create(struct class *cls,
						      struct device *dev,
						      int minor)
{
	return class_device_create(cls, MKDEV(HN_MAJOR, minor), dev,
				   "hardnode%d", minor);
}

#endif /* _HARD_NODE_H */
