/*
 * test-rule-unreadable-file.c - a file or directory the tree holds but
 * that cannot be read is an error, once, for the whole file.
 */
#include <string.h>

#include "rules.h"
#include "scan.h"
#include "unit.h"

static void test_one_error_per_unreadable_path(void)
{
	struct scan_result scan;
	struct findings findings;

	memset(&scan, 0, sizeof(scan));
	findings_init(&findings);
	tree_notes_add(&scan.notes, "drivers/x/a.c", 1,
		       "cannot read 'drivers/x/a.c': Permission denied")
		->problem = TREE_NOTE_UNREADABLE;
	tree_notes_add(&scan.notes, "drivers/y", 1,
		       "cannot read 'drivers/y': Permission denied")
		->problem = TREE_NOTE_UNREADABLE;
	tree_notes_add(&scan.notes, "drivers/z.c", 1,
		       "cannot read 'drivers/z.c': not a regular file");
	tree_notes_add(&scan.notes, "drivers/b.c", 1, "binary")->problem =
		TREE_NOTE_BINARY;
	rule_unreadable_file.check_tree(&scan, NULL, &findings);
	check_int_fatal(findings.nr, 2);
	check_str(findings.items[0].rule, "unreadable-file");
	check_int(findings.items[0].severity, SEVERITY_ERROR);
	check_str(findings.items[0].file, "drivers/x/a.c");
	check_int(findings.items[0].line, 1);
	check_int(findings.items[0].column, 1);
	check_str(findings.items[0].message, "cannot be read");
	check_str(findings.items[0].detail,
		  "cannot read 'drivers/x/a.c': Permission denied: the calls "
		  "it may hold cannot be checked");
	check_str(findings.items[1].file, "drivers/y");
	CU_ASSERT_PTR_NULL(rule_unreadable_file.check_call);
	findings_release(&findings);
	tree_notes_release(&scan.notes);
}

static void test_in_the_rule_list(void)
{
	size_t i, found = 0;

	for (i = 0; i < nr_check_rules; i++)
		if (check_rules[i] == &rule_unreadable_file)
			found++;
	check_int(found, 1);
	check_str(rule_unreadable_file.name, "unreadable-file");
}

static const struct unit_test tests[] = {
	{ "one error per unreadable path", test_one_error_per_unreadable_path },
	{ "listed in rule-list.h", test_in_the_rule_list },
	{ NULL, NULL }
};

UNIT_MAIN("rule-unreadable-file", tests)
