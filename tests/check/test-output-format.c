/*
 * test-output-format.c - scan's and check's tables of output formats:
 * the lookup, its one error, and what the writers append.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "output-format.h"
#include "report.h"
#include "scan.h"
#include "test-migration-data.h"
#include "unit.h"

/* output_format_find() in a child: its exit status, its stderr in err */
static int find_in_child(const struct output_format *formats, const char *name,
			 struct strbuf *err)
{
	char path[] = "/tmp/test-output-format-XXXXXX";
	int fd = mkstemp(path), status;
	pid_t pid;

	CU_ASSERT_FATAL(fd >= 0);
	pid = fork();
	if (!pid) {
		dup2(fd, 2);
		output_format_find(formats, name, "test");
		exit(0);
	}
	waitpid(pid, &status, 0);
	strbuf_read_file(err, path);
	close(fd);
	unlink(path);
	return WEXITSTATUS(status);
}

static void test_lookup(void)
{
	struct strbuf err = STRBUF_INIT;

	check_str(output_format_find(scan_formats, "json", "scan")->name,
		  "json");
	check_str(output_format_find(check_formats, "sarif", "check")->name,
		  "sarif");
	check_int(find_in_child(scan_formats, "sarif", &err), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.buf, "unknown format 'sarif': use "
					       "text or json (see "));
	strbuf_reset(&err);
	check_int(find_in_child(check_formats, "verdicts", &err), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.buf, "unknown format 'verdicts': "
					       "use text, json or sarif"));
	strbuf_release(&err);
}

static const char source[] = "void f(void)\n"
			     "{\n"
			     "\tclass_device_create(cls, MKDEV(1, 2), NULL, "
			     "\"x\");\n"
			     "}\n";

static void test_scan_text_and_json(void)
{
	const struct output_format *text, *json;
	struct scan_result result;
	struct report_input in = { .scan = &result };
	struct strbuf out = STRBUF_INIT;
	struct migration m;
	struct scan_file file;

	check_int_fatal(test_migration_parse(&m), 0);
	scan_file_buffer(&file, "drivers/x.c", source, strlen(source), &m);
	check_int_fatal(file.nr_sites, 1);
	memset(&result, 0, sizeof(result));
	result.files = &file;
	result.nr_files = 1;
	result.nr_occurrences = 1;
	result.counts[file.sites[0].kind]++;
	in.migration = &m;

	text = output_format_find(scan_formats, "text", "scan");
	text->write(&out, &in);
	check_str(out.buf, "drivers/x.c:3:2: old class_device_create(cls, "
			   "MKDEV(1, 2), NULL, \"x\")\n");
	strbuf_reset(&out);
	json = output_format_find(scan_formats, "json", "scan");
	json->write(&out, &in);
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"call_sites\": [\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"line\": 3,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"kind\": \"old\","));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf,
				      "\"call\": "
				      "\"class_device_create(cls, "
				      "MKDEV(1, 2), NULL, \\\"x\\\")"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"occurrences\": 1,"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out.buf, "\"old\": 1,"));
	CU_ASSERT_PTR_NULL(memchr(out.buf, '\t', out.len));
	strbuf_release(&out);
	scan_file_release(&file);
	migration_release(&m);
}

/* check's formats on a result with one finding and no call */
static void test_check_formats(void)
{
	struct check_result r;
	struct report_input in = { .check = &r, .max_findings = 1000 };
	struct report_summary summary;
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;
	struct migration m;

	check_int_fatal(test_migration_parse(&m), 0);
	in.migration = &m;
	memset(&r, 0, sizeof(r));
	findings_init(&r.findings);
	finding_add(&r.findings, "binary-file", SEVERITY_ERROR, "x.c", 1, 1,
		    "a binary file names the function");
	check_report_summary(&summary, &r, &m);
	check_str(summary.migration, "class-device-parent");
	check_int(summary.call_sites, 0);

	output_format_find(check_formats, "text", "check")->write(&out, &in);
	report_text(&want, &r.findings, 1000);
	check_str(out.buf, want.buf);
	strbuf_reset(&out);
	strbuf_reset(&want);
	output_format_find(check_formats, "json", "check")->write(&out, &in);
	report_json(&want, &r.findings, &summary);
	check_str(out.buf, want.buf);
	strbuf_reset(&out);
	strbuf_reset(&want);
	output_format_find(check_formats, "sarif", "check")->write(&out, &in);
	report_sarif(&want, &r.findings, &summary);
	check_str(out.buf, want.buf);
	strbuf_reset(&out);
	check_verdicts.write(&out, &in);
	check_int(out.len, 0);
	strbuf_release(&out);
	strbuf_release(&want);
	findings_release(&r.findings);
	migration_release(&m);
}

static const struct unit_test tests[] = {
	{ "a format is found by name; an unknown one lists the names",
	  test_lookup },
	{ "scan's text and JSON", test_scan_text_and_json },
	{ "check's text, JSON, SARIF and verdicts", test_check_formats },
	{ NULL, NULL }
};

UNIT_MAIN("output-format", tests)
