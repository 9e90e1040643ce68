/*
 * test-rule-binary-file.c - a binary file that names the function is an
 * error, once, for the whole file; nothing else is.
 */
#include <string.h>

#include "rules.h"
#include "scan.h"
#include "unit.h"

static void test_one_error_per_binary_file(void)
{
	struct scan_result scan;
	struct findings findings;

	memset(&scan, 0, sizeof(scan));
	findings_init(&findings);
	tree_notes_add(&scan.notes, "drivers/blob.c", 1,
		       "skipping 'drivers/blob.c': a binary file that names "
		       "'class_device_create'")
		->problem = TREE_NOTE_BINARY;
	tree_notes_add(&scan.notes, "drivers/a.c", 1, "cannot read")->problem =
		TREE_NOTE_UNREADABLE;
	tree_notes_add(&scan.notes, "drivers/l.c", 0,
		       "skipping 'drivers/l.c': "
		       "symlink to outside the tree");
	rule_binary_file.check_tree(&scan, NULL, &findings);
	check_int_fatal(findings.nr, 1);
	check_str(findings.items[0].rule, "binary-file");
	check_int(findings.items[0].severity, SEVERITY_ERROR);
	check_str(findings.items[0].file, "drivers/blob.c");
	check_int(findings.items[0].line, 1);
	check_str(findings.items[0].message,
		  "a binary file names the function");
	check_str(findings.items[0].detail,
		  "its occurrences are not classified or checked");
	CU_ASSERT_PTR_NULL(rule_binary_file.check_call);
	findings_release(&findings);
	tree_notes_release(&scan.notes);
}

static void test_in_the_rule_list(void)
{
	size_t i, found = 0;

	for (i = 0; i < nr_check_rules; i++)
		if (check_rules[i] == &rule_binary_file)
			found++;
	check_int(found, 1);
	check_str(rule_binary_file.name, "binary-file");
}

static const struct unit_test tests[] = {
	{ "one error per binary file naming the function",
	  test_one_error_per_binary_file },
	{ "listed in rule-list.h", test_in_the_rule_list },
	{ NULL, NULL }
};

UNIT_MAIN("rule-binary-file", tests)
