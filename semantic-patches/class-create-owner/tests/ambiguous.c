/* Calls whose form cannot be told, and one that can: none may change. */
#include <linux/device.h>
#include <linux/module.h>

static struct class *sg_sysfs_class, *cls;

static void new_form_owner_only(void)
{
	/*
	 * Not ambiguous: one argument is the new form, whatever it is;
	 * an owner passed as the name is a type error check reports.
	 */
	sg_sysfs_class = class_create(THIS_MODULE);
}

static void ambiguous_arity(struct lock_class_key *key)
{
	cls = class_create();
	cls = class_create(THIS_MODULE, "three", key);
}
