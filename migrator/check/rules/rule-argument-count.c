/*
 * rule-argument-count.c - a call with too few or too many arguments for
 * the new prototype, in a tree that declares it.
 *
 * A call whose number of arguments fits neither prototype is no old-form
 * call to convert and no new-form call to check: it misses an argument
 * or passes one too many.  So is a call whose count fits the old
 * prototype but whose conversion by the map would not be a valid call
 * (a value inserted where the call already passes it, a type that does
 * not fit its new slot) while its arguments fit the new prototype's
 * first parameters: a new-form call that lost its last arguments.  The
 * arguments it has must fit the new prototype's parameters at their
 * positions; otherwise which argument is missing is not known and the
 * other rules speak.  Extra arguments are reported with their removal
 * as the fix (what stays fits); a missing argument with the parameter
 * it is for, never with a value made up.  The whole call is explained.
 */
#include "rules.h"

/* the call's count fits proto: its fixed parameters, more if variadic */
static int count_fits(const struct call_analysis *call,
		      const struct migration_prototype *proto)
{
	return call->nr_args == proto->nr_params ||
	       (proto->variadic && call->nr_args > proto->nr_params);
}

/* an old-form call, or one the scan could not read: not this rule's */
static int is_candidate(const struct rule_call *rc,
			const struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	const struct migration_prototype *proto = &rc->m->new_proto;

	if (rc->api->used != API_NEW || call->form == CALL_SITE_NEW ||
	    count_fits(call, proto) || findings->call_explained)
		return 0;
	if (call->form == CALL_SITE_AMBIGUOUS &&
	    call->site->reason != CALL_REASON_EVIDENCE &&
	    call->site->reason != CALL_REASON_NONE)
		return 0; /* an unclosed list, an #if: counts mean nothing */
	if (call->form == CALL_SITE_OLD && conversion_is_valid(rc, NULL))
		return 0; /* unconverted-call: the map converts it */
	return !first_misfit(call, proto);
}

static void report_missing(const struct rule_call *rc,
			   struct findings *findings)
{
	const struct migration_prototype *proto = &rc->m->new_proto;
	size_t have = rc->call->nr_args, need = proto->nr_params;
	char decl[128];
	struct finding *f;

	f = call_finding(findings, rc, &rule_argument_count,
			 "missing argument %zu (%zu of %zu passed)", have + 1,
			 have, need);
	finding_set_detail(f,
			   "the tree declares '%s': argument %zu (%s) is "
			   "missing%s; pass it",
			   proto->text, have + 1,
			   param_display(&proto->params[have], decl,
					 sizeof(decl)),
			   need - have > 1 ? ", and the ones after it" : "");
}

static void report_extra(const struct rule_call *rc, struct findings *findings)
{
	const struct migration_prototype *proto = &rc->m->new_proto;
	size_t have = rc->call->nr_args, need = proto->nr_params;
	char shown[96];
	struct finding *f;

	arg_display(call_arg(rc->call, (int)need + 1), shown, sizeof(shown));
	f = call_finding(findings, rc, &rule_argument_count,
			 "%zu extra argument%s (%zu passed, %zu taken)",
			 have - need, have - need == 1 ? "" : "s", have, need);
	if (have - need == 1)
		finding_set_detail(f,
				   "the tree declares '%s': remove argument "
				   "%zu '%s'",
				   proto->text, need + 1, shown);
	else
		finding_set_detail(f,
				   "the tree declares '%s': remove arguments "
				   "%zu to %zu ('%s' on)",
				   proto->text, need + 1, have, shown);
}

static void check_argument_count(const struct rule_call *rc,
				 struct findings *findings)
{
	if (!is_candidate(rc, findings))
		return;
	if (rc->call->nr_args < rc->m->new_proto.nr_params)
		report_missing(rc, findings);
	else
		report_extra(rc, findings);
	findings_explain_call(findings);
}

const struct rule rule_argument_count = {
	.name = "argument-count",
	.severity = SEVERITY_ERROR,
	.summary = "a call with too few or too many arguments for the new "
		   "prototype",
	.description = "The tree declares the new prototype and the call "
		       "passes fewer or more arguments than it takes, and is "
		       "no old-form call the migration's map converts: an "
		       "argument was lost (or one left over) in the "
		       "conversion.  It does not compile.",
	.check_call = check_argument_count,
};
