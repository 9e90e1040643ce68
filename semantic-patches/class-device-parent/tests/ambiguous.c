/*
 * Calls whose form cannot be told.  None may change; the report mode
 * lists each one as ambiguous.
 */
#include <linux/device.h>

static void ambiguous_five(void)
{
	/* nothing known about any argument */
	class_device_create(cls, a, b, c, d);
	/* 0 is a null parent or devt 0:0; the rest is unknown */
	class_device_create(cls, 0, devno, owner, fmt);
}

static void ambiguous_contradiction(dev_t devno)
{
	/* NULL parent, but only four arguments */
	class_device_create(cls, NULL, devno, "x");
	/* MKDEV() in both the old and the new devt position */
	class_device_create(cls, MKDEV(1, 2), MKDEV(1, 3), owner, "x");
}

static void ambiguous_too_few(void)
{
	class_device_create(cls, MKDEV(1, 2), owner);
}
