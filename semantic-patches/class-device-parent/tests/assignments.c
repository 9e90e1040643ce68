/*
 * Old-form calls used as values: assigned, tested with IS_ERR(),
 * returned, passed on.
 */
#include <linux/device.h>

static struct class *usb_class, *usb_host_class, *fb_class, *msr_class;
static struct class *ch_sysfs_class, *raw_class;

static int assign_usb(struct usb_interface *intf, int minor, char *temp)
{
	intf->class_dev = class_device_create(usb_class, MKDEV(USB_MAJOR, minor), &intf->dev, "%s", temp);
	if (IS_ERR(intf->class_dev))
		return PTR_ERR(intf->class_dev);
	return 0;
}

static void assign_host(struct usb_bus *bus, int busnum)
{
	bus->class_dev = class_device_create(usb_host_class, MKDEV(0,0), bus->controller, "usb_host%d", busnum);
}

static void assign_fb(struct fb_info *fb_info, int i)
{
	fb_info->class_device = class_device_create(fb_class, MKDEV(FB_MAJOR, i),
				    fb_info->device, "fb%d", i);
}

static int assign_msr(int i)
{
	int err = 0;
	void *class_err;

	class_err = class_device_create(msr_class, MKDEV(MSR_MAJOR, i), NULL, "msr%d",i);
	if (IS_ERR(class_err))
		err = PTR_ERR(class_err);
	return err;
}

static int is_err_ch(struct scsi_changer *ch, struct device *dev)
{
	if (IS_ERR(class_device_create(ch_sysfs_class,
			    MKDEV(SCSI_CHANGER_MAJOR,ch->minor),
			    dev, "s%s", ch->name)))
		return -ENODEV;
	return 0;
}

static struct class_device *return_raw(int minor)
{
	return class_device_create(raw_class, MKDEV(RAW_MAJOR, minor),
				      NULL, "raw%d", minor);
}

static long passed_on(void)
{
	return PTR_ERR(class_device_create(raw_class, MKDEV(RAW_MAJOR, 0), NULL, "rawctl"));
}
