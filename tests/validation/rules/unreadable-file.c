/*
 * check-name: a file that cannot be read fails the gate
 * check-command: rm "$file" && ln -s "$file" "$file" && kmigrate check .
 * check-exit-value: 1
 *
 * The copy is made a symbolic link to itself: no user, root included,
 * can read it.
 *
 * check-output-start
 * unreadable-file.c:1:1: error: cannot be read [unreadable-file]
 *         cannot read 'unreadable-file.c': Too many levels of symbolic links: the calls it may hold
 *         cannot be checked
 * check-output-end
 *
 * check-error-start
 * kmigrate: note: no call of 'class_device_create' found in '.'
 * check: 0 call sites in 0 files: 1 error, 0 warnings, 0 notes
 * check-error-end
 */
#include <linux/device.h>

void ur_add(struct class *cls, dev_t devt, struct device *dev)
{
	class_device_create(cls, NULL, devt, dev, "ur");
}
