/*
 * Old-form calls whose devt (argument 2) is a dev_t variable, a macro
 * or the literal 0.  A dev_t variable is enough evidence on its own; the
 * macro and the 0 are not, and the call is told by its literal format.
 */
#include <linux/device.h>

static struct class *misc_class, *ipmi_class, *snsc_class;
static struct class *osst_sysfs_class, *ib_ucm_class;
static struct class *i2o_controller_class;

static int devt_misc(struct miscdevice *misc)
{
	dev_t dev = MKDEV(MISC_MAJOR, misc->minor);

	misc->class = class_device_create(misc_class, dev, misc->dev,
					  "%s", misc->name);
	return IS_ERR(misc->class) ? PTR_ERR(misc->class) : 0;
}

static void devt_parameter(dev_t dev, int if_num, char *devname)
{
	class_device_create(ipmi_class, dev, NULL, "ipmi%d", if_num);
	class_device_create(snsc_class, dev, NULL,
						"%s", devname);
}

static void devt_only_evidence(dev_t dev, struct osst_tape *tape)
{
	struct class_device *osst_class_member;

	/* nothing but the dev_t tells this call's form */
	osst_class_member = class_device_create(osst_sysfs_class, dev, tape->dev, tape->fmt, tape->nr);
	if (IS_ERR(osst_class_member))
		return;
}

static void devt_macro(void)
{
	class_device_create(ib_ucm_class, IB_UCM_DEV, NULL, "ucm");
}

static int devt_zero(struct i2o_controller *c)
{
	c->classdev = class_device_create(i2o_controller_class, 0,
			&c->device, "iop%d", c->unit);
	return IS_ERR(c->classdev);
}
