/*
 * drivers/block/aoe/aoechr.c - kmigrate fixture: the aoe class and its
 * control nodes
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  Only the class
 * registration keeps the shape of the 6.3 call it stands for; the code
 * around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>
#include <linux/kdev_t.h>

#define AOE_MAJOR	152

static const struct aoe_chardev {
	unsigned int minor;
	const char *name;
} chardevs[] = {
	{ 1, "err" },
	{ 2, "discover" },
	{ 3, "interfaces" },
};

static struct class *aoe_class;

static int __init aoechr_init(void)
{
	int i;

	aoe_class = class_create(THIS_MODULE, "aoe");
	if (IS_ERR(aoe_class))
		return PTR_ERR(aoe_class);

	for (i = 0; i < ARRAY_SIZE(chardevs); ++i)
		device_create(aoe_class, NULL,
			      MKDEV(AOE_MAJOR, chardevs[i].minor), NULL,
			      chardevs[i].name);
	return 0;
}

static void __exit aoechr_exit(void)
{
	int i;

	if (IS_ERR_OR_NULL(aoe_class))
		return;
	for (i = 0; i < ARRAY_SIZE(chardevs); ++i)
		device_destroy(aoe_class, MKDEV(AOE_MAJOR, chardevs[i].minor));
	class_destroy(aoe_class);
}

module_init(aoechr_init);
module_exit(aoechr_exit);
MODULE_LICENSE("GPL");
