/*
 * rule-ambiguous-call.c - a call whose form (old or new) cannot be
 * decided; never guessed.
 *
 * The scan found no evidence for either form, or evidence for both, or
 * cannot see what the compiler sees (an unclosed list, a conditional
 * inside the arguments).  Nothing else is checked on such a call: which
 * argument goes with which parameter is not known.
 */
#include "rules.h"
#include "strbuf.h"

/* "; as the tree declares it, argument 2 'x' (a T) does not fit ..." */
static void add_misfits(struct strbuf *sb, const struct call_analysis *call)
{
	const struct migration_prototype *proto = call_prototype(call);
	size_t i;

	for (i = 0; i < proto->nr_params && i < call->nr_args; i++) {
		const struct call_argument *arg = &call->args[i];
		char shown[96], decl[128];

		if (arg->type_source != TYPE_FROM_LIBCLANG ||
		    type_spelling_fits(proto->params[i].type,
				       arg_judged_type(arg), arg->is_null))
			continue;
		strbuf_addf(sb, "%s argument %zu '%s' (a %s) does not fit "
			    "'%s'", sb->len ? "," : "; as compiled,", i + 1,
			    arg_display(arg, shown, sizeof(shown)), arg->type,
			    param_display(&proto->params[i], decl,
					  sizeof(decl)));
	}
}

static void check_ambiguous_call(const struct call_analysis *call,
				 struct findings *findings)
{
	const struct migration *m = call->migration;
	struct strbuf misfit = STRBUF_INIT;

	if (call->form != CALL_SITE_AMBIGUOUS)
		return;
	if (call->seen_by_libclang)
		add_misfits(&misfit, call);
	call_finding(findings, call, &rule_ambiguous_call,
		     "cannot tell whether this call is in the old or the new "
		     "form (%s%s): it is neither converted nor checked; write "
		     "it so that the form shows, e.g. '%s' as argument %d in "
		     "the new form",
		     call->site->reason ? call->site->reason : "no evidence",
		     misfit.buf, m->new_arg_default, m->new_arg);
	strbuf_release(&misfit);
	findings_explain_call(findings);
}

const struct rule rule_ambiguous_call = {
	.name = "ambiguous-call",
	.severity = SEVERITY_WARNING,
	.summary = "the call's form (old or new) cannot be decided",
	.description = "Neither the argument count nor the arguments "
		       "themselves show whether the call was written for the "
		       "old or the new prototype.  kmigrate never guesses: "
		       "the call is left alone and listed so that someone "
		       "looks at it.",
	.check_call = check_ambiguous_call,
};
