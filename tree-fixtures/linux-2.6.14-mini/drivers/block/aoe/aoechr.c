/*
 * drivers/block/aoe/aoechr.c - kmigrate fixture: the ATA over Ethernet
 * control character devices
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

#define AOE_MAJOR	152

enum {
	MINOR_ERR = 2,
	MINOR_DISCOVER,
};

struct aoe_chardev {
	unsigned int minor;
	char name[32];
};

static struct aoe_chardev chardevs[] = {
	{ MINOR_ERR, "err" },
	{ MINOR_DISCOVER, "discover" },
};

static struct class *aoe_class;

static int __init aoechr_init(void)
{
	unsigned int i;

	aoe_class = class_create(THIS_MODULE, "aoe");
	if (IS_ERR(aoe_class))
		return PTR_ERR(aoe_class);
	for (i = 0; i < ARRAY_SIZE(chardevs); ++i)
		class_device_create(aoe_class,
					MKDEV(AOE_MAJOR, chardevs[i].minor),
					NULL, chardevs[i].name);

	return 0;
}

static void __exit aoechr_exit(void)
{
	unsigned int i;

	if (!aoe_class || IS_ERR(aoe_class))
		return;
	for (i = 0; i < ARRAY_SIZE(chardevs); ++i)
		class_device_destroy(aoe_class,
				     MKDEV(AOE_MAJOR, chardevs[i].minor));
	class_destroy(aoe_class);
}

module_init(aoechr_init);
module_exit(aoechr_exit);
MODULE_LICENSE("GPL");
