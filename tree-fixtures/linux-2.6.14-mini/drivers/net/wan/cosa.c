/*
 * drivers/net/wan/cosa.c - kmigrate fixture: the COSA/SRP synchronous
 * serial cards, one node per card
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
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define COSA_MAJOR	117
#define MAX_CARDS	16

static int cosa_major = COSA_MAJOR;
static int nr_cards;
static struct class *cosa_class;

/* the ISA probe stand-in: one card answers */
static int cosa_probe(int io)
{
	return io == 0x300 ? 0 : -ENODEV;
}

static int __init cosa_init(void)
{
	static const int io[] = { 0x300, 0x190 };
	int i, err;

	for (i = 0; i < 2 && nr_cards < MAX_CARDS; i++)
		if (cosa_probe(io[i]) == 0)
			nr_cards++;
	if (!nr_cards)
		return -ENODEV;
	cosa_class = class_create(THIS_MODULE, "cosa");
	if (IS_ERR(cosa_class)) {
		err = PTR_ERR(cosa_class);
		cosa_class = NULL;
		return err;
	}
	for (i = 0; i < nr_cards; i++) {
		class_device_create(cosa_class, MKDEV(cosa_major, i),
				NULL, "cosa%d", i);
	}
	return 0;
}

static void __exit cosa_exit(void)
{
	int i;

	if (!cosa_class)
		return;
	for (i = 0; i < nr_cards; i++)
		class_device_destroy(cosa_class, MKDEV(cosa_major, i));
	class_destroy(cosa_class);
}

module_init(cosa_init);
module_exit(cosa_exit);
MODULE_LICENSE("GPL");
