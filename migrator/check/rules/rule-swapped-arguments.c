/*
 * rule-swapped-arguments.c - two arguments in each other's slots.
 *
 * Arguments i < j are swapped when argument j has a known type that fits
 * parameter i and not parameter j, and argument i fits parameter j and
 * not parameter i (or is NULL: NULL fits any pointer, but it is there
 * instead of the argument j is): the seed's vmlogrdr call passed NULL as
 * the class and the class as the parent.  The pair is explained, so the
 * NULL and the wrong type are not reported again.
 *
 * The effect is the model's when check ran the call on it (rc->extra):
 * what the call does as written, what it would register with the pair
 * exchanged ("/sys/class/vmlogrdr/<bus_id> is never created"), and with
 * --base or --patch what it registered before the change: the effect is
 * folded in here, so sysfs-effect-changed does not report it again.
 * Without a verdict, the migration's words ("not-null") say it.
 */
#include <stdlib.h>

#include "check.h"
#include "rules.h"
#include "strbuf.h"
#include "util.h"

static int fits(const struct migration_param *param,
		const struct call_argument *arg)
{
	return type_spelling_fits(param->type, arg_judged_type(arg),
				  arg->is_null);
}

static int swapped(const struct migration_param *pi,
		   const struct migration_param *pj,
		   const struct call_argument *ai,
		   const struct call_argument *aj)
{
	if (!arg_judged_type(aj) || aj->is_null)
		return 0;
	if (fits(pi, aj) != 1 || fits(pj, aj) != 0)
		return 0;
	return fits(pj, ai) == 1 && (ai->is_null || fits(pi, ai) == 0);
}

/* "fails with -ENODEV and registers nothing: /sys/... is never created" */
static int model_effect(struct strbuf *out, const struct rule_call *rc, int i,
			int j)
{
	const struct call_extra *x = rc->extra;
	struct model_verdict fixed;
	size_t *perm, k;

	if (!x || x->verdict.outcome != VERDICT_FAILS)
		return 0;
	perm = xcalloc(x->model.nr_args + 1, sizeof(*perm));
	for (k = 0; k < x->model.nr_args; k++)
		perm[k] = k;
	perm[i - 1] = (size_t)j - 1;
	perm[j - 1] = (size_t)i - 1;
	model_call_run(&x->model, perm, &fixed);
	strbuf_addstr(out, "the call ");
	model_verdict_prose(out, &x->verdict);
	if (fixed.outcome == VERDICT_REGISTERS)
		strbuf_addf(out, ": %s is never created", fixed.path);
	model_verdict_release(&fixed);
	free(perm);
	return 1;
}

/* "; before the change: registers /sys/..." when that was different */
static void before_effect(struct strbuf *out, const struct rule_call *rc)
{
	const struct call_extra *x = rc->extra;

	if (!x || !x->before_extra ||
	    x->before_extra->verdict.outcome == VERDICT_UNKNOWN ||
	    model_verdict_same(&x->verdict, &x->before_extra->verdict))
		return;
	strbuf_addstr(out, "; before the change the call ");
	model_verdict_past(out, &x->before_extra->verdict);
}

/* "class is NULL, so the call ...": the model's words, else the hints' */
static void null_other(struct strbuf *other, const struct rule_call *rc, int i,
		       int j, const char *role_i, const char *shown_j)
{
	const struct call_argument *aj = call_arg(rc->call, j);
	struct strbuf model = STRBUF_INIT;
	char *effect;

	strbuf_addf(other, "%s is NULL", role_i);
	if (model_effect(&model, rc, i, j)) {
		strbuf_addf(other, ", so %s", model.buf);
		strbuf_release(&model);
		return;
	}
	effect = null_effect(rc, i, aj->created_as ? aj->created_as : shown_j,
			     NULL);
	if (effect)
		strbuf_addf(other, ", so %s", effect);
	else if (aj->created_as)
		strbuf_addf(other,
			    ", so the call registers nothing in %s "
			    "'%s'",
			    role_i, aj->created_as);
	else
		strbuf_addstr(other, ", so the call registers nothing");
	free(effect);
}

static void report(const struct rule_call *rc, struct findings *findings, int i,
		   int j)
{
	const struct migration_prototype *proto = call_prototype(rc);
	const struct call_analysis *call = rc->call;
	const struct call_argument *ai = call_arg(call, i);
	const struct call_argument *aj = call_arg(call, j);
	char role_i[64], role_j[64], shown_i[96], shown_j[96];
	struct strbuf other = STRBUF_INIT;
	struct finding *f;

	param_role(&proto->params[i - 1], role_i, sizeof(role_i));
	param_role(&proto->params[j - 1], role_j, sizeof(role_j));
	arg_display(aj, shown_j, sizeof(shown_j));
	arg_display(ai, shown_i, sizeof(shown_i));
	if (ai->is_null) {
		null_other(&other, rc, i, j, role_i, shown_j);
	} else {
		strbuf_addf(&other, "'%s' (a %s) is passed as %s", shown_i,
			    ai->type, role_i);
	}
	before_effect(&other, rc);
	f = call_finding(findings, rc, &rule_swapped_arguments,
			 "arguments %d and %d appear swapped", i, j);
	finding_set_detail(f, "'%s' is a %s passed as %s; %s; swap them%s",
			   shown_j, aj->type, role_j, other.buf,
			   arg_fallback_note(aj));
	finding_rests_on_type(f, aj);
	if (!ai->is_null)
		finding_rests_on_type(f, ai);
	strbuf_release(&other);
}

static void check_swapped_arguments(const struct rule_call *rc,
				    struct findings *findings)
{
	const struct migration_prototype *proto = call_prototype(rc);
	const struct call_analysis *call = rc->call;
	size_t i, j;

	if (call->form != CALL_SITE_OLD && call->form != CALL_SITE_NEW)
		return;
	for (i = 1; i <= proto->nr_params && i <= call->nr_args; i++) {
		for (j = i + 1; j <= proto->nr_params && j <= call->nr_args;
		     j++) {
			if (findings_explained(findings, (unsigned int)i) ||
			    findings_explained(findings, (unsigned int)j))
				continue;
			if (!swapped(&proto->params[i - 1],
				     &proto->params[j - 1],
				     call_arg(call, (int)i),
				     call_arg(call, (int)j)))
				continue;
			report(rc, findings, (int)i, (int)j);
			findings_explain(findings, (unsigned int)i);
			findings_explain(findings, (unsigned int)j);
		}
	}
}

const struct rule rule_swapped_arguments = {
	.name = "swapped-arguments",
	.severity = SEVERITY_ERROR,
	.summary = "two arguments are in each other's slots",
	.description = "An argument has the type of another parameter and "
		       "not of its own, and the argument in that other slot "
		       "fits this one (or is NULL).  A hand conversion that "
		       "inserts the new argument at the wrong position "
		       "produces exactly this: the call compiles with a "
		       "warning at most and fails at run time.",
	.check_call = check_swapped_arguments,
};
