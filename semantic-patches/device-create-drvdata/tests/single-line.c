/* Old-form calls on one line each: NULL becomes argument 4. */
#include <linux/device.h>

static struct class *raw_class, *ppp_class, *cpuid_class, *vc_class;

static int one_line(int minor, int cpu)
{
	struct device *dev;

	device_create(raw_class, NULL, MKDEV(RAW_MAJOR, minor), "raw%d", minor);
	device_create(ppp_class, NULL, MKDEV(PPP_MAJOR, 0), "ppp");
	dev = device_create(cpuid_class, NULL, MKDEV(CPUID_MAJOR, cpu), "cpu%d", cpu);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	return 0;
}

static void one_line_pair(struct tty_struct *tty)
{
	/* two calls back to back, both long already */
	device_create(vc_class, NULL, MKDEV(VCS_MAJOR, tty->index + 1), "vcs%u", tty->index + 1);
	device_create(vc_class, NULL, MKDEV(VCS_MAJOR, tty->index + 129), "vcsa%u", tty->index + 1);
}
