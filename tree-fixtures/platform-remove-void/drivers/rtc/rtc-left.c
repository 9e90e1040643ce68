// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int err_remove(struct platform_device *pdev)
{
	return err_hw_stop(pdev);
}

static int used_remove(struct platform_device *pdev)
{
	used_stop(pdev);
	return 0;
}

static int used_shutdown(struct platform_device *pdev)
{
	if (used_remove(pdev))
		return -1;
	return 0;
}

static struct platform_driver err_driver = {
	.remove = err_remove,
};

static struct platform_driver used_driver = {
	.remove = used_remove,
};

/* defined in another file: left */
static struct platform_driver helper_driver = {
	.remove = frob_helper_remove,
};
