/* Converted calls of every shape: a second run changes nothing. */
#include <linux/device.h>

static void idem(struct miscdevice *misc, dev_t dev, struct device *device,
		 char *name, int i)
{
	device_create(raw_class, NULL, MKDEV(RAW_MAJOR, i), NULL, "raw%d", i);
	device_create(ppp_class, NULL, MKDEV(PPP_MAJOR, 0), NULL, "ppp");
	device_create(tty_class, device, dev, NULL, name);
	misc->this_device = device_create(misc_class, misc->parent, dev, NULL,
					  "%s", misc->name);
	device_create(mtd_class, NULL,
		      MKDEV(MTD_CHAR_MAJOR, i*2+1), NULL, "mtd%dro",
		      i);
	device_create(mem_class, NULL,
		      MKDEV(MEM_MAJOR, devlist[i].minor),
		      NULL,
		      devlist[i].name);
	device_create(hwmon_class, device, MKDEV(0,0), NULL, "hwmon%d",
		      i);
}
