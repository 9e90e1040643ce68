/*
 * test-map-expr.c - the map's expression items (map-expr.h): which
 * texts are expressions of "$N", the arguments put in with the
 * parentheses precedence needs, integer arithmetic folded, and the
 * arguments with a side effect.
 */
#include <stdlib.h>
#include <string.h>

#include "map-expr.h"
#include "strbuf.h"
#include "unit.h"
#include "util.h"

static void test_parse(void)
{
	static const char *const good[] = {
		"&$1->dev",
		"$1 ? &$1->dev : NULL",
		"$3 - 1",
		"sizeof(*$1)",
		"($2) * 2",
		"(u32)$2 << 4",
		"f($1, 0)[$2]",
		"sizeof(struct x) + $1",
		"-$1",
		"$1 == NULL ? 0 : $2",
		"(struct dev *)$1",
	};
	static const char *const bad[] = {
		"$1 +", "$1 $2", "&$1->",  "($1",    "$1)", "$x",
		"a$1",	"1 - n", "$1->$2", "$1 ? 2", "$1,", "$0 + 1",
	};
	struct strbuf why = STRBUF_INIT;
	size_t i;
	int arg;

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		strbuf_reset(&why);
		check_str(good[i], good[i]);
		check_int(map_expr_parse(good[i], &arg, &why), 0);
		check_str(why.buf, "");
	}
	map_expr_parse("$3 - $1", &arg, &why);
	check_int(arg, 3);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		strbuf_reset(&why);
		check_str(bad[i], bad[i]);
		check_int(map_expr_parse(bad[i], &arg, &why), -1);
		check_true(why.len > 0);
	}
	strbuf_release(&why);
}

static void check_text(const char *expr, const char *a1, const char *a2,
		       int fold, const char *want)
{
	const char *args[] = { a1, a2 };
	struct strbuf sb = STRBUF_INIT;

	map_expr_text(expr, args, 2, fold, &sb);
	check_str(expr, expr);
	check_str(sb.buf, want);
	strbuf_release(&sb);
}

static void test_parentheses(void)
{
	check_text("$1->dev", "a + b", "", 1, "(a + b)->dev");
	check_text("&$1->dev", "p", "", 1, "&p->dev");
	check_text("&$1->dev", "*pp", "", 1, "&(*pp)->dev");
	check_text("&$1->dev", "p->q[2]", "", 1, "&p->q[2]->dev");
	check_text("$1 ? &$1->dev : NULL", "a + b", "", 1,
		   "a + b ? &(a + b)->dev : NULL");
	check_text("$1 ? &$1->dev : NULL", "x ? y : z", "", 1,
		   "(x ? y : z) ? &(x ? y : z)->dev : NULL");
	check_text("$2 - 1", "", "a - b", 1, "a - b - 1");
	check_text("1 - $2", "", "a - b", 1, "1 - (a - b)");
	check_text("$2 - 1", "", "a & b", 1, "(a & b) - 1");
	check_text("sizeof(*$1)", "a + b", "", 1, "sizeof(*(a + b))");
	check_text("sizeof(*$1)", "*pp", "", 1, "sizeof(**pp)");
	check_text("($2) * 2", "", "a + b", 1, "(a + b) * 2");
	check_text("$2 * 2", "", "a + b", 1, "(a + b) * 2");
	check_text("(int)$1", "a + b", "", 1, "(int)(a + b)");
	check_text("(int)$1", "(long)x", "", 1, "(int)(long)x");
	check_text("f($1, $2)", "a, b", "x = 1", 1, "f(a, b, x = 1)");
	check_text("$1 + 1", "dev->max", "", 1, "dev->max + 1");
}

static void test_fold(void)
{
	check_text("$2 - 1", "", "256", 1, "255");
	check_text("$2 - 1", "", "0x100", 1, "0xff");
	check_text("$2 - 1", "", "256", 0, "256 - 1");
	check_text("$2 - 1", "", "0", 1, "0 - 1");
	check_text("($2) * 2", "", "8", 1, "16");
	check_text("$1 << $2", "1", "4U", 1, "16");
	check_text("$1 / $2", "1", "0", 1, "1 / 0");
	check_text("$1 * 2", "NR", "", 1, "NR * 2");
	check_text("$1 - 1", "1 << 63", "", 1, "(1 << 63) - 1");
	check_text("$1 == 0", "0", "", 1, "0 == 0");
}

static void test_side_effect(void)
{
	check_int(map_expr_side_effect("f(x)"), 1);
	check_int(map_expr_side_effect("i++"), 1);
	check_int(map_expr_side_effect("x = 2"), 1);
	check_int(map_expr_side_effect("p->q[i]"), 0);
	check_int(map_expr_side_effect("sizeof(*p)"), 0);
	check_int(map_expr_side_effect("a == b"), 0);
	check_int(map_expr_uses("$1 ? &$1->dev : $2", 1), 2);
	check_int(map_expr_uses("$1 ? &$1->dev : $2", 2), 1);
	check_int(map_expr_uses("$1 ? &$1->dev : $2", 3), 0);
}

static const struct unit_test tests[] = {
	{ "an expression of $N is a balanced C expression", test_parse },
	{ "an argument is parenthesised where precedence needs it",
	  test_parentheses },
	{ "integer literal arithmetic is folded", test_fold },
	{ "side effects and uses of an argument", test_side_effect },
	{ NULL, NULL }
};

UNIT_MAIN("map-expr", tests)
