/*
 * input.h - what the input handlers share: the input class and the
 * input device and handle structures.
 *
 * Written fresh for kmigrate's fixture tree.  input_class is created by
 * drivers/input/input.c (a subsys_initcall) and used by every handler.
 */
#ifndef _INPUT_H
#define _INPUT_H

#include <linux/device.h>

#define INPUT_MAJOR	13

struct input_dev {
	char *name;
	struct device *dev;		/* the hardware behind it */
};

struct input_handle {
	void *private;			/* the handler's own state */
	char *name;
	struct input_dev *dev;
};

extern struct class *input_class;

#endif /* _INPUT_H */
