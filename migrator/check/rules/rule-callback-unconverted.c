/*
 * rule-callback-unconverted.c - a member given a function that does not
 * have the member's new prototype.
 *
 * A tree rule over the scan of a "callback" migration (callback-site.h):
 * its occurrences are the only standalone ones.  At each member (not at
 * the function's own definition, so a function is reported once per
 * driver): a function that still has the old prototype, one of the new
 * prototype that returns a value, or an initializer that names the
 * other member than the function's prototype fits.
 */
#include "callback-site.h"
#include "rules.h"
#include "scan.h"
#include "strbuf.h"

static int unconverted(const struct call_site *cs)
{
	return callback_site_at_member(cs) &&
	       (cs->kind == CALL_SITE_OLD ||
		cs->reason == CALL_REASON_CALLBACK_MEMBER ||
		cs->reason == CALL_REASON_CALLBACK_VALUE);
}

static void why_unconverted(struct strbuf *why, const struct call_site *cs)
{
	if (cs->reason == CALL_REASON_NONE)
		strbuf_addf(why, "'%s' still has the old one", cs->local_name);
	else
		call_site_reason_text(why, cs);
}

static void check_callback_unconverted(const struct scan_result *scan,
				       struct findings *findings)
{
	site_findings(scan, findings, &rule_callback_unconverted, unconverted,
		      "does not have the member's new prototype",
		      why_unconverted);
}

const struct rule rule_callback_unconverted = {
	.name = "callback-unconverted",
	.severity = SEVERITY_ERROR,
	.summary = "a member is given a function without its new prototype",
	.description = "A callback migration changes a member's prototype: "
		       "every function given to it must have the new one.  "
		       "This one still has the old prototype, returns a "
		       "value from a function that returns void, or is "
		       "given to the other member than its prototype fits "
		       "(the old member for a converted function, or the "
		       "new member for one that is not).",
	.check_tree = check_callback_unconverted,
};
