/* Old-form calls used as values: tested, returned, passed on. */
#include <linux/device.h>
#include <linux/module.h>

static struct class *tty_class;

static int idiom_ptr_err_or_zero(void)
{
	tty_class = class_create(THIS_MODULE, "tty");
	return PTR_ERR_OR_ZERO(tty_class);
}

static int idiom_is_err(void)
{
	if (IS_ERR(tty_class = class_create(THIS_MODULE, "tty")))
		return PTR_ERR(tty_class);
	return 0;
}

static struct class *idiom_return(void)
{
	return class_create(THIS_MODULE, "vt");
}

static long idiom_passed_on(void)
{
	return PTR_ERR(class_create(THIS_MODULE, "vtconsole"));
}
