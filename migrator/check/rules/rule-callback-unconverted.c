/*
 * rule-callback-unconverted.c - a member given a function that does not
 * have the member's new prototype, by the scan's verdict.
 *
 * A call rule of the "callback" kind, on each member's record
 * (clang-callback.h; not at the function's own definition, so a
 * function is reported once per driver): a function that still has the
 * old prototype, and, where libclang did not judge the member (no
 * libclang, a parse it could not make, an #if branch it did not see),
 * one of the new prototype that returns a value or an initializer that
 * names the other member than the function's prototype fits (the old
 * member given a function of the new prototype is told that only the
 * member is to be renamed).  Where
 * libclang judged it, callback-type and callback-value-return say
 * those from the types the tree declares.  With "errors: drop", an old
 * function that returns an error is told the error its conversion
 * drops, and what the error did on the bus's unbind path
 * (model-unbind.h).
 */
#include "callback.h"
#include "clang-callback.h"
#include "model-unbind.h"
#include "rules.h"
#include "scan.h"
#include "strbuf.h"

/* libclang resolved both sides: the types decide, not the text */
static int judged(const struct call_analysis *call)
{
	return call->seen_by_libclang &&
	       call->args[CALLBACK_ARG_FUNCTION].canonical &&
	       call->args[CALLBACK_ARG_MEMBER].canonical;
}

/*
 * the old prototype; with "errors: drop", the error its conversion
 * drops and what that error did on the bus's unbind path (the model's)
 */
static void old_detail(struct strbuf *why, const struct call_site *cs,
		       const struct migration *m)
{
	strbuf_addf(why, "'%s' still has the old one", cs->local_name);
	if (!migration_callback(m)->drop_errors || !cs->variadic)
		return;
	strbuf_addf(why,
		    "; converting it drops the error it returns at line %zu",
		    cs->variadic);
	model_unbind_explain(m, cs->local_name, cs->variadic, why);
}

static void check_callback_unconverted(const struct rule_call *rc,
				       struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	const struct call_site *cs = call->site;
	struct strbuf why = STRBUF_INIT;
	struct finding *f;

	if (!callback_is_record(call) || callback_type_mismatch(call))
		return; /* a call's, or callback-type's */
	if (cs->reason == CALL_REASON_CALLBACK_RENAME)
		call_site_reason_text(&why, cs);
	else if (cs->kind == CALL_SITE_OLD)
		old_detail(&why, cs, rc->m);
	else if (!judged(call) && (cs->reason == CALL_REASON_CALLBACK_MEMBER ||
				   cs->reason == CALL_REASON_CALLBACK_VALUE))
		call_site_reason_text(&why, cs);
	else
		return;
	f = call_finding(
		findings, rc, &rule_callback_unconverted,
		cs->reason == CALL_REASON_CALLBACK_RENAME ?
			"'%s' is given to the old member" :
			"'%s' does not have the member's new prototype",
		cs->local_name);
	finding_set_detail(f, "%s", why.buf);
	strbuf_release(&why);
}

const struct rule rule_callback_unconverted = {
	.name = "callback-unconverted",
	.severity = SEVERITY_ERROR,
	.summary = "a member is given a function without its new prototype",
	.description = "A callback migration changes a member's prototype: "
		       "every function given to it must have the new one.  "
		       "This one still has the old prototype, or, where "
		       "libclang could not judge the member, returns a "
		       "value from a function that returns void, or is "
		       "given to the other member than its prototype fits "
		       "(the old member for a converted function, or the "
		       "new member for one that is not).",
	.check_call = check_callback_unconverted,
};
