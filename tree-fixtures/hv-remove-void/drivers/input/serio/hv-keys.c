// SPDX-License-Identifier: GPL-2.0
#include <linux/hyperv.h>

static int
keys_remove(struct hv_device *dev)
{
	if (!keys_ready(dev))
		return 0;

	keys_stop(dev);
	return 0;
}

static struct hv_driver keys_drv = {
	.name = "keys",
	.remove = keys_remove,
};
