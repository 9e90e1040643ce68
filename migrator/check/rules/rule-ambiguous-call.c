/*
 * rule-ambiguous-call.c - a call whose form (old or new) cannot be
 * decided; never guessed.
 *
 * The scan found no evidence for either form, or evidence against both,
 * or cannot see what the compiler sees (an unclosed list, a conditional
 * inside the arguments, a macro's variadic parameter).  Nothing else is
 * checked on such a call: which argument goes with which parameter is
 * not known.  The hint says how to write it so that the form shows,
 * from the migration's map: the value the new form passes, or the new
 * prototype itself.
 */
#include "rules.h"
#include "strbuf.h"

/* "; as the tree declares it, argument 2 'x' (a T) does not fit ..." */
static void add_misfits(struct strbuf *sb, const struct rule_call *rc)
{
	const struct migration_prototype *proto = call_prototype(rc);
	const struct call_analysis *call = rc->call;
	size_t i;

	for (i = 0; i < proto->nr_params && i < call->nr_args; i++) {
		const struct call_argument *arg = &call->args[i];
		char shown[96], decl[128];

		if (arg->type_source != TYPE_FROM_LIBCLANG ||
		    type_spelling_fits(proto->params[i].type,
				       arg_judged_type(arg), arg->is_null))
			continue;
		strbuf_addf(sb,
			    "%s argument %zu '%s' (a %s) does not fit "
			    "'%s'",
			    sb->len ? "," : "; as compiled,", i + 1,
			    arg_display(arg, shown, sizeof(shown)), arg->type,
			    param_display(&proto->params[i], decl,
					  sizeof(decl)));
	}
}

/* "'NULL' as argument 2", or the new prototype */
static void add_hint(struct strbuf *sb, const struct migration *m)
{
	size_t k;

	for (k = 0; k < m->new_call_nr; k++)
		if (m->new_call[k].kind == CALL_ITEM_VALUE) {
			strbuf_addf(sb, "'%s' as argument %zu",
				    m->new_call[k].value, k + 1);
			return;
		}
	strbuf_addf(sb, "the arguments of '%s'", m->new_proto.text);
}

static void check_ambiguous_call(const struct rule_call *rc,
				 struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	struct strbuf why = STRBUF_INIT, misfit = STRBUF_INIT;
	struct strbuf hint = STRBUF_INIT;
	struct finding *f;

	if (call->form != CALL_SITE_AMBIGUOUS || findings->call_explained)
		return;
	if (call->site->reason != CALL_REASON_NONE)
		call_site_reason_text(&why, call->site);
	else
		strbuf_addstr(&why, "no evidence");
	if (call->seen_by_libclang)
		add_misfits(&misfit, rc);
	add_hint(&hint, rc->m);
	f = call_finding(findings, rc, &rule_ambiguous_call,
			 "cannot tell the call's form, old or new");
	finding_set_detail(f,
			   "%s%s; it is neither converted nor checked: write "
			   "it so that the form shows, e.g. %s in the new "
			   "form",
			   why.buf, misfit.buf, hint.buf);
	strbuf_release(&why);
	strbuf_release(&misfit);
	strbuf_release(&hint);
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
