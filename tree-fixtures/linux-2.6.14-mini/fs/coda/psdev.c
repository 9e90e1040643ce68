/*
 * fs/coda/psdev.c - kmigrate fixture: the Coda cache manager's pseudo
 * devices, one node per possible Venus process
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

#define CODA_PSDEV_MAJOR	67
#define MAX_CODADEVS		2

static struct class *coda_psdev_class;

static int init_coda_psdev(void)
{
	int i, err = 0;

	coda_psdev_class = class_create(THIS_MODULE, "coda");
	if (IS_ERR(coda_psdev_class)) {
		err = PTR_ERR(coda_psdev_class);
		goto out_chrdev;
	}
	for (i = 0; i < MAX_CODADEVS; i++) {
		class_device_create(coda_psdev_class, MKDEV(CODA_PSDEV_MAJOR,i),
				NULL, "cfs%d", i);
	}
	return 0;

out_chrdev:
	coda_psdev_class = NULL;
	return err;
}

static int __init init_coda(void)
{
	int status;

	status = init_coda_psdev();
	if (status)
		printk(KERN_WARNING "coda: failed to register the psdevs\n");
	return status;
}

static void __exit exit_coda(void)
{
	int i;

	if (!coda_psdev_class)
		return;
	for (i = 0; i < MAX_CODADEVS; i++)
		class_device_destroy(coda_psdev_class,
				     MKDEV(CODA_PSDEV_MAJOR, i));
	class_destroy(coda_psdev_class);
}

module_init(init_coda);
module_exit(exit_coda);
MODULE_LICENSE("GPL");
