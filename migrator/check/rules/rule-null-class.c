/*
 * rule-null-class.c - NULL where the call needs an object: the class of
 * class_device_create() and device_create(), or whatever the migration
 * names.
 *
 * Which parameters must not be NULL, and what a NULL there does, is the
 * migration's knowledge (its "not-null" entries, by parameter name, in
 * the prototype of the call's form); the rule keeps its stable name
 * null-class.  A swapped pair has already explained its NULL.
 */
#include <stdlib.h>

#include "rules.h"

static void check_null_class(const struct rule_call *rc,
			     struct findings *findings)
{
	const struct migration_prototype *proto = call_prototype(rc);
	const struct call_analysis *call = rc->call;
	size_t i;

	if (call->form != CALL_SITE_OLD && call->form != CALL_SITE_NEW)
		return;
	for (i = 1; i <= proto->nr_params; i++) {
		const struct call_argument *arg = call_arg(call, (int)i);
		const struct migration_param *param = &proto->params[i - 1];
		struct type_class tc;
		char role[64];
		struct finding *f;
		char *effect;
		int must;

		/* a null pointer of another type: argument-type says it */
		if (!arg || !arg->is_null ||
		    findings_explained(findings, (unsigned int)i) ||
		    (!arg_is_null_constant(arg) &&
		     type_spelling_fits(param->type, arg_judged_type(arg), 0) ==
			     0))
			continue;
		effect = null_effect(rc, (int)i, NULL, &must);
		type_classify(param->type, &tc);
		if (!must || !type_is_pointer(&tc)) {
			free(effect);
			continue;
		}
		param_role(param, role, sizeof(role));
		f = call_finding(findings, rc, &rule_null_class,
				 "argument %zu (%s) is NULL", i, role);
		finding_set_detail(f,
				   "so %s; pass the %s the call registers "
				   "with",
				   effect ? effect :
					    "the call cannot register anything",
				   param->type);
		free(effect);
		findings_explain(findings, (unsigned int)i);
	}
}

const struct rule rule_null_class = {
	.name = "null-class",
	.severity = SEVERITY_ERROR,
	.summary = "an argument that must not be NULL (the class) is NULL",
	.description = "The call needs the object the migration names as "
		       "not-null (the class it registers the device with); "
		       "with NULL it returns an error and nothing is "
		       "registered, so the device never appears in sysfs.",
	.check_call = check_null_class,
};
