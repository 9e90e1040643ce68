// SPDX-License-Identifier: GPL-2.0
#include <linux/hyperv.h>

struct other_driver {
	int (*remove)(struct hv_device *);
};

static int bus_remove(struct hv_device *dev)
{
	int ret = bus_release(dev);

	if (ret)
		return ret;
	return 0;
}

static int other_remove(struct hv_device *dev)
{
	return 0;
}

static struct hv_driver bus_drv = {
	.name = "bus",
	.remove = bus_remove,
};

static struct other_driver other_drv = {
	.remove = other_remove,
};
