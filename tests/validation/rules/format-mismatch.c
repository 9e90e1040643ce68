/*
 * check-name: a format that wants more arguments, or others, than follow
 * check-exit-value: 1
 *
 * check-output-start
 * format-mismatch.c:24:2: error: too few arguments for the format [format-mismatch]
 *         format "fm%d.%s" takes 2 arguments but only 1 follows it: pass the missing argument or drop
 *         the conversion
 * format-mismatch.c:25:2: error: argument 6 does not fit '%d' in the format [format-mismatch]
 *         '%d' in format "fm%d" takes an int, but argument 6 '"zero"' is a char *: pass an int or
 *         change the conversion
 * check-output-end
 *
 * check-error-start
 * check: 3 call sites in 1 file: 2 errors, 0 warnings, 0 notes
 * check-error-end
 */
#include <linux/device.h>

static struct class *fm_class;

void fm_add(dev_t devt, struct device *dev, int i)
{
	class_device_create(fm_class, NULL, devt, dev, "fm%d.%s", i);
	class_device_create(fm_class, NULL, devt, dev, "fm%d", "zero");
	/* right: no finding */
	class_device_create(fm_class, NULL, devt, dev, "fm%d", i);
}
