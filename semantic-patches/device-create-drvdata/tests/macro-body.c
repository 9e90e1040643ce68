/* Calls in #define bodies: evident old form, and bare parameters. */
#include <linux/device.h>

#define PT_NODE(minor, name)						\
	device_create(pt_class, NULL, MKDEV(major, minor), "%s", name)

#define PANEL_NODE(cls, n) device_create(cls, NULL, MKDEV(PANEL_MAJOR, n), "panel%d", n)

#define PANEL_ADD(cls, slot, parent)					\
	do {								\
		panel_nodes[slot] = device_create(cls, parent,		\
				MKDEV(PANEL_MAJOR, 16 + (slot)),	\
				"panelctl%d", slot);			\
	} while (0)

#define PANEL_ANY(cls, p, d, a, b) device_create(cls, p, d, a, b)
