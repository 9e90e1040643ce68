/*
 * test-migration.c - reading a migration's data file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "migration.h"
#include "strbuf.h"
#include "unit.h"
#include "util.h"

static const char sample[] =
	"# a comment\n"
	"name: class-device-parent\n"
	"function: class_device_create\n"
	"header: include/linux/device.h\n"
	"old-prototype: struct class_device *class_device_create(struct class *cls, dev_t devt, struct device *device, char *fmt, ...)\n"
	"new-prototype: struct class_device *class_device_create(struct class *cls, struct class_device *parent, dev_t devt, struct device *device, char *fmt, ...)\n"
	"new-call: $1 NULL $2 $3 $4 ...\n"
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
	check_int_fatal(migration_parse(&m, sample, "sample"), 0);
	check_str(m.function, "class_device_create");
	check_int(m.old_proto.nr_params, 4);
	check_int(m.new_proto.nr_params, 5);
	CU_ASSERT_TRUE(m.new_proto.variadic);
	check_str(m.new_proto.params[1].type, "struct class_device *");
	check_str(m.new_proto.params[1].name, "parent");
	check_str(m.old_proto.params[1].type, "dev_t");
	check_str(m.old_proto.return_type, "struct class_device *");
	/* argument 2 of the new call is NULL; the formats are 4 and 5 */
	check_int_fatal(migration_new_item(&m, 2)->kind, CALL_ITEM_VALUE);
	check_str(migration_new_item(&m, 2)->value, "NULL");
	check_int(m.old_proto.format, 4);
	check_int(m.new_proto.format, 5);
	check_int(m.cocci.nr, 2);
	check_str(m.cocci.items[1].string, "/data/mig/b.cocci");
	check_str(m.description,
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
	check_int(migration_parse(&m, text, "typo"), -1);
	migration_release(&m);
	free(text);
}

static void test_missing_field_is_an_error(void)
{
	struct migration m;

	load_sample(&m);
	check_int(migration_parse(&m, "name: x\n", "short"), -1);
	migration_release(&m);
}

static void test_prototype_without_parameters(void)
{
	struct migration_prototype p;
	char *fn = NULL;

	check_int(prototype_parse(&p, "void f(void x)", &fn), 0);
	check_str(fn, "f");
	free(fn);
	prototype_release(&p);
	check_int(prototype_parse(&p, "int g()", &fn), 0);
	check_int(p.nr_params, 0);
	free(fn);
	prototype_release(&p);
	check_int(prototype_parse(&p, "no parenthesis", &fn), -1);
}

static void test_the_shipped_migration_loads(void)
{
	struct migration m;

	setenv("KMIGRATE_DATADIR", ".", 1);
	check_int_fatal(migration_load(&m, "class-device-parent"), 0);
	check_str(m.function, "class_device_create");
	/* its semantic patch is generated: no hand-written override */
	check_int(m.cocci.nr, 0);
	migration_release(&m);
	check_int(migration_load(&m, "../etc"), -1);
	check_int(migration_load(&m, "no-such-migration"), -1);
	/* a name is [a-z0-9][a-z0-9-]*, as its folder's must be */
	check_int(migration_load(&m, "Class-Device-Parent"), -1);
	check_int(migration_load(&m, "-x"), -1);
	check_int(migration_load(&m, ""), -1);
}

/* a migration of frob(): the old prototype, this new one and map */
static int parse_map(struct migration *m, const char *new_proto,
		     const char *extra)
{
	char *text = malloc(4096);
	int ret;

	snprintf(text, 4096,
		 "name: frob\nfunction: frob\nheader: include/frob.h\n"
		 "old-prototype: int frob(struct module *owner, int a, "
		 "char *b, char *fmt, ...)\n"
		 "new-prototype: %s\n%s"
		 "cocci: frob.cocci\nsubject: frob: change\ndescription: x\n",
		 new_proto, extra);
	memset(m, 0, sizeof(*m));
	ret = migration_parse(m, text, "frob");
	free(text);
	return ret;
}

static void describe(const struct migration *m, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	migration_describe(m, &sb);
	if (strcmp(sb.buf, want))
		fprintf(stderr, "described as '%s', not '%s'\n", sb.buf, want);
	check_str(sb.buf, want);
	strbuf_release(&sb);
}

