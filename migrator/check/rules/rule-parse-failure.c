/*
 * rule-parse-failure.c - a file libclang could not analyse at all.
 *
 * Reported once per file, at its first call: the calls are still
 * checked, from their text (the scan's form and the file's own
 * declarations), so the other rules may still speak; this warning says
 * why their verdicts rest on less.
 */
#include "rules.h"

static void check_parse_failure(const struct rule_call *rc,
				struct findings *findings)
{
	const struct analysed_file *file = rc->file;

	if (rc->call->index_in_file || !file || !file->parse_error ||
	    file->too_deep || /* rule-expression-too-deep.c says it */
	    file->crashed)    /* rule-parse-crash.c says it */
		return;
	finding_set_detail(call_finding(findings, rc, &rule_parse_failure,
					"libclang could not analyse this "
					"file"),
			   "%s; its %zu call%s checked from the text only",
			   file->parse_error, file->nr_calls,
			   file->nr_calls == 1 ? " was" : "s were");
}

const struct rule rule_parse_failure = {
	.name = "parse-failure",
	.severity = SEVERITY_WARNING,
	.summary = "a file could not be analysed",
	.description = "libclang could not parse the file, or saw none of "
		       "its calls (a header missing from a partial tree, a "
		       "binary file).  Its calls were checked from their "
		       "text only: argument types come from the file's own "
		       "declarations, or are unknown.",
	.check_call = check_parse_failure,
};
