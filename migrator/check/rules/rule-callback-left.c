/*
 * rule-callback-left.c - a function given to a callback's member that
 * the migration leaves, and why.
 *
 * A tree rule over the scan of a "callback" migration
 * (callback-site.h): at each member whose function is left because it
 * returns an error (converting it would lose the error: the caller
 * ignores the value), a call uses its result, or it is not defined in
 * the file.  A warning: the tree builds, but the driver needs a hand.
 * Where the migration names the bus whose unbind path calls the member
 * ("unbind:"), an error return's detail says what the core model's
 * unbind did with the error (model-unbind.h).
 */
#include "model-unbind.h"
#include "rules.h"
#include "scan.h"
#include "strbuf.h"

static int left(const struct call_site *cs)
{
	return cs->reason == CALL_REASON_CALLBACK_ERROR ||
	       cs->reason == CALL_REASON_CALLBACK_CALLED ||
	       cs->reason == CALL_REASON_CALLBACK_UNDEFINED ||
	       cs->reason == CALL_REASON_CALLBACK_NOWHERE ||
	       cs->reason == CALL_REASON_CALLBACK_DEFINITIONS ||
	       cs->reason == CALL_REASON_CALLBACK_MACRO ||
	       cs->reason == CALL_REASON_CALLBACK_PROTOTYPE ||
	       cs->reason == CALL_REASON_CALLBACK_POSITIONAL ||
	       cs->reason == CALL_REASON_CALLBACK_PLACE;
}

/*
 * the reason; for an error return, what it did on the bus's unbind
 * path, as the model replays it (the migration's "unbind:")
 */
static void left_detail(struct strbuf *why, const struct call_site *cs,
			const struct migration *m)
{
	call_site_reason_text(why, cs);
	if (cs->reason == CALL_REASON_CALLBACK_ERROR)
		model_unbind_explain(m, cs->local_name, cs->variadic, why);
}

static void check_callback_left(const struct scan_result *scan,
				const struct migration *m,
				struct findings *findings)
{
	site_findings(scan, m, findings, &rule_callback_left, left,
		      "is left with the old prototype", left_detail);
}

const struct rule rule_callback_left = {
	.name = "callback-left",
	.severity = SEVERITY_WARNING,
	.summary = "a function given to the member is left, with its reason",
	.description = "A callback migration leaves a function it cannot "
		       "convert safely: it returns an error somewhere (the "
		       "bus ignores the value, so the error is already lost, "
		       "but converting the function would hide that), a "
		       "call of it uses its result, or it is not defined in "
		       "the file of the initializer.  Convert it by hand.",
	.check_tree = check_callback_left,
};
