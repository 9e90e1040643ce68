/*
 * sound/sound_core.c - kmigrate fixture: the sound class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  Only the class
 * registration keeps the shape of the 6.3 call it stands for; the code
 * around it is a minimal stand-in.  The function's name is also in a
 * comment, which is not a call.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

static struct class *sound_class;

static int __init init_soundcore(void)
{
	/*
	 * class_create() gives back an ERR_PTR() on failure, never NULL;
	 * the sound core cannot work without its class.
	 */
	sound_class = class_create(THIS_MODULE, "sound");
	if (IS_ERR(sound_class))
		return PTR_ERR(sound_class);
	return 0;
}

static void __exit cleanup_soundcore(void)
{
	if (!IS_ERR_OR_NULL(sound_class))
		class_destroy(sound_class);
}

module_init(init_soundcore);
module_exit(cleanup_soundcore);
MODULE_LICENSE("GPL");
