/*
 * test-tree-api.c - which prototype a tree's header declares.
 */
#include <errno.h>
#include <string.h>

#include "rule-test.h"
#include "strbuf.h"
#include "tree-api.h"
#include "unit.h"

static enum api_form declared(const char *header, struct tree_api *api)
{
	struct rule_test t;

	rule_test_init(&t, API_NEW);
	memset(api, 0, sizeof(*api));
	tree_api_from_text(api, header, "include/linux/device.h", &t.m);
	rule_test_release(&t);
	return api->declared;
}

/* the reason's words, made from the enum and its fields */
static void check_reason(const struct tree_api *api, const char *expected)
{
	struct strbuf sb = STRBUF_INIT;

	tree_api_reason_text(api, &sb);
	check_str(sb.buf, expected);
	strbuf_release(&sb);
}

static void test_new_under_default_configuration(void)
{
	static const char header[] =
		"/* class_device_create(a, b) in a comment */\n"
		"#ifdef KMIGRATE_OLD_API\n"
		"extern struct class_device *class_device_create(struct class "
		"*cls, dev_t devt,\n\tstruct device *device, char *fmt, ...);\n"
		"#else\n"
		"extern struct class_device *class_device_create(struct class "
		"*cls,\n\tstruct class_device *parent, dev_t devt,\n"
		"\tstruct device *device, char *fmt, ...)\n"
		"\t__attribute__((format(printf,5,6)));\n"
		"#endif\n";
	struct tree_api api;

	check_int(declared(header, &api), API_NEW);
	check_int(api.line, 6);
	check_int(api.nr_params, 5);
	CU_ASSERT_TRUE(api.variadic);
	check_str(tree_api_describe(&api), "new");
	tree_api_release(&api);
}

static void test_old_declaration(void)
{
	static const char header[] =
		"#define FOO 1\n"
		"#if FOO\n"
		"struct class_device *\nclass_device_create(struct class *cls, "
		"dev_t devt, struct device *device, char *fmt, ...);\n"
		"#endif\n";
	struct tree_api api;

	check_int(declared(header, &api), API_OLD);
	check_str(tree_api_describe(&api), "old");
	tree_api_release(&api);
}

static void test_unknown_falls_back_to_new(void)
{
	struct tree_api api;

	check_int(declared("extern int class_device_register(void);\n", &api),
		  API_UNKNOWN);
	CU_ASSERT_TRUE(api.fallback);
	check_int(api.used, API_NEW);
	check_str(tree_api_describe(&api), "new (fallback)");
	check_int(api.why, TREE_API_NOT_DECLARED);
	check_reason(&api, "'include/linux/device.h' does not declare "
			   "'class_device_create'");
	tree_api_release(&api);

	check_int(declared("#if 0\nint class_device_create(int a, ...);"
			   "\n#endif\nvoid *class_device_create(void);\n",
			   &api),
		  API_UNKNOWN);
	check_int(api.nr_params, 0);
	check_int(api.why, TREE_API_NEITHER_PROTOTYPE);
	check_reason(&api, "include/linux/device.h:4: 'class_device_create' "
			   "takes 0 parameters, neither the old nor the new "
			   "prototype");
	tree_api_release(&api);
}

static void test_missing_header(void)
{
	struct rule_test t;
	struct tree_api api;

	rule_test_init(&t, API_NEW);
	check_int(tree_api_read(&api, "/nonexistent-tree", &t.m), 0);
	check_int(api.declared, API_UNKNOWN);
	CU_ASSERT_TRUE(api.fallback);
	check_int(api.why, TREE_API_UNREADABLE);
	check_int(api.error, ENOENT);
	check_reason(&api, "cannot read 'include/linux/device.h': No such "
			   "file or directory");
	tree_api_release(&api);
	rule_test_release(&t);
}

/* what a header declares for a migration given as text */
static enum api_form declared_for(const char *migration, const char *header,
				  struct tree_api *api)
{
	struct migration m;

	memset(&m, 0, sizeof(m));
	check_int_fatal(migration_parse(&m, migration, "test"), 0);
	memset(api, 0, sizeof(*api));
	tree_api_from_text(api, header, "include/linux/device/class.h", &m);
	migration_release(&m);
	return api->declared;
}

static const char owner_migration[] =
	"name: class-create-owner\nfunction: class_create\n"
	"header: include/linux/device/class.h\n"
	"old-prototype: struct class *class_create(struct module *owner, "
	"const char *name)\n"
	"new-prototype: struct class *class_create(const char *name)\n"
	"new-call: $2\ndrop: 1 THIS_MODULE\ncocci: x.cocci\n"
	"subject: s\ndescription: d\n";

