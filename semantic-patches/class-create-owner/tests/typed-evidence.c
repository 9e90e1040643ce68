/* The form told by the types of variables declared in the file. */
#include <linux/device.h>

struct owner_info {
	struct module *mod;
	const char *label;
	struct class *cls;
};

static void typed_old(struct owner_info *oi, struct module *owner,
		      const char *name)
{
	oi->cls = class_create(owner, name);
	oi->cls = class_create(oi->mod, oi->label);
}

static void typed_new(struct owner_info *oi, const char *name)
{
	oi->cls = class_create(name);
	oi->cls = class_create(oi->label);
}

static void typed_contradiction(struct owner_info *oi)
{
	/* one argument, a struct module *: an owner without its name */
	oi->cls = class_create(oi->mod);
}