static void test_map_insert(void)
{
	struct migration m;

	check_int_fatal(parse_map(&m,
				  "int frob(struct module *owner, "
				  "int a, void *data, char *b, char *fmt, ...)",
				  "new-call: $1 $2 NULL $3 $4 ...\n"),
			0);
	check_int(m.new_call_nr, 6);
	check_int(m.new_call[2].kind, CALL_ITEM_VALUE);
	check_str(m.new_call[2].value, "NULL");
	check_int(m.new_call[5].kind, CALL_ITEM_REST);
	check_int(migration_new_position(&m, 3), 4);
	check_int(migration_new_position(&m, 4), 5);
	check_int(m.old_proto.format, 4);
	check_int(m.new_proto.format, 5);
	CU_ASSERT_FALSE(migration_renames(&m));
	check_str(migration_function(&m, 1), "frob");
	describe(&m, "pass NULL data to frob()");
	migration_release(&m);
}

static void test_map_remove_and_drop(void)
{
	struct migration m;
	struct strlist args = STRLIST_INIT;
	const char *old[] = { "mod", "1", "\"b\"", "\"%d\"", "i" };

	check_int_fatal(parse_map(&m,
				  "int frob(int a, char *b, "
				  "char *fmt, ...)",
				  "new-call: $2 $3 $4 ...\n"
				  "drop: 1 THIS_MODULE NULL\n"),
			0);
	check_int(migration_new_position(&m, 1), 0);
	check_int(migration_new_position(&m, 2), 1);
	CU_ASSERT_TRUE(migration_drop_is_silent(&m, 1, "THIS_MODULE"));
	CU_ASSERT_TRUE(migration_drop_is_silent(&m, 1, " /* me */ NULL"));
	CU_ASSERT_FALSE(migration_drop_is_silent(&m, 1, "mod"));
	CU_ASSERT_FALSE(migration_drop_is_silent(&m, 2, "THIS_MODULE"));
	migration_new_args(&m, old, 5, &args);
	check_int_fatal(args.nr, 4);
	check_str(args.items[0].string, "1");
	check_str(args.items[3].string, "i");
	describe(&m, "drop the owner argument of frob()");
	strlist_clear(&args, 0);
	migration_release(&m);
}

static void test_map_swap_rename_and_commas(void)
{
	struct migration m;

	check_int_fatal(
		parse_map(
			&m,
			"int frob2(struct module *owner, "
			"char *b, int a, char *fmt, ...)",
			"new-function: frob2\nnew-call: $1, $3, $2, $4, ...\n"),
		0);
	CU_ASSERT_TRUE(migration_renames(&m));
	check_str(migration_function(&m, 0), "frob");
	check_str(migration_function(&m, 1), "frob2");
	check_int(migration_new_position(&m, 2), 3);
	check_int(migration_new_position(&m, 3), 2);
	describe(&m, "call frob2() instead of frob() and swap the a and b "
		     "arguments");
	migration_release(&m);

	/* a value with blanks in a comma-separated map */
	check_int_fatal(
		parse_map(&m,
			  "int frob(struct module *owner, "
			  "int a, int devt, char *b, char *fmt, ...)",
			  "new-call: $1, $2, MKDEV(0, 0), $3, $4, ...\n"),
		0);
	check_str(m.new_call[2].value, "MKDEV(0, 0)");
	describe(&m, "pass MKDEV(0, 0) devt to frob()");
	migration_release(&m);
}

/* parse_map()'s frob renamed frob2, with extra keys; only renames? */
static int only_renames(const char *new_proto, const char *extra)
{
	struct migration m;
	char *keys = xstrfmt("new-function: frob2\n%s", extra);
	int ret = -1;

	if (!parse_map(&m, new_proto, keys))
		ret = migration_only_renames(&m);
	else
		fprintf(stderr, "'%s' with '%s' does not parse\n", new_proto,
			extra);
	migration_release(&m);
	free(keys);
	return ret;
}

