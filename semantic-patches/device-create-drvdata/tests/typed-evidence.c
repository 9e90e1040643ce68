/* The form told by the types of variables declared in the file. */
#include <linux/device.h>

struct widget {
	struct class *cls;
	struct device *parent;
	dev_t devt;
	const char *fmt;
	char *name;
	int index;
};

static void typed_old(struct widget *w, const char *label, int idx)
{
	/* argument 5 is an int: argument 4 is the format */
	device_create(w->cls, w->parent, w->devt, label, idx);
	/* the same through members, whose types scan does not look up:
	 * ambiguous for scan, so the semantic patch leaves it too */
	device_create(w->cls, w->parent, w->devt, w->fmt, w->index);
}

static void typed_new(struct widget *w)
{
	/* argument 4 is a struct widget *: it cannot be a format */
	device_create(w->cls, w->parent, w->devt, w, w->name);
}
