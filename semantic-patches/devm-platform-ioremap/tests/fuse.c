/* The two statements a driver writes to map its registers. */
#include <linux/platform_device.h>

struct widget {
	void __iomem *regs;
	void __iomem *aux;
};

static int widget_probe(struct platform_device *pdev)
{
	struct widget *w;
	struct resource *res;

	w = devm_kzalloc(&pdev->dev, sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	w->regs = devm_ioremap_resource(&pdev->dev, res);
	if (IS_ERR(w->regs))
		return PTR_ERR(w->regs);
	return 0;
}

/* two of them: the variable goes once neither needs it */
static int gadget_probe(struct platform_device *op)
{
	struct widget *w = platform_get_drvdata(op);
	struct resource *r;
	int ret = 0;

	r = platform_get_resource(op, IORESOURCE_MEM, 0);
	w->regs = devm_ioremap_resource(&op->dev, r);
	if (IS_ERR(w->regs))
		ret = PTR_ERR(w->regs);
	r = platform_get_resource(op, IORESOURCE_MEM, 1);
	w->aux = devm_ioremap_resource(&op->dev, r);
	if (IS_ERR(w->aux))
		ret = PTR_ERR(w->aux);
	return ret;
}

/* the resource read after the second mapping: that one is left */
static int sized_probe(struct platform_device *pdev, struct widget *w)
{
	struct resource *res;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	w->regs = devm_ioremap_resource(&pdev->dev, res);
	if (IS_ERR(w->regs))
		return PTR_ERR(w->regs);
	res = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	w->aux = devm_ioremap_resource(&pdev->dev, res);
	return PTR_ERR_OR_ZERO(w->aux) ?: resource_size(res) > 16;
}
