/*
 * rule-hand-patch-divergence.c - with --patch: a call the hand-written
 * patch changed differs from what the semantic conversion makes of it.
 *
 * Each changed call is compared with its counterpart in the converted tree
 * (check-patch.h) by divergence_classify() (divergence.h): identical, or
 * different only in blanks and comments, is fine; equivalent is a note: the
 * arguments are the same once a zero devt is read as 0 (the kernel data's zero
 * macros), a "%s" format with one argument as that argument, and a macro for a
 * string literal as the literal, AND the model does not register something else
 * for them (i2o's MKDEV(0,0), tty's "%s", name, ppdev's CHRDEV); anything else
 * is an error saying what the conversion gives instead, unless another rule has
 * already reported an error on the call (swapped-arguments says how it differs
 * better).  A call the semantic conversion leaves (a macro body, an ambiguous
 * call) but the hand conversion converted is judged by the migration's map: as
 * the map says is a note.  A call the patch did not touch is left to the other
 * rules (unconverted-call).  This rule runs last.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check-patch.h"
#include "divergence.h"
#include "family.h"
#include "rules.h"
#include "scan.h"
#include "util.h"

/* the patch left the call as it was (blanks aside) */
static int untouched(const struct call_extra *x,
		     const struct call_analysis *call)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int same;

	if (!x->before)
		return 0;
	divergence_normalise(&a, x->before->site->text ? x->before->site->text :
							 "");
	divergence_normalise(&b, call->site->text ? call->site->text : "");
	same = !strcmp(a.buf, b.buf);
	strbuf_release(&a);
	strbuf_release(&b);
	return same;
}

/* both verdicts known and different: the model tells them apart */
static int model_differs(const struct model_verdict *a,
			 const struct model_verdict *b)
{
	return a->outcome != VERDICT_UNKNOWN && b->outcome != VERDICT_UNKNOWN &&
	       !model_verdict_same(a, b);
}

/*
 * The arguments that differ as texts are string literals of the same
 * value (CHRDEV for "ppdev", through the file's #define or libclang):
 * said in what.  0 when another argument differs.
 */
static int same_literals(const struct call_analysis *hand,
			 const struct call_analysis *conv, struct strbuf *what)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	size_t k;
	int same = hand->nr_args == conv->nr_args;

	for (k = 0; same && k < hand->nr_args; k++) {
		const struct call_argument *h = &hand->args[k];
		const struct call_argument *c = &conv->args[k];

		strbuf_reset(&a);
		strbuf_reset(&b);
		divergence_normalise(&a, h->text ? h->text : "");
		divergence_normalise(&b, c->text ? c->text : "");
		if (!strcmp(a.buf, b.buf))
			continue;
		same = h->is_literal && c->is_literal && h->literal &&
		       c->literal && !strcmp(h->literal, c->literal);
		if (same)
			strbuf_addf(what,
				    "%sargument %zu is '%s' where the "
				    "semantic conversion has '%s': both are "
				    "the string \"%s\"",
				    what->len ? "; " : "", k + 1, a.buf, b.buf,
				    h->literal);
	}
	strbuf_release(&a);
	strbuf_release(&b);
	return same;
}

/* the call as the map converts its before: the expected text's args */
static int as_mapped(const struct rule_call *rc, const struct call_extra *x,
		     struct strbuf *what)
{
	const struct call_analysis *before = x->before;
	struct strlist want = STRLIST_INIT, got = STRLIST_INIT;
	const char **old;
	size_t k;
	int same;

	if (!before || before->nr_args < rc->m->old_proto.nr_params ||
	    divergence_split_args(rc->m, rc->call->site->text, &got) < 0)
		return 0;
	old = xcalloc(before->nr_args + 1, sizeof(*old));
	for (k = 0; k < before->nr_args; k++)
		old[k] = before->args[k].text;
	migration_new_args(rc->m, old, before->nr_args, &want);
	for (k = 0; k < want.nr; k++) {
		struct strbuf sb = STRBUF_INIT;

		divergence_normalise(&sb, want.items[k].string);
		free(want.items[k].string);
		want.items[k].string = strbuf_detach(&sb, NULL);
	}
	same = divergence_args_equal(&want, &got);
	if (!same)
		divergence_say_different(what, &got, &want);
	free(old);
	strlist_clear(&want, 0);
	strlist_clear(&got, 0);
	return same;
}

