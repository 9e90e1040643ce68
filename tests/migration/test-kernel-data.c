/*
 * test-kernel-data.c - semantic-patches/kernel-types: reading it, and the
 * lookups every migration shares.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel-data.h"
#include "migration.h"
#include "test-migration-data.h"
#include "unit.h"

static void load(struct kernel_data *kd)
{
	memset(kd, 0, sizeof(*kd));
	check_int_fatal(kernel_data_parse(kd, test_kernel_text, "k"), 0);
}

static const char *macro_type(const struct kernel_data *kd, const char *text)
{
	const struct kernel_macro *mc =
		kernel_macro_match(kd, text, strlen(text));

	return mc ? mc->type : NULL;
}

static void test_roles(void)
{
	struct kernel_data kd;

	load(&kd);
	check_str(kernel_type_role(&kd, "struct class *"), "class");
	/* spelled any way, qualifiers aside */
	check_str(kernel_type_role(&kd, "struct  class*"), "class");
	check_str(kernel_type_role(&kd, "const char *"), "string");
	check_str(kernel_type_role(&kd, "dev_t"), "devt");
	CU_ASSERT_PTR_NULL(kernel_type_role(&kd, "struct kobject *"));
	check_str(kernel_role_type(&kd, "module"), "struct module *");
	CU_ASSERT_PTR_NULL(kernel_role_type(&kd, "frob"));
	kernel_data_release(&kd);
}

static void test_macros(void)
{
	struct kernel_data kd;
	const struct kernel_macro *mc;

	load(&kd);
	check_str(macro_type(&kd, "MKDEV(4, i)"), "dev_t");
	mc = kernel_macro_match(&kd, "MKDEV( 0 , 0 )", 14);
	CU_ASSERT_FATAL(mc != NULL);
	CU_ASSERT_TRUE(mc->zero);
	mc = kernel_macro_match(&kd, "MKDEV(0, 1)", 11);
	CU_ASSERT_FATAL(mc != NULL);
	CU_ASSERT_FALSE(mc->zero);
	mc = kernel_macro_match(&kd, "/* none */ NULL", 15);
	CU_ASSERT_FATAL(mc != NULL);
	CU_ASSERT_TRUE(mc->null);
	check_str(macro_type(&kd, "THIS_MODULE"), "struct module *");
	/* a whole argument only, and the right shape */
	CU_ASSERT_PTR_NULL(macro_type(&kd, "MKDEV(1, 2) + 1"));
	CU_ASSERT_PTR_NULL(macro_type(&kd, "MKDEV"));
	CU_ASSERT_PTR_NULL(macro_type(&kd, "THIS_MODULE(x)"));
	CU_ASSERT_PTR_NULL(macro_type(&kd, "mkdev(1, 2)"));
	CU_ASSERT_PTR_NOT_NULL(kernel_macro_named(&kd, "MKDEV"));
	check_str(kernel_member_type(&kd, "dev"), "struct device");
	CU_ASSERT_PTR_NULL(kernel_member_type(&kd, "cdev"));
	kernel_data_release(&kd);
}

static void test_errors(void)
{
	static const char *const bad[] = {
		"role: class\n",
		"macro: MKDEV(\n",
		"macro: (x) int\n",
		"member: dev\n",
		"type: dev_t devt\n",
		" role: class struct class *\n",
		/* what would go into a generated semantic patch as it is */
		"macro: NULL@ void * null\n",
		"macro: NULL void *\n @@\n",
		"macro: MKDEV(0,/*x*/0) dev_t zero\n",
		"macro: MKDEV(0,(0) dev_t\n",
		"macro: MK$DEV(...) dev_t\n",
		"role: class struct class * @@\n",
		"role: cl/ass struct class *\n",
		"role: class struct\rclass *\n",
		"member: de-v struct device\n",
		"member: dev struct device // x\n",
		"ro\rle: class struct class *\n",
		"attribute: __printf(2, 3)\n",
		"attribute: __iomem *\n",
		"attribute: __x(...) y\n",
		/* go into the header written for libclang */
		"config: x86_64 CONFIG_64BIT\n",
		"config: x86_64 CONFIG_64BIT 1 2\n",
		"config: x86_64 CONFIG_64BIT 1;\n",
		"config: x86_64 CONFIG-64BIT 1\n",
		"config: x86/64 CONFIG_64BIT 1\n",
		"include: /usr/include/stdio.h\n",
		"include: ../linux/kconfig.h\n",
		"include: linux/../kconfig.h\n",
		"include: linux/kconfig.h>\n",
		"include: linux/kconfig.c\n",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct kernel_data kd;

		memset(&kd, 0, sizeof(kd));
		check_int(kernel_data_parse(&kd, bad[i], "bad"), -1);
		kernel_data_release(&kd);
	}
}

static void test_attributes(void)
{
	struct kernel_data kd;

	memset(&kd, 0, sizeof(kd));
	check_int_fatal(kernel_data_parse(&kd,
					  "attribute: __iomem\n"
					  "attribute: __printf(...)\n",
					  "kernel-types"),
			0);
	check_int(kernel_attribute_named(&kd, "__iomem")->function_like, 0);
	check_int(kernel_attribute_named(&kd, "__printf")->function_like, 1);
	CU_ASSERT_PTR_NULL(kernel_attribute_named(&kd, "__user"));
	kernel_data_release(&kd);
}

static void test_configs_and_includes(void)
{
	struct kernel_data kd;

	memset(&kd, 0, sizeof(kd));
	check_int_fatal(kernel_data_parse(&kd,
					  "config: x86_64 CONFIG_64BIT 1\n"
					  "config: aarch64 CONFIG_ARM64 1\n"
					  "include: linux/kconfig.h\n",
					  "kernel-types"),
			0);
	check_int_fatal(kd.nr_configs, 2);
	check_str(kd.configs[1].machine, "aarch64");
	check_str(kd.configs[1].name, "CONFIG_ARM64");
	check_str(kd.configs[1].value, "1");
	check_int_fatal(kd.nr_includes, 1);
	check_str(kd.includes[0], "linux/kconfig.h");
	kernel_data_release(&kd);
}

static void test_the_shipped_file(void)
{
	struct kernel_data kd;

	memset(&kd, 0, sizeof(kd));
	setenv("KMIGRATE_DATADIR", ".", 1);
	check_int_fatal(kernel_data_load(&kd), 0);
	check_str(kernel_type_role(&kd, "struct class *"), "class");
	check_str(macro_type(&kd, "THIS_MODULE"), "struct module *");
	CU_ASSERT_TRUE(kernel_macro_match(&kd, "MKDEV(0,0)", 10)->zero);
	kernel_data_release(&kd);
}

static const struct unit_test tests[] = {
	{ "types and their roles", test_roles },
	{ "macros: exact arguments, any arguments, object-like", test_macros },
	{ "malformed lines are errors", test_errors },
	{ "attributes: plain and with arguments", test_attributes },
	{ "configs per machine, and includes", test_configs_and_includes },
	{ "the shipped kernel-types loads", test_the_shipped_file },
	{ NULL, NULL }
};

UNIT_MAIN("kernel-data", tests)
