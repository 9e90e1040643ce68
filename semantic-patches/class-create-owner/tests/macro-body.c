/* Calls in #define bodies: evident old form, and a variadic pass-on. */
#include <linux/device.h>
#include <linux/module.h>

#define HIDRAW_NEW_CLASS(cls, name, err)				\
	do {								\
		(cls) = class_create(THIS_MODULE, name);		\
		(err) = IS_ERR(cls) ? PTR_ERR(cls) : 0;			\
	} while (0)

#define FOO_CLASS(owner, name) class_create(owner, name)

/* one argument, or two: the parameter is variadic */
#define capi_class_create(args...)	class_create(args)

#define bar_class_create(...)	class_create(__VA_ARGS__)
