/*
 * arch/i386/kernel/msr.c - kmigrate fixture: /dev/cpu/N/msr nodes
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

#define MSR_MAJOR	202
#define MSR_NR_CPUS	1

static struct class *msr_class;

static int msr_class_device_create(int i)
{
	int err = 0;
	struct class_device *class_err;

	class_err = class_device_create(msr_class, NULL, MKDEV(MSR_MAJOR, i), NULL, "msr%d",i);
	if (IS_ERR(class_err))
		err = PTR_ERR(class_err);
	return err;
}

static int __init msr_init(void)
{
	int i;

	msr_class = class_create(THIS_MODULE, "msr");
	if (IS_ERR(msr_class))
		return PTR_ERR(msr_class);
	for (i = 0; i < MSR_NR_CPUS; i++)
		if (msr_class_device_create(i))
			printk(KERN_ERR "msr: no class device for cpu %d\n", i);
	return 0;
}

static void __exit msr_exit(void)
{
	int cpu;

	if (!msr_class || IS_ERR(msr_class))
		return;
	for (cpu = 0; cpu < MSR_NR_CPUS; cpu++)
		class_device_destroy(msr_class, MKDEV(MSR_MAJOR, cpu));
	class_destroy(msr_class);
}

module_init(msr_init);
module_exit(msr_exit);
MODULE_LICENSE("GPL");
