/*
 * drivers/i2c/i2c-dev.c - kmigrate fixture: one i2c-N node per adapter
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of a 2.6.26 call; it is written
 * with one argument a line.  The code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define I2C_MAJOR	89
#define I2C_NR_ADAPTERS	2

struct i2c_adapter {
	int nr;
	struct device dev;
};

struct i2c_dev {
	struct i2c_adapter *adap;
	struct device *dev;
};

static struct class *i2c_dev_class;
static struct i2c_dev i2c_devs[I2C_NR_ADAPTERS];

static struct i2c_adapter i2c_adapters[I2C_NR_ADAPTERS] = {
	{ .nr = 0, .dev = { .bus_id = "i2c-0" } },
	{ .nr = 1, .dev = { .bus_id = "i2c-1" } },
};

static int i2cdev_attach_adapter(struct i2c_adapter *adap)
{
	struct i2c_dev *i2c_dev = &i2c_devs[adap->nr];

	i2c_dev->adap = adap;
	i2c_dev->dev = device_create(i2c_dev_class,
				     &adap->dev,
				     MKDEV(I2C_MAJOR, adap->nr),
				     "i2c-%d",
				     adap->nr);
	if (IS_ERR(i2c_dev->dev)) {
		int res = PTR_ERR(i2c_dev->dev);

		i2c_dev->dev = NULL;
		return res;
	}
	return 0;
}

static int __init i2c_dev_init(void)
{
	int i;

	i2c_dev_class = class_create(THIS_MODULE, "i2c-dev");
	if (IS_ERR(i2c_dev_class))
		return PTR_ERR(i2c_dev_class);
	for (i = 0; i < I2C_NR_ADAPTERS; i++)
		i2cdev_attach_adapter(&i2c_adapters[i]);
	return 0;
}

static void __exit i2c_dev_exit(void)
{
	int i;

	if (!i2c_dev_class || IS_ERR(i2c_dev_class))
		return;
	for (i = 0; i < I2C_NR_ADAPTERS; i++)
		if (i2c_devs[i].dev)
			device_destroy(i2c_dev_class, MKDEV(I2C_MAJOR, i));
	class_destroy(i2c_dev_class);
}

module_init(i2c_dev_init);
module_exit(i2c_dev_exit);
MODULE_LICENSE("GPL");
