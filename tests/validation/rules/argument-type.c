/*
 * check-name: a struct device pointer where the dev_t goes
 * check-exit-value: 1
 *
 * check-output-start
 * argument-type.c:20:2: error: wrong type for argument 3 [argument-type]
 *         'dev' is a struct device *, but parameter 3 is 'dev_t devt': pass a dev_t
 * check-output-end
 *
 * check-error-start
 * check: 1 call site in 1 file: 1 error, 0 warnings, 0 notes
 * check-error-end
 */
#include <linux/device.h>

static struct class *at_class;

void at_add(struct device *dev, int i)
{
	class_device_create(at_class, NULL, dev, dev, "at%d", i);
}
