/*
 * drivers/media/dvb/dvb-core/dvbdev.c - kmigrate fixture: the DVB device
 * nodes, one per adapter, device type and device number
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registration keeps the text of the 2.6.14 call it stands for;
 * the code around it is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define DVB_MAJOR	212

enum {
	DVB_DEVICE_VIDEO,
	DVB_DEVICE_AUDIO,
	DVB_DEVICE_SEC,
	DVB_DEVICE_FRONTEND,
	DVB_DEVICE_DEMUX,
	DVB_DEVICE_DVR,
	DVB_DEVICE_CA,
	DVB_DEVICE_NET,
	DVB_DEVICE_OSD,
};

static const char * const dnames[] = {
	"video", "audio", "sec", "frontend", "demux", "dvr", "ca", "net", "osd"
};

struct dvb_adapter {
	int num;
	char *name;
};

struct dvb_device {
	struct dvb_adapter *adapter;
	int type;
	int id;
	int registered;
};

static struct dvb_adapter dvb_adapter0 = {
	.num = 0,
	.name = "DVB-T PCI card",
};

static struct dvb_device dvb_frontend0, dvb_demux0;
static struct class *dvb_class;

static int nums2minor(int num, int type, int id)
{
	return (num << 6) | (id << 4) | type;
}

static int dvb_register_device(struct dvb_adapter *adap,
			       struct dvb_device *dvbdev, int type, int id)
{
	if (nums2minor(adap->num, type, id) > 255)
		return -EINVAL;
	dvbdev->adapter = adap;
	dvbdev->type = type;
	dvbdev->id = id;

	class_device_create(dvb_class, MKDEV(DVB_MAJOR, nums2minor(adap->num, type, id)),
			    NULL, "dvb%d.%s%d", adap->num, dnames[type], id);

	dvbdev->registered = 1;
	return 0;
}

static void dvb_unregister_device(struct dvb_device *dvbdev)
{
	if (!dvbdev->registered)
		return;
	class_device_destroy(dvb_class, MKDEV(DVB_MAJOR,
			     nums2minor(dvbdev->adapter->num, dvbdev->type,
					dvbdev->id)));
	dvbdev->registered = 0;
}

static int __init init_dvbdev(void)
{
	dvb_class = class_create(THIS_MODULE, "dvb");
	if (IS_ERR(dvb_class))
		return PTR_ERR(dvb_class);
	dvb_register_device(&dvb_adapter0, &dvb_frontend0,
			    DVB_DEVICE_FRONTEND, 0);
	dvb_register_device(&dvb_adapter0, &dvb_demux0, DVB_DEVICE_DEMUX, 0);
	return 0;
}

static void __exit exit_dvbdev(void)
{
	if (!dvb_class || IS_ERR(dvb_class))
		return;
	dvb_unregister_device(&dvb_demux0);
	dvb_unregister_device(&dvb_frontend0);
	class_destroy(dvb_class);
}

module_init(init_dvbdev);
module_exit(exit_dvbdev);
MODULE_LICENSE("GPL");
