// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int quiet;

/**
 * quiet_remove() - standard remove
 * @pdev: the device
 *
 * Return: 0, always.
 */
static int quiet_remove(struct platform_device *pdev)
{
	if (quiet) {
		quiet_power_off(pdev);
		return 0;
	}
	quiet_reset(pdev);

	/* the rest goes with the device */

	return 0;
}

static struct platform_driver quiet_driver = {
	.remove = quiet_remove,
	.name = "quiet",
};
