/*
 * rule-sysfs-effect-changed.c - with --base or --patch: the model
 * registers something else for a call than it did before the change.
 *
 * Before and after are the model's verdicts on the call and on its
 * counterpart (matched by file and order, see check-patch.h): another
 * path, a dev attribute or a device link gained or lost, or an error
 * where there was a registration.  A verdict the model cannot give
 * (unknown) is not compared.  One finding per problem: a call that
 * already has an error (a swapped pair, a NULL class, an unconverted
 * call) is explained by it, and the swapped-arguments message carries
 * the effect itself; this rule stays quiet then.  The message names the
 * argument that changed, found by role (class, parent, devt, device,
 * format) so that an old-form call compares with its new form.
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

/* the slot of a role in a mapped call, or -1 */
static int slot_of(const struct model_call *mc, enum model_role role)
{
	size_t i;

	for (i = 0; i < mc->nr_params; i++)
		if (mc->roles[i] == role)
			return (int)i;
	return -1;
}

/* "; the format (argument 5) was '"lp%d"' and is '"printer%d"'" */
static void what_changed(struct strbuf *out, const struct model_call *was,
			 const struct model_call *is)
{
	static const struct {
		enum model_role role;
		const char *name;
	} roles[] = {
		{ ROLE_CLASS, "the class" }, { ROLE_PARENT, "the parent" },
		{ ROLE_DEVT, "devt" }, { ROLE_DEVICE, "the device" },
		{ ROLE_FORMAT, "the format" },
	};
	size_t i, k;

	for (i = 0; i < sizeof(roles) / sizeof(roles[0]); i++) {
		int a = slot_of(was, roles[i].role);
		int b = slot_of(is, roles[i].role);

		/* a role the old form lacks is the inserted argument */
		if (a < 0 || b < 0 || (size_t)a >= was->nr_args ||
		    (size_t)b >= is->nr_args ||
		    same_arg(was->args[a].text, is->args[b].text))
			continue;
		strbuf_addf(out, ": %s (argument %d) was '%s' and is '%s'",
			    roles[i].name, b + 1, was->args[a].text,
			    is->args[b].text);
		return;
	}
	for (i = was->nr_params, k = is->nr_params;
	     i < was->nr_args && k < is->nr_args; i++, k++)
		if (!same_arg(was->args[i].text, is->args[k].text))
			break;
	if (i < was->nr_args || k < is->nr_args)
		strbuf_addstr(out, ": the format's arguments changed");
}

static void check_sysfs_effect_changed(const struct call_analysis *call,
				       struct findings *findings)
{
	const struct call_extra *x = call_extra(call);
	struct strbuf was = STRBUF_INIT, is = STRBUF_INIT;
	struct strbuf why = STRBUF_INIT;

	if (!x || x->compare == COMPARE_NONE || !x->before_extra ||
	    findings_call_count(findings, SEVERITY_ERROR))
		return;
	if (x->verdict.outcome == VERDICT_UNKNOWN ||
	    x->before_extra->verdict.outcome == VERDICT_UNKNOWN ||
	    model_verdict_same(&x->verdict, &x->before_extra->verdict))
		return;
	model_verdict_past(&was, &x->before_extra->verdict);
	model_verdict_prose(&is, &x->verdict);
	what_changed(&why, &x->before_extra->model, &x->model);
	call_finding(findings, call, &rule_sysfs_effect_changed,
		     "the model's sysfs effect changed: before the change the "
		     "call %s, now it %s%s; if that is not intended, restore "
		     "what it passed", was.buf, is.buf, why.buf);
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
