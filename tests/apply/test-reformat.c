/*
 * test-reformat.c - the layout rules for the inserted argument (rules a,
 * b and c of reformat.h), with CRLF lines, repeated wrapping and lines
 * that were too wide already.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reformat.h"
#include "strbuf.h"
#include "unit.h"

#define MAX_CALLS 8
#define MAX_COMMAS 16

struct test_calls {
	struct reformat_call calls[MAX_CALLS];
	size_t commas[MAX_CALLS][MAX_COMMAS];
	size_t nr;
};

/* the call whose '(' is at open: its ')' and its top-level commas */
static void describe_call(const char *text, size_t open, struct test_calls *tc)
{
	struct reformat_call *call = &tc->calls[tc->nr];
	size_t *commas = tc->commas[tc->nr];
	size_t pos, nr = 0;
	int depth = 0;
	char quote = 0;

	memset(call, 0, sizeof(*call)); /* the map: the one of all calls */
	for (pos = open + 1; text[pos]; pos++) {
		char c = text[pos];

		if (quote) {
			if (c == '\\')
				pos++;
			else if (c == quote)
				quote = 0;
		} else if (c == '"' || c == '\'') {
			quote = c;
		} else if (c == '(') {
			depth++;
		} else if (c == ')' && depth-- == 0) {
			break;
		} else if (c == ',' && depth == 0 && nr < MAX_COMMAS) {
			commas[nr++] = pos;
		}
	}
	call->open = open;
	call->close = pos;
	call->commas = commas;
	call->nr_commas = nr;
	tc->nr++;
}

/* every call of name in text */
static void find_calls(const char *text, const char *name,
		       struct test_calls *tc)
{
	const char *p = text;
	size_t len = strlen(name);

