// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int first_remove(struct platform_device *pdev);

static int first_remove(struct platform_device *pdev)
{
	if (!pdev)
		return 0;
	first_stop(pdev);
	return 0;
}

static int __exit second_remove(struct platform_device *pdev)
{
	second_stop(pdev);
	return 0;
}

static struct platform_driver pair_drivers[] = {
	{
		.remove = first_remove,
		.name = "first",
	},
	{
		.remove = __exit_p(second_remove),
		.name = "second",
	},
};
