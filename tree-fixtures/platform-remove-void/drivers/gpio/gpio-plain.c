// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int plain_probe(struct platform_device *pdev)
{
	return 0;
}

static int plain_remove(struct platform_device *pdev)
{
	plain_power_off(pdev);

	return 0;
}

static struct platform_driver plain_driver = {
	.probe = plain_probe,
	.remove = plain_remove,
	.name = "plain",
};
