/* A made-up header for kmigrate's tests: a struct with a member whose
 * prototype changes, and the new member beside it. */
#ifndef _PLATFORM_DEVICE_H_
#define _PLATFORM_DEVICE_H_

struct platform_device;

struct platform_driver {
	int (*probe)(struct platform_device *);
	int (*remove)(struct platform_device *);
	void (*remove_new)(struct platform_device *);
	const char *name;
};

#define __exit_p(x) x

int frob_helper_remove(struct platform_device *pdev);

#endif
