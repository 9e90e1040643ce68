/*
 * check-name: a variable format cannot be checked: a warning
 *
 * A literal reached through a macro is still a literal.
 *
 * check-output-start
 * format-nonliteral.c:23:2: warning: non-literal format (argument 5) [format-nonliteral]
 *         it is 'name': a '%' in it would be read as a conversion; pass "%s", name
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
