/* Old-form calls on one line each: the owner and its comma go. */
#include <linux/device.h>
#include <linux/module.h>

#define CHRDEV "ppdev"

static struct class *mem_class, *misc_class, *ppdev_class;

static int one_line(void)
{
	mem_class = class_create(THIS_MODULE, "mem");
	if (IS_ERR(mem_class))
		return PTR_ERR(mem_class);
	misc_class = class_create(THIS_MODULE,"misc");
	ppdev_class = class_create(THIS_MODULE, CHRDEV);
	return 0;
}
