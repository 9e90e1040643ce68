/*
 * rule-unconverted-call.c - a call still in the old form where the tree
 * declares the new API (and not the old one beside it: tree-api.h's
 * both).
 *
 * Such a call does not compile against the tree's header (the wrong
 * arguments; libclang may drop it), so the verdict rests on the scan's
 * form alone.  The fix is the conversion itself, in the words of the
 * migration's map: insert the new argument, remove the dropped one,
 * exchange, rename (describe_conversion()), given only when it makes a
 * valid call (conversion_is_valid()): else the detail says why the map
 * does not fit the call.  A call argument-count explained (a new-form
 * call that lost an argument) is not one.  The call's fixed arguments
 * are explained: they are not checked one by one against a prototype
 * the call was not written for.  The format is still checked, at the
 * old form's position.
 */
#include "rules.h"

static void check_unconverted_call(const struct rule_call *rc,
				   struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	struct strbuf fix = STRBUF_INIT, why = STRBUF_INIT;
	struct strbuf invalid = STRBUF_INIT;
	struct finding *f;
	size_t i;

	if (call->form != CALL_SITE_OLD || rc->api->used != API_NEW ||
	    findings->call_explained || rc->api->both)
		return;
	if (conversion_is_valid(rc, &invalid))
		describe_conversion(rc, &fix);
	else
		strbuf_addf(&fix,
			    "the migration's map would not make a valid call "
			    "of it (%s): convert it by hand",
			    invalid.buf);
	call_form_reason_text(call, &why);
	f = call_finding(findings, rc, &rule_unconverted_call,
			 "call still in the old form");
	finding_set_detail(
		f, "the tree declares the new prototype: %s%s%s%s", fix.buf,
		rc->api->fallback ? " (the tree's API is assumed)" : "",
		why.len ? "; " : "", why.buf);
	for (i = 1; i <= rc->m->old_proto.nr_params; i++)
		findings_explain(findings, (unsigned int)i);
	strbuf_release(&fix);
	strbuf_release(&why);
	strbuf_release(&invalid);
}

const struct rule rule_unconverted_call = {
	.name = "unconverted-call",
	.severity = SEVERITY_ERROR,
	.summary = "call still in the old form where the tree declares the "
		   "new API",
	.description = "The tree's header declares the new prototype, but "
		       "this call passes the arguments of the old one: it "
		       "does not compile.  Convert it as the migration's map "
		       "says (the new argument inserted, the dropped one "
		       "removed, the moved ones exchanged); apply does "
		       "exactly that.",
	.check_call = check_unconverted_call,
};
