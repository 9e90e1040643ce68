/*
 * sound/core/sound.c - kmigrate fixture: the ALSA device nodes of the
 * sound cards (control, PCM, ...)
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
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

#define CONFIG_SND_MAJOR	116
#define SNDRV_OS_MINORS		256

#define SNDRV_DEVICE_TYPE_CONTROL	0
#define SNDRV_DEVICE_TYPE_PCM_PLAYBACK	16

struct snd_card {
	int number;
	struct device *dev;
};

static int major = CONFIG_SND_MAJOR;
static int snd_minors_used[SNDRV_OS_MINORS];

static struct device pci_root = {
	.bus_id = "pci0000:00",
};

static struct device hda_device = {
	.parent = &pci_root,
	.bus_id = "0000:00:1b.0",
};

static struct snd_card snd_card0 = {
	.number = 0,
	.dev = &hda_device,
};

static int snd_kernel_minor(int type, struct snd_card *card, int dev)
{
	return (card->number << 5) | type | dev;
}

/* gives one device of a card (control, PCM, ...) its node */
static int snd_register_device(int type, struct snd_card *card, int dev,
			       char *name)
{
	int minor = snd_kernel_minor(type, card, dev);
	struct device *device = NULL;

	if (minor < 0 || minor >= SNDRV_OS_MINORS)
		return -EINVAL;
	snd_minors_used[minor] = 1;
	if (card)
		device = card->dev;
	class_device_create(sound_class, MKDEV(major, minor), device, "%s", name);

	return 0;
}

static int __init alsa_sound_init(void)
{
	if (!sound_class)
		return -ENODEV;
	snd_register_device(SNDRV_DEVICE_TYPE_CONTROL, &snd_card0, 0,
			    "controlC0");
	snd_register_device(SNDRV_DEVICE_TYPE_PCM_PLAYBACK, &snd_card0, 0,
			    "pcmC0D0p");
	return 0;
}

static void __exit alsa_sound_exit(void)
{
	int minor;

	for (minor = SNDRV_OS_MINORS - 1; minor >= 0; minor--)
		if (snd_minors_used[minor]) {
			class_device_destroy(sound_class, MKDEV(major, minor));
			snd_minors_used[minor] = 0;
		}
}

module_init(alsa_sound_init);
module_exit(alsa_sound_exit);
MODULE_LICENSE("GPL");
