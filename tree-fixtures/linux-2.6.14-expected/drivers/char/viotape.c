/*
 * drivers/char/viotape.c - kmigrate fixture: iSeries virtual tape drives,
 * a rewinding and a non-rewinding node per drive
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

#define VIOTAPE_MAJOR		230
#define VIOTAPE_MAX_TAPE	2
#define MAX_PARTITIONS		4
#define VIOT_IDLE		0

struct vio_dev {
	int unit_address;
	struct device dev;
};

struct viot_devinfo_struct {
	int cur_part;
	int part_stat_rwi[MAX_PARTITIONS];
	int registered;
};

static struct device vio_bus = {
	.bus_id = "vio",
};

static struct vio_dev viotape_vdevs[] = {
	{ 0, { .parent = &vio_bus, .bus_id = "viotape0" } },
};

static struct viot_devinfo_struct state[VIOTAPE_MAX_TAPE];
static struct class *tape_class;

static int viotape_probe(struct vio_dev *vdev)
{
	int i = vdev->unit_address;
	int j;

	if (i >= VIOTAPE_MAX_TAPE)
		return -ENODEV;

	state[i].cur_part = 0;
	for (j = 0; j < MAX_PARTITIONS; ++j)
		state[i].part_stat_rwi[j] = VIOT_IDLE;
	class_device_create(tape_class, NULL, MKDEV(VIOTAPE_MAJOR, i), NULL,
			"iseries!vt%d", i);
	class_device_create(tape_class, NULL, MKDEV(VIOTAPE_MAJOR, i | 0x80),
			NULL, "iseries!nvt%d", i);
	state[i].registered = 1;
	return 0;
}

static int __init viotap_init(void)
{
	unsigned int i;

	tape_class = class_create(THIS_MODULE, "tape");
	if (IS_ERR(tape_class))
		return PTR_ERR(tape_class);
	for (i = 0; i < ARRAY_SIZE(viotape_vdevs); i++)
		viotape_probe(&viotape_vdevs[i]);
	return 0;
}

static void __exit viotap_exit(void)
{
	int i;

	if (!tape_class || IS_ERR(tape_class))
		return;
	for (i = 0; i < VIOTAPE_MAX_TAPE; i++) {
		if (!state[i].registered)
			continue;
		class_device_destroy(tape_class, MKDEV(VIOTAPE_MAJOR, i));
		class_device_destroy(tape_class,
				     MKDEV(VIOTAPE_MAJOR, i | 0x80));
	}
	class_destroy(tape_class);
}

module_init(viotap_init);
module_exit(viotap_exit);
MODULE_LICENSE("GPL");
