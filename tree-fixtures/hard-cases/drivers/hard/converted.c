/*
 * Hard case: calls already in the new form.
 *
 * Scan reports them as new; apply leaves the file byte-identical (a tool
 * that inserts NULL whenever it sees the name would add a second one);
 * check finds nothing.
 */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *done_class;

static int __init done_init(void)
{
	struct class_device *cd;

	done_class = class_create(THIS_MODULE, "done");
	if (IS_ERR(done_class))
		return PTR_ERR(done_class);
	cd = class_device_create(done_class, NULL, MKDEV(1, 3), NULL, "done");
	if (IS_ERR(cd))
		goto out_destroy_class;
	cd = class_device_create(done_class, NULL,
				 MKDEV(1, 6), NULL, "done%d", 6);
	if (IS_ERR(cd))
		goto out_destroy_done;
	return 0;

out_destroy_done:
	class_device_destroy(done_class, MKDEV(1, 3));
out_destroy_class:
	class_destroy(done_class);
	return PTR_ERR(cd);
}

module_init(done_init);
MODULE_LICENSE("GPL");
