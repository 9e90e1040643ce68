/*
 * arch/i386/kernel/cpuid.c - kmigrate fixture: /dev/cpu/N/cpuid nodes
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.
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

static int cpuid_class_device_create(int i)
{
	int err = 0;
	struct class_device *class_err;

	class_err = class_device_create(cpuid_class, NULL, MKDEV(CPUID_MAJOR, i), NULL, "cpu%d",i);
	if (IS_ERR(class_err))
		err = PTR_ERR(class_err);
	return err;
}

static int __init cpuid_init(void)
{
	int i, err = 0;

	cpuid_class = class_create(THIS_MODULE, "cpuid");
	if (IS_ERR(cpuid_class))
		return PTR_ERR(cpuid_class);
	for (i = 0; i < CPUID_NR_CPUS; i++) {
		err = cpuid_class_device_create(i);
		if (err != 0)
			break;
	}
	return err;
}

static void __exit cpuid_exit(void)
{
	int cpu;

	if (!cpuid_class || IS_ERR(cpuid_class))
		return;
	for (cpu = 0; cpu < CPUID_NR_CPUS; cpu++)
		class_device_destroy(cpuid_class, MKDEV(CPUID_MAJOR, cpu));
	class_destroy(cpuid_class);
}

module_init(cpuid_init);
module_exit(cpuid_exit);
MODULE_LICENSE("GPL");
