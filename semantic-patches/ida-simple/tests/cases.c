/* Each case of ida_simple_get(), chosen by the literals of start and end. */
#include <linux/idr.h>

static DEFINE_IDA(port_ida);

static int literal_cases(struct device *dev, unsigned int first)
{
	int any, min, max, range, hex;

	any = ida_simple_get(&port_ida, 0, 0, GFP_KERNEL);
	min = ida_simple_get(&port_ida, 1, 0, GFP_KERNEL);
	max = ida_simple_get(&port_ida, 0, 256, GFP_KERNEL);
	range = ida_simple_get(&port_ida, 16, 32, GFP_NOWAIT);
	hex = ida_simple_get(&port_ida, first, 0x100, GFP_KERNEL);
	return any + min + max + range + hex;
}
