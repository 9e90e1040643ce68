/*
 * drivers/isdn/capi/capi.c - kmigrate fixture: the capi class
 *
 * Written fresh for kmigrate's linux-6.3-mini tree.  The driver creates
 * its classes through a wrapper macro that passes its arguments on as
 * they come: in the macro's body, the call's one argument is a bare
 * variadic parameter, which may stand for one argument or for two.  The
 * code around it is a minimal stand-in.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/device.h>

/* one place to adapt when the driver core's class API changes */
#define capi_class_create(args...)	class_create(args)

static struct class *capi_class;

static int __init capi_init(void)
{
	capi_class = capi_class_create(THIS_MODULE, "capi");
	if (IS_ERR(capi_class))
		return PTR_ERR(capi_class);
	return 0;
}

static void __exit capi_exit(void)
{
	if (!IS_ERR_OR_NULL(capi_class))
		class_destroy(capi_class);
}

module_init(capi_init);
module_exit(capi_exit);
MODULE_LICENSE("GPL");
