/*
 * Calls already in the new form: a NULL parent, a real parent, and the
 * mistaken call with the class in the parent's place (a job for
 * "kmigrate check", not for this rule).  Nothing here may change.
 */
#include <linux/device.h>

struct input_handle_dev {
	struct class_device cdev;
	struct device *dev;
};

static struct class *input_class, *vmlogrdr_class, *tty_class;

static void new_null_parent(int minor)
{
	class_device_create(tty_class, NULL, MKDEV(TTYAUX_MAJOR, 0), NULL, "tty");
	class_device_create(input_class, NULL,
			MKDEV(INPUT_MAJOR, EVDEV_MINOR_BASE + minor),
			NULL, "event%d", minor);
}

static void new_real_parent(struct input_handle_dev *dev, int minor)
{
	class_device_create(input_class, &dev->cdev,
			MKDEV(INPUT_MAJOR, EVDEV_MINOR_BASE + minor),
			dev->dev, "event%d", minor);
}

static void new_parent_variable(struct class_device *parent, dev_t devt,
				struct device *device, const char *name)
{
	class_device_create(input_class, parent, devt, device, "%s", name);
}

static void new_swapped(struct vmlogrdr_priv_t *priv, struct device *dev)
{
	priv->class_device = class_device_create(
				NULL,
				vmlogrdr_class,
				MKDEV(vmlogrdr_major, priv->minor_num),
				dev,
				"%s", dev->bus_id);
}
