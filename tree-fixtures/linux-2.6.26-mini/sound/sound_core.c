/*
 * sound/sound_core.c - kmigrate fixture: the sound class and the OSS
 * nodes registered in it
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for:
 * its format is an expression, the unit's name past its "sound/" prefix.
 * The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define SOUND_MAJOR	14

struct sound_unit {
	int minor;
	char name[32];
	struct device *dev;
};

static struct class *sound_class;
static struct device snd_card0 = { .bus_id = "card0" };

static struct sound_unit sound_units[] = {
	{ 3, "sound/dsp", &snd_card0 },
	{ 0, "sound/mixer", &snd_card0 },
};

static void sound_insert_unit(struct sound_unit *s)
{
	device_create(sound_class, s->dev, MKDEV(SOUND_MAJOR, s->minor),
		      s->name + 6);
}

static int __init init_soundcore(void)
{
	int i;

	sound_class = class_create(THIS_MODULE, "sound");
	if (IS_ERR(sound_class))
		return PTR_ERR(sound_class);
	for (i = 0; i < ARRAY_SIZE(sound_units); i++)
		sound_insert_unit(&sound_units[i]);
	return 0;
}

static void __exit cleanup_soundcore(void)
{
	int i;

	if (!sound_class || IS_ERR(sound_class))
		return;
	for (i = 0; i < ARRAY_SIZE(sound_units); i++)
		device_destroy(sound_class,
			       MKDEV(SOUND_MAJOR, sound_units[i].minor));
	class_destroy(sound_class);
}

module_init(init_soundcore);
module_exit(cleanup_soundcore);
MODULE_LICENSE("GPL");
