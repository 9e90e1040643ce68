/*
 * check-name: a call in the old form where the new prototype is declared
 * check-exit-value: 1
 *
 * check-output-start
 * unconverted-call.c:21:2: error: call still in the old form [unconverted-call]
 *         the tree declares the new prototype: insert 'NULL' as argument 2 (struct class_device
 *         *parent) after 'uc_class'
 * check-output-end
 *
 * check-error-start
 * check: 2 call sites in 1 file: 1 error, 0 warnings, 0 notes
 * check-error-end
 */
#include <linux/device.h>

static struct class *uc_class;

void uc_add(dev_t devt, struct device *dev, int i)
{
	class_device_create(uc_class, devt, dev, "uc%d", i);
	/* already converted: no finding */
	class_device_create(uc_class, NULL, devt, dev, "uc%d", i);
}
