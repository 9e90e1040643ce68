/* Calls already in the new form, NULL or real drvdata: no change. */
#include <linux/device.h>

static struct class *leds_class, *ppp_class, *misc_class;

struct led_classdev {
	const char *name;
	struct device *dev;
};

static void new_null_drvdata(void)
{
	device_create(ppp_class, NULL, MKDEV(PPP_MAJOR, 0), NULL, "ppp");
	device_create(misc_class, NULL, MKDEV(MISC_MAJOR, 130), NULL,
		      "%s", "watchdog");
}

static void new_real_drvdata(struct device *parent,
			     struct led_classdev *led_cdev)
{
	led_cdev->dev = device_create(leds_class, parent, 0, led_cdev,
				      "%s", led_cdev->name);
}

static void new_drvdata_variable(struct device *parent, dev_t devt,
				 void *drvdata, const char *name)
{
	device_create(misc_class, parent, devt, drvdata, "%s", name);
}
