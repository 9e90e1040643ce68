/*
 * Hard case: a new-form call with a non-NULL parent.
 *
 * The event node is created under the input device's own class device,
 * as the input layer does once the parent argument exists.  Argument 2
 * is a struct class_device pointer and the format is argument 5: new
 * form, left alone.  A tool that inserts NULL into every call of five or
 * more arguments breaks it; check finds nothing.
 */
#include <linux/device.h>

struct hard_input_dev {
	struct class_device cdev;
	int minor;
};

extern struct class input_dev_class;

void hard_evdev_connect(struct hard_input_dev *dev, int minor);

void hard_evdev_connect(struct hard_input_dev *dev, int minor)
{
	dev->minor = minor;
	class_device_create(&input_dev_class, &dev->cdev, MKDEV(13, 64),
			    dev->cdev.dev, "event%d", minor);
}