/* a case's conditions in the old parameters' names: "end == 0" */
static void say_case(const struct migration *v, struct strbuf *out)
{
	size_t i;

	if (!v->nr_conds)
		strbuf_addstr(out, "no case before it holds");
	for (i = 0; i < v->nr_conds; i++) {
		const struct map_case_cond *c = &v->conds[i];
		const char *name =
			(size_t)c->arg <= v->old_proto.nr_params ?
				v->old_proto.params[c->arg - 1].name :
				NULL;

		strbuf_addf(out, "%s", i ? ", " : "");
		if (name)
			strbuf_addstr(out, name);
		else
			strbuf_addf(out, "argument %d", c->arg);
		strbuf_addf(out, " %s %s", c->equal ? "==" : "!=", c->value);
	}
}

/* the old call's arguments' texts (args[nr] NULL): free() them */
static const char **old_args(const struct call_analysis *before)
{
	const char **old = xcalloc(before->nr_args + 1, sizeof(*old));
	size_t k;

	for (k = 0; k < before->nr_args; k++)
		old[k] = before->args[k].text ? before->args[k].text : "";
	return old;
}

/* the case the old call's values select, or NULL when they do not tell */
static const struct migration *selected_case(const struct migration *m,
					     const struct call_analysis *before)
{
	const struct migration *family = m->family ? m->family : m;
	const struct call_site *cs = before->site;
	struct migration_choice choice;
	const char **old;
	int ret;

	if (!cs->text || strlen(cs->text) < cs->name_len)
		return NULL;
	old = old_args(before);
	ret = migration_choose(family, cs->text, cs->name_len, old,
			       before->nr_args, NULL, &choice);
	free(old);
	return !ret && choice.variant && choice.variant->is_case ?
		       choice.variant :
		       NULL;
}

/*
 * The hand conversion calls another case's function than the one the
 * old call's values select (ida_alloc_max() for an end of 0): an error
 * naming the case and the call its map gives; 1 when reported
 */
static int other_case(const struct rule_call *rc, const struct call_extra *x,
		      struct findings *findings)
{
	const struct migration *v;
	struct strlist want = STRLIST_INIT;
	struct strbuf call = STRBUF_INIT, cond = STRBUF_INIT;
	const char **old;
	struct finding *f;
	size_t k;

	if (!rc->m->is_case || !x->before || x->before->form != CALL_SITE_OLD ||
	    rc->call->form != CALL_SITE_NEW)
		return 0;
	v = selected_case(rc->m, x->before);
	if (!v || v == rc->m)
		return 0;
	old = old_args(x->before);
	migration_new_args(v, old, x->before->nr_args, &want);
	strbuf_addf(&call, "%s(", v->new_function);
	for (k = 0; k < want.nr; k++)
		strbuf_addf(&call, "%s%s", k ? ", " : "", want.items[k].string);
	strbuf_addch(&call, ')');
	say_case(v, &cond);
	f = call_finding(findings, rc, &rule_hand_patch_divergence,
			 "hand conversion to another case");
	finding_set_detail(f,
			   "the old call '%s' selects the case of %s() (%s), "
			   "not %s(): the conversion is '%s'",
			   x->before->site->text, v->new_function, cond.buf,
			   rc->m->new_function, call.buf);
	free(old);
	strlist_clear(&want, 0);
	strbuf_release(&call);
	strbuf_release(&cond);
	return 1;
}

static void report(const struct rule_call *rc, const struct call_extra *x,
		   enum divergence d, const char *what,
		   struct findings *findings)
{
	struct strbuf effect = STRBUF_INIT, cases = STRBUF_INIT;
	struct finding *f;

