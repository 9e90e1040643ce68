/* Calls whose form cannot be told: none may change, but the one said. */
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

static void literal_format_at_4(struct class *coda_class, int i)
{
	/*
	 * Not ambiguous: a literal as argument 4 is the old form's format
	 * (NULL as argument 5 fits a format and a variadic argument alike),
	 * so NULL drvdata goes before it and the call keeps its meaning.
	 */
	device_create(coda_class, NULL, MKDEV(CODA_PSDEV_MAJOR, i), "cfs%d", NULL, i);
}

static void ambiguous_too_few(struct class *cls)
{
	device_create(cls, NULL, MKDEV(1, 2));
}
