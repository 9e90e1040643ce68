/*
 * check-name: the class passed as the parent, NULL as the class
 * check-exit-value: 1
 *
 * The seed's vmlogrdr mistake: reported once, as swapped-arguments, not
 * also as a NULL class or a wrong type.
 *
 * check-output-start
 * swapped-arguments.c:25:2: error: arguments 1 and 2 appear swapped [swapped-arguments]
 *         'vmlogrdr_class' is a struct class * passed as parent; class is NULL, so the call fails with
 *         -ENODEV and registers nothing: /sys/class/vmlogrdr_class/<bus_id> is never created; swap
 *         them
 * check-output-end
 *
 * check-error-start
 * check: 1 call site in 1 file: 1 error, 0 warnings, 0 notes
 * check-error-end
 */
#include <linux/device.h>

static struct class *vmlogrdr_class;

void sw_add(int minor, struct device *dev)
{
	class_device_create(NULL, vmlogrdr_class, MKDEV(3, minor), dev,
			    "%s", dev->bus_id);
}
