/*
 * test-report.c - check's text, JSON and SARIF writers.
 */
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "report.h"
#include "rules.h"
#include "strbuf.h"
#include "unit.h"
#include "util.h"

static void two_findings(struct findings *list)
{
	struct finding *f;

	findings_init(list);
	f = finding_add(list, "format-nonliteral", SEVERITY_WARNING,
			"drivers/char/tty_io.c", 49, 2,
			"the format is 'name' \"quoted\" back\\slash\ttab");
	finding_set_call(f, "class_device_create(tty_class, NULL, dev, "
			    "device, name)");
	f = finding_add(list, "swapped-arguments", SEVERITY_ERROR,
			"drivers/s390/char/vmlogrdr.c", 789, 25,
			"arguments 1 and 2 appear swapped\nsecond line");
	finding_set_detail(f, "'vmlogrdr_class' is a struct class * passed "
			      "as parent; class is NULL, so the call fails "
			      "with -ENODEV and registers nothing; swap them");
	findings_sort(list);
}

static const struct report_summary summary = {
	.files = 52,
	.call_sites = 72,
	.new_calls = 72,
	.seen_by_libclang = 71,
	.api = "new",
	.migration = "class-device-parent",
	.version = "0.1",
	.unreadable_files = 1,
	.judged = STRBUF_INIT,
};

/* a kind that judges no call says what it judged, in its words */
static void test_summary_judged(void)
{
	struct report_summary judged = { .files = 5, .call_sites = 9 };
	struct findings list;
	struct strbuf out = STRBUF_INIT;
	char *line, *end;

	findings_init(&list);
	strbuf_init(&judged.judged, 0);
	strbuf_addstr(&judged.judged, "functions given to .remove");
	report_summary_line(&out, &list, &judged);
	check_str(out.buf, "check: 9 functions given to .remove in 5 files: "
			   "0 errors, 0 warnings, 0 notes\n");
	strbuf_reset(&out);
	report_json(&out, &list, &judged);
	line = strstr(out.buf, "\"call_sites\"");
	end = line ? strchr(strchr(line, '\n') + 1, '\n') : NULL;
	line = end ? xstrndup(line, end - line) : xstrdup(out.buf);
	check_str(line, "\"call_sites\": 9,\n    \"judged\": "
			"\"functions given to .remove\",");
	free(line);
	report_summary_release(&judged);
	strbuf_release(&out);
	findings_release(&list);
}

static void test_text_lines_and_order(void)
{
	struct findings list;
	struct strbuf out = STRBUF_INIT;

	two_findings(&list);
	report_text(&out, &list, 1000);
	/* blanks are one space; lines wrap at 100 under an 8-blank indent */
	check_str(out.buf,
		  "drivers/char/tty_io.c:49:2: warning: the format is 'name' "
		  "\"quoted\" back\\slash tab\n"
		  "        [format-nonliteral]\n"
		  "drivers/s390/char/vmlogrdr.c:789:25: error: arguments 1 and "
		  "2 appear swapped second line\n"
		  "        [swapped-arguments]\n"
		  "        'vmlogrdr_class' is a struct class * passed as "
		  "parent; class is NULL, so the call fails with\n"
		  "        -ENODEV and registers nothing; swap them\n");
	strbuf_reset(&out);
	report_summary_line(&out, &list, &summary);
	check_str(out.buf, "check: 72 call sites in 52 files: "
			   "1 error, 1 warning, 0 notes\n");
	strbuf_release(&out);
	findings_release(&list);
}

