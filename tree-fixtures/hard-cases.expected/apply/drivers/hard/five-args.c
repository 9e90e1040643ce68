/*
 * Hard case: calls whose argument count does not tell the form.
 *
 * An old-form call with one variadic argument has five arguments, like a
 * new-form call with none; with two variadic arguments it has six, like
 * a new-form call with one.  The form is decided by where the
 * string-literal format is (argument 4: old, argument 5: new) and, when
 * no argument is a literal, by the type of argument 2 (a dev_t, MKDEV()
 * or an integer: old; NULL or a struct class_device pointer: new).
 * FIVE_CREATE's body gives nothing to decide by (macro parameters have
 * no type): it is ambiguous, reported, and never converted.
 */
#include <linux/device.h>

#define FIVE_CREATE(cls, a, b, c, d) class_device_create(cls, a, b, c, d)

void five_by_literal(struct class *cls, struct device *dev, int i);
void five_by_type(struct class *cls, struct class_device *parent,
		  dev_t devt, struct device *dev, char *name, int i);

void five_by_literal(struct class *cls, struct device *dev, int i)
{
	/* old: the literal is argument 4, i is the variadic argument */
	class_device_create(cls, NULL, MKDEV(1, 2), dev, "x%d", i);
	/* new: the literal is argument 5, no variadic argument */
	class_device_create(cls, NULL, MKDEV(1, 4), dev, "y");
	/* old, two variadic arguments: six arguments in all */
	class_device_create(cls, NULL, MKDEV(1, 7), dev, "x%d.%d", 7, i);
}

void five_by_type(struct class *cls, struct class_device *parent,
		  dev_t devt, struct device *dev, char *name, int i)
{
	/* old: no literal, argument 2 is a dev_t */
	class_device_create(cls, NULL, devt, dev, name, i);
	/* new: no literal, argument 2 is a struct class_device pointer */
	class_device_create(cls, parent, devt, dev, name);
}
