// SPDX-License-Identifier: GPL-2.0
#include <linux/hyperv.h>

static struct hv_driver late_drv = {
	.name = "late",
};

static int late_remove(struct hv_device *dev)
{
	late_stop(dev);
	return 0;
}

static int __init late_init(void)
{
	late_drv.remove = late_remove;
	return vmbus_driver_register(&late_drv);
}
