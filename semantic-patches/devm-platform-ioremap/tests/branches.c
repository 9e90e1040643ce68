/* The lookup differs by branch: no single index to fuse with. */
#include <linux/platform_device.h>

struct tile {
	void __iomem *ctrl;
	void __iomem *base;
	bool has_ctrl;
};

static int tile_probe(struct platform_device *pdev)
{
	struct tile *tile = platform_get_drvdata(pdev);
	struct resource *res;

	if (tile->has_ctrl) {
		res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
		tile->ctrl = devm_ioremap_resource(&pdev->dev, res);
		if (IS_ERR(tile->ctrl))
			return PTR_ERR(tile->ctrl);
		res = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	} else {
		res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	}

	tile->base = devm_ioremap_resource(&pdev->dev, res);
	if (IS_ERR(tile->base))
		return PTR_ERR(tile->base);
	return 0;
}
