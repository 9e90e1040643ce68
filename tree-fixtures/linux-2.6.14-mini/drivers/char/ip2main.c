/*
 * drivers/char/ip2main.c - kmigrate fixture: the Computone IntelliPort II
 * loader and status nodes of each board found
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define IP2_IPL_MAJOR	71
#define IP2_MAX_BOARDS	2

struct i2eBordStr {
	int io_port;
	int irq;
};

static struct i2eBordStr ip2_boards[IP2_MAX_BOARDS];
static struct i2eBordStr *i2BoardPtrTable[IP2_MAX_BOARDS];

/* one board at the usual ISA address, the second slot empty */
static int ip2_io[IP2_MAX_BOARDS] = { 0x308, 0 };
static int ip2_irq[IP2_MAX_BOARDS] = { 10, 0 };

static struct class *ip2_class;

/* stands for the checks the driver makes on a board it registered */
static int ip2_check_board(struct i2eBordStr *pB)
{
	return pB->io_port ? 0 : -ENODEV;
}

/* destroying a class device that was never created does nothing */
static void ip2_remove_class_devices(void)
{
	int i;

	for (i = 0; i < IP2_MAX_BOARDS; ++i) {
		if (!i2BoardPtrTable[i])
			continue;
		class_device_destroy(ip2_class, MKDEV(IP2_IPL_MAJOR, 4 * i));
		class_device_destroy(ip2_class,
				     MKDEV(IP2_IPL_MAJOR, 4 * i + 1));
	}
}

static int ip2_loadmain(int *iop, int *irqp)
{
	int i, err = 0;
	struct i2eBordStr *pB;

	for (i = 0; i < IP2_MAX_BOARDS; ++i) {
		if (iop[i] == 0)
			continue;
		ip2_boards[i].io_port = iop[i];
		ip2_boards[i].irq = irqp[i];
		i2BoardPtrTable[i] = &ip2_boards[i];
	}

	if (ip2_class) {
		for (i = 0; i < IP2_MAX_BOARDS; ++i) {
			pB = i2BoardPtrTable[i];
			if (pB != NULL) {
				class_device_create(ip2_class, MKDEV(IP2_IPL_MAJOR,
						4 * i), NULL, "ipl%d", i);
				err = ip2_check_board(pB);
				if (err)
					goto out_class;

				class_device_create(ip2_class, MKDEV(IP2_IPL_MAJOR,
						4 * i + 1), NULL, "stat%d", i);
				err = ip2_check_board(pB);
				if (err)
					goto out_class;
			}
		}
	}
	return 0;

out_class:
	ip2_remove_class_devices();
	class_destroy(ip2_class);
	ip2_class = NULL;
	return err;
}

static int __init ip2_init(void)
{
	ip2_class = class_create(THIS_MODULE, "ip2");
	if (IS_ERR(ip2_class)) {
		int err = PTR_ERR(ip2_class);

		ip2_class = NULL;
		return err;
	}
	return ip2_loadmain(ip2_io, ip2_irq);
}

static void __exit ip2_cleanup_module(void)
{
	if (!ip2_class)
		return;
	ip2_remove_class_devices();
	class_destroy(ip2_class);
}

module_init(ip2_init);
module_exit(ip2_cleanup_module);
MODULE_LICENSE("GPL");
