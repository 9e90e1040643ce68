/*
 * drivers/char/istallion.c - kmigrate fixture: the shared memory nodes of
 * the Stallion intelligent multiport boards
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.  The kernel gave this class the same name as
 * stallion.c's; here it is "istallion" so that both drivers can be linked
 * into one harness.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define STL_SIOMEMMAJOR	28
#define STL_MAXBRDS	2

static struct class *istallion_class;

static int __init stli_init(void)
{
	int i;

	istallion_class = class_create(THIS_MODULE, "istallion");
	if (IS_ERR(istallion_class))
		return PTR_ERR(istallion_class);
	for (i = 0; i < STL_MAXBRDS; i++) {
		class_device_create(istallion_class, NULL,
				    MKDEV(STL_SIOMEMMAJOR, i),
				NULL, "staliomem%d", i);
	}
	return 0;
}

static void __exit istallion_module_exit(void)
{
	int i;

	if (!istallion_class || IS_ERR(istallion_class))
		return;
	for (i = 0; i < STL_MAXBRDS; i++)
		class_device_destroy(istallion_class,
				     MKDEV(STL_SIOMEMMAJOR, i));
	class_destroy(istallion_class);
}

module_init(stli_init);
module_exit(istallion_module_exit);
MODULE_LICENSE("GPL");
