/*
 * arch/x86/kernel/msr.c - kmigrate fixture: one msr node per processor
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

#define MSR_MAJOR	202
#define MSR_NR_CPUS	2

static struct class *msr_class;

static int msr_device_create(int cpu)
{
	struct device *d;

	d = device_create(msr_class, NULL, MKDEV(MSR_MAJOR, cpu), "msr%d", cpu);
	return IS_ERR(d) ? PTR_ERR(d) : 0;
}

static int __init msr_init(void)
{
	int i, err;

	msr_class = class_create(THIS_MODULE, "msr");
	if (IS_ERR(msr_class))
		return PTR_ERR(msr_class);
	for (i = 0; i < MSR_NR_CPUS; i++) {
		err = msr_device_create(i);
		if (err != 0)
			goto out_class;
	}
	return 0;

out_class:
	while (--i >= 0)
		device_destroy(msr_class, MKDEV(MSR_MAJOR, i));
	class_destroy(msr_class);
	msr_class = NULL;
	return err;
}

static void __exit msr_exit(void)
{
	int cpu;

	if (!msr_class)
		return;
	for (cpu = 0; cpu < MSR_NR_CPUS; cpu++)
		device_destroy(msr_class, MKDEV(MSR_MAJOR, cpu));
	class_destroy(msr_class);
}

module_init(msr_init);
module_exit(msr_exit);
MODULE_LICENSE("GPL");