static void test_map_only_renames(void)
{
	const char *same = "int frob2(struct module *owner, int a, char *b, "
			   "char *fmt, ...)";

	check_int(only_renames(same, "new-call: $1 $2 $3 $4 ...\n"), 1);
	/* a parameter of another type, a return of another type */
	check_int(only_renames("int frob2(struct module *owner, long a, "
			       "char *b, char *fmt, ...)",
			       "new-call: $1 $2 $3 $4 ...\n"),
		  0);
	check_int(only_renames("long frob2(struct module *owner, int a, "
			       "char *b, char *fmt, ...)",
			       "new-call: $1 $2 $3 $4 ...\n"),
		  0);
	/* ... which is no matter where the result is unused */
	check_int(only_renames("long frob2(struct module *owner, int a, "
			       "char *b, char *fmt, ...)",
			       "new-call: $1 $2 $3 $4 ...\n"
			       "where: result-unused\n"
			       "left-reason: frob2() returns a long\n"),
		  1);
	/* arguments moved, a value, a not-null parameter, a model */
	check_int(only_renames("int frob2(struct module *owner, char *a, "
			       "char *b, char *fmt, ...)",
			       "new-call: $1 $3 $2 $4 ...\n"),
		  0);
	check_int(only_renames(same, "new-call: $1 0 $3 $4 ...\n"), 0);
	check_int(only_renames(same, "new-call: $1 $2 $3 $4 ...\n"
				     "not-null: owner the module\n"),
		  0);
	check_int(only_renames(same, "new-call: $1 $2 $3 $4 ...\n"
				     "model: frob\n"),
		  0);
}

static void test_map_errors(void)
{
	static const struct {
		const char *proto, *extra;
	} bad[] = {
		/* too few items for the new prototype */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: $2 ...\n" },
		/* an old argument twice */
		{ "int frob(int a, int a2, char *b, char *fmt, ...)",
		  "new-call: $2 $2 $3 $4 ...\n" },
		/* no such old argument */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: $2 $3 $9 ...\n" },
		/* the variadic arguments lost */
		{ "int frob(int a, char *b, char *fmt)",
		  "new-call: $2 $3 $4\n" },
		/* '...' not last */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: $2 ... $3 $4\n" },
		/* a drop of an argument the call keeps */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: $2 $3 $4 ...\ndrop: 2 0\n" },
		/* a renamed prototype without new-function */
		{ "int frob2(int a, char *b, char *fmt, ...)",
		  "new-call: $2 $3 $4 ...\n" },
		/* no map */
		{ "int frob(int a, char *b, char *fmt, ...)", "" },
		/* a "$" inside a value that is no "$N" */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: $x*2 $3 $4 ...\n" },
		/* an expression of "$N" that is no C expression */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: &$2-> $3 $4 ...\n" },
		/* an expression of an argument the old call lacks */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: $9*2 $3 $4 ...\n" },
		/* not-null of no parameter */
		{ "int frob(int a, char *b, char *fmt, ...)",
		  "new-call: $2 $3 $4 ...\nnot-null: cls\n" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct migration m;

		check_int(parse_map(&m, bad[i].proto, bad[i].extra), -1);
		migration_release(&m);
	}
}

static void test_the_shipped_map(void)
{
	struct migration m;

	setenv("KMIGRATE_DATADIR", ".", 1);
	check_int_fatal(migration_load(&m, "class-device-parent"), 0);
	check_int(migration_new_position(&m, 1), 1);
	check_int(migration_new_position(&m, 2), 3);
	CU_ASSERT_PTR_NOT_NULL(migration_not_null(&m, "cls"));
	describe(&m, "pass NULL parent to class_device_create()");
	/* the kernel's types come with it */
	CU_ASSERT_PTR_NOT_NULL(kernel_macro_named(&m.kernel, "NULL"));
	migration_release(&m);
}

static const struct unit_test tests[] = {
	{ "fields, prototypes and continuation lines are read",
	  test_fields_and_prototypes },
	{ "an unknown key is an error, not ignored",
	  test_unknown_key_is_an_error },
	{ "a missing required field is an error",
	  test_missing_field_is_an_error },
	{ "prototypes with no parameters parse",
	  test_prototype_without_parameters },
	{ "the shipped class-device-parent migration loads",
	  test_the_shipped_migration_loads },
	{ "new-call: an inserted value", test_map_insert },
	{ "new-call: a removed argument and its silent values",
	  test_map_remove_and_drop },
	{ "new-call: swap, rename, commas between items",
	  test_map_swap_rename_and_commas },
	{ "a map that only renames, and the ones that do more",
	  test_map_only_renames },
	{ "new-call: maps that do not fit the prototypes are errors",
	  test_map_errors },
	{ "the shipped map and its kernel types", test_the_shipped_map },
	{ NULL, NULL }
};

UNIT_MAIN("migration", tests)
