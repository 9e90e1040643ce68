/*
 * test-prototype.c - the reader of C declarations (prototype.c): real
 * prototypes of the kernel's (function pointers, typedef names, arrays,
 * qualifiers, the attributes of kernel-types), what each parameter's
 * type and name come out as, and the reason and token of a text that
 * is no declaration.
 */
#include <stddef.h>
#include <string.h>

#include "kernel-data.h"
#include "migration.h"
#include "strbuf.h"
#include "unit.h"

static const char attributes[] = "attribute: __iomem\n"
				 "attribute: __user\n"
				 "attribute: __must_check\n"
				 "attribute: __printf(...)\n"
				 "attribute: __init\n";

/* text's function, return type and "type|name" parameters, ", "-joined */
static void expect(const char *text, const char *function, const char *ret,
		   const char *params, int variadic)
{
	struct kernel_data kd;
	struct migration_prototype p;
	struct strbuf why = STRBUF_INIT, got = STRBUF_INIT;
	size_t i;

	memset(&kd, 0, sizeof(kd));
	CU_ASSERT_FATAL(!kernel_data_parse(&kd, attributes, "kernel-types"));
	if (prototype_read(&p, text, &kd, &why) < 0) {
		check_str(why.buf, "(read)");
		check_str(text, "(a prototype)");
		goto out;
	}
	check_str(p.function, function);
	check_str(p.return_type, ret);
	for (i = 0; i < p.nr_params; i++)
		strbuf_addf(&got, "%s%s|%s", i ? ", " : "", p.params[i].type,
			    p.params[i].name);
	check_str(got.buf, params);
	check_int(p.variadic, variadic);
	check_str(p.text, text);
	prototype_release(&p);
out:
	strbuf_release(&why);
	strbuf_release(&got);
	kernel_data_release(&kd);
}

static void test_real_prototypes(void)
{
	expect("struct net_device *alloc_netdev_mqs(int sizeof_priv, "
	       "const char *name, unsigned char name_assign_type, "
	       "void (*setup)(struct net_device *), unsigned int txqs, "
	       "unsigned int rxqs)",
	       "alloc_netdev_mqs", "struct net_device *",
	       "int|sizeof_priv, const char *|name, "
	       "unsigned char|name_assign_type, "
	       "void (*)(struct net_device *)|setup, unsigned int|txqs, "
	       "unsigned int|rxqs",
	       0);
	expect("void __iomem *devm_ioremap_resource(struct device *dev, "
	       "const struct resource *res)",
	       "devm_ioremap_resource", "void *",
	       "struct device *|dev, const struct resource *|res", 0);
	expect("__printf(2, 3) int dev_err_probe(const struct device *dev, "
	       "int err, const char *fmt, ...);",
	       "dev_err_probe", "int",
	       "const struct device *|dev, int|err, const char *|fmt", 1);
	expect("unsigned long __must_check copy_from_user(void *to, "
	       "const void __user *from, unsigned long n)",
	       "copy_from_user", "unsigned long",
	       "void *|to, const void *|from, unsigned long|n", 0);
	expect("ssize_t simple_read_from_buffer(void __user *to, size_t count,"
	       " loff_t *ppos, const void *from, size_t available)",
	       "simple_read_from_buffer", "ssize_t",
	       "void *|to, size_t|count, loff_t *|ppos, const void *|from, "
	       "size_t|available",
	       0);
	expect("int sprintf(char buf[], const char *restrict fmt, ...)",
	       "sprintf", "int", "char *|buf, const char *|fmt", 1);
	expect("void mix(int v[16], volatile u32 *const reg, "
	       "char *const *argv)",
	       "mix", "void",
	       "int *|v, volatile u32 *|reg, char * const *|argv", 0);
	expect("static inline int __init f(void)", "f", "int", "", 0);
	expect("int g()", "g", "int", "", 0);
	expect("int request_irq(unsigned int irq, irq_handler_t handler, "
	       "unsigned long flags, const char *name, void *dev)",
	       "request_irq", "int",
	       "unsigned int|irq, irq_handler_t|handler, unsigned long|flags, "
	       "const char *|name, void *|dev",
	       0);
	expect("void (*signal(int sig, void (*func)(int)))(int)", "signal",
	       "void (*)(int)", "int|sig, void (*)(int)|func", 0);
	expect("int qsort_r(void *base, size_t n, "
	       "int (*cmp)(const void *, const void *, void *), "
	       "void (*cb[4])(void))",
	       "qsort_r", "int",
	       "void *|base, size_t|n, "
	       "int (*)(const void *, const void *, void *)|cmp, "
	       "void (**)(void)|cb",
	       0);
	expect("int f(int handler(int), enum kobject_action action, "
	       "union u __attribute__((unused)) x)",
	       "f", "int",
	       "int (*)(int)|handler, enum kobject_action|action, union u|x",
	       0);
	expect("int f(char *fmt, ...)", "f", "int", "char *|fmt", 1);
}

/* text is refused with exactly reason */
static void refused(const char *text, const char *reason)
{
	struct migration_prototype p;
	struct strbuf why = STRBUF_INIT;

	check_int(prototype_read(&p, text, NULL, &why), -1);
	check_str(why.buf, reason);
	CU_ASSERT_PTR_NULL(p.function);
	strbuf_release(&why);
}

static void test_refused(void)
{
	refused("int f", "expected the parameters, at the end");
	refused("int f(int a) (b)", "text after the declaration, at '('");
	refused("int f(int a, ..., int b)",
		"'...' must end the parameters, at ','");
	refused("int f(int a) x", "text after the declaration, at 'x'");
	refused("f(int a)", "the function has no name, at the end");
	refused("int f(int)",
		"parameter 1 ('int') has no name: a migration names each");
	refused("int f(int a b)",
		"expected ',' or ')' after a parameter, at 'b'");
	refused("int f(struct *p)",
		"expected a tag after struct, union or enum, at '*'");
	refused("int (*f)(int a)", "expected the parameters, at ')'");
	refused("int f(int a", "expected ',' or ')' after a parameter, "
			       "at the end");
	refused("int f(int a[2)", "expected ']', at ')'");
	refused("", "an empty declaration, at the end");
	/* without the kernel's data, __iomem is a name */
	refused("void __iomem *f(int a)", "expected the parameters, at '*'");
}

static const struct unit_test tests[] = {
	{ "prototypes: real declarations", test_real_prototypes },
	{ "prototypes: the reason and the token", test_refused },
	{ NULL, NULL },
};

UNIT_MAIN("prototype", tests)
