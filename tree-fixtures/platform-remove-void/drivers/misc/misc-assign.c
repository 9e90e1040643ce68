// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>

static int late_remove(struct platform_device *pdev)
{
	late_stop(pdev);
	return 0;
}

static void late_setup(struct platform_driver *drv)
{
	drv->remove = late_remove;
}

struct other_ops {
	int (*remove)(int id);
};

static int other_remove(int id)
{
	return id;
}

static struct other_ops other = {
	.remove = other_remove,
};

static void done_remove(struct platform_device *pdev)
{
	done_stop(pdev);
}

static struct platform_driver done_driver = {
	.remove_new = done_remove,
};

/* another struct's member, by assignment: not one */
static void other_setup(struct other_ops *ops)
{
	ops->remove = other_remove;
}
