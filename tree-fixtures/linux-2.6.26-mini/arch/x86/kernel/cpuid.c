/*
 * arch/x86/kernel/cpuid.c - kmigrate fixture: one cpuid node per
 * processor
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for;
 * the code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define CPUID_MAJOR	203
#define CPUID_NR_CPUS	2

static struct class *cpuid_class;

static int cpuid_device_create(int cpu)
{
	struct device *dev;

	dev = device_create(cpuid_class, NULL, MKDEV(CPUID_MAJOR, cpu), "cpu%d", cpu);
	return IS_ERR(dev) ? PTR_ERR(dev) : 0;
}

static void cpuid_device_destroy(int cpu)
{
	device_destroy(cpuid_class, MKDEV(CPUID_MAJOR, cpu));
}

static int __init cpuid_init(void)
{
	int i, err = 0;

	cpuid_class = class_create(THIS_MODULE, "cpuid");
	if (IS_ERR(cpuid_class))
		return PTR_ERR(cpuid_class);
	for (i = 0; i < CPUID_NR_CPUS; i++) {
		err = cpuid_device_create(i);
		if (err != 0)
			goto out_class;
	}
	return 0;

out_class:
	while (--i >= 0)
		cpuid_device_destroy(i);
	class_destroy(cpuid_class);
	cpuid_class = NULL;
	return err;
}

static void __exit cpuid_exit(void)
{
	int cpu;

	if (!cpuid_class)
		return;
	for (cpu = 0; cpu < CPUID_NR_CPUS; cpu++)
		cpuid_device_destroy(cpu);
	class_destroy(cpuid_class);
}

module_init(cpuid_init);
module_exit(cpuid_exit);
MODULE_LICENSE("GPL");
