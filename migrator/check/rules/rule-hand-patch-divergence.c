/*
 * rule-hand-patch-divergence.c - with --patch: a call the hand-written
 * patch changed differs from what the semantic conversion makes of it.
 *
 * Each changed call is compared with its counterpart in the converted
 * tree (check-patch.h): identical, or different only in blanks and
 * comments, is fine; equivalent is a note: the arguments are the same
 * once a zero devt is read as 0 (the kernel data's zero macros), a "%s"
 * format with one argument as that argument, and a macro for a string
 * literal as the literal, AND the model does not register something
 * else for them (i2o's MKDEV(0,0), tty's "%s", name, ppdev's CHRDEV);
 * anything else is an error saying what the conversion gives instead,
 * unless another rule has already reported an error on the call
 * (swapped-arguments says how it differs better).  A call the semantic
 * conversion leaves (a macro body, an ambiguous call) but the hand
 * conversion converted is judged by the migration's map: as the map
 * says is a note.  A call the patch did not touch is left to the other
 * rules (unconverted-call).  This rule runs last.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check-patch.h"
#include "rules.h"
#include "scan.h"
#include "util.h"

/* the text without blanks and comments, literals kept as written */
static void normalise(struct strbuf *out, const char *p)
{
	int blank = 0;

	while (*p) {
		if (p[0] == '/' && p[1] == '*') {
			const char *end = strstr(p + 2, "*/");

			p = end ? end + 2 : p + strlen(p);
			blank = 1;
		} else if (p[0] == '/' && p[1] == '/') {
			p += strcspn(p, "\n");
			blank = 1;
		} else if (*p == ' ' || *p == '\t' || *p == '\n' ||
			   *p == '\r') {
			p++;
			blank = 1;
		} else {
			if (blank && out->len &&
			    is_c_ident_char(out->buf[out->len - 1]) &&
			    is_c_ident_char(*p))
				strbuf_addch(out, ' ');
			blank = 0;
			if (*p == '"' || *p == '\'') {
				char quote = *p;

				strbuf_addch(out, *p++);
				while (*p && *p != quote) {
					if (*p == '\\' && p[1])
						strbuf_addch(out, *p++);
					strbuf_addch(out, *p++);
				}
			}
			if (*p)
				strbuf_addch(out, *p++);
		}
	}
}

/* the call's arguments, normalised */
static int split_call(const struct migration *m, const char *text,
		      struct strlist *args)
{
	struct scan_file f;
	size_t i, k;
	int found = 0;

	scan_file_buffer(&f, "call.c", text, strlen(text), m);
	for (i = 0; i < f.nr_sites && !found; i++) {
		if (!f.sites[i].has_args)
			continue;
		for (k = 0; k < f.sites[i].nr_args; k++) {
			struct strbuf sb = STRBUF_INIT;

			normalise(&sb, f.sites[i].args[k].text);
			strlist_push(args, sb.buf);
			strbuf_release(&sb);
		}
		found = 1;
	}
	scan_file_release(&f);
	return found ? 0 : -1;
}

/*
 * the same values said the same way, into out: a zero devt as "0", a
 * "%s" format with one argument as that argument
 */
static void canonical(const struct migration *m, const struct strlist *args,
		      struct strlist *out)
{
	size_t format = (size_t)m->new_proto.format, i;
	int collapse = format > 0 && args->nr == format + 1 &&
		       !strcmp(args->items[format - 1].string, "\"%s\"");

	for (i = 0; i < args->nr; i++) {
		const char *arg = args->items[i].string;

		if (collapse && i + 1 == format)
			continue;
		if (i < m->new_proto.nr_params &&
		    model_param_role(&m->new_proto.params[i], &m->kernel) ==
			    ROLE_DEVT &&
		    model_text_is_zero(arg, &m->kernel))
			arg = "0";
		strlist_push(out, arg);
	}
}

static int lists_equal(const struct strlist *a, const struct strlist *b)
{
	size_t i;

	if (a->nr != b->nr)
		return 0;
	for (i = 0; i < a->nr; i++)
		if (strcmp(a->items[i].string, b->items[i].string))
			return 0;
	return 1;
}

/* the format argument with the "%s" format's argument after it */
static void add_format(struct strbuf *what, const struct strlist *args,
		       size_t i)
{
	strbuf_addstr(what, args->items[i].string);
	if (!strcmp(args->items[i].string, "\"%s\"") && i + 1 < args->nr)
		strbuf_addf(what, ", %s", args->items[i + 1].string);
}

/* why two equivalent calls differ, in words */
static void say_equivalent(struct strbuf *what, const struct migration *m,
			   const struct strlist *hand,
			   const struct strlist *conv)
{
	size_t format = (size_t)m->new_proto.format, i;

	for (i = 0; i < hand->nr && i < conv->nr; i++) {
		const char *h = hand->items[i].string;
		const char *c = conv->items[i].string;

		if (!strcmp(h, c))
			continue;
		if (what->len)
			strbuf_addstr(what, "; ");
		if (i + 1 != format) {
			strbuf_addf(what,
				    "argument %zu is '%s' where the "
				    "semantic conversion has '%s': both are "
				    "a constant zero '%s'",
				    i + 1, h, c,
				    i < m->new_proto.nr_params ?
					    m->new_proto.params[i].type :
					    "");
			continue;
		}
		strbuf_addf(what, "the format (argument %zu) is '", i + 1);
		add_format(what, hand, i);
		strbuf_addstr(what, "' where the semantic conversion passes '");
		add_format(what, conv, i);
		strbuf_addstr(what,
			      "': a \"%s\" format prints its one "
			      "argument as it is, so the name is the same");
		return;
	}
}

