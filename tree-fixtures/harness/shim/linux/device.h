/*
 * shim/linux/device.h - the fixture tree's class API, mapped onto the core
 * model for the harness.
 *
 * Replaces the tree's own include/linux/device.h (the shim directory comes
 * first on the include path).  struct device, struct class and struct
 * class_device are the model's own types; every call goes to the model
 * that the runner owns (harness_model).  Like the tree's header, the
 * default is the NESTED API of seed patch 1/8:
 *
 *	class_device_create(cls, parent, devt, device, fmt, ...)
 *
 * and -DKMIGRATE_OLD_API selects the 2.6.14 one, which calls the model's
 * old entry point (km_class_device_create_old()):
 *
 *	class_device_create(cls, devt, device, fmt, ...)
 *
 * class_device_create() is a macro, so that the runner learns where each
 * call is: gcc expands __FILE__ and __LINE__ in a macro's body to the file
 * and line of the macro's NAME, also when the call's arguments go on over
 * several lines, so the per-call log names the line of the function name,
 * as kmigrate's diagnostics do.  The arguments reach the model's
 * prototype unchanged: wrong types in a call warn as they would against
 * the tree's own header, and the format is checked against the arguments.
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/types.h>

#include "../kmigrate-harness.h"

#define BUS_ID_SIZE KM_BUS_ID_SIZE

_Static_assert(sizeof(dev_t) == sizeof(km_devt),
	       "the tree's dev_t is not the model's");

#define class_create(owner, name) harness_class_create(owner, name)
#define class_destroy(cls) km_class_destroy(cls)
#define class_device_destroy(cls, devt) km_class_device_destroy(cls, devt)

#ifdef KMIGRATE_OLD_API
#define class_device_create(...)                                               \
	harness_call_site(__FILE__, __LINE__,                                  \
			  km_class_device_create_old(__VA_ARGS__))
#else
#define class_device_create(...)                                               \
	harness_call_site(__FILE__, __LINE__,                                  \
			  km_class_device_create(__VA_ARGS__))
#endif

#endif /* _DEVICE_H_ */
