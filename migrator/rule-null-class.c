/*
 * rule-null-class.c - NULL where the call needs its object: the class.
 *
 * Which argument must not be NULL, and what a NULL there does, is the
 * migration's knowledge (check_hints: not-null, by default the
 * first argument).  A swapped pair has already explained its NULL.
 */
#include <stdlib.h>

#include "rules.h"

static void check_null_class(const struct call_analysis *call,
			     struct findings *findings)
{
	const struct migration_prototype *proto = call_prototype(call);
	int argno = null_argument(call);
	const struct call_argument *arg = call_arg(call, argno);
	struct type_class tc;
	char role[64];
	char *effect;

	if (!arg || !arg->is_null || (size_t)argno > proto->nr_params ||
	    findings_explained(findings, (unsigned)argno))
		return;
	if (call->form != CALL_SITE_OLD &&
	    call->form != CALL_SITE_NEW)
		return;
	type_classify(proto->params[argno - 1].type, &tc);
	if (!type_is_pointer(&tc))
		return;
	param_role(&proto->params[argno - 1], role, sizeof(role));
	effect = null_effect(call, argno, NULL);
	call_finding(findings, call, &rule_null_class,
		     "argument %d (%s) is NULL, so %s; pass the %s the call "
		     "registers with", argno, role,
		     effect ? effect : "the call cannot register anything",
		     proto->params[argno - 1].type);
	free(effect);
	findings_explain(findings, (unsigned)argno);
}

const struct rule rule_null_class = {
	.name = "null-class",
	.severity = SEVERITY_ERROR,
	.summary = "the class argument is NULL",
	.description = "The call needs the class it registers the device "
		       "with; with NULL it returns an error and nothing is "
		       "registered, so the device never appears in sysfs.",
	.check_call = check_null_class,
};
