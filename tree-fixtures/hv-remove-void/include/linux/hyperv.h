/* A made-up header for kmigrate's tests: a bus driver struct whose
 * remove member changed its type in place, from int to void. */
#ifndef _HYPERV_H
#define _HYPERV_H

struct hv_device;
struct hv_vmbus_device_id;

struct hv_driver {
	const char *name;
	int (*probe)(struct hv_device *, const struct hv_vmbus_device_id *);
	void (*remove)(struct hv_device *);
	void (*shutdown)(struct hv_device *);
};

int vmbus_driver_register(struct hv_driver *drv);

#endif
