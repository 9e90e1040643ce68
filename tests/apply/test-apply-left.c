/*
 * test-apply-left.c - the words of the calls apply leaves and of the
 * arguments it drops, made from the reason and its fields alone.
 */
#include <string.h>

#include "apply.h"
#include "call-site.h"
#include "scan.h"
#include "strbuf.h"
#include "test-migration-data.h"
#include "unit.h"
#include "util.h"

/* the words of l, in sb (reset first) */
static const char *words(const struct apply_left *l, struct strbuf *sb)
{
	strbuf_reset(sb);
	apply_left_text(l, sb);
	return sb->buf;
}

/* every reason, and a dropped argument, has words and a name */
static void test_every_reason_has_words(void)
{
	struct apply_left l;
	struct strbuf sb = STRBUF_INIT;
	int reason;

	memset(&l, 0, sizeof(l));
	l.site_kind = CALL_SITE_AMBIGUOUS;
	for (reason = 0; reason <= APPLY_DROPPED; reason++) {
		l.reason = (enum apply_reason)reason;
		CU_ASSERT(strlen(words(&l, &sb)) > 0);
		if (reason < APPLY_LEFT_NR)
			CU_ASSERT(strcmp(apply_reason_name(l.reason), "?"));
	}
	check_str(apply_reason_name(APPLY_DROPPED), "?");
	strbuf_release(&sb);
}

/* the words of each reason, from its fields, as apply has printed them */
static void test_words_from_the_fields(void)
{
	struct apply_left l;
	struct strbuf sb = STRBUF_INIT;

	memset(&l, 0, sizeof(l));
	l.reason = APPLY_LEFT_MACRO;
	check_str(words(&l, &sb), "macro");
	l.reason = APPLY_LEFT_TIMEOUT;
	check_str(words(&l, &sb), "timeout");
	l.reason = APPLY_LEFT_NOT_MATCHED;
	check_str(words(&l, &sb), "not matched by the semantic patch");
	l.reason = APPLY_LEFT_PARSE_ERROR;
	l.text = "line 3: meta errors";
	check_str(words(&l, &sb), "spatch: line 3: meta errors");
	l.reason = APPLY_LEFT_SPATCH_FAILED;
	l.text = "spatch timed out after 60 s";
	check_str(words(&l, &sb), "spatch timed out after 60 s");
	l.reason = APPLY_LEFT_AMBIGUOUS;
	l.text = NULL;
	l.site_kind = CALL_SITE_AMBIGUOUS;
	l.site_reason = CALL_REASON_NONE;
	check_str(words(&l, &sb), "ambiguous: the form is unknown");
	l.site_reason = CALL_REASON_UNTERMINATED;
	check_str(words(&l, &sb), "ambiguous: the argument list is not closed");
	l.reason = APPLY_LEFT_ACROSS;
	l.site_kind = CALL_SITE_OLD;
	l.text = "drivers/wid/wid-lib.c";
	l.function = "wid_lib_remove";
	check_str(words(&l, &sb),
		  "left in another file: 'wid_lib_remove' is not converted "
		  "in drivers/wid/wid-lib.c, and a function is converted in "
		  "every file or none");
	l.function = NULL;
	l.reason = APPLY_LEFT_AMBIGUOUS;
	/* the scan's kind, not words, tells a converted new-form call */
	l.site_kind = CALL_SITE_NEW;
	l.site_reason = CALL_REASON_EVIDENCE;
	l.text = "argument 2 is NULL";
	check_str(words(&l, &sb), "ambiguous: spatch converts a call scan "
				  "finds in the new form");
	memset(&l, 0, sizeof(l));
	l.reason = APPLY_DROPPED;
	l.arg = 1;
	l.text = "mod";
	l.param = "owner";
	l.function = "class_create";
	check_str(words(&l, &sb), "converted, dropping argument 1 'mod' "
				  "(owner) of class_create()");
	strbuf_release(&sb);
}

/* the reasons text's sites have, each as the scan says it */
static size_t check_site_words(const struct migration *m, const char *text)
{
	struct scan_file file;
	struct strbuf sb = STRBUF_INIT, scan_words = STRBUF_INIT;
	size_t i, nr = 0;

	scan_file_buffer(&file, "t.c", text, strlen(text), m);
	for (i = 0; i < file.nr_sites; i++) {
		const struct call_site *cs = &file.sites[i];
		struct apply_left l;

		if (cs->reason == CALL_REASON_NONE)
			continue;
		memset(&l, 0, sizeof(l));
		l.reason = APPLY_LEFT_AMBIGUOUS;
		l.site_kind = CALL_SITE_AMBIGUOUS;
		l.site_reason = cs->reason;
		l.arg = cs->variadic;
		l.text = (char *)call_site_reason_operand(cs);
		strbuf_reset(&scan_words);
		strbuf_addstr(&scan_words, "ambiguous: ");
		call_site_reason_text(&scan_words, cs);
		check_str(words(&l, &sb), scan_words.buf);
		nr++;
	}
	scan_file_release(&file);
	strbuf_release(&sb);
	strbuf_release(&scan_words);
	return nr;
}

/* a call left for the scan's reason says what scan -v says of it */
static void test_site_reason_as_the_scan_says(void)
{
	struct migration m;

	memset(&m, 0, sizeof(m));
	check_int_fatal(test_migration_parse(&m), 0);
	/* a file-local declaration, definition and call */
	check_int(check_site_words(&m, "static int class_device_create(int);\n"
				       "static int class_device_create(int a)"
				       "\n{ return 0; }\n"
				       "void f(void) { class_device_create(1); "
				       "}\n"),
		  3);
	/* a variadic argument, evidence, an unclosed list */
	check_int(check_site_words(&m, "#define C(...) class_device_create("
				       "a, __VA_ARGS__)\n"
				       "void f(void) { class_device_create(c, "
				       "d, e, \"%s\", g); }\n"
				       "void g(void) { class_device_create(c, "
				       "d, e, f\n"),
		  3);
	migration_release(&m);
}

static const struct unit_test tests[] = {
	{ "every reason, and a dropped argument, has words",
	  test_every_reason_has_words },
	{ "the words of each reason, from its fields",
	  test_words_from_the_fields },
	{ "the scan's reason, as the scan says it",
	  test_site_reason_as_the_scan_says },
	{ NULL, NULL }
};

UNIT_MAIN("apply-left", tests)