static void say_different(struct strbuf *what, const struct strlist *hand,
			  const struct strlist *conv)
{
	size_t i;

	for (i = 0; i < hand->nr && i < conv->nr; i++)
		if (strcmp(hand->items[i].string, conv->items[i].string)) {
			strbuf_addf(what,
				    "argument %zu is '%s' where the "
				    "semantic conversion has '%s'",
				    i + 1, hand->items[i].string,
				    conv->items[i].string);
			return;
		}
	strbuf_addf(what,
		    "%zu arguments where the semantic conversion has "
		    "%zu",
		    hand->nr, conv->nr);
}

enum divergence divergence_classify(const struct migration *m, const char *hand,
				    const char *converted, struct strbuf *what)
{
	struct strlist h = STRLIST_INIT, c = STRLIST_INIT;
	struct strlist hcan = STRLIST_INIT, ccan = STRLIST_INIT;
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	enum divergence d = DIVERGENCE_DIFFERENT;

	normalise(&a, hand);
	normalise(&b, converted);
	if (!strcmp(hand, converted))
		d = DIVERGENCE_IDENTICAL;
	else if (!strcmp(a.buf, b.buf))
		d = DIVERGENCE_WHITESPACE;
	else if (split_call(m, hand, &h) || split_call(m, converted, &c))
		strbuf_addstr(what, "the calls cannot be compared");
	if (d == DIVERGENCE_DIFFERENT && !what->len) {
		canonical(m, &h, &hcan);
		canonical(m, &c, &ccan);
		if (lists_equal(&hcan, &ccan)) {
			d = DIVERGENCE_EQUIVALENT;
			say_equivalent(what, m, &h, &c);
		} else {
			say_different(what, &h, &c);
		}
	}
	strlist_clear(&h, 0);
	strlist_clear(&c, 0);
	strlist_clear(&hcan, 0);
	strlist_clear(&ccan, 0);
	strbuf_release(&a);
	strbuf_release(&b);
	return d;
}

/* the patch left the call as it was (blanks aside) */
static int untouched(const struct call_extra *x,
		     const struct call_analysis *call)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	int same;

	if (!x->before)
		return 0;
	normalise(&a, x->before->site->text ? x->before->site->text : "");
	normalise(&b, call->site->text ? call->site->text : "");
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
		normalise(&a, h->text ? h->text : "");
		normalise(&b, c->text ? c->text : "");
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
	    split_call(rc->m, rc->call->site->text, &got) < 0)
		return 0;
	old = xcalloc(before->nr_args + 1, sizeof(*old));
	for (k = 0; k < before->nr_args; k++)
		old[k] = before->args[k].text;
	migration_new_args(rc->m, old, before->nr_args, &want);
	for (k = 0; k < want.nr; k++) {
		struct strbuf sb = STRBUF_INIT;

		normalise(&sb, want.items[k].string);
		free(want.items[k].string);
		want.items[k].string = strbuf_detach(&sb, NULL);
	}
	same = lists_equal(&want, &got);
	if (!same)
		say_different(what, &got, &want);
	free(old);
	strlist_clear(&want, 0);
	strlist_clear(&got, 0);
	return same;
}

static void report(const struct rule_call *rc, const struct call_extra *x,
		   enum divergence d, const char *what,
		   struct findings *findings)
{
	struct strbuf effect = STRBUF_INIT;
	struct finding *f;

	if (d == DIVERGENCE_EQUIVALENT) {
		model_verdict_prose(&effect, &x->verdict);
		f = call_finding(findings, rc, &rule_hand_patch_divergence,
				 "the hand conversion differs from the "
				 "semantic conversion but is equivalent: %s; "
				 "the model's verdict on both: %s",
				 what, effect.buf);
		f->severity = SEVERITY_NOTE;
	} else {
		model_verdict_prose(&effect, &x->converted_extra->verdict);
		call_finding(findings, rc, &rule_hand_patch_divergence,
			     "the hand conversion differs from the semantic "
			     "conversion: %s; the semantic conversion gives "
			     "'%s', which %s",
			     what, x->converted->site->text, effect.buf);
	}
	strbuf_release(&effect);
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
				 "converted by hand as the migration's map "
				 "says; the semantic conversion leaves this "
				 "call (%s)",
				 why);
		f->severity = SEVERITY_NOTE;
	} else {
		call_finding(findings, rc, &rule_hand_patch_divergence,
			     "the hand conversion differs from what the "
			     "migration's map makes of the call: %s (the "
			     "semantic conversion leaves it: %s)",
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
	    findings_call_count(findings, SEVERITY_ERROR))
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
