/*
 * evidence-decide.c - the decision of a call's form from the evidence of
 * its arguments (see evidence.h for the tiers; evidence.c reads the
 * evidence).
 */
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "evidence.h"
#include "lexer.h"
#include "migration.h"
#include "strbuf.h"
#include "util.h"

enum tier {
	TIER_NAME = 1, /* a renamed function's name */
	TIER_ARITY,    /* the number of arguments */
	TIER_STRINGS,  /* string literals */
	TIER_ARGS,     /* what the other arguments are */
	TIER_WEAK,     /* NULL for an integer, 0 for a pointer */
};

/* what the decision works on */
struct weighing {
	const struct evidence_form *forms;
	size_t nr_forms;
	const struct evidence *args;
	size_t nr_args;
	int *out;	 /* per form: the tier that ruled it out, 0 */
	size_t *why_arg; /* per form: the argument that did, or -1 */
	struct strbuf *reason;
};

#define BY_ARITY ((size_t)-1)

static size_t forms_left(const struct weighing *w, int *which)
{
	size_t i, n = 0;

	for (i = 0; i < w->nr_forms; i++)
		if (!w->out[i]) {
			n++;
			*which = (int)i;
		}
	return n;
}

static const struct migration_param *param_at(const struct evidence_form *f,
					      size_t i)
{
	return i < f->proto->nr_params ? &f->proto->params[i] : NULL;
}

/*
 * A declared type fits a parameter only as that very type (qualifiers
 * aside), or as a pointer where the other side is a void *: an "int" is
 * no dev_t.  The file's declarations are found without scopes, so only
 * a match this close is evidence.
 */
static int fits_strictly(const char *param_type, const char *type)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct type_class p, t;
	int fit;

	type_normalise_text(&a, param_type);
	type_normalise_text(&b, type);
	fit = !strcmp(a.buf, b.buf);
	strbuf_release(&a);
	strbuf_release(&b);
	if (fit)
		return 1;
	type_classify(param_type, &p);
	type_classify(type, &t);
	if (!type_is_pointer(&p) || !type_is_pointer(&t))
		return 0;
	return (p.kind == TYPE_VOID && p.pointers == 1) ||
	       (t.kind == TYPE_VOID && t.pointers == 1);
}

/* the one type an identifier's declarations agree on, or NULL */
static const char *declared_type(const struct evidence *ev)
{
	size_t k;

	for (k = 1; k < ev->declared_types.nr; k++)
		if (strcmp(ev->declared_types.items[k].string,
			   ev->declared_types.items[0].string))
			return NULL;
	return ev->type;
}

/* the fit of argument i in form f, for the tier's kinds of evidence */
static int fit_at(const struct weighing *w, size_t f, size_t i, enum tier tier)
{
	const struct evidence *ev = &w->args[i];
	const struct migration_param *p = param_at(&w->forms[f], i);
	struct evidence integer = { .kind = EVIDENCE_INTEGER };
	const char *type;
	int fit;

	if (!p)
		return -1; /* a variadic argument */
	if (tier == TIER_WEAK) {
		/* a format is never NULL */
		if (ev->kind == EVIDENCE_NULL &&
		    w->forms[f].proto->format == (int)i + 1)
			return 0;
		if (ev->kind == EVIDENCE_NULL)
			return evidence_fits(ev, p->type);
		if (ev->kind == EVIDENCE_ZERO)
			return evidence_fits(&integer, p->type);
		return -1;
	}
	if (tier == TIER_STRINGS)
		return ev->kind == EVIDENCE_STRING ?
			       evidence_fits(ev, p->type) :
			       -1;
	switch (ev->kind) {
	case EVIDENCE_STRING:
	case EVIDENCE_ZERO:
		return -1; /* a tier of its own; both fit */
	case EVIDENCE_NULL:
		fit = evidence_fits(ev, p->type);
		return fit ? fit : -1; /* NULL for an integer: weak */
	case EVIDENCE_TYPED:
		if (!ev->declared)
			break;
		type = declared_type(ev);
		return type ? fits_strictly(p->type, type) : -1;
	default:
		break;
	}
	return evidence_fits(ev, p->type);
}

static int arity_fits(const struct weighing *w, size_t f)
{
	const struct migration_prototype *p = w->forms[f].proto;

	return w->nr_args >= p->nr_params &&
	       (p->variadic || w->nr_args == p->nr_params);
}

/*
 * rule out the forms the tier's evidence contradicts; keep the first
 * reason of each
 */
static void weigh(struct weighing *w, enum tier tier)
{
	size_t f, i;

	for (f = 0; f < w->nr_forms; f++) {
		if (w->out[f])
			continue;
		if (tier == TIER_ARITY) {
			if (!arity_fits(w, f)) {
				w->out[f] = tier;
				w->why_arg[f] = BY_ARITY;
			}
			continue;
		}
		for (i = 0; i < w->nr_args; i++)
			if (fit_at(w, f, i, tier) == 0) {
				w->out[f] = tier;
				w->why_arg[f] = i;
				break;
			}
	}
}

