/*
 * Hard case: the format is a variable, not a string literal.
 *
 * With four arguments the call can only be the old form, whatever its
 * last argument is, so it is converted.  Its format cannot be checked
 * against the (absent) variadic arguments: check warns format-nonliteral
 * on the converted call.
 */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *fv_class;
static char fv_name[] = "fv0";

static struct class_device *fv_add(struct class *cls, dev_t devt, char *name)
{
	return class_device_create(cls, NULL, devt, NULL, name);
}

static int __init fv_init(void)
{
	struct class_device *cd;

	fv_class = class_create(THIS_MODULE, "fv");
	if (IS_ERR(fv_class))
		return PTR_ERR(fv_class);
	cd = fv_add(fv_class, MKDEV(3, 0), fv_name);
	if (IS_ERR(cd)) {
		class_destroy(fv_class);
		return PTR_ERR(cd);
	}
	return 0;
}

module_init(fv_init);
MODULE_LICENSE("GPL");
