/*
 * Hard case: the name of the creation function where it is not a call.
 *
 * Below it appears in comments (one of them holding a commented-out old
 * call), in a message string, and as a value: a function pointer
 * assignment and an address-of in an initializer; include/linux/hard.h
 * redeclares its prototype.  None of these is a call: scan reports each
 * with its kind (comment, string, reference, declaration), apply changes
 * nothing, check finds nothing.  Longer identifiers that merely contain
 * the name (hard_class_device_create, class_device_create_file) are not
 * occurrences at all.
 */
#include <linux/kernel.h>
#include <linux/device.h>
#include <linux/hard.h>

typedef struct class_device *(*hard_create_t)(struct class *cls,
					      struct class_device *parent,
					      dev_t devt,
					      struct device *device,
					      char *fmt, ...);

/* hard_probe() goes through class_device_create() via a pointer. */
static hard_create_t hard_default_create = &class_device_create;
static hard_create_t cd_create_fn;

int hard_probe(struct class *cls);

int hard_probe(struct class *cls)
{
	struct class_device *cdev;

	/*
	 * Before the parent argument existed this read:
	 *	class_device_create(cls, MKDEV(1, 2), NULL, "hard");
	 */
	cd_create_fn = class_device_create;
	if (!cd_create_fn)
		cd_create_fn = hard_default_create;
	// the same as class_device_create, with no parent
	cdev = cd_create_fn(cls, NULL, MKDEV(1, 2), NULL, "hard");
	if (!cdev) {
		printk(KERN_ERR "class_device_create failed\n");
		return -1;
	}
	if (!hard_class_device_create(cls, 3))
		return -1;
	return class_device_create_file(cdev, NULL);
}
