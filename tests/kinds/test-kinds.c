/*
 * test-kinds.c - the kinds of change: the "kind:" key chooses the ops
 * table a migration's other keys go to, "call" when there is none.
 */
#include <string.h>

#include "kinds.h"
#include "migration.h"
#include "strbuf.h"
#include "unit.h"

static const char call_keys[] = "function: frob\n"
				"header: include/linux/frob.h\n"
				"old-prototype: int frob(int a, int b)\n"
				"new-prototype: int frob(int b, int a)\n"
				"new-call: $2 $1\n";

static const char common_keys[] = "name: frob-swap\n"
				  "subject: frob: swap its arguments\n"
				  "description: test\n";

/* parse common_keys, then extra; the result of migration_parse() */
static int parse(struct migration *m, const char *extra)
{
	struct strbuf text = STRBUF_INIT;
	int ret;

	memset(m, 0, sizeof(*m));
	strbuf_addf(&text, "%s%s", common_keys, extra);
	ret = migration_parse(m, text.buf, "test");
	strbuf_release(&text);
	return ret;
}

static void test_default_is_call(void)
{
	struct migration m;

	check_int_fatal(parse(&m, call_keys), 0);
	CU_ASSERT_PTR_EQUAL(m.kind, &kind_call);
	CU_ASSERT_PTR_EQUAL(migration_kind_default(), &kind_call);
	migration_release(&m);
	check_int_fatal(parse(&m, "kind: call\n"), -1); /* no keys */
	migration_release(&m);
}

static void test_kind_call_named(void)
{
	struct strbuf text = STRBUF_INIT;
	struct migration m;

	/* read first wherever it is, so the call keys before it are call's */
	strbuf_addf(&text, "%skind: call\n", call_keys);
	check_int_fatal(parse(&m, text.buf), 0);
	CU_ASSERT_PTR_EQUAL(m.kind, &kind_call);
	check_str(m.kind_name, "call");
	migration_release(&m);
	strbuf_addstr(&text, "kind: call\n");
	check_int(parse(&m, text.buf), -1); /* given twice */
	migration_release(&m);
	strbuf_release(&text);
}

static void test_unknown_kind_refused(void)
{
	struct strbuf text = STRBUF_INIT;
	struct migration m;

	strbuf_addf(&text, "kind: bogus\n%s", call_keys);
	check_int(parse(&m, text.buf), -1);
	CU_ASSERT_PTR_NULL(m.kind);
	migration_release(&m);
	CU_ASSERT_PTR_NULL(migration_kind_find("bogus"));
	CU_ASSERT_PTR_EQUAL(migration_kind_find("call"), &kind_call);
	strbuf_reset(&text);
	migration_kinds_list(&text);
	check_str(text.buf, "call, callback");
	CU_ASSERT_PTR_EQUAL(migration_kind_find("callback"), &kind_callback);
	strbuf_release(&text);
}

/* a second kind, with one key of its own: "callback: NAME" */
static int callbacks;

static int plain_read_field(struct migration *m, const char *key,
			    const char *value, struct strbuf *why)
{
	(void)m;
	(void)value;
	if (!strcmp(key, "callback")) {
		callbacks++;
		return 0;
	}
	strbuf_addstr(why, "unknown key");
	return -1;
}

static const char *plain_missing_field(const struct migration *m)
{
	(void)m;
	return callbacks ? NULL : "callback";
}

static int plain_finish(struct migration *m, struct strbuf *why)
{
	(void)m;
	(void)why;
	return 0;
}

static void plain_release(struct migration *m)
{
	(void)m;
	callbacks = 0;
}

static const struct migration_kind kind_plain = {
	.name = "plain",
	.read_field = plain_read_field,
	.missing_field = plain_missing_field,
	.finish = plain_finish,
	.release = plain_release,
};

static const struct migration_kind *const two_kinds[] = { &kind_call,
							  &kind_plain, NULL };

static void test_keys_are_their_kinds(void)
{
	struct strbuf text = STRBUF_INIT;
	struct migration m;

	migration_kinds_set(two_kinds);
	check_int(parse(&m, "kind: plain\ncallback: probe\n"), 0);
	CU_ASSERT_PTR_EQUAL(m.kind, &kind_plain);
	migration_release(&m);
	/* a call key is unknown to the plain kind ... */
	check_int(parse(&m, "kind: plain\ncallback: probe\n"
			    "function: frob\n"),
		  -1);
	migration_release(&m);
	/* ... and a plain key to the call kind, the default still */
	strbuf_addf(&text, "%scallback: probe\n", call_keys);
	check_int(parse(&m, text.buf), -1);
	CU_ASSERT_PTR_EQUAL(m.kind, &kind_call);
	migration_release(&m);
	/* the plain kind's own missing key */
	check_int(parse(&m, "kind: plain\n"), -1);
	migration_release(&m);
	strbuf_release(&text);
	kinds_init();
}

static void test_call_rules(void)
{
	CU_ASSERT_TRUE(migration_kind_has_rule(&kind_call, "null-class"));
	CU_ASSERT_TRUE(migration_kind_has_rule(&kind_call, "parse-failure"));
	/* tree rules run whatever the kind: no kind lists them */
	CU_ASSERT_FALSE(migration_kind_has_rule(&kind_call, "binary-file"));
	CU_ASSERT_FALSE(migration_kind_has_rule(&kind_plain, "null-class"));
}

static const struct unit_test tests[] = {
	{ "without a kind key a migration is a call", test_default_is_call },
	{ "kind: call is read before the keys, once", test_kind_call_named },
	{ "an unknown kind is refused", test_unknown_kind_refused },
	{ "a kind's keys are unknown to another kind",
	  test_keys_are_their_kinds },
	{ "the call kind brings the call rules", test_call_rules },
	{ NULL, NULL }
};

UNIT_MAIN("kinds", tests)
