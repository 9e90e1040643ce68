/*
 * check-name: --patch: a hand conversion that changed more than the form
 * check-requires: spatch
 * check-command: kmigrate check --patch "$dir/hand-patch-divergence.patch" .
 * check-exit-value: 1
 *
 * The patch beside this file converts both calls: the first as the
 * semantic conversion does, the second with another devt.
 *
 * check-output-start
 * hand-patch-divergence.c:28:2: error: hand conversion differs [hand-patch-divergence]
 *         argument 3 is 'MKDEV(5,0)' where the semantic conversion has 'MKDEV(5,minor)'; the semantic
 *         conversion gives 'class_device_create(hp_class, NULL, MKDEV(5, minor), dev, "hq%d", minor)',
 *         which registers /sys/class/hp_class/hq<minor> (dev, device unless NULL)
 * check-output-end
 *
 * check-error-start
 * check: 2 call sites in 1 file: 1 error, 0 warnings, 0 notes
 * check-error-end
 */
#include <linux/device.h>

static struct class *hp_class;

void hp_add(int minor, struct device *dev)
{
	class_device_create(hp_class, MKDEV(4, minor), dev, "hp%d", minor);
	class_device_create(hp_class, MKDEV(5, minor), dev, "hq%d", minor);
}
