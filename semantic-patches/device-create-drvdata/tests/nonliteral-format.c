/* Old-form calls whose format is not a string literal. */
#include <linux/device.h>

#define RAW_CTL_NAME	"rawctl"

static struct class *mem_class, *sound_class, *raw_class, *tty_class;

static void nonliteral_member(int i)
{
	device_create(mem_class, NULL, MKDEV(MEM_MAJOR, devlist[i].minor),
		      devlist[i].name);
}

static void nonliteral_expression(struct sound_unit *s)
{
	device_create(sound_class, s->dev, MKDEV(SOUND_MAJOR, s->minor),
		      s->name + 6);
}

static void nonliteral_macro(void)
{
	device_create(raw_class, NULL, MKDEV(RAW_MAJOR, 0), RAW_CTL_NAME);
}

static struct device *nonliteral_variable(struct device *device, dev_t dev,
					  char *name)
{
	return device_create(tty_class, device, dev, name);
}
