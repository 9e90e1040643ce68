/*
 * rule-argument-type.c - an argument whose type does not fit its
 * parameter.
 *
 * Each fixed argument not yet explained is judged by its type (libclang's
 * canonical type, else a fallback, which the message names) against the
 * parameter's type in the prototype of the call's form: a pointer to a
 * different structure, an integer where a pointer goes, a pointer where
 * an integer (dev_t) goes.  A type that cannot be told is not judged,
 * nor is an argument libclang could not type in a call it saw (an
 * expression it recovered from an error): a fallback would guess.  A
 * fallback's type (the file's declaration of a name, which may be one
 * of another scope, or the expression's form) makes the finding a
 * warning: only libclang's type is sure enough to fail a gate.  A
 * call in the new form in a tree that still declares the old prototype is
 * one finding for the whole call, with the map undone in words.
 */
#include "rules.h"

static int check_new_call_in_old_tree(const struct rule_call *rc,
				      struct findings *findings)
{
	struct strbuf undo = STRBUF_INIT;
	struct finding *f;

	if (rc->call->form != CALL_SITE_NEW || rc->api->used != API_OLD)
		return 0;
	describe_reversal(rc, &undo);
	f = call_finding(findings, rc, &rule_argument_type,
			 "new-form call in an old-API tree");
	finding_set_detail(f,
			   "the tree declares the old prototype (%zu fixed "
			   "parameters): %s or update '%s'",
			   rc->m->old_proto.nr_params, undo.buf,
			   rc->api->header);
	findings_explain_call(findings);
	strbuf_release(&undo);
	return 1;
}

static void check_argument_type(const struct rule_call *rc,
				struct findings *findings)
{
	const struct migration_prototype *proto = call_prototype(rc);
	const struct call_analysis *call = rc->call;
	size_t i;

	if (call->form != CALL_SITE_OLD && call->form != CALL_SITE_NEW)
		return;
	if (check_new_call_in_old_tree(rc, findings))
		return;
	for (i = 1; i <= proto->nr_params && i <= call->nr_args; i++) {
		const struct migration_param *param = &proto->params[i - 1];
		const struct call_argument *arg = call_arg(call, (int)i);
		char shown[96], decl[128];
		struct finding *f;

		if (findings_explained(findings, (unsigned int)i) ||
		    !arg_judged_type(arg) || arg_type_unknown(call, arg) ||
		    type_spelling_fits(param->type, arg_judged_type(arg),
				       arg_is_null_constant(arg)) != 0)
			continue;
		f = call_finding(findings, rc, &rule_argument_type,
				 "wrong type for argument %zu", i);
		finding_set_detail(f,
				   "'%s' is %s%s, but parameter %zu is '%s': "
				   "pass a %s%s",
				   arg_display(arg, shown, sizeof(shown)),
				   arg->is_null ? "a null pointer, " : "a ",
				   arg->type, i,
				   param_display(param, decl, sizeof(decl)),
				   param->type, arg_fallback_note(arg));
		finding_rests_on_type(f, arg);
		findings_explain(findings, (unsigned int)i);
	}
}

const struct rule rule_argument_type = {
	.name = "argument-type",
	.severity = SEVERITY_ERROR,
	.summary = "an argument's type does not fit its parameter",
	.description = "The argument's type cannot be passed for the "
		       "parameter without a cast: a pointer to a different "
		       "structure, an integer where a pointer is expected, a "
		       "pointer where an integer such as dev_t is expected.  "
		       "The compiler warns at most; the call misbehaves.",
	.check_call = check_argument_type,
};
