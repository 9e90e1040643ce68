/*
 * Hard case: the create call inside macro bodies.
 *
 * MAKE_NODE's body is one old-form call on one line; HARD_ADD_PORT's body
 * is a statement whose call is split over lines by line continuations.
 * Each body is one call site, classified like any call (both are old
 * form).  The places that use the macros are not call sites: they hold
 * no occurrence of the name.  Coccinelle does not match inside a #define,
 * so apply leaves both bodies as they are and lists them with the reason
 * "macro"; never silently.
 */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

#define HARD_MAJOR	240
#define HARD_PORTS	4

#define MAKE_NODE(cls, n) class_device_create(cls, MKDEV(5, n), NULL, "node%d", n)

#define HARD_ADD_PORT(cls, port, dev)					\
	do {								\
		hard_ports[port] = class_device_create(cls,		\
				MKDEV(HARD_MAJOR, port), dev,		\
				"hardport%d", port);			\
	} while (0)

static struct class *hard_class;
static struct class_device *hard_nodes[2];
static struct class_device *hard_ports[HARD_PORTS];
static struct device hard_dev;

static int __init hard_macro_init(void)
{
	int port;

	hard_class = class_create(THIS_MODULE, "hard");
	if (IS_ERR(hard_class))
		return PTR_ERR(hard_class);

	hard_nodes[0] = MAKE_NODE(hard_class, 0);
	hard_nodes[1] = MAKE_NODE(hard_class, 1);
	for (port = 0; port < HARD_PORTS; port++)
		HARD_ADD_PORT(hard_class, port, &hard_dev);
	return 0;
}

static void __exit hard_macro_exit(void)
{
	int port;

	for (port = 0; port < HARD_PORTS; port++)
		class_device_destroy(hard_class, MKDEV(HARD_MAJOR, port));
	class_device_destroy(hard_class, MKDEV(5, 1));
	class_device_destroy(hard_class, MKDEV(5, 0));
	class_destroy(hard_class);
}

module_init(hard_macro_init);
module_exit(hard_macro_exit);
MODULE_LICENSE("GPL");
