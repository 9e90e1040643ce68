/*
 * test-migration-data.h - class-device-parent's migration data and the
 * kernel's types, inline, for the suites that need a parsed migration
 * without the data directory (so they run from any build directory).
 * The shipped files are tested by test-migration.c and
 * test-kernel-data.c.  test_migration_parse() reads both into m.
 */
#ifndef KM_TEST_MIGRATION_DATA_H
#define KM_TEST_MIGRATION_DATA_H

#include <string.h>

#include "migration.h"

static const char test_migration_text[] =
	"name: class-device-parent\n"
	"function: class_device_create\n"
	"header: include/linux/device.h\n"
	"old-prototype: struct class_device *class_device_create(struct class "
	"*cls, dev_t devt, struct device *device, char *fmt, ...)\n"
	"new-prototype: struct class_device *class_device_create(struct class "
	"*cls, struct class_device *parent, dev_t devt, struct device *device, "
	"char *fmt, ...)\n"
	"new-call: $1 NULL $2 $3 $4 ...\n"
	"cocci: class_device_create.cocci\n"
	"subject: driver core: fix up all callers of class_device_create()\n"
	"description: test\n"
	"not-null: cls\n";

static const char test_kernel_text[] =
	"role: class struct class *\n"
	"role: class-device struct class_device *\n"
	"role: device struct device *\n"
	"role: devt dev_t\n"
	"role: module struct module *\n"
	"role: opaque void *\n"
	"role: string char *\n"
	"macro: NULL void * null\n"
	"macro: MKDEV(0,0) dev_t zero\n"
	"macro: MKDEV(...) dev_t\n"
	"macro: THIS_MODULE struct module *\n"
	"member: dev struct device\n";

/* the test migration with the kernel's types; 0, or -1 */
static inline int test_migration_parse(struct migration *m)
{
	memset(m, 0, sizeof(*m));
	if (migration_parse(m, test_migration_text, "test") < 0)
		return -1;
	return kernel_data_parse(&m->kernel, test_kernel_text, "kernel");
}

#endif
