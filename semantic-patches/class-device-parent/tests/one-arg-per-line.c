/*
 * Old-form calls with one argument a line.  spatch puts NULL on the line
 * of the first argument ("tape_class, NULL,"); kmigrate's reformatter
 * may move it to a line of its own afterwards.
 */
#include <linux/device.h>

static struct class *tape_class, *vmlogrdr_class;

static void per_line_tape(struct tape_class_device *tcd,
			  struct device *device)
{
	tcd->class_device = class_device_create(
				tape_class,
				tcd->char_device->dev,
				device,
				"%s", tcd->device_name
			);
}

static void per_line_logrec(struct vmlogrdr_priv_t *priv, struct device *dev)
{
	priv->class_device = class_device_create(
				vmlogrdr_class,
				MKDEV(vmlogrdr_major, priv->minor_num),
				dev,
				"%s", dev->bus_id);
}
