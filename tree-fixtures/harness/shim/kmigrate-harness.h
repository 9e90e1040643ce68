/*
 * kmigrate-harness.h - what the shim headers and the runner share.
 *
 * The fixture drivers are compiled with shim/ first on the include path, so
 * their <linux/device.h> and <linux/kdev_t.h> are the shims next to this
 * file, which map the kernel's class API onto the core model
 * (core-model/model.h).  The runner (harness.c) owns the one model all
 * drivers register with and defines the functions declared here.
 *
 * harness_call_site() is how every class_device_create() call reaches the
 * per-call log: the shim's class_device_create() macro calls the model's
 * entry point with the caller's own arguments and hands the result, with
 * __FILE__ and __LINE__ of the macro's name, to harness_call_site(), which
 * logs the registration (or the error) and returns the result unchanged.
 */
#ifndef KMIGRATE_HARNESS_H
#define KMIGRATE_HARNESS_H

#include "../../../core-model/model.h"

/* the driver core every fixture driver registers with */
extern struct kmodel *harness_model;

/* km_class_create() on harness_model, remembering the class's name */
struct class *harness_class_create(struct module *owner, const char *name);

/* logs one class_device_create() call at file:line; returns class_dev */
struct class_device *harness_call_site(const char *file, int line,
				       struct class_device *class_dev);

/* the kernel's printk(): the runner logs the message with the initcall */
__attribute__((format(printf, 1, 2))) int printk(const char *fmt, ...);

#endif /* KMIGRATE_HARNESS_H */
