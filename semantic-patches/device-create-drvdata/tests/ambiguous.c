/* Calls whose form cannot be told: none may change. */
#include <linux/device.h>

static void ambiguous_nothing_known(void)
{
	device_create(cls, parent, devt, a, b);
}

static void ambiguous_two_strings(struct class *ipmi_class, dev_t dev,
				  char *label, char *name)
{
	/* old: label is the format; new: label is the drvdata */
	device_create(ipmi_class, NULL, dev, label, name);
}

static void ambiguous_contradiction(struct class *coda_class, int i)
{
	/* a literal as argument 4 (old), NULL as argument 5 (a format, new) */
	device_create(coda_class, NULL, MKDEV(CODA_PSDEV_MAJOR, i), "cfs%d", NULL, i);
}

static void ambiguous_too_few(struct class *cls)
{
	device_create(cls, NULL, MKDEV(1, 2));
}
