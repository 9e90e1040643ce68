/*
 * rule-left-by-context.c - a call the migration leaves on purpose: its
 * map applies only where a call's result is unused (or used), and this
 * call is elsewhere, or its file is in a part of the tree the
 * migration leaves ("where:", "leave-path:" of the migration file).
 *
 * Such a call is still in the old form, and rightly so: it is no
 * unconverted call.  It is named as a note with the migration's own
 * reason, so that whoever reads the report knows it is left by design
 * and why; nothing else is checked on it.
 */
#include "rules.h"

static void check_left_by_context(const struct rule_call *rc,
				  struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	const char *path = call->site->file ? call->site->file : "";
	const char *reason = migration_leaves_path(rc->m, path);
	struct finding *f;

	if (call->form != CALL_SITE_CONTEXT)
		return;
	f = call_finding(findings, rc, &rule_left_by_context,
			 "call left by context");
	if (reason)
		finding_set_detail(f,
				   "the migration leaves the calls under "
				   "this path: %s",
				   reason);
	else
		finding_set_detail(f, "the migration applies where the %s: %s",
				   rc->m->where == CALL_WHERE_RESULT_USED ?
					   "result is used" :
					   "result is unused",
				   rc->m->left_reason ? rc->m->left_reason :
							"");
	findings_explain_call(findings);
}

const struct rule rule_left_by_context = {
	.name = "left-by-context",
	.severity = SEVERITY_NOTE,
	.summary = "a call the migration leaves where its map does not apply",
	.description = "The migration converts only the calls whose result "
		       "is unused (or used), or none under a path it leaves "
		       "(its \"where:\" and \"leave-path:\"); this call is "
		       "elsewhere and stays as it is, on purpose.  The note "
		       "says why, in the migration's words: convert it by "
		       "hand if its use of the result allows.",
	.check_call = check_left_by_context,
};
