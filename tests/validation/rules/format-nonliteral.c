/*
 * check-name: a variable format cannot be checked: a warning
 *
 * A literal reached through a macro is still a literal.
 *
 * check-output-start
 * format-nonliteral.c:22:2: warning: the format (argument 5) is 'name', not a string literal: a '%' in it would be read as a conversion; pass "%s", name [format-nonliteral]
 * check-output-end
 *
 * check-error-start
 * check: 2 call sites in 1 file: 0 errors, 1 warning, 0 notes
 * check-error-end
 */
#include <linux/device.h>

#define FN_FORMAT "fn%d"

static struct class *fn_class;

void fn_add(dev_t devt, struct device *dev, char *name, int i)
{
	class_device_create(fn_class, NULL, devt, dev, name);
	class_device_create(fn_class, NULL, devt, dev, FN_FORMAT, i);
}
