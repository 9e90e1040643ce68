/*
 * rule-unconverted-call.c - a call still in the old form where the tree
 * declares the new API.
 *
 * Such a call does not compile against the tree's header (too few
 * arguments; libclang drops it), so the verdict rests on the scan's form
 * alone.  The fix is the conversion itself: insert the new argument.  The
 * call's fixed arguments are explained: they are not checked one by one
 * against a prototype the call was not written for.  The format is still
 * checked, at the old form's position.
 */
#include "rules.h"

static void check_unconverted_call(const struct call_analysis *call,
				   struct findings *findings)
{
	const struct migration *m = call->migration;
	const struct call_argument *before;
	char param[128], shown[96];
	size_t i;

	if (call->form != CALL_SITE_OLD || call->api->used != API_NEW)
		return;
	param_display(&m->new_proto.params[m->new_arg - 1], param,
		      sizeof(param));
	before = call_arg(call, m->new_arg - 1);
	if (before)
		call_finding(findings, call, &rule_unconverted_call,
			     "call in the old form, but the tree declares the "
			     "new prototype: insert '%s' as argument %d (%s) "
			     "after '%s'%s%s%s", m->new_arg_default,
			     m->new_arg, param,
			     arg_display(before, shown, sizeof(shown)),
			     call->api->fallback ?
				" (the tree's API is assumed)" : "",
			     call->form_reason ? "; " : "",
			     call->form_reason ? call->form_reason : "");
	else
		call_finding(findings, call, &rule_unconverted_call,
			     "call in the old form, but the tree declares the "
			     "new prototype: insert '%s' as argument %d (%s)%s",
			     m->new_arg_default, m->new_arg, param,
			     call->api->fallback ?
				" (the tree's API is assumed)" : "");
	for (i = 1; i <= m->old_proto.nr_params; i++)
		findings_explain(findings, (unsigned)i);
}

const struct rule rule_unconverted_call = {
	.name = "unconverted-call",
	.severity = SEVERITY_ERROR,
	.summary = "call still in the old form where the tree declares the "
		   "new API",
	.description = "The tree's header declares the new prototype, but "
		       "this call passes the arguments of the old one: it "
		       "does not compile.  Insert the new argument (the "
		       "migration's default) at its position; apply does "
		       "exactly that.",
	.check_call = check_unconverted_call,
};
