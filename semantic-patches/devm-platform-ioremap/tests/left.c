/* Calls of devm_ioremap_resource() that are not the pattern: all left. */
#include <linux/platform_device.h>

/* the resource is read after the mapping */
static int sized_probe(struct platform_device *pdev)
{
	struct resource *res;
	void __iomem *base;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	base = devm_ioremap_resource(&pdev->dev, res);
	if (IS_ERR(base))
		return PTR_ERR(base);
	return resource_size(res) > 0x100 ? 0 : -EINVAL;
}

/* looked up by name, not by index */
static int named_probe(struct platform_device *pdev)
{
	struct resource *res;
	void __iomem *base;

	res = platform_get_resource_byname(pdev, IORESOURCE_MEM, "ctrl");
	base = devm_ioremap_resource(&pdev->dev, res);
	return PTR_ERR_OR_ZERO(base);
}

/* another device than the platform device's own */
static int parent_probe(struct platform_device *pdev)
{
	struct device *dev = pdev->dev.parent;
	struct resource *res;
	void __iomem *base;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	base = devm_ioremap_resource(dev, res);
	return PTR_ERR_OR_ZERO(base);
}

/* an I/O port range, which the new helper does not map */
static int io_probe(struct platform_device *pdev)
{
	struct resource *res;
	void __iomem *base;

	res = platform_get_resource(pdev, IORESOURCE_IO, 0);
	base = devm_ioremap_resource(&pdev->dev, res);
	return PTR_ERR_OR_ZERO(base);
}