static void test_text_cap(void)
{
	struct findings list;
	struct strbuf out = STRBUF_INIT;
	int i;

	findings_init(&list);
	for (i = 0; i < 5; i++)
		finding_add(&list, "unconverted-call", SEVERITY_ERROR, "a.c",
			    (unsigned int)(10 - i), 1, "m%d", i);
	findings_sort(&list);
	report_text(&out, &list, 3);
	check_int(strncmp(out.buf, "a.c:6:1: error: m4 ", 19), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\n... and 2 more findings\n"));
	CU_ASSERT_PTR_NULL(strstr(out.buf, "a.c:9:"));
	strbuf_release(&out);
	findings_release(&list);
}

/* kmigrate run's excerpts: one severity, a cap, a prefix */
static void test_text_of_one_severity(void)
{
	struct findings list;
	struct strbuf out = STRBUF_INIT;
	int i;

	findings_init(&list);
	for (i = 0; i < 4; i++)
		finding_set_detail(
			finding_add(&list, "null-class", SEVERITY_ERROR, "e.c",
				    (unsigned int)(i + 1), 1, "e%d", i),
			"why %d", i);
	finding_add(&list, "format-nonliteral", SEVERITY_WARNING, "w.c", 1, 2,
		    "w");
	findings_sort(&list);
	report_text_severity(&out, &list, SEVERITY_ERROR, 2, "  ", 1);
	check_str(out.buf, "  e.c:1:1: error: e0 [null-class]\n"
			   "          why 0\n"
			   "  e.c:2:1: error: e1 [null-class]\n"
			   "          why 1\n");
	strbuf_reset(&out);
	report_text_severity(&out, &list, SEVERITY_ERROR, 1, "  ", 0);
	check_str(out.buf, "  e.c:1:1: error: e0 [null-class]\n");
	strbuf_reset(&out);
	report_text_severity(&out, &list, SEVERITY_WARNING, 5, "", 1);
	check_str(out.buf, "w.c:1:2: warning: w [format-nonliteral]\n");
	strbuf_reset(&out);
	report_text_severity(&out, &list, SEVERITY_NOTE, 5, "  ", 1);
	check_int(out.len, 0);
	report_summary_counts(&out, &list, &summary);
	check_str(out.buf, "72 call sites in 52 files: 4 errors, "
			   "1 warning, 0 notes");
	strbuf_release(&out);
	findings_release(&list);
}

static void test_json_shape_and_escaping(void)
{
	struct findings list;
	struct strbuf out = STRBUF_INIT;

	two_findings(&list);
	report_json(&out, &list, &summary);
	check_int(out.buf[0], '{');
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"findings\": ["));
	CU_ASSERT_PTR_NOT_NULL(strstr(
		out.buf, "\"message\": \"the format is 'name' \\\"quoted\\\" "
			 "back\\\\slash\\ttab\""));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(out.buf, "appear swapped\\nsecond line\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"detail\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"detail\": \"'vmlogrdr_class' "
					       "is a struct class *"));
	CU_ASSERT_PTR_NOT_NULL(
		strstr(out.buf, "\"rule\": \"swapped-arguments\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"line\": 789"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"column\": 25"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"call\": null"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"files\": 52"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"call_sites\": 72"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"errors\": 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"warnings\": 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"api\": \"new\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"unreadable_files\": 1"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"binary_files\": 0"));
	/* no raw control byte survives */
	CU_ASSERT_PTR_NULL(strchr(out.buf, '\t'));
	strbuf_release(&out);
	findings_release(&list);
}

static void test_sarif_required_fields(void)
{
	struct findings list;
	struct strbuf out = STRBUF_INIT;
	size_t i;
	static const char *const required[] = {
		"\"$schema\": \"https://",
		"\"version\": \"2.1.0\"",
		"\"runs\": [",
		"\"tool\": {",
		"\"driver\": {",
		"\"name\": \"kmigrate\"",
		"\"rules\": [",
		"\"shortDescription\": {\"text\": ",
		"\"fullDescription\": {\"text\": ",
		"\"defaultConfiguration\": {\"level\": \"error\"}",
		"\"results\": [",
		"\"ruleId\": \"swapped-arguments\"",
		"\"level\": \"warning\"",
		"\"message\": {\"text\": ",
		"\"message\": {\"text\": \"arguments 1 and 2 appear swapped"
		"\\nsecond line: 'vmlogrdr_class' is a struct class *",
		"\"physicalLocation\": {\"artifactLocation\": {\"uri\": "
		"\"drivers/s390/char/vmlogrdr.c\", \"uriBaseId\": "
		"\"%SRCROOT%\"}, \"region\": {\"startLine\": 789, "
		"\"startColumn\": 25}}",
		"\"properties\": {\"unreadable_files\": 1, \"binary_files\": 0}",
	};

	two_findings(&list);
	report_sarif(&out, &list, &summary);
	for (i = 0; i < sizeof(required) / sizeof(*required); i++)
		if (!strstr(out.buf, required[i])) {
			fprintf(stderr, "missing: %s\n", required[i]);
			CU_FAIL("a required SARIF field is missing");
		}
	/* every rule is described, and results point at their index */
	for (i = 0; i < nr_check_rules; i++) {
		char id[96];

		snprintf(id, sizeof(id), "\"id\": \"%s\"",
			 check_rules[i]->name);
		CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, id));
	}
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"ruleIndex\": "));
	strbuf_release(&out);
	findings_release(&list);
}

static void test_severity_names(void)
{
	check_str(severity_name(SEVERITY_NOTE), "note");
	check_str(severity_name(SEVERITY_ERROR), "error");
	check_int(severity_parse("warning"), SEVERITY_WARNING);
	check_int(severity_parse("fatal"), -1);
}

static const struct unit_test tests[] = {
	{ "the findings of one severity, capped, with a prefix, details or not",
	  test_text_of_one_severity },
	{ "text: compiler-style lines sorted by place",
	  test_text_lines_and_order },
	{ "text: the cap and '... and N more'", test_text_cap },
	{ "json: DESIGN.md's shape, strings escaped",
	  test_json_shape_and_escaping },
	{ "sarif: the 2.1.0 required fields", test_sarif_required_fields },
	{ "severity names", test_severity_names },
	{ "summary: what a kind judged, in its words", test_summary_judged },
	{ NULL, NULL }
};

UNIT_MAIN("report", tests)