	if (d == DIVERGENCE_EQUIVALENT) {
		if (rc->m->model)
			model_verdict_prose(&effect, &x->verdict);
		f = call_finding(findings, rc, &rule_hand_patch_divergence,
				 "equivalent hand conversion");
		finding_set_detail(f, "%s%s%s", what,
				   effect.len ? "; the model's verdict on "
						"both: " :
						"",
				   effect.buf);
		f->severity = SEVERITY_NOTE;
	} else {
		if (rc->m->model) {
			strbuf_addstr(&effect, ", which ");
			model_verdict_prose(&effect,
					    &x->converted_extra->verdict);
		}
		if (rc->m->is_case) {
			strbuf_addstr(&cases, ", by the case its old values "
					      "select (");
			say_case(rc->m, &cases);
			strbuf_addch(&cases, ')');
		}
		f = call_finding(findings, rc, &rule_hand_patch_divergence,
				 "hand conversion differs");
		finding_set_detail(f,
				   "%s; the semantic conversion gives '%s'%s%s",
				   what, x->converted->site->text, cases.buf,
				   effect.buf);
	}
	strbuf_release(&effect);
	strbuf_release(&cases);
}

/*
 * The semantic conversion left the call (a macro body, an ambiguous
 * call): the hand conversion is judged by the map.  As the map says: a
 * note; otherwise an error saying how it differs.
 */
static void left_by_apply(const struct rule_call *rc,
			  const struct call_extra *x, struct findings *findings)
{
	const struct call_analysis *conv = x->converted;
	struct strbuf what = STRBUF_INIT;
	struct finding *f;
	const char *why = conv->site->in_macro ? "it is in a macro body" :
						 "its form cannot be decided";

	if (as_mapped(rc, x, &what)) {
		f = call_finding(findings, rc, &rule_hand_patch_divergence,
				 "hand conversion as the map says");
		finding_set_detail(f,
				   "the semantic conversion leaves this call "
				   "(%s)",
				   why);
		f->severity = SEVERITY_NOTE;
	} else {
		f = call_finding(findings, rc, &rule_hand_patch_divergence,
				 "hand conversion differs from the map");
		finding_set_detail(f,
				   "%s (the semantic conversion leaves it: "
				   "%s)",
				   what.buf, why);
	}
	strbuf_release(&what);
}

static void check_hand_patch_divergence(const struct rule_call *rc,
					struct findings *findings)
{
	const struct call_analysis *call = rc->call;
	const struct call_extra *x = rc->extra;
	struct strbuf what = STRBUF_INIT;
	enum divergence d;

	if (!x || x->compare != COMPARE_PATCH || !x->converted ||
	    !x->converted_extra || untouched(x, call) ||
	    findings_call_count(findings, SEVERITY_ERROR) ||
	    other_case(rc, x, findings))
		return;
	if (x->converted->form != CALL_SITE_NEW &&
	    call->form == CALL_SITE_NEW && rc->api->used == API_NEW)
		return left_by_apply(rc, x, findings);
	d = divergence_classify(rc->m, call->site->text,
				x->converted->site->text, &what);
	if (d == DIVERGENCE_DIFFERENT) {
		strbuf_reset(&what);
		if (same_literals(call, x->converted, &what))
			d = DIVERGENCE_EQUIVALENT;
		else
			d = divergence_classify(rc->m, call->site->text,
						x->converted->site->text,
						&what);
	}
	if (d == DIVERGENCE_EQUIVALENT &&
	    model_differs(&x->verdict, &x->converted_extra->verdict)) {
		strbuf_reset(&what);
		strbuf_addstr(&what, "the model registers something else for "
				     "it");
		d = DIVERGENCE_DIFFERENT;
	}
	if (d >= DIVERGENCE_EQUIVALENT)
		report(rc, x, d, what.buf, findings);
	strbuf_release(&what);
}

const struct rule rule_hand_patch_divergence = {
	.name = "hand-patch-divergence",
	.severity = SEVERITY_ERROR,
	.summary = "a call of a hand-written patch differs from the semantic "
		   "conversion",
	.description = "With --patch, each call the patch changed is "
		       "compared with what the semantic conversion makes of "
		       "it.  A difference that means the same (two spellings "
		       "of a zero devt, \"%s\" and a name for the name) and "
		       "registers the same in the model is a note; any other "
		       "difference is an error, unless another rule has "
		       "already said what is wrong with the call.",
	.check_call = check_hand_patch_divergence,
};
