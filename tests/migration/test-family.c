/*
 * test-family.c - a migration of several conversions (family.h): the
 * keys routed to their variants, the cases' conditions on an argument's
 * text, the choice of a call's conversion, and the call an expression
 * item would evaluate an argument of twice.
 */
#include <stdlib.h>
#include <string.h>

#include "family.h"
#include "map-case.h"
#include "migration.h"
#include "strbuf.h"
#include "unit.h"
#include "util.h"

static const char limits[] =
	"name: limits\n"
	"subject: s\n"
	"description: d\n"
	"function: get\n"
	"header: h.h\n"
	"old-prototype: int get(void *p, unsigned int from, unsigned int to)\n"
	"case: $2 == 0 if known, $3 == 0\n"
	"new-function: get_any\n"
	"new-prototype: int get_any(void *p)\n"
	"new-call: $1\n"
	"case: $3 == 0\n"
	"new-function: get_from\n"
	"new-prototype: int get_from(void *p, unsigned int from)\n"
	"new-call: $1 $2\n"
	"case: else\n"
	"new-function: get_range\n"
	"new-prototype: int get_range(void *p, unsigned int from, unsigned int max)\n"
	"new-call: $1, $2, $3 - 1\n"
	"function: put\n"
	"new-function: put_id\n"
	"header: h.h\n"
	"old-prototype: void put(void *p, int id)\n"
	"new-prototype: void put_id(int id, void *p)\n"
	"new-call: $2 $1\n";

static void parse(struct migration *m, const char *text, int want)
{
	memset(m, 0, sizeof(*m));
	m->dir = strdup("/data/limits");
	check_int_fatal(migration_parse(m, text, "limits"), want);
}

static void test_variants(void)
{
	struct migration m;

	parse(&m, limits, 0);
	check_int(migration_nr_variants(&m), 4);
	check_str(migration_variant(&m, 0)->new_function, "get_any");
	check_str(migration_variant(&m, 2)->new_function, "get_range");
	check_str(migration_variant(&m, 2)->old_proto.params[2].name, "to");
	check_str(migration_variant(&m, 3)->function, "put");
	check_int(migration_variant(&m, 3)->member, 1);
	check_str(migration_variant(&m, 3)->subject, "s");
	check_int(migration_variant_named(&m, "put_id", 6) ==
			  migration_variant(&m, 3),
		  1);
	migration_release(&m);
}

/* the new function a call of name with args takes, or "?N" */
static void check_choice(struct migration *m, const char *name, const char *a2,
			 const char *a3, const char *want)
{
	const char *args[] = { "p", a2, a3 };
	struct migration_choice c;
	char got[64];
	int ret = migration_choose(m, name, strlen(name), args, 3, NULL, &c);

	if (ret == 0)
		snprintf(got, sizeof(got), "%s", c.variant->new_function);
	else
		snprintf(got, sizeof(got), "?%d", c.arg);
	check_str(got, want);
}

static void test_choose(void)
{
	struct migration m;

	parse(&m, limits, 0);
	check_choice(&m, "get", "0", "0", "get_any");
	check_choice(&m, "get", "(0)", "0U", "get_any");
	check_choice(&m, "get", "from", "0", "get_from");
	check_choice(&m, "get", "4", "0x10", "get_range");
	check_choice(&m, "get", "0", "n", "?3");
	check_choice(&m, "get", "from", "a + b", "?3");
	check_choice(&m, "get_from", "x", "y", "get_from");
	migration_release(&m);
}

static const char *zero_macro(void *data, const char *name, size_t len)
{
	(void)data;
	return len == 4 && !strncmp(name, "NONE", 4) ? "0" : NULL;
}

static void test_conditions(void)
{
	static const char text[] = "name: n\nsubject: s\ndescription: d\n"
				   "function: f\nheader: h.h\n"
				   "old-prototype: int f(void *p, int n)\n"
				   "case: $1 == NULL, $2 != 0\n"
				   "new-function: g\n"
				   "new-prototype: int g(void *p, int n)\n"
				   "new-call: $1, $2 + 1\n"
				   "case: else\n"
				   "new-function: h\n"
				   "new-prototype: int h(void *p, int n)\n"
				   "new-call: $1 $2\n";
	struct map_lookup lookup = { zero_macro, NULL };
	struct migration m;

	parse(&m, text, 0);
	check_int(map_case_eval(&m, 0, "NULL", NULL), MAP_CASE_HOLDS);
	check_int(map_case_eval(&m, 0, "0", NULL), MAP_CASE_HOLDS);
	check_int(map_case_eval(&m, 0, "&dev", NULL), MAP_CASE_FAILS);
	check_int(map_case_eval(&m, 0, "dev", NULL), MAP_CASE_UNKNOWN);
	check_int(map_case_eval(&m, 1, "NONE", &lookup), MAP_CASE_FAILS);
	check_int(map_case_eval(&m, 1, "NONE", NULL), MAP_CASE_UNKNOWN);
	check_int(map_case_eval(&m, 1, "7", NULL), MAP_CASE_HOLDS);
	migration_release(&m);
}

/* an argument with a side effect the new call names twice: left */
static void test_evaluated_twice(void)
{
	static const char text[] = "name: n\nsubject: s\ndescription: d\n"
				   "function: f\nheader: h.h\n"
				   "old-prototype: int f(struct x *p)\n"
				   "new-function: g\n"
				   "new-prototype: int g(struct d *d)\n"
				   "new-call: $1 ? &$1->dev : NULL\n";
	const char *args[] = { "get(x)" };
	struct migration_choice choice;
	struct migration m;

	parse(&m, text, 0);
	check_int(migration_arg_uses(&m, 1), 2);
	check_int(migration_choose(&m, "f", 1, args, 1, NULL, &choice), 1);
	check_int(choice.twice, 1);
	check_int(choice.arg, 1);
	args[0] = "x->p";
	check_int(migration_choose(&m, "f", 1, args, 1, NULL, &choice), 0);
	check_true(choice.variant == &m);
	migration_release(&m);
}

static void test_errors(void)
{
	static const char *const bad[] = {
		/* a condition on no parameter */
		"case: $3 == 0\n",
		/* not a condition */
		"case: $2 < 0\n",
		/* else before another case */
		"case: else\nnew-function: g\nnew-prototype: int g(int n)\n"
		"new-call: $2\ncase: $2 == 0\n",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct strbuf text = STRBUF_INIT;
		struct migration m;

		strbuf_addf(&text,
			    "name: n\nsubject: s\ndescription: d\n"
			    "function: f\nheader: h.h\n"
			    "old-prototype: int f(void *p, int n)\n%s"
			    "new-function: h\n"
			    "new-prototype: int h(void *p, int n)\n"
			    "new-call: $1 $2\n",
			    bad[i]);
		parse(&m, text.buf, -1);
		migration_release(&m);
		strbuf_release(&text);
	}
}

static const struct unit_test tests[] = {
	{ "a family's functions and a function's cases are variants",
	  test_variants },
	{ "a call's conversion: its name, then its arguments' values",
	  test_choose },
	{ "conditions on literals, NULL, addresses and a file's macro",
	  test_conditions },
	{ "an argument with a side effect evaluated twice is left",
	  test_evaluated_twice },
	{ "malformed cases are errors", test_errors },
	{ NULL, NULL }
};

UNIT_MAIN("family", tests)