	tc->nr = 0;
	while ((p = strstr(p, name)) && tc->nr < MAX_CALLS) {
		if (p[len] == '(' &&
		    (p == text ||
		     !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z'))))
			describe_call(text, (size_t)(p - text) + len, tc);
		p += len;
	}
}

/* insert NULL as argument 2 of every call of "mk", wrapping past max */
static void check_reformat_at(const char *before, const char *after, size_t max)
{
	struct test_calls tc;
	struct strbuf out = STRBUF_INIT;

	find_calls(before, "mk", &tc);
	CU_ASSERT_FATAL(tc.nr > 0);
	check_int(reformat_insert_argument(&out, before, strlen(before),
					   tc.calls, tc.nr, "NULL", 2, max),
		  tc.nr);
	check_str(out.buf, after);
	if (strcmp(out.buf, after))
		fprintf(stderr, "\ngot:\n%s\nwanted:\n%s\n", out.buf, after);
	strbuf_release(&out);
}

/* the same at 80 columns, the limit of a tree without a checkpatch */
static void check_reformat(const char *before, const char *after)
{
	check_reformat_at(before, after, REFORMAT_MAX_COLUMNS);
}

static void test_after_the_comma(void)
{
	check_reformat(
		"\tcd = mk(cls, MKDEV(4, 1), NULL, \"x%d\", n);\n",
		"\tcd = mk(cls, NULL, MKDEV(4, 1), NULL, \"x%d\", n);\n");
	check_reformat("\tmk(cls,MKDEV(4, 1), NULL, \"x\");\n",
		       "\tmk(cls, NULL, MKDEV(4, 1), NULL, \"x\");\n");
}

static void test_comma_ending_the_line(void)
{
	check_reformat("\tmk(aoe_class,\n"
		       "\t\t\tMKDEV(AOE_MAJOR, 1),\n"
		       "\t\t\tNULL, name);\n",
		       "\tmk(aoe_class, NULL,\n"
		       "\t\t\tMKDEV(AOE_MAJOR, 1),\n"
		       "\t\t\tNULL, name);\n");
}

static void test_trailing_blanks_removed(void)
{
	check_reformat("\tmk(mtd_class, \t\n"
		       "\t\t    MKDEV(90, 1),  \n"
		       "\t\t    NULL, \"mtd%dro\", i);\n",
		       "\tmk(mtd_class, NULL,\n"
		       "\t\t    MKDEV(90, 1),  \n"
		       "\t\t    NULL, \"mtd%dro\", i);\n");
}

/* found by make fuzz: those blanks are bytes of a token */
static void test_blanks_of_open_tokens_kept(void)
{
	check_reformat("\tmk(a, /* the devt  \n\t */ 0, d, \"x\");\n",
		       "\tmk(a, NULL, /* the devt  \n\t */ 0, d, \"x\");\n");
	check_reformat("mk(a,'  \n,,)", "mk(a, NULL, '  \n,,)");
	/* blanks after a lone CR: trimmed, the CR and LF would be one */
	check_reformat("\tmk(a, 1, x);\r \n", "\tmk(a, NULL, 1, x);\r \n");
}

/* found by make fuzz: a '#' first on its line starts a directive */
static void test_no_wrap_before_a_hash(void)
{
	check_reformat(
		"\tmk(raw_ss,#||*= M...V(W_MOR,q-!= w_minor_"
		"xxxxxxxxxxxxxxxxxxxxxxxxx),,)\n",
		"\tmk(raw_ss,\n\t   NULL, #||*= M...V(W_MOR,q-!= w_minor_"
		"xxxxxxxxxxxxxxxxxxxxxxxxx),,)\n");
}

static void test_argument_alone_on_its_line(void)
{
	check_reformat("\ttcd->class_device = mk(\n"
		       "\t\t\t\ttape_class,\n"
		       "\t\t\t\ttcd->char_device->dev,\n"
		       "\t\t\t\tdevice,\n"
		       "\t\t\t\t\"%s\", tcd->device_name\n"
		       "\t\t\t);\n",
		       "\ttcd->class_device = mk(\n"
		       "\t\t\t\ttape_class,\n"
		       "\t\t\t\tNULL,\n"
		       "\t\t\t\ttcd->char_device->dev,\n"
		       "\t\t\t\tdevice,\n"
		       "\t\t\t\t\"%s\", tcd->device_name\n"
		       "\t\t\t);\n");
}

static void test_wrap_after_last_fitting_comma(void)
{
	/* 75 columns before, 81 after: the format goes below the '(' */
	check_reformat(
		"\tcdev = mk(vc_class, MKDEV(VCS_MAJOR, n + 1), NULL, \"vcs%u-longer\");\n",
		"\tcdev = mk(vc_class, NULL, MKDEV(VCS_MAJOR, n + 1), NULL,\n"
		"\t\t  \"vcs%u-longer\");\n");
	/* a comma inside a nested call is no place to break */
	check_reformat(
		"\t\tmk(memory_class, MKDEV(MEM_MAJOR, devlist[index].minor, idx));\n",
		"\t\tmk(memory_class, NULL,\n"
		"\t\t   MKDEV(MEM_MAJOR, devlist[index].minor, idx));\n");
}

static void test_wrap_at_the_limit_given(void)
{
	/* 81 columns after: whole at 100, wrapped at 80 */
	static const char before[] =
		"\tcdev = mk(vc_class, MKDEV(VCS_MAJOR, n + 1), NULL, "
		"\"vcs%u-longer\");\n";

	check_reformat_at(
		before,
		"\tcdev = mk(vc_class, NULL, MKDEV(VCS_MAJOR, n + 1), NULL, \"vcs%u-longer\");\n",
		100);
	check_reformat_at(
		before,
		"\tcdev = mk(vc_class, NULL, MKDEV(VCS_MAJOR, n + 1), NULL,\n"
		"\t\t  \"vcs%u-longer\");\n",
		80);
	/*
	 * 95 columns before (past 80, within 100), 101 after: broken at the
	 * last comma that fits in 100
	 */
	check_reformat_at(
		"\tcdev = mk(vc_class, MKDEV(VCS_MAJOR, n + 1), NULL, \"vcs%u-%s\", a_longer_name, b_names);\n",
		"\tcdev = mk(vc_class, NULL, MKDEV(VCS_MAJOR, n + 1), NULL, \"vcs%u-%s\", a_longer_name,\n"
		"\t\t  b_names);\n",
		100);
}

static void test_wrap_repeats(void)
{
	/* 80 columns before; "NULL, d);" below the '(' is still too wide */
	check_reformat("\t\t\t\t\t\t\t\tvwxy = mk(c, d);\n",
		       "\t\t\t\t\t\t\t\tvwxy = mk(c,\n"
		       "\t\t\t\t\t\t\t\t\t  NULL,\n"
		       "\t\t\t\t\t\t\t\t\t  d);\n");
}

static void test_wide_line_left_wide(void)
{
	const char *wide =
		"\tintf->class_dev = mk(usb_class, MKDEV(USB_MAJOR, minor), "
		"&intf->dev, \"%s\", temp);\n";

	check_reformat(
		wide,
		"\tintf->class_dev = mk(usb_class, NULL, MKDEV(USB_MAJOR, minor), &intf->dev, \"%s\", temp);\n");
}

static void test_crlf(void)
{
	check_reformat("\tmk(crlf_class, \r\n"
		       "\t   MKDEV(10, 1), NULL, \"crlf\");\r\n",
		       "\tmk(crlf_class, NULL,\r\n"
		       "\t   MKDEV(10, 1), NULL, \"crlf\");\r\n");
	check_reformat(
		"\tcdev = mk(vc_class, MKDEV(VCS_MAJOR, n + 1), NULL, \"vcs%u-longer\");\r\n",
		"\tcdev = mk(vc_class, NULL, MKDEV(VCS_MAJOR, n + 1), NULL,\r\n"
		"\t\t  \"vcs%u-longer\");\r\n");
	check_reformat(
		"\tx = mk(\r\n\t\tcls,\r\n\t\tdevt,\r\n\t\tNULL, \"a\");\r\n",
		"\tx = mk(\r\n\t\tcls,\r\n\t\tNULL,\r\n\t\tdevt,\r\n\t\tNULL, \"a\");\r\n");
}

static void test_several_calls_and_nesting(void)
{
	check_reformat(
		"\tmk(a, 1, NULL, \"a\"); mk(b, 2, NULL, \"b\");\n"
		"\tIS_ERR(mk(c, mk(d, 3, NULL, \"d\"), NULL, \"c\"));\n",
		"\tmk(a, NULL, 1, NULL, \"a\"); mk(b, NULL, 2, NULL, \"b\");\n"
		"\tIS_ERR(mk(c, NULL, mk(d, NULL, 3, NULL, \"d\"), NULL, \"c\"));\n");
}

static void test_bytes_elsewhere_kept(void)
{
	static const char before[] =
		"/* caf\xe9 */\r\nx\n\tmk(a, 1, NULL, \"\xff\");\nend";
	static const char after[] =
		"/* caf\xe9 */\r\nx\n\tmk(a, NULL, 1, NULL, \"\xff\");\nend";

	check_reformat(before, after);
}

static void test_first_and_last_position(void)
{
	struct test_calls tc;
	struct strbuf out = STRBUF_INIT;
	const char *text = "\tmk(a, b);\n\tmk();\n";

	find_calls(text, "mk", &tc);
	reformat_insert_argument(&out, text, strlen(text), tc.calls, tc.nr,
				 "NULL", 1, REFORMAT_MAX_COLUMNS);
	check_str(out.buf, "\tmk(NULL, a, b);\n\tmk(NULL);\n");
	strbuf_reset(&out);
	reformat_insert_argument(&out, text, strlen(text), tc.calls, 1, "NULL",
				 3, REFORMAT_MAX_COLUMNS);
	check_str(out.buf, "\tmk(a, b, NULL);\n\tmk();\n");
	strbuf_reset(&out);
	check_int(reformat_insert_argument(&out, text, strlen(text), tc.calls,
					   tc.nr, "NULL", 4,
					   REFORMAT_MAX_COLUMNS),
		  0);
	check_str(out.buf, text);
	strbuf_release(&out);
}

/* convert every call of "mk" in before by map */
static void check_convert(const char *before, const char *after,
			  const struct reformat_map *map)
{
	struct test_calls tc;
	struct strbuf out = STRBUF_INIT;

	find_calls(before, "mk", &tc);
	CU_ASSERT_FATAL(tc.nr > 0);
	check_int(reformat_convert(&out, before, strlen(before), tc.calls,
				   tc.nr, map, REFORMAT_MAX_COLUMNS),
		  tc.nr);
	check_str(out.buf, after);
	if (strcmp(out.buf, after))
		fprintf(stderr, "\ngot:\n%s\nwanted:\n%s\n", out.buf, after);
	strbuf_release(&out);
}

static void test_remove_first(void)
{
	static const int old_to_new[] = { 0, 1 };
	static const char *const values[] = { NULL };
	struct reformat_map map = { NULL, 2, old_to_new, values, 1 };

	check_convert("\tc = mk(THIS_MODULE, \"mem\");\n",
		      "\tc = mk(\"mem\");\n", &map);
	/* the blanks up to the next argument go with it */
	check_convert("\tc = mk(THIS_MODULE,\n\t\t\"mem\");\n",
		      "\tc = mk(\"mem\");\n", &map);
	check_convert("\tc = mk(\n\t\tTHIS_MODULE,\n\t\t\"mem\");\n",
		      "\tc = mk(\n\t\t\"mem\");\n", &map);
	/* joined, it would be wider than 80 columns: the break stays */
	check_convert("\t\tumad_class_state.device_class = mk(THIS_MODULE,\n"
		      "\t\t\t\"infiniband_mad_device_nodes\");\n",
		      "\t\tumad_class_state.device_class = mk(\n"
		      "\t\t\t\"infiniband_mad_device_nodes\");\n",
		      &map);
	/* CRLF and comments kept */
	check_convert("\tc = mk(THIS_MODULE, /* the name */ \"x\");\r\n",
		      "\tc = mk(/* the name */ \"x\");\r\n", &map);
}

static void test_remove_last_and_middle(void)
{
	static const int last[] = { 1, 0 };
	static const int middle[] = { 1, 0, 2 };
	static const char *const values[] = { NULL, NULL };
	struct reformat_map drop_last = { NULL, 2, last, values, 1 };
	struct reformat_map drop_middle = { NULL, 3, middle, values, 2 };

	check_convert("\tmk(a, b);\n", "\tmk(a);\n", &drop_last);
	check_convert("\tmk(a,\n\t   b);\n", "\tmk(a);\n", &drop_last);
	check_convert("\tmk(a, b, c);\n", "\tmk(a, c);\n", &drop_middle);
	/* the variadic arguments follow */
	check_convert("\tmk(a, b, c, \"%d\", i);\n", "\tmk(a, c, \"%d\", i);\n",
		      &drop_middle);
}

static void test_swap_keeps_the_layout(void)
{
	static const int swap[] = { 2, 1 };
	static const char *const values[] = { NULL, NULL };
	struct reformat_map map = { NULL, 2, swap, values, 2 };

	check_convert("\tmk(count, \"label\");\n", "\tmk(\"label\", count);\n",
		      &map);
	check_convert("\tmk(count,\n\t   label);\n",
		      "\tmk(label,\n\t   count);\n", &map);
}

static void test_rename_realigns(void)
{
	static const int keep[] = { 1, 2 };
	static const int swap[] = { 2, 1 };
	static const char *const values[] = { NULL, NULL };
	struct reformat_map rename = { "mk2", 2, keep, values, 2 };
	struct reformat_map both = { "mk2", 2, swap, values, 2 };

	check_convert("\tmk(a, b);\n", "\tmk2(a, b);\n", &rename);
	/* a continuation line aligned with the '(' moves with it */
	check_convert("\tn += mk(a,\n\t\tb);\n", "\tn += mk2(a,\n\t\t b);\n",
		      &rename);
	check_convert("\tn += mk(a,\n\t\tb);\n", "\tn += mk2(b,\n\t\t a);\n",
		      &both);
	/* one not aligned stays */
	check_convert("\tn += mk(a,\n\t\t  b);\n", "\tn += mk2(a,\n\t\t  b);\n",
		      &rename);
}

static void test_insert_and_remove(void)
{
	/* (owner, a, b) becomes (a, NULL, b) */
	static const int map_old[] = { 0, 1, 3 };
	static const char *const values[] = { NULL, "NULL", NULL };
	struct reformat_map map = { NULL, 3, map_old, values, 3 };

	check_convert("\tmk(o, a, b);\n", "\tmk(a, NULL, b);\n", &map);
}

static void test_columns(void)
{
	check_int(reformat_columns("\tab\tc", 0, 5, 0), 17);
	check_int(reformat_columns("  \t", 0, 3, 0), 8);
	check_int(reformat_columns("caf\xc3\xa9", 0, 5, 0), 4);
}

static const struct unit_test tests[] = {
	{ "a: after the comma that ends the argument before",
	  test_after_the_comma },
	{ "a: a line ending with that comma ends 'cls, NULL,'",
	  test_comma_ending_the_line },
	{ "a: trailing blanks on the changed line go",
	  test_trailing_blanks_removed },
	{ "a: but not the blanks of an open comment or literal",
	  test_blanks_of_open_tokens_kept },
	{ "c: never a break that puts '#' first on a line",
	  test_no_wrap_before_a_hash },
	{ "b: an argument alone on its line gets NULL below",
	  test_argument_alone_on_its_line },
	{ "c: a line pushed past 80 columns wraps below '('",
	  test_wrap_after_last_fitting_comma },
	{ "c: the limit is the one given (a tree's 100)",
	  test_wrap_at_the_limit_given },
	{ "c: the wrap repeats while the rest is too wide", test_wrap_repeats },
	{ "c: a line already past 80 columns is not wrapped",
	  test_wide_line_left_wide },
	{ "CRLF lines keep their CR, new lines get one", test_crlf },
	{ "several calls on a line and nested calls",
	  test_several_calls_and_nesting },
	{ "bytes outside the changed lines are kept",
	  test_bytes_elsewhere_kept },
	{ "first and last position, and too few arguments",
	  test_first_and_last_position },
	{ "columns count tabs to multiples of 8", test_columns },
	{ "remove the first argument, its comma and blanks",
	  test_remove_first },
	{ "remove the last or a middle argument", test_remove_last_and_middle },
	{ "a swap moves the texts, not the layout",
	  test_swap_keeps_the_layout },
	{ "a new name; aligned continuation lines follow",
	  test_rename_realigns },
	{ "an insertion and a removal in one call", test_insert_and_remove },
	{ NULL, NULL }
};

UNIT_MAIN("reformat", tests)
