/*
 * Old-form calls whose format (argument 4) is not a string literal: a
 * variable, an expression, a macro, a structure member.  Four arguments
 * are enough to tell the old form (the new one needs at least five), and
 * MKDEV() as argument 2 is enough in a five-argument call.
 */
#include <linux/device.h>

#define RAW1394_DEVICE_NAME	"raw1394"
#define HWMON_ID_FORMAT		"hwmon%d"

static struct class *mem_class, *sound_class, *hpsb_protocol_class;
static struct class *hwmon_class;

static void nonliteral_member(int i)
{
	class_device_create(mem_class, MKDEV(MEM_MAJOR, devlist[i].minor),
					NULL, devlist[i].name);
	class_device_create(mem_class, MKDEV(MEM_MAJOR, 3), NULL, chardevs[i].name);
}

static void nonliteral_expression(struct sound_unit *s, struct device *dev)
{
	class_device_create(sound_class, MKDEV(SOUND_MAJOR, s->unit_minor),
			    dev, s->name+6);
}

static int nonliteral_macro(void)
{
	if (IS_ERR(class_device_create(hpsb_protocol_class, MKDEV(
		IEEE1394_MAJOR,	IEEE1394_MINOR_BLOCK_RAW1394 * 16), 
		NULL, RAW1394_DEVICE_NAME)))
		return -EFAULT;
	return 0;
}

static struct class_device *nonliteral_macro_format(struct device *dev,
						    int id)
{
	struct class_device *cdev;

	cdev = class_device_create(hwmon_class, MKDEV(0,0), dev,
					HWMON_ID_FORMAT, id);
	return cdev;
}

static void nonliteral_variable(struct class *tty_class, dev_t dev,
				struct device *device, char *name)
{
	class_device_create(tty_class, dev, device, name);
}
