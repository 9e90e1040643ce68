/*
 * rule-sysfs-effect-changed.c - with --base or --patch: the model
 * registers something else for a call than it did before the change.
 *
 * Before and after are the model's verdicts on the call and on its
 * counterpart (matched by file and order, see check-patch.h): another
 * path, a dev attribute or a device link gained or lost, or an error
 * where there was a registration.  A verdict the model cannot give
 * (unknown) is not compared, nor one of a call whose form is ambiguous
 * (the model ran it in the tree's form: a guess).  One finding per
 * problem: a call that already has an error (a swapped pair, a NULL
 * class, an unconverted call) is explained by it, and the
 * swapped-arguments message carries the effect itself; this rule stays
 * quiet then.  The message names the
 * argument that changed, matched across the two forms by the
 * migration's map, so that an old-form call compares with its new form.
 */
#include <string.h>

#include "check.h"
#include "rules.h"
#include "strbuf.h"

/* blanks do not count: "MKDEV(0, 0)" is "MKDEV(0,0)" */
static int same_arg(const char *a, const char *b)
{
	while (*a || *b) {
		while (*a == ' ')
			a++;
		while (*b == ' ')
			b++;
		if (*a != *b)
			return 0;
		if (*a)
			a++, b++;
	}
	return 1;
}

/* "the format", "the parent", "devt": a parameter in a message */
static void param_words(struct strbuf *out, const struct migration_param *p,
			int is_format)
{
	struct type_class tc;
	char role[64];

	type_classify(p->type, &tc);
	if (is_format)
		strbuf_addstr(out, "the format");
	else if (type_is_pointer(&tc))
		strbuf_addf(out, "the %s", param_role(p, role, sizeof(role)));
	else
		strbuf_addstr(out, p->name);
}

/* the slot of call b that holds what slot i of call a holds, or -1 */
static int counterpart(const struct model_call *a, const struct model_call *b,
		       size_t i)
{
	const struct migration *m = b->migration;
	size_t j;

	if (a->old_form == b->old_form)
		return (int)i;
	if (a->old_form)
		return migration_new_position(m, (int)i + 1) - 1;
	for (j = 1; m && j <= m->old_proto.nr_params; j++)
		if (migration_new_position(m, (int)j) == (int)i + 1)
			return (int)j - 1;
	return -1;
}

/* "; the format (argument 5) was '"lp%d"' and is '"printer%d"'" */
static void what_changed(struct strbuf *out, const struct model_call *was,
			 const struct model_call *is)
{
	const struct migration *m = is->migration;
	const struct migration_prototype *proto;
	size_t i, k;

	if (!m)
		return;
	proto = is->old_form ? &m->old_proto : &m->new_proto;
	for (i = 0; i < is->nr_params && i < is->nr_args; i++) {
		int a = counterpart(is, was, i);

		/* a slot the other form lacks is an inserted argument */
		if (a < 0 || (size_t)a >= was->nr_args ||
		    same_arg(was->args[a].text, is->args[i].text))
			continue;
		strbuf_addstr(out, ": ");
		param_words(out, &proto->params[i],
			    is->roles[i] == ROLE_FORMAT);
		strbuf_addf(out, " (argument %zu) was '%s' and is '%s'", i + 1,
			    was->args[a].text, is->args[i].text);
		return;
	}
	for (i = was->nr_params, k = is->nr_params;
	     i < was->nr_args && k < is->nr_args; i++, k++)
		if (!same_arg(was->args[i].text, is->args[k].text))
			break;
	if (i < was->nr_args || k < is->nr_args)
		strbuf_addstr(out, ": the format's arguments changed");
}

static void check_sysfs_effect_changed(const struct rule_call *rc,
				       struct findings *findings)
{
	const struct call_extra *x = rc->extra;
	struct strbuf was = STRBUF_INIT, is = STRBUF_INIT;
	struct strbuf why = STRBUF_INIT;
	struct finding *f;

	/* an ambiguous call's verdict rests on the tree's form: a guess */
	if (!x || x->compare == COMPARE_NONE || !x->before_extra ||
	    !x->before || x->before->form == CALL_SITE_AMBIGUOUS ||
	    rc->call->form == CALL_SITE_AMBIGUOUS ||
	    findings_call_count(findings, SEVERITY_ERROR))
		return;
	if (x->verdict.outcome == VERDICT_UNKNOWN ||
	    x->before_extra->verdict.outcome == VERDICT_UNKNOWN ||
	    model_verdict_same(&x->verdict, &x->before_extra->verdict))
		return;
	model_verdict_past(&was, &x->before_extra->verdict);
	model_verdict_prose(&is, &x->verdict);
	what_changed(&why, &x->before_extra->model, &x->model);
	f = call_finding(findings, rc, &rule_sysfs_effect_changed,
			 "the model's sysfs effect changed");
	finding_set_detail(f,
			   "before the change the call %s, now it %s%s; if "
			   "that is not intended, restore what it passed",
			   was.buf, is.buf, why.buf);
	findings_explain_call(findings);
	strbuf_release(&was);
	strbuf_release(&is);
	strbuf_release(&why);
}

const struct rule rule_sysfs_effect_changed = {
	.name = "sysfs-effect-changed",
	.severity = SEVERITY_ERROR,
	.summary = "the model registers something different after the "
		   "change than before",
	.description = "With --base or --patch, every call runs on the "
		       "reference driver-core model before and after the "
		       "change.  A conversion must not change what a call "
		       "registers: the same /sys/class path, the same dev "
		       "attribute and device link, no error where there was "
		       "a registration.  Userspace finds devices by those "
		       "paths.",
	.check_call = check_sysfs_effect_changed,
};
