/*
 * fs/coda/psdev.c - kmigrate fixture: the Coda pseudo devices cfs0,
 * cfs1, ...
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

#define CODA_PSDEV_MAJOR	67
#define MAX_CODADEVS		2

static struct class *coda_psdev_class;

static int init_coda_psdev(void)
{
	int i;

	coda_psdev_class = class_create(THIS_MODULE, "coda");
	if (IS_ERR(coda_psdev_class))
		return PTR_ERR(coda_psdev_class);
	for (i = 0; i < MAX_CODADEVS; i++)
		device_create(coda_psdev_class, NULL,
			      MKDEV(CODA_PSDEV_MAJOR, i), "cfs%d", i);
	return 0;
}

static int __init init_coda(void)
{
	return init_coda_psdev();
}

static void __exit exit_coda(void)
{
	int i;

	if (!coda_psdev_class || IS_ERR(coda_psdev_class))
		return;
	for (i = 0; i < MAX_CODADEVS; i++)
		device_destroy(coda_psdev_class, MKDEV(CODA_PSDEV_MAJOR, i));
	class_destroy(coda_psdev_class);
}

module_init(init_coda);
module_exit(exit_coda);
MODULE_LICENSE("GPL");
