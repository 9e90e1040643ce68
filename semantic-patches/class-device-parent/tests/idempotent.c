/*
 * What the rule makes of the seed's call shapes.  Running it again must
 * change nothing: every converted call has NULL as argument 2.
 */
#include <linux/device.h>

static int idem_init(dev_t dev, struct device *device, char *name, int i)
{
	void *class_err;

	class_device_create(tty_class, NULL, dev, device, name);
	class_device_create(dsp56k_class, NULL, MKDEV(DSP56K_MAJOR, 0), NULL, "dsp56k");
	class_device_create(aoe_class, NULL,
				MKDEV(AOE_MAJOR, chardevs[i].minor),
				NULL, chardevs[i].name);
	class_device_create(mtd_class, NULL, 
			    MKDEV(MTD_CHAR_MAJOR, i*2+1),
			    NULL, "mtd%dro", i);
	class_device_create(ip2_class, NULL, MKDEV(IP2_IPL_MAJOR,
			4 * i), NULL, "ipl%d", i);
	class_device_create(ib_ucm_class, NULL, IB_UCM_DEV, NULL, "ucm");
	class_err = class_device_create(i2o_controller_class, NULL, 0,
			&c->device, "iop%d", c->unit);
	if (IS_ERR(class_device_create(hpsb_protocol_class, NULL, MKDEV(
		IEEE1394_MAJOR,	IEEE1394_MINOR_BLOCK_RAW1394 * 16), 
		NULL, RAW1394_DEVICE_NAME)))
		return -EFAULT;
	tcd->class_device = class_device_create(
				tape_class, NULL,
				tcd->char_device->dev,
				device,
				"%s", tcd->device_name
			);
	class_device_create(sound_class, NULL, MKDEV(SOUND_MAJOR, s->unit_minor),
			    device, s->name+6);
	return 0;
}
