/*
 * test-diag.c - diagnostics word-wrapped within 100 columns.
 */
#include <string.h>

#include "diag.h"
#include "strbuf.h"
#include "unit.h"

/* the widest line of s, in columns */
static size_t widest(const char *s)
{
	size_t most = 0;

	while (*s) {
		size_t len = strcspn(s, "\n");
		size_t cols = diag_columns(s, len);

		if (cols > most)
			most = cols;
		s += len + (s[len] == '\n');
	}
	return most;
}

static void test_short_stays_one_line(void)
{
	struct strbuf out = STRBUF_INIT;

	diag_add(&out, "", "a.c:3:9: error: ", "arguments swapped [rule]",
		 NULL);
	check_str(out.buf, "a.c:3:9: error: arguments swapped [rule]\n");
	strbuf_reset(&out);
	diag_add(&out, "  ", "a.c:3:9: note: ", "x", "why  it\tis\nso");
	check_str(out.buf, "  a.c:3:9: note: x\n          why it is so\n");
	strbuf_release(&out);
}

static void test_detail_wraps_at_100(void)
{
	struct strbuf out = STRBUF_INIT, detail = STRBUF_INIT;
	const char *second;
	int i;

	for (i = 0; i < 40; i++)
		strbuf_addstr(&detail, "word ");
	diag_add(&out, "", "f.c:1:1: warning: ", "short", detail.buf);
	check_size(widest(out.buf), 97);
	second = strchr(out.buf, '\n') + 1;
	check_int(strncmp(second, "        word word", 17), 0);
	/* 8 + 18 * 5 - 1 = 97 columns, a 19th word would make 102 */
	check_size(strcspn(second, "\n"), 97);
	strbuf_release(&out);
	strbuf_release(&detail);
}

static void test_long_word_alone(void)
{
	struct strbuf out = STRBUF_INIT, word = STRBUF_INIT;

	strbuf_addchars(&word, 'x', 120);
	strbuf_insert(&word, 0, "a ", 2);
	strbuf_addstr(&word, " b");
	diag_wrap(&out, "", "    ", word.buf);
	check_int(strncmp(out.buf, "a\n    xxxx", 10), 0);
	check_size(strcspn(out.buf + 2, "\n"), 124);
	check_str(out.buf + 2 + 125, "    b\n");
	strbuf_release(&out);
	strbuf_release(&word);
}

static void test_first_word_stays_on_lead(void)
{
	struct strbuf out = STRBUF_INIT, lead = STRBUF_INIT;

	strbuf_addchars(&lead, 'd', 95);
	strbuf_addstr(&lead, ".c:1:1: error: ");
	diag_add(&out, "", lead.buf, "arguments swapped", NULL);
	strbuf_addstr(&lead, "arguments\n        swapped\n");
	check_str(out.buf, lead.buf);
	strbuf_release(&out);
	strbuf_release(&lead);
}

static void test_empty_texts(void)
{
	struct strbuf out = STRBUF_INIT;

	diag_wrap(&out, "x", "y", "  \n ");
	diag_wrap(&out, "x", "y", NULL);
	check_str(out.buf, "");
	diag_add(&out, "", "a.c:1: note: ", "", "");
	check_str(out.buf, "a.c:1: note:\n");
	strbuf_release(&out);
}

static void test_utf8_counts_characters(void)
{
	struct strbuf out = STRBUF_INIT, text = STRBUF_INIT;
	int i;

	check_size(diag_columns("\xc3\xa9t\xc3\xa9", 5), 3);
	/* two-column words: 33 fit in 100 (3 * 33 - 1 = 98) */
	for (i = 0; i < 45; i++)
		strbuf_addstr(&text, "\xc3\xa9\xc3\xa9 ");
	diag_wrap(&out, "", "", text.buf);
	check_size(widest(out.buf), 98);
	strbuf_release(&out);
	strbuf_release(&text);
}

static const struct unit_test tests[] = {
	{ "a short diagnostic is one line, the detail indented",
	  test_short_stays_one_line },
	{ "a long detail wraps within 100 columns", test_detail_wraps_at_100 },
	{ "a word longer than the room is alone on its line",
	  test_long_word_alone },
	{ "the first line holds a word however long the lead",
	  test_first_word_stays_on_lead },
	{ "no words, no lines; no message, the lead alone", test_empty_texts },
	{ "a UTF-8 character takes one column", test_utf8_counts_characters },
	{ NULL, NULL }
};

UNIT_MAIN("diag", tests)
