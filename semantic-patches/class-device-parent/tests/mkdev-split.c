/*
 * Old-form calls with MKDEV( split over two or three lines.  NULL goes
 * on the first line, before MKDEV; the split stays where it was.
 */
#include <linux/device.h>

static struct class *hpsb_protocol_class, *ip2_class, *tipar_class;

static void split_dv(int id)
{
	class_device_create(hpsb_protocol_class, MKDEV(
		IEEE1394_MAJOR,	IEEE1394_MINOR_BLOCK_DV1394 * 16 + (id<<2)), 
		NULL, "dv1394-%d", id);
}

static void split_ip2(int i)
{
	class_device_create(ip2_class, MKDEV(IP2_IPL_MAJOR,
			4 * i), NULL, "ipl%d", i);
	class_device_create(ip2_class, MKDEV(IP2_IPL_MAJOR,
			4 * i + 1), NULL, "stat%d", i);
}

static void split_tipar(int nr)
{
	class_device_create(tipar_class, MKDEV(TIPAR_MAJOR,
			TIPAR_MINOR + nr), NULL, "par%d", nr);
}
