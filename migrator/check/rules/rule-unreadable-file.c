/*
 * rule-unreadable-file.c - a file or directory of the tree that exists
 * but cannot be read.
 *
 * A tree-level rule: it reads the scan's notes, not a call.  What such
 * a file holds is unknown, so whether it calls the function is unknown:
 * the gate must not pass it.  One finding per path, at line 1, column 1
 * (the whole file), with the reason the system gave.
 */
#include "rules.h"
#include "scan.h"

static void check_unreadable_file(const struct scan_result *scan,
				  const struct migration *m,
				  struct findings *findings)
{
	size_t i;

	(void)m;
	for (i = 0; i < scan->notes.nr; i++) {
		const struct tree_note *note = &scan->notes.items[i];

		if (note->problem != TREE_NOTE_UNREADABLE)
			continue;
		finding_set_detail(
			finding_add(findings, rule_unreadable_file.name,
				    rule_unreadable_file.severity, note->path,
				    1, 1, "cannot be read"),
			"%s: the calls it may hold cannot be checked",
			note->message);
	}
}

const struct rule rule_unreadable_file = {
	.name = "unreadable-file",
	.severity = SEVERITY_ERROR,
	.summary = "a file or directory of the tree cannot be read",
	.description = "A C source, a header or a directory of the tree "
		       "exists but cannot be read (its mode, an I/O "
		       "error).  Whether it calls the function is "
		       "unknown, so the check cannot pass: make it "
		       "readable, or remove it from the tree.",
	.check_tree = check_unreadable_file,
};
