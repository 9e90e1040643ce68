/*
 * check-name: --base: a call that now registers another name
 * check-requires: git
 * check-command: . "$dir/git-commit.sh" && sed -i 's/"lp%d"/"printer%d"/' "$file" && git commit -q -a -m rename && kmigrate check --base HEAD~1 .
 * check-exit-value: 1
 *
 * The base revision has the call as it is written here; the command
 * renames the device in a second commit.
 *
 * check-output-start
 * sysfs-effect-changed.c:28:2: error: the model's sysfs effect changed [sysfs-effect-changed]
 *         before the change the call registered /sys/class/lp_class/lp<minor> (dev, device unless
 *         NULL), now it registers /sys/class/lp_class/printer<minor> (dev, device unless NULL): the
 *         format (argument 5) was '"lp%d"' and is '"printer%d"'; if that is not intended, restore what
 *         it passed
 * check-output-end
 *
 * check-error-start
 * check: 1 call site in 1 file: 1 error, 0 warnings, 0 notes; 0 files unchanged since the base, not re-judged
 * check-error-end
 */
#include <linux/device.h>

static struct class *lp_class;

void sc_add(int minor, struct device *dev)
{
	class_device_create(lp_class, NULL, MKDEV(6, minor), dev, "lp%d",
			    minor);
}
