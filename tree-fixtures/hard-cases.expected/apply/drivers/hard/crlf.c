/*
 * Hard case: a file with CRLF line endings (every line ends in CR LF).
 *
 * Both old-form calls are converted; every line keeps its CR, the
 * changed ones included, and no other byte changes.  The first call's
 * opening line ends in a comma followed by a space, then CR LF: once
 * converted it ends "crlf_class, NULL," and CR LF, trailing space gone.
 * The second one is exactly 80 columns wide once converted: not wrapped.
 */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *crlf_class;
static struct device crlf_dev;

static int __init crlf_init(void)
{
	struct class_device *cd;

	crlf_class = class_create(THIS_MODULE, "crlf");
	if (IS_ERR(crlf_class))
		return PTR_ERR(crlf_class);
	cd = class_device_create(crlf_class, NULL,
				 MKDEV(10, 1), &crlf_dev, "crlf%d", 1);
	if (IS_ERR(cd))
		goto out_destroy_class;
	cd = class_device_create(crlf_class, NULL, MKDEV(10, 2), NULL, "crlf2");
	if (IS_ERR(cd))
		goto out_destroy_first;
	return 0;

out_destroy_first:
	class_device_destroy(crlf_class, MKDEV(10, 1));
out_destroy_class:
	class_destroy(crlf_class);
	return PTR_ERR(cd);
}

module_init(crlf_init);
MODULE_LICENSE("GPL");
