/*
 * Hard case: comments and string tricks inside the arguments.
 *
 * A comment between two arguments, one such comment holding a comma; a
 * format made by string-literal concatenation; a format holding a comma
 * and parentheses; a first argument that is itself a call with a comma
 * inside.  A tool that splits arguments at every comma, or matches
 * parentheses inside strings, misreads these (the second call would look
 * like a new-form call with six arguments).  All four calls are old
 * form: each gets NULL after the comma that ends its first argument and
 * keeps its comments as written.  The first one is exactly 80 columns
 * wide and is wrapped once converted.
 */
#include <linux/module.h>
#include <linux/device.h>
#include <linux/err.h>

static struct class *foo_class;
static struct class *bar_class;

static struct class *pick_class(struct class *a, struct class *b)
{
	return a ? a : b;
}

static int __init foo_init(void)
{
	foo_class = class_create(THIS_MODULE, "foo");
	if (IS_ERR(foo_class))
		return PTR_ERR(foo_class);

	class_device_create(foo_class, /* the devt */ MKDEV(4, 1), NULL, "foo");
	class_device_create(foo_class, /* major, minor */ MKDEV(4, 2),
			    NULL, "foo%d", 2);
	class_device_create(foo_class, MKDEV(4, 3), NULL, "foo" "%d", 3);
	class_device_create(pick_class(bar_class, foo_class),
			    MKDEV(4, 4), NULL, "foo(%d),%s", 4, "x");
	return 0;
}

static void __exit foo_exit(void)
{
	class_device_destroy(foo_class, MKDEV(4, 4));
	class_device_destroy(foo_class, MKDEV(4, 3));
	class_device_destroy(foo_class, MKDEV(4, 2));
	class_device_destroy(foo_class, MKDEV(4, 1));
	class_destroy(foo_class);
}

module_init(foo_init);
module_exit(foo_exit);
MODULE_LICENSE("GPL");
