/* The forms of the pair beyond the plain one, and calls left for a reason. */
#include <linux/platform_device.h>

/* dev is the platform device's own */
static int dev_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct resource *res;
	void __iomem *base;
	int irq;

	irq = platform_get_irq(pdev, 0);
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	base = devm_ioremap_resource(dev, res);
	if (IS_ERR(base))
		return PTR_ERR(base);
	dev_info(dev, "irq %d\n", irq);
	return 0;
}

/* a statement between, that does not read res */
static int between_probe(struct platform_device *pdev)
{
	struct priv *p = platform_get_drvdata(pdev);
	struct resource *res;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	p->flags = 0;
	p->base = devm_ioremap_resource(&pdev->dev, res);
	return PTR_ERR_OR_ZERO(p->base);
}

/* declared with the lookup */
static int decl_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	void __iomem *base = devm_ioremap_resource(&pdev->dev, res);

	return PTR_ERR_OR_ZERO(base);
}

/* tested between */
static int tested_probe(struct platform_device *pdev)
{
	struct resource *res;
	void __iomem *base;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	base = devm_ioremap_resource(&pdev->dev, res);
	return PTR_ERR_OR_ZERO(base);
}

/* dev set again */
static int moved_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct resource *res;
	void __iomem *base;

	dev = dev->parent;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	base = devm_ioremap_resource(dev, res);
	return PTR_ERR_OR_ZERO(base);
}

/* two in one function, res reused */
static int two_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct resource *res;
	void __iomem *a, *b;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	a = devm_ioremap_resource(dev, res);
	if (IS_ERR(a))
		return PTR_ERR(a);
	res = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	b = devm_ioremap_resource(dev, res);
	return PTR_ERR_OR_ZERO(b);
}

/* no lookup at all */
static int nolookup_probe(struct platform_device *pdev, struct resource *r)
{
	void __iomem *base = devm_ioremap_resource(&pdev->dev, r);

	return PTR_ERR_OR_ZERO(base);
}

/* pdev from the device */
static int resume_map(struct device *dev)
{
	struct platform_device *pdev = to_platform_device(dev);
	struct resource *res;
	void __iomem *base;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	base = devm_ioremap_resource(dev, res);
	return PTR_ERR_OR_ZERO(base);
}

/* a helper that returns the mapping */
static void __iomem *get_base(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 2);

	return devm_ioremap_resource(&pdev->dev, res);
}
