/*
 * test-migration.c - reading a migration's data file.
 */
#include <stdlib.h>
#include <string.h>

#include "migration.h"
#include "unit.h"

static const char sample[] =
	"# a comment\n"
	"name: class-device-parent\n"
	"function: class_device_create\n"
	"header: include/linux/device.h\n"
	"old-prototype: struct class_device *class_device_create(struct class *cls, dev_t devt, struct device *device, char *fmt, ...)\n"
	"new-prototype: struct class_device *class_device_create(struct class *cls, struct class_device *parent, dev_t devt, struct device *device, char *fmt, ...)\n"
	"new-argument: 2 parent NULL\n"
	"format-argument: 4 5\n"
	"cocci: a.cocci b.cocci\n"
	"subject: driver core: fix up all callers\n"
	"description: First line\n"
	" second line\n"
	" .\n"
	" after an empty line\n"
	"model: class_device_create\n";

static void load_sample(struct migration *m)
{
	memset(m, 0, sizeof(*m));
	m->dir = strdup("/data/mig");
}

static void test_fields_and_prototypes(void)
{
	struct migration m;

	load_sample(&m);
	CU_ASSERT_EQUAL_FATAL(migration_parse(&m, sample, "sample"), 0);
	CU_ASSERT_STRING_EQUAL(m.function, "class_device_create");
	CU_ASSERT_EQUAL(m.old_proto.nr_params, 4);
	CU_ASSERT_EQUAL(m.new_proto.nr_params, 5);
	CU_ASSERT_TRUE(m.new_proto.variadic);
	CU_ASSERT_STRING_EQUAL(m.new_proto.params[1].type,
			       "struct class_device *");
	CU_ASSERT_STRING_EQUAL(m.new_proto.params[1].name, "parent");
	CU_ASSERT_STRING_EQUAL(m.old_proto.params[1].type, "dev_t");
	CU_ASSERT_STRING_EQUAL(m.old_proto.return_type,
			       "struct class_device *");
	CU_ASSERT_EQUAL(m.new_arg, 2);
	CU_ASSERT_STRING_EQUAL(m.new_arg_default, "NULL");
	CU_ASSERT_EQUAL(m.format_arg_old, 4);
	CU_ASSERT_EQUAL(m.format_arg_new, 5);
	CU_ASSERT_EQUAL(m.cocci.nr, 2);
	CU_ASSERT_STRING_EQUAL(m.cocci.items[1].string, "/data/mig/b.cocci");
	CU_ASSERT_STRING_EQUAL(m.description,
			       "First line\nsecond line\n\nafter an empty line");
	migration_release(&m);
}

static void test_unknown_key_is_an_error(void)
{
	struct migration m;
	char *text = malloc(sizeof(sample) + 32);

	strcpy(text, sample);
	strcat(text, "functoin: typo\n");
	load_sample(&m);
	CU_ASSERT_EQUAL(migration_parse(&m, text, "typo"), -1);
	migration_release(&m);
	free(text);
}

static void test_missing_field_is_an_error(void)
{
	struct migration m;

	load_sample(&m);
	CU_ASSERT_EQUAL(migration_parse(&m, "name: x\n", "short"), -1);
	migration_release(&m);
}

static void test_prototype_without_parameters(void)
{
	struct migration_prototype p;
	char *fn = NULL;

	CU_ASSERT_EQUAL(prototype_parse(&p, "void f(void x)", &fn), 0);
	CU_ASSERT_STRING_EQUAL(fn, "f");
	free(fn);
	prototype_release(&p);
	CU_ASSERT_EQUAL(prototype_parse(&p, "int g()", &fn), 0);
	CU_ASSERT_EQUAL(p.nr_params, 0);
	free(fn);
	prototype_release(&p);
	CU_ASSERT_EQUAL(prototype_parse(&p, "no parenthesis", &fn), -1);
}

static void test_the_shipped_migration_loads(void)
{
	struct migration m;

	setenv("KMIGRATE_DATADIR", ".", 1);
	CU_ASSERT_EQUAL_FATAL(migration_load(&m, "class-device-parent"), 0);
	CU_ASSERT_STRING_EQUAL(m.function, "class_device_create");
	CU_ASSERT_TRUE(m.cocci.nr >= 1);
	migration_release(&m);
	CU_ASSERT_EQUAL(migration_load(&m, "../etc"), -1);
	CU_ASSERT_EQUAL(migration_load(&m, "no-such-migration"), -1);
}

static const struct unit_test tests[] = {
	{ "fields, prototypes and continuation lines are read", test_fields_and_prototypes },
	{ "an unknown key is an error, not ignored", test_unknown_key_is_an_error },
	{ "a missing required field is an error", test_missing_field_is_an_error },
	{ "prototypes with no parameters parse", test_prototype_without_parameters },
	{ "the shipped class-device-parent migration loads", test_the_shipped_migration_loads },
	{ NULL, NULL }
};

UNIT_MAIN("migration", tests)
