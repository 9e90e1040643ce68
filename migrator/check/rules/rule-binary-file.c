/*
 * rule-binary-file.c - a file that names the function but is no text.
 *
 * A tree-level rule: it reads the scan's notes, not a call.  scan lexes
 * every *.c and *.h file as text, stray NUL bytes and odd line ends
 * included; only a file whose first 8000 bytes hold more NUL bytes than
 * line ends is skipped as binary (scan.h).  When such a file names the
 * function, its occurrences are not classified, so the gate must not
 * pass it.  One finding per file, at line 1, column 1 (the whole file).
 *
 * With check --patch, a file a GIT binary patch writes is read back
 * like any patched file and judged here when it is no text (a "Binary
 * files ... differ" patch, without the data, is refused before:
 * check-patch.h).
 */
#include "rules.h"
#include "scan.h"

static void check_binary_file(const struct scan_result *scan,
			      const struct migration *m,
			      struct findings *findings)
{
	size_t i;

	(void)m;
	for (i = 0; i < scan->notes.nr; i++) {
		const struct tree_note *note = &scan->notes.items[i];

		if (note->problem != TREE_NOTE_BINARY)
			continue;
		finding_set_detail(
			finding_add(findings, rule_binary_file.name,
				    rule_binary_file.severity, note->path, 1, 1,
				    "a binary file names the function"),
			"its occurrences are not classified or checked");
	}
}

const struct rule rule_binary_file = {
	.name = "binary-file",
	.severity = SEVERITY_ERROR,
	.summary = "a binary file names the function",
	.description = "A *.c or *.h file whose first 8000 bytes hold more "
		       "NUL bytes than line ends (an object file, UTF-16 "
		       "text) holds the function's name.  It is not lexed, "
		       "so its occurrences are neither classified nor "
		       "checked: convert it to text, or remove it from the "
		       "tree.  With --patch, this includes a file a GIT "
		       "binary patch writes.",
	.check_tree = check_binary_file,
};
