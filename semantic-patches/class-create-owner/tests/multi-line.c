/* Old-form calls over two lines: the name joins the open parenthesis. */
#include <linux/device.h>
#include <linux/module.h>

static struct {
	struct class *device_class;
} ib_uverbs_globals, umad_class_state;

static struct class *usb_class;

static void multi_aligned(void)
{
	/* joined, the line is exactly 80 columns */
	ib_uverbs_globals.device_class = class_create(THIS_MODULE,
						      "infiniband_verbs_nodes");
}

static void multi_too_long(void)
{
	/* joined, the line would be 84 columns: the break stays */
	umad_class_state.device_class = class_create(THIS_MODULE,
		"infiniband_mad_device_nodes");
}

static void multi_owner_next_line(void)
{
	/* the owner and the name share the line after the parenthesis */
	usb_class = class_create(
			THIS_MODULE, "usbmisc");
}
