/*
 * drivers/leds/led-class.c - kmigrate fixture: the leds class, one class
 * device per LED
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  This file was
 * converted to the new API already: the LED itself is the driver data of
 * its device, and the attribute code reads it back with
 * dev_get_drvdata().  An LED has no node: its devt is 0.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

#define LED_NR		2

struct led_classdev {
	const char *name;
	int brightness;
	struct device *dev;
};

static struct class *leds_class;

static struct led_classdev leds[LED_NR] = {
	{ .name = "disk:green" },
	{ .name = "power:red", .brightness = 255 },
};

static int led_brightness(struct device *dev)
{
	struct led_classdev *led_cdev = dev_get_drvdata(dev);

	return led_cdev->brightness;
}

static int led_classdev_register(struct device *parent,
				 struct led_classdev *led_cdev)
{
	led_cdev->dev = device_create(leds_class, parent, 0, led_cdev,
				      "%s", led_cdev->name);
	if (IS_ERR(led_cdev->dev))
		return PTR_ERR(led_cdev->dev);
	return 0;
}

static int __init leds_init(void)
{
	int i;

	leds_class = class_create(THIS_MODULE, "leds");
	if (IS_ERR(leds_class))
		return PTR_ERR(leds_class);
	for (i = 0; i < LED_NR; i++)
		if (led_classdev_register(NULL, &leds[i]) == 0 &&
		    led_brightness(leds[i].dev) != leds[i].brightness)
			printk(KERN_ERR "leds: %s: lost its data\n",
			       leds[i].name);
	return 0;
}

static void __exit leds_exit(void)
{
	int i;

	if (!leds_class || IS_ERR(leds_class))
		return;
	for (i = 0; i < LED_NR; i++)
		if (leds[i].dev && !IS_ERR(leds[i].dev))
			device_destroy(leds_class, 0);
	class_destroy(leds_class);
}

module_init(leds_init);
module_exit(leds_exit);
MODULE_LICENSE("GPL");
