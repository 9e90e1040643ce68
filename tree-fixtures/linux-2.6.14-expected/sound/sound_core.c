/*
 * sound/sound_core.c - kmigrate fixture: the sound class and the minors
 * of the sound major handed out to sound drivers
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  This file provides sound_class: its init is a
 * subsys_initcall, so it runs before sound/core/sound.c and
 * sound/oss/soundcard.c use the class, and its exit after theirs.  It
 * registers one unit itself, the "dsp" special device.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>
#include <linux/sound.h>

struct sound_unit {
	int unit_minor;
	char *name;		/* "sound/dsp": the node drops "sound/" */
	int registered;
};

struct class *sound_class;

static struct sound_unit sound_dsp = {
	.unit_minor = 3,
	.name = "sound/dsp",
};

static int sound_insert_unit(struct sound_unit *s, struct device *dev)
{
	int r = s->unit_minor;

	if (r < 0 || r > 255)
		return -EINVAL;
	s->registered = 1;

	class_device_create(sound_class, NULL,
			    MKDEV(SOUND_MAJOR, s->unit_minor),
			    dev, s->name+6);
	return r;
}

static void sound_remove_unit(struct sound_unit *s)
{
	if (!s->registered)
		return;
	class_device_destroy(sound_class, MKDEV(SOUND_MAJOR, s->unit_minor));
	s->registered = 0;
}

static int __init init_soundcore(void)
{
	int r;

	sound_class = class_create(THIS_MODULE, "sound");
	if (IS_ERR(sound_class)) {
		r = PTR_ERR(sound_class);
		sound_class = NULL;
		return r;
	}
	r = sound_insert_unit(&sound_dsp, NULL);
	return r < 0 ? r : 0;
}

static void __exit cleanup_soundcore(void)
{
	if (!sound_class)
		return;
	sound_remove_unit(&sound_dsp);
	class_destroy(sound_class);
	sound_class = NULL;
}

subsys_initcall(init_soundcore);
module_exit(cleanup_soundcore);
MODULE_LICENSE("GPL");
