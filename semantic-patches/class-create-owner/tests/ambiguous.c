/* Calls whose form cannot be told: none may change. */
#include <linux/device.h>
#include <linux/module.h>

static struct class *sg_sysfs_class, *cls;

static void ambiguous_owner_only(void)
{
	/* one argument (new), but it is an owner (old) */
	sg_sysfs_class = class_create(THIS_MODULE);
}

static void ambiguous_arity(struct lock_class_key *key)
{
	cls = class_create();
	cls = class_create(THIS_MODULE, "three", key);
}
