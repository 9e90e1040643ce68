/*
 * rule-parse-crash.c - a file libclang crashed on: the process that
 * parsed it was killed (a signal, a stack overflow), check-analyse.c.
 *
 * Reported once per file, at its line 1, since nothing says where in
 * the file libclang was: the other files were analysed in other
 * processes and are judged as usual, the file's calls are checked from
 * their text only, and the gate cannot pass it.
 */
#include "rules.h"

static void check_parse_crash(const struct rule_call *rc,
			      struct findings *findings)
{
	const struct analysed_file *file = rc->file;

	if (rc->call->index_in_file || !file || !file->crashed)
		return;
	finding_set_detail(finding_add(findings, rule_parse_crash.name,
				       rule_parse_crash.severity, file->path, 1,
				       1,
				       "libclang crashed on this file: it was "
				       "not analysed"),
			   "%s; its %zu call%s checked from the text only",
			   file->parse_error, file->nr_calls,
			   file->nr_calls == 1 ? " was" : "s were");
}

const struct rule rule_parse_crash = {
	.name = "parse-crash",
	.severity = SEVERITY_ERROR,
	.summary = "libclang crashed on a file",
	.description = "The process that ran libclang on the file was "
		       "killed (a segmentation fault, a stack overflow, an "
		       "abort), alone, in a process of its own: libclang "
		       "cannot parse it.  The other files are judged as "
		       "usual; this file's calls are checked from their "
		       "text only, so the check cannot pass.",
	.check_call = check_parse_crash,
};
