/*
 * Hard case: a different create call in each branch of #ifdef / #else.
 *
 * Both branches hold an old-form call.  Any one configuration compiles
 * only one of them, so a tool that looks at a single preprocessed view
 * misses the other: both must be found and both converted.  The #else
 * call grows past 80 columns when converted and is wrapped before its
 * last argument.
 */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *ifdef_class;
static struct class_device *cdev;

static int __init ifdef_init(void)
{
	ifdef_class = class_create(THIS_MODULE, "ifdef");
	if (IS_ERR(ifdef_class))
		return PTR_ERR(ifdef_class);

#ifdef CONFIG_HARD_IFDEF_LEGACY
	cdev = class_device_create(ifdef_class, NULL, MKDEV(240, 0),
				   NULL, "legacy%d", 0);
#else
	cdev = class_device_create(ifdef_class, NULL, MKDEV(241, 1), NULL,
				   "ifdef");
#endif
	if (IS_ERR(cdev)) {
		class_destroy(ifdef_class);
		return PTR_ERR(cdev);
	}
	return 0;
}

static void __exit ifdef_exit(void)
{
#ifdef CONFIG_HARD_IFDEF_LEGACY
	class_device_destroy(ifdef_class, MKDEV(240, 0));
#else
	class_device_destroy(ifdef_class, MKDEV(241, 1));
#endif
	class_destroy(ifdef_class);
}

module_init(ifdef_init);
module_exit(ifdef_exit);
MODULE_LICENSE("GPL");