static void say_param(struct strbuf *sb, const struct migration_param *p)
{
	size_t len = strlen(p->type);

	strbuf_addf(sb, "'%s%s%s'", p->type,
		    len && p->type[len - 1] == '*' ? "" : " ", p->name);
}

/* why form f is out: its arity, or an argument it cannot take */
static void say_out(const struct weighing *w, size_t f, int decided)
{
	const struct migration_prototype *p = w->forms[f].proto;
	const struct evidence *ev;
	size_t i = w->why_arg[f], n = w->nr_args;

	if (w->reason->len && w->reason->buf[w->reason->len - 1] != ' ')
		strbuf_addstr(w->reason, "; ");
	if (i == BY_ARITY && n < p->nr_params) {
		strbuf_addf(w->reason,
			    "%zu argument%s, fewer than the %zu of "
			    "the %s form",
			    n, n == 1 ? "" : "s", p->nr_params,
			    w->forms[f].name);
		return;
	}
	if (i == BY_ARITY) {
		strbuf_addf(w->reason,
			    "%zu argument%s, more than the %s form "
			    "takes",
			    n, n == 1 ? "" : "s", w->forms[f].name);
		return;
	}
	ev = &w->args[i];
	if (decided >= 0 && ev->kind == EVIDENCE_STRING &&
	    w->forms[decided].proto->format == (int)i + 1) {
		strbuf_addf(w->reason, "string-literal format in argument %zu",
			    i + 1);
		return;
	}
	strbuf_addf(w->reason, "argument %zu %s, not the %s form's ", i + 1,
		    ev->why ? ev->why : "is known", w->forms[f].name);
	say_param(w->reason, param_at(&w->forms[f], i));
}

/* the reasons of the forms the tier ruled out; returns decided */
static int conclude(const struct weighing *w, int decided, enum tier tier)
{
	size_t f;

	if (decided < 0)
		strbuf_addstr(w->reason, "evidence against every form: ");
	for (f = 0; f < w->nr_forms; f++)
		if (w->out[f] == (int)tier && (int)f != decided)
			say_out(w, f, decided);
	return decided;
}

/* the formats of the forms left: the only one holding a literal */
static int claimed_by_format(const struct weighing *w, size_t *at)
{
	size_t f;
	int claimed = -1;

	for (f = 0; f < w->nr_forms; f++) {
		int pos = w->forms[f].proto->format;

		if (w->out[f] || !pos || (size_t)pos > w->nr_args ||
		    w->args[pos - 1].kind != EVIDENCE_STRING)
			continue;
		if (claimed >= 0)
			return -1;
		claimed = (int)f;
		*at = (size_t)pos;
	}
	return claimed;
}

/* why no form: the evidence at the positions where the forms differ */
static void say_no_evidence(const struct weighing *w)
{
	size_t i, said = 0;

	strbuf_addstr(w->reason, "no evidence for either form");
	for (i = 0; i < w->nr_args && said < 3; i++) {
		const struct migration_param *a = param_at(&w->forms[0], i);
		size_t f;
		int differs = 0;

		for (f = 1; f < w->nr_forms; f++) {
			const struct migration_param *b =
				param_at(&w->forms[f], i);

			differs |= !a || !b || strcmp(a->type, b->type);
		}
		if (!differs || !w->args[i].why)
			continue;
		strbuf_addf(w->reason, "%s argument %zu %s", said++ ? ";" : ":",
			    i + 1, w->args[i].why);
	}
}

int evidence_decide(const struct evidence_form *forms, size_t nr_forms,
		    const struct evidence *args, size_t nr_args,
		    struct strbuf *reason)
{
	struct weighing w = {
		forms, nr_forms, args, nr_args, NULL, NULL, reason
	};
	size_t f, at = 0;
	int which = -1, ret = -1;
	enum tier tier;

	w.out = xcalloc(nr_forms + 1, sizeof(*w.out));
	w.why_arg = xcalloc(nr_forms + 1, sizeof(*w.why_arg));
	for (f = 0; f < nr_forms; f++)
		if (!forms[f].allowed)
			w.out[f] = TIER_NAME;
	if (forms_left(&w, &which) == 1) {
		strbuf_addf(reason, "called by the %s form's name",
			    forms[which].name);
		ret = which;
		goto out;
	}
	for (tier = TIER_ARITY; tier <= TIER_WEAK; tier++) {
		weigh(&w, tier);
		switch (forms_left(&w, &which)) {
		case 0:
			conclude(&w, -1, tier);
			goto out;
		case 1:
			ret = conclude(&w, which, tier);
			goto out;
		}
		if (tier != TIER_STRINGS)
			continue;
		ret = claimed_by_format(&w, &at);
		if (ret >= 0) {
			strbuf_addf(reason,
				    "string-literal format in "
				    "argument %zu",
				    at);
			goto out;
		}
	}
	say_no_evidence(&w);
out:
	free(w.out);
	free(w.why_arg);
	return ret;
}
