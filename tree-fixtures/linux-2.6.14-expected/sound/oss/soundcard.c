/*
 * sound/oss/soundcard.c - kmigrate fixture: the OSS device nodes (mixer,
 * sequencer, ...), one per device kind plus one per extra unit
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.  The class is sound_core.c's sound_class.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>
#include <linux/sound.h>

#define SND_DEV_CTL	0
#define SND_DEV_SEQ	1

static int num_mixers = 2;
static int num_sequencers = 1;

struct oss_devinfo {
	int minor;
	umode_t mode;
	char *name;
	int *num;		/* how many units of this kind */
};

static struct oss_devinfo dev_list[] = {
	{ SND_DEV_CTL, 0666, "mixer", &num_mixers },
	{ SND_DEV_SEQ, 0600, "sequencer", &num_sequencers },
};

static int oss_registered;

static int __init oss_init(void)
{
	unsigned int i;
	int j;

	if (!sound_class)
		return -ENODEV;

	for (i = 0; i < ARRAY_SIZE(dev_list); i++) {
		class_device_create(sound_class, NULL,
				    MKDEV(SOUND_MAJOR, dev_list[i].minor),
				    NULL, "%s", dev_list[i].name);

		for (j = 1; j < *dev_list[i].num; j++) {
			class_device_create(sound_class, NULL,
					    MKDEV(SOUND_MAJOR, dev_list[i].minor + (j*0x10)),
					    NULL, "%s%d", dev_list[i].name, j);
		}
	}
	oss_registered = 1;
	return 0;
}

static void __exit oss_cleanup(void)
{
	int i, j;

	if (!oss_registered)
		return;
	for (i = ARRAY_SIZE(dev_list) - 1; i >= 0; i--) {
		for (j = *dev_list[i].num - 1; j >= 1; j--)
			class_device_destroy(sound_class, MKDEV(SOUND_MAJOR,
					     dev_list[i].minor + (j * 0x10)));
		class_device_destroy(sound_class,
				     MKDEV(SOUND_MAJOR, dev_list[i].minor));
	}
	oss_registered = 0;
}

module_init(oss_init);
module_exit(oss_cleanup);
MODULE_LICENSE("GPL");
