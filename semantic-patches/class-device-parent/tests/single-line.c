/*
 * Old-form calls written on one line each.  Each gets NULL as its new
 * second argument, and only that line changes.
 */
#include <linux/device.h>

static struct class *dsp56k_class, *tty_class, *zft_class, *cpuid_class;

static int one_line_init(int i)
{
	int class_err;

	class_device_create(dsp56k_class, MKDEV(DSP56K_MAJOR, 0), NULL, "dsp56k");
	class_device_create(tty_class, MKDEV(TTYAUX_MAJOR, 1), NULL, "console");
	class_device_create(zft_class, MKDEV(QIC117_TAPE_MAJOR, i + 36), NULL, "nrawrawqft%i", i);
	class_err = class_device_create(cpuid_class, MKDEV(CPUID_MAJOR, i), NULL, "cpu%d",i);
	if (IS_ERR(class_err))
		return PTR_ERR(class_err);
	return 0;
}

static void one_line_pair(struct tty_struct *tty)
{
	/* two calls back to back, both long */
	class_device_create(vc_class, MKDEV(VCS_MAJOR, tty->index + 1), NULL, "vcs%u", tty->index + 1);
	class_device_create(vc_class, MKDEV(VCS_MAJOR, tty->index + 129), NULL, "vcsa%u", tty->index + 1);
}
