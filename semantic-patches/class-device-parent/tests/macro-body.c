/*
 * Calls inside #define bodies.  spatch 1.1.1 parses these bodies and
 * treats each call like any other: the first two are old form (MKDEV()
 * as argument 2, a literal format as argument 4) and get NULL, also
 * before a line continuation; the third gives nothing to decide by
 * (macro parameters have no type) and is left alone.
 */
#define PANEL_MAJOR	231

#define PANEL_NODE(cls, n) class_device_create(cls, MKDEV(PANEL_MAJOR, n), NULL, "panel%d", n)

#define PANEL_ADD(cls, slot, dev)					\
	do {								\
		panel_nodes[slot] = class_device_create(cls,		\
				MKDEV(PANEL_MAJOR, 16 + (slot)), dev,	\
				"panelctl%d", slot);			\
	} while (0)

#define PANEL_ANY(cls, a, b, c, d) class_device_create(cls, a, b, c, d)
