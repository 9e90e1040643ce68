/*
 * test-clang-macro-call.c - a call of a function the tree declares as a
 * macro (class_create() before 6.4): libclang sees its expansion, and
 * each argument is found where it is spelled.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clang-analysis.h"
#include "migration.h"
#include "scan.h"
#include "tree-api.h"
#include "unit.h"

/* class_create() as the macro it is before 6.4 */
static const char class_h[] =
	"struct module;\n"
	"struct class;\n"
	"struct lock_class_key { int subkeys; };\n"
	"#define THIS_MODULE ((struct module *)0)\n"
	"struct class *__class_create(struct module *owner, const char *name,\n"
	"\tstruct lock_class_key *key);\n"
	"#define class_create(owner, name)\t\t\t\\\n"
	"({\t\t\t\t\t\t\t\\\n"
	"\tstatic struct lock_class_key __key;\t\t\\\n"
	"\t__class_create(owner, name, &__key);\t\t\\\n"
	"})\n";

static const char class_user_c[] =
	"#include <linux/device/class.h>\n"
	"static struct class *mem_class;\n"
	"static int f(void)\n"
	"{\n"
	"\tmem_class = class_create(THIS_MODULE, \"mem\");\n"
	"\treturn mem_class != 0;\n"
	"}\n";

static const char owner_migration[] =
	"name: class-create-owner\nfunction: class_create\n"
	"header: include/linux/device/class.h\n"
	"old-prototype: struct class *class_create(struct module *owner, "
	"const char *name)\n"
	"new-prototype: struct class *class_create(const char *name)\n"
	"new-call: $2\ndrop: 1 THIS_MODULE\ncocci: x.cocci\nsubject: s\n"
	"description: d\n";

static void test_a_macro_function_is_seen_expanded(void)
{
	char tree[64] = "/tmp/test-clang-analysis-XXXXXX";
	struct migration m;
	struct tree_api api;
	struct scan_file sf;
	struct analysed_file file;
	struct call_analysis call;
	struct clang_env env;

	memset(&m, 0, sizeof(m));
	CU_ASSERT_FATAL(!migration_parse(&m, owner_migration, "m"));
	memset(&api, 0, sizeof(api));
	tree_api_from_text(&api, class_h, "include/linux/device/class.h", &m);
	check_int(api.declared, API_OLD);
	CU_ASSERT_TRUE(api.macro);
	CU_ASSERT_FATAL(mkdtemp(tree) != NULL);
	scan_file_buffer(&sf, "drivers/char/mem.c", class_user_c,
			 strlen(class_user_c), &m);
	check_int_fatal(sf.nr_sites, 1);
	check_int(sf.sites[0].kind, CALL_SITE_OLD);
	CU_ASSERT_FATAL(!clang_env_init(&env, tree, NULL));
	clang_env_add_unsaved(&env, "include/linux/device/class.h", class_h);
	clang_file_init(&file, "drivers/char/mem.c");
	call_analysis_init(&call, &sf.sites[0], &m, &api, &file, 0);
	clang_analyse_file(&env, &file, class_user_c, strlen(class_user_c),
			   &call, 1);
	/*
	 * the call is __class_create()'s expansion; its two arguments are
	 * the macro's, found where they are written
	 */
	CU_ASSERT_TRUE(call.seen_by_libclang);
	CU_ASSERT_PTR_NULL(file.parse_error);
	check_int_fatal(call.nr_args, 2);
	check_str(call.args[0].type, "struct module *");
	check_int(call.args[0].type_source, TYPE_FROM_LIBCLANG);
	CU_ASSERT_TRUE(call.args[1].is_literal);
	check_str(call.args[1].literal, "mem");
	call_analysis_release(&call);
	clang_file_release(&file);
	clang_env_release(&env);
	scan_file_release(&sf);
	tree_api_release(&api);
	migration_release(&m);
	rmdir(tree);
}

static const struct unit_test tests[] = {
	{ "a function that is a macro: libclang's expansion",
	  test_a_macro_function_is_seen_expanded },
	{ NULL, NULL }
};

UNIT_MAIN("clang-macro-call", tests)