static void test_a_macro_declares_the_old_api(void)
{
	static const char old_header[] =
		"struct class * __must_check __class_create(struct module "
		"*owner,\n\t\tconst char *name, struct lock_class_key *key);\n"
		"#define class_create(owner, name)\t\t\\\n"
		"({\t\t\t\t\t\t\\\n"
		"\tstatic struct lock_class_key __key;\t\\\n"
		"\t__class_create(owner, name, &__key);\t\\\n"
		"})\n";
	static const char new_header[] =
		"struct class * __must_check class_create(const char *name);\n";
	struct tree_api api;

	check_int(declared_for(owner_migration, old_header, &api), API_OLD);
	CU_ASSERT_TRUE(api.macro);
	check_int(api.nr_params, 2);
	check_int(api.line, 3);
	tree_api_release(&api);
	check_int(declared_for(owner_migration, new_header, &api), API_NEW);
	CU_ASSERT_FALSE(api.macro);
	tree_api_release(&api);
	/* a macro under a condition the default build does not see */
	check_int(declared_for(owner_migration,
			       "#ifdef NOPE\n"
			       "#define class_create(o, n) x(o, n)\n"
			       "#endif\n",
			       &api),
		  API_UNKNOWN);
	tree_api_release(&api);
}

static void test_a_renamed_function(void)
{
	static const char migration[] =
		"name: frob\nfunction: frob\nnew-function: frob2\n"
		"header: include/frob.h\n"
		"old-prototype: int frob(int a, char *b)\n"
		"new-prototype: int frob2(char *b, int a)\n"
		"new-call: $2 $1\ncocci: x.cocci\nsubject: s\n"
		"description: d\n";
	struct tree_api api;

	check_int(declared_for(migration, "int frob(int a, char *b);\n", &api),
		  API_OLD);
	tree_api_release(&api);
	CU_ASSERT_FALSE(api.both);
	tree_api_release(&api);
	/* both declared: the new name wins, and a call of either is right */
	check_int(declared_for(migration,
			       "int frob(int a, char *b);\n"
			       "int frob2(char *b, int a);\n",
			       &api),
		  API_NEW);
	CU_ASSERT_TRUE(api.both);
	tree_api_release(&api);
	/* the new name alone: the old one is gone */
	check_int(declared_for(migration, "int frob2(char *b, int a);\n", &api),
		  API_NEW);
	CU_ASSERT_FALSE(api.both);
	tree_api_release(&api);
	/* an old name of another arity beside the new one: not both */
	check_int(declared_for(migration,
			       "int frob(int a);\nint frob2(char *b, int a);\n",
			       &api),
		  API_NEW);
	CU_ASSERT_FALSE(api.both);
	tree_api_release(&api);
	/* the old name with the new arity is neither */
	check_int(declared_for(migration, "int frob(int a);\n", &api),
		  API_UNKNOWN);
	check_int(api.why, TREE_API_NEITHER_PROTOTYPE);
	check_str(api.name, "frob");
	tree_api_release(&api);
	/* neither name: the reason names the old one */
	check_int(declared_for(migration, "int frob3(int a);\n", &api),
		  API_UNKNOWN);
	check_reason(&api, "'include/linux/device/class.h' does not declare "
			   "'frob'");
	tree_api_release(&api);
}

/* a known API has no reason; every reason of an unknown one has words */
static void test_every_reason_has_words(void)
{
	struct tree_api api;
	struct strbuf sb = STRBUF_INIT;
	int why;

	check_int(declared("int class_device_create(struct class *cls, "
			   "void *parent, int devt, void *device, "
			   "char *fmt, ...);\n",
			   &api),
		  API_NEW);
	check_int(api.why, TREE_API_KNOWN);
	check_reason(&api, "");
	api.name = xstrdup("f");
	api.error = EACCES;
	for (why = TREE_API_KNOWN + 1; why < TREE_API_REASON_NR; why++) {
		api.why = (enum tree_api_reason)why;
		strbuf_reset(&sb);
		tree_api_reason_text(&api, &sb);
		CU_ASSERT(sb.len > 0);
		CU_ASSERT_PTR_NULL(strchr(sb.buf, '?'));
	}
	strbuf_release(&sb);
	tree_api_release(&api);
}

static const struct unit_test tests[] = {
	{ "the new prototype, with #ifdef branches followed",
	  test_new_under_default_configuration },
	{ "the old prototype", test_old_declaration },
	{ "unknown: checked against the new one, and said",
	  test_unknown_falls_back_to_new },
	{ "a missing header is unknown, not an error", test_missing_header },
	{ "a function-like macro declares the old API",
	  test_a_macro_declares_the_old_api },
	{ "a renamed function: its new name, then its old one",
	  test_a_renamed_function },
	{ "a known API has no reason, every other reason has words",
	  test_every_reason_has_words },
	{ NULL, NULL }
};

UNIT_MAIN("tree-api", tests)
