/* An end that may be 0 at run time (no limit): none of these may change. */
#include <linux/idr.h>

static DEFINE_IDA(minor_ida);

static int variable_end(unsigned int nr_minors)
{
	return ida_simple_get(&minor_ida, 0, nr_minors, GFP_KERNEL);
}

static int expression_end(unsigned int base, unsigned int count)
{
	return ida_simple_get(&minor_ida, base, base + count, GFP_KERNEL);
}
