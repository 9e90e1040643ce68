// SPDX-License-Identifier: GPL-2.0
#include <linux/hyperv.h>

static int frob_remove(struct hv_device *dev);

static int frob_probe(struct hv_device *dev,
		      const struct hv_vmbus_device_id *id)
{
	return 0;
}

static int frob_remove(struct hv_device *dev)
{
	frob_stop(dev);

	return 0;
}

static struct hv_driver frob_drv = {
	.name = "frob",
	.probe = frob_probe,
	.remove = frob_remove,
};

static int __init frob_init(void)
{
	return vmbus_driver_register(&frob_drv);
}
