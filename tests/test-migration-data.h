/*
 * test-migration-data.h - class-device-parent's migration data, inline, for
 * the suites that need a parsed migration without the data directory (so
 * they run from any build directory).  The shipped file is tested by
 * test-migration.c.
 */
#ifndef KM_TEST_MIGRATION_DATA_H
#define KM_TEST_MIGRATION_DATA_H

static const char test_migration_text[] =
	"name: class-device-parent\n"
	"function: class_device_create\n"
	"header: include/linux/device.h\n"
	"old-prototype: struct class_device *class_device_create(struct class "
	"*cls, dev_t devt, struct device *device, char *fmt, ...)\n"
	"new-prototype: struct class_device *class_device_create(struct class "
	"*cls, struct class_device *parent, dev_t devt, struct device *device, "
	"char *fmt, ...)\n"
	"new-argument: 2 parent NULL\n"
	"format-argument: 4 5\n"
	"cocci: class_device_create.cocci\n"
	"subject: driver core: fix up all callers of class_device_create()\n"
	"description: test\n";

#endif
