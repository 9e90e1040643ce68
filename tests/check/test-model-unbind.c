/*
 * test-model-unbind.c - check's account of a remove callback's error
 * return, from the core model's unbind path (model-unbind.h): the bus
 * the migration names decides what the core says, a migration without
 * "unbind:" gets no account.
 */
#include <string.h>

#include "migration.h"
#include "model-unbind.h"
#include "strbuf.h"
#include "unit.h"

static const char keys[] =
	"name: cb\nsubject: x: y\ndescription: z\nkind: callback\n"
	"struct: drv\nfield: stop\nnew-field: stop_new\n"
	"header: include/drv.h\n"
	"old-prototype: int stop(struct dev *d)\n"
	"new-prototype: void stop_new(struct dev *d)\n"
	"summary: Convert to stop returning void\n";

/* the account for foo_stop's error at line 12, under extra keys */
static void explain(const char *extra, struct strbuf *out)
{
	struct strbuf text = STRBUF_INIT;
	struct migration m;

	memset(&m, 0, sizeof(m));
	strbuf_addf(&text, "%s%s", keys, extra);
	check_int(migration_parse(&m, text.buf, "test"), 0);
	strbuf_addstr(out, "left");
	model_unbind_explain(&m, "foo_stop", 12, out);
	migration_release(&m);
	strbuf_release(&text);
}

static void check_has(const struct strbuf *out, const char *want)
{
	if (!strstr(out->buf, want))
		fprintf(stderr, "expected '%s' in:\n%s\n", want, out->buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(out->buf, want));
}

static void test_platform_warns(void)
{
	struct strbuf out = STRBUF_INIT;

	explain("unbind: platform\n", &out);
	check_has(&out, "left. On the platform bus's unbind path");
	check_has(&out, "the device is unbound all the same, its devres "
			"released, its drvdata cleared");
	check_has(&out, "only warns ('remove callback returned a non-zero "
			"value. This will be ignored.')");
	check_has(&out, "What matters is what 'foo_stop' does before it "
			"returns the error at line 12");
	strbuf_release(&out);
}

static void test_other_bus_silent(void)
{
	struct strbuf out = STRBUF_INIT;

	explain("unbind: vmbus\n", &out);
	check_has(&out, "the core says nothing, so dropping the error "
			"changes no behaviour.");
	CU_ASSERT_PTR_NULL(strstr(out.buf, "warns"));
	strbuf_release(&out);
}

static void test_no_bus_no_account(void)
{
	struct strbuf out = STRBUF_INIT;

	explain("", &out);
	check_str(out.buf, "left");
	strbuf_release(&out);
}

static const struct unit_test tests[] = {
	{ "platform: unbound all the same, the core warns",
	  test_platform_warns },
	{ "another bus: unbound, the core says nothing",
	  test_other_bus_silent },
	{ "no unbind: key, no account", test_no_bus_no_account },
	{ NULL, NULL },
};

UNIT_MAIN("model-unbind", tests)
