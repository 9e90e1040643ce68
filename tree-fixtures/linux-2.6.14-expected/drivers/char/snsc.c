/*
 * drivers/char/snsc.c - kmigrate fixture: the SGI Altix system controller
 * nodes, one per module that has one
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

#define SCDRV_MAJOR	240
#define SCDRV_NODES	1
#define SCDRV_SUBNODES	2
#define SCDRV_NAMELEN	16

/* which subnodes of each compute node have a controller */
static const int scdrv_present[SCDRV_NODES][SCDRV_SUBNODES] = {
	{ 1, 0 },
};

static struct class *snsc_class;
static int scdrv_registered[SCDRV_NODES][SCDRV_SUBNODES];

static int __init scdrv_init(void)
{
	int cnode, sub;
	char devname[SCDRV_NAMELEN];
	dev_t dev;

	snsc_class = class_create(THIS_MODULE, "snsc");
	if (IS_ERR(snsc_class))
		return PTR_ERR(snsc_class);

	for (cnode = 0; cnode < SCDRV_NODES; cnode++) {
		for (sub = 0; sub < SCDRV_SUBNODES; sub++) {
			dev = MKDEV(SCDRV_MAJOR, cnode * SCDRV_SUBNODES + sub);
			snprintf(devname, sizeof(devname), "%03dc%02d#%d",
				 cnode, 1, sub);
			if (!scdrv_present[cnode][sub]) {
				printk(KERN_NOTICE "snsc: no controller %s\n",
				       devname);
				continue;
			}

			class_device_create(snsc_class, NULL, dev, NULL,
						"%s", devname);
			scdrv_registered[cnode][sub] = 1;
		}
	}
	return 0;
}

static void __exit scdrv_exit(void)
{
	int cnode, sub;

	if (!snsc_class || IS_ERR(snsc_class))
		return;
	for (cnode = 0; cnode < SCDRV_NODES; cnode++)
		for (sub = 0; sub < SCDRV_SUBNODES; sub++)
			if (scdrv_registered[cnode][sub])
				class_device_destroy(snsc_class,
					MKDEV(SCDRV_MAJOR,
					      cnode * SCDRV_SUBNODES + sub));
	class_destroy(snsc_class);
}

module_init(scdrv_init);
module_exit(scdrv_exit);
MODULE_LICENSE("GPL");
