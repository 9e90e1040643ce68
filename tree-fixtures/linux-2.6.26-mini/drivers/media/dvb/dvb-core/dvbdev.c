/*
 * drivers/media/dvb/dvb-core/dvbdev.c - kmigrate fixture: the nodes of
 * the DVB adapters' devices (frontend, demux, dvr, ...)
 *
 * Written fresh for kmigrate's linux-2.6.26-mini tree.  Only the
 * node registration keeps the shape of the 2.6.26 call it stands for:
 * a format with three arguments.  The code around it is a minimal
 * stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define DVB_MAJOR	212
#define DVB_DEVICE_FRONTEND	3
#define DVB_DEVICE_DEMUX	4

struct dvb_adapter {
	int num;
	struct device *device;
};

static const char * const dnames[] = {
	"video", "audio", "sec", "frontend",
	"demux", "dvr", "ca", "net", "osd"
};

static struct class *dvb_class;
static struct device dvb_pci_dev = { .bus_id = "0000:01:00.0" };
static struct dvb_adapter dvb_adapter0 = { .num = 0, .device = &dvb_pci_dev };

static int nums2minor(int num, int type, int id)
{
	return (num << 6) | (id << 4) | type;
}

static int dvb_register_device(struct dvb_adapter *adap, int type, int id)
{
	int minor = nums2minor(adap->num, type, id);
	struct device *clsdev;

	clsdev = device_create(dvb_class, adap->device, MKDEV(DVB_MAJOR, minor),
			       "dvb%d.%s%d", adap->num, dnames[type], id);
	if (IS_ERR(clsdev)) {
		printk(KERN_ERR "dvb: failed to create device dvb%d.%s%d\n",
		       adap->num, dnames[type], id);
		return PTR_ERR(clsdev);
	}
	return 0;
}

static void dvb_unregister_device(struct dvb_adapter *adap, int type, int id)
{
	device_destroy(dvb_class,
		       MKDEV(DVB_MAJOR, nums2minor(adap->num, type, id)));
}

static int __init init_dvbdev(void)
{
	dvb_class = class_create(THIS_MODULE, "dvb");
	if (IS_ERR(dvb_class))
		return PTR_ERR(dvb_class);
	dvb_register_device(&dvb_adapter0, DVB_DEVICE_FRONTEND, 0);
	dvb_register_device(&dvb_adapter0, DVB_DEVICE_DEMUX, 0);
	return 0;
}

static void __exit exit_dvbdev(void)
{
	if (!dvb_class || IS_ERR(dvb_class))
		return;
	dvb_unregister_device(&dvb_adapter0, DVB_DEVICE_DEMUX, 0);
	dvb_unregister_device(&dvb_adapter0, DVB_DEVICE_FRONTEND, 0);
	class_destroy(dvb_class);
}

module_init(init_dvbdev);
module_exit(exit_dvbdev);
MODULE_LICENSE("GPL");
