/*
 * check-name: a NULL class fails with -ENODEV
 * check-exit-value: 1
 *
 * check-output-start
 * null-class.c:19:2: error: argument 1 (class) is NULL [null-class]
 *         so the call fails with -ENODEV and /sys/class/<class>/<name> is never created; pass the
 *         struct class * the call registers with
 * check-output-end
 *
 * check-error-start
 * check: 1 call site in 1 file: 1 error, 0 warnings, 0 notes
 * check-error-end
 */
#include <linux/device.h>

void nc_add(dev_t devt, struct device *dev, int i)
{
	class_device_create(NULL, NULL, devt, dev, "nc%d", i);
}
