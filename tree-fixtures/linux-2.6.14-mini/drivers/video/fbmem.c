/*
 * drivers/video/fbmem.c - kmigrate fixture: frame buffer devices, one
 * class device per registered frame buffer
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define FB_MAJOR	29
#define FB_MAX		32

struct fb_info {
	int node;
	char *id;
	struct device *device;
	struct class_device *class_device;
};

static struct fb_info *registered_fb[FB_MAX];
static int num_registered_fb;
static struct class *fb_class;

static struct device platform_bus = {
	.bus_id = "platform",
};

static struct device vesafb_device = {
	.parent = &platform_bus,
	.bus_id = "vesafb.0",
};

static struct fb_info fb_infos[] = {
	{ .id = "VESA VGA", .device = &vesafb_device },
	{ .id = "Virtual FB", .device = NULL },
};

/* gives a frame buffer a node number and a class device */
static int
register_framebuffer(struct fb_info *fb_info)
{
	int i;

	if (num_registered_fb == FB_MAX)
		return -ENXIO;
	num_registered_fb++;
	for (i = 0; i < FB_MAX; i++)
		if (!registered_fb[i])
			break;
	fb_info->node = i;

	fb_info->class_device = class_device_create(fb_class, MKDEV(FB_MAJOR, i),
				    fb_info->device, "fb%d", i);
	if (IS_ERR(fb_info->class_device)) {
		/* the frame buffer works without its class device */
		printk(KERN_WARNING "fb%d: no class device\n", i);
		fb_info->class_device = NULL;
	}
	registered_fb[i] = fb_info;
	return 0;
}

static void unregister_framebuffer(struct fb_info *fb_info)
{
	int i = fb_info->node;

	if (i < 0 || i >= FB_MAX || registered_fb[i] != fb_info)
		return;
	if (fb_info->class_device)
		class_device_destroy(fb_class, MKDEV(FB_MAJOR, i));
	registered_fb[i] = NULL;
	num_registered_fb--;
}

static int __init fbmem_init(void)
{
	unsigned int i;

	fb_class = class_create(THIS_MODULE, "graphics");
	if (IS_ERR(fb_class)) {
		printk(KERN_WARNING "unable to create fb class\n");
		fb_class = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < ARRAY_SIZE(fb_infos); i++)
		register_framebuffer(&fb_infos[i]);
	return 0;
}

static void __exit fbmem_exit(void)
{
	int i;

	if (!fb_class)
		return;
	for (i = ARRAY_SIZE(fb_infos) - 1; i >= 0; i--)
		unregister_framebuffer(&fb_infos[i]);
	class_destroy(fb_class);
}

module_init(fbmem_init);
module_exit(fbmem_exit);
MODULE_LICENSE("GPL");
