/* Old-form calls written with one argument a line. */
#include <linux/device.h>

static struct class *i2c_dev_class, *mem_class;

static void per_line_i2c(struct i2c_dev *i2c_dev, struct i2c_adapter *adap)
{
	i2c_dev->dev = device_create(i2c_dev_class,
				     &adap->dev,
				     MKDEV(I2C_MAJOR, adap->nr),
				     "i2c-%d",
				     adap->nr);
}

static void per_line_mem(int i)
{
	/* only the devt stands alone on its line */
	device_create(mem_class, NULL,
		      MKDEV(MEM_MAJOR, devlist[i].minor),
		      devlist[i].name);
}
