/*
 * drivers/char/raw.c - kmigrate fixture: the raw control node and the raw
 * devices bound through it
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define RAW_MAJOR	162
#define MAX_RAW_MINORS	256

struct raw_config_request {
	int raw_minor;
	u32 block_major;
	u32 block_minor;
};

static struct class *raw_class;
static int raw_bound[MAX_RAW_MINORS];

/* (re)creates the class device of a raw minor just bound to a disk */
static void bind_device(struct raw_config_request *rq)
{
	class_device_destroy(raw_class, MKDEV(RAW_MAJOR, rq->raw_minor));
	class_device_create(raw_class, NULL, MKDEV(RAW_MAJOR, rq->raw_minor),
				      NULL, "raw%d", rq->raw_minor);
}

static int raw_bind(struct raw_config_request *rq)
{
	if (rq->raw_minor <= 0 || rq->raw_minor >= MAX_RAW_MINORS)
		return -EINVAL;
	raw_bound[rq->raw_minor] = 1;
	bind_device(rq);
	return 0;
}

static int __init raw_init(void)
{
	struct raw_config_request rq = { 1, 8, 1 };

	raw_class = class_create(THIS_MODULE, "raw");
	if (IS_ERR(raw_class))
		return PTR_ERR(raw_class);
	class_device_create(raw_class, NULL, MKDEV(RAW_MAJOR, 0), NULL,
			    "rawctl");

	/* what "raw /dev/raw/raw1 8 1" asks of the control node */
	return raw_bind(&rq);
}

static void __exit raw_exit(void)
{
	int minor;

	if (!raw_class || IS_ERR(raw_class))
		return;
	for (minor = 1; minor < MAX_RAW_MINORS; minor++)
		if (raw_bound[minor])
			class_device_destroy(raw_class,
					     MKDEV(RAW_MAJOR, minor));
	class_device_destroy(raw_class, MKDEV(RAW_MAJOR, 0));
	class_destroy(raw_class);
}

module_init(raw_init);
module_exit(raw_exit);
MODULE_LICENSE("GPL");
