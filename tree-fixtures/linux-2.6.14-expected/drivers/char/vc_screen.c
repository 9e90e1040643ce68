/*
 * drivers/char/vc_screen.c - kmigrate fixture: the virtual console memory
 * nodes (vcs, vcsa), one pair for the current console and one pair per
 * allocated console
 *
 * Written fresh for kmigrate's linux-2.6.14-mini tree.  Only the class
 * device registrations keep the text of the 2.6.14 calls they stand for;
 * the code around them is a minimal stand-in that builds and runs against
 * the driver-core model.
 */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/device.h>

#define VCS_MAJOR	7
#define VCS_CONSOLES	2

struct tty_struct {
	int index;		/* the console, counted from 0 */
};

static struct tty_struct vc_ttys[VCS_CONSOLES] = {
	{ 0 },
	{ 1 },
};

static struct class *vc_class;

/* called when a console is allocated */
static void vcs_make_devfs(struct tty_struct *tty)
{
	class_device_create(vc_class, NULL, MKDEV(VCS_MAJOR, tty->index + 1), NULL, "vcs%u", tty->index + 1);
	class_device_create(vc_class, NULL, MKDEV(VCS_MAJOR, tty->index + 129), NULL, "vcsa%u", tty->index + 1);
}

static void vcs_remove_devfs(struct tty_struct *tty)
{
	class_device_destroy(vc_class, MKDEV(VCS_MAJOR, tty->index + 1));
	class_device_destroy(vc_class, MKDEV(VCS_MAJOR, tty->index + 129));
}

static int __init vcs_init(void)
{
	vc_class = class_create(THIS_MODULE, "vc");
	if (IS_ERR(vc_class))
		return PTR_ERR(vc_class);

	class_device_create(vc_class, NULL, MKDEV(VCS_MAJOR, 0), NULL, "vcs");
	class_device_create(vc_class, NULL, MKDEV(VCS_MAJOR, 128), NULL,
			    "vcsa");
	return 0;
}

static int __init vcs_module_init(void)
{
	int err, i;

	err = vcs_init();
	if (err)
		return err;
	for (i = 0; i < VCS_CONSOLES; i++)
		vcs_make_devfs(&vc_ttys[i]);
	return 0;
}

static void __exit vcs_module_exit(void)
{
	int i;

	if (!vc_class || IS_ERR(vc_class))
		return;
	for (i = VCS_CONSOLES - 1; i >= 0; i--)
		vcs_remove_devfs(&vc_ttys[i]);
	class_device_destroy(vc_class, MKDEV(VCS_MAJOR, 128));
	class_device_destroy(vc_class, MKDEV(VCS_MAJOR, 0));
	class_destroy(vc_class);
}

module_init(vcs_module_init);
module_exit(vcs_module_exit);
MODULE_LICENSE("GPL");
