/*
 * evidence.c - the evidence of an argument and the decision of a call's
 * form (see evidence.h for the kinds and the tiers).
 *
 * Reading a text: comments do not count; an argument that is string
 * literals only is a string; then, in order, a macro of the kernel data
 * (NULL, MKDEV(...), THIS_MODULE: kernel-data.h), an address, a cast,
 * integer arithmetic of literals, and a lone identifier: a parameter of
 * the #define holding the call (no type), its declarations in the file
 * (find_declared_types(): "TYPE NAME;", "TYPE NAME =", "TYPE NAME,",
 * "TYPE NAME)" anywhere, scopes not tracked), or the body of its own
 * #define in the file, followed up to three levels.  Nothing else is
 * known: a call, a member, arithmetic on names.
 */
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "kernel-data.h"
#include "lexer.h"
#include "migration.h"
#include "strbuf.h"
#include "tree-api.h"
#include "util.h"

#define MAX_MACRO_DEPTH 3

/* ---- the tokens of one argument or macro body, comments left out ---- */

struct expr {
	const char *buf;
	struct token_list list;
	size_t *sig;
	size_t nr;
};

static void expr_init(struct expr *e, const char *text, size_t len)
{
	size_t i;

	e->buf = text;
	memset(&e->list, 0, sizeof(e->list));
	lex_buffer(text, len, &e->list);
	e->sig = xcalloc(e->list.nr + 1, sizeof(*e->sig));
	e->nr = 0;
	for (i = 0; i < e->list.nr; i++)
		if (e->list.tokens[i].type != TOKEN_COMMENT)
			e->sig[e->nr++] = i;
}

static void expr_release(struct expr *e)
{
	token_list_release(&e->list);
	free(e->sig);
}

static const struct token *expr_tok(const struct expr *e, size_t i)
{
	return &e->list.tokens[e->sig[i]];
}

static int expr_is(const struct expr *e, size_t i, const char *text)
{
	return i < e->nr && token_is(e->buf, expr_tok(e, i), text);
}

static char *expr_text(const struct expr *e, size_t from, size_t to)
{
	return xstrndup(e->buf + expr_tok(e, from)->start,
			expr_tok(e, to - 1)->end - expr_tok(e, from)->start);
}

/* the index of the token closing the bracket at open, or e->nr */
static size_t expr_match(const struct expr *e, size_t open)
{
	size_t i;
	int depth = 0;

	for (i = open; i < e->nr; i++) {
		if (expr_tok(e, i)->type != TOKEN_PUNCT)
			continue;
		if (expr_is(e, i, "(") || expr_is(e, i, "["))
			depth++;
		else if ((expr_is(e, i, ")") || expr_is(e, i, "]")) && !--depth)
			return i;
	}
	return e->nr;
}

static int is_integer_literal(const struct expr *e, size_t i)
{
	const struct token *t = expr_tok(e, i);
	const char *p = e->buf + t->start;
	size_t n = t->end - t->start;
	int hex = n > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');

	return t->type == TOKEN_NUMBER && !memchr(p, '.', n) &&
	       (hex || (!memchr(p, 'e', n) && !memchr(p, 'E', n)));
}

/* integer literals joined by integer operators and parentheses */
static int is_integer_expr(const struct expr *e)
{
	static const char *const ops[] = {
		"+", "-", "*", "/", "%", "<<", ">>",
		"|", "&", "^", "~", "(", ")",
	};
	size_t i;
	int numbers = 0;

	for (i = 0; i < e->nr; i++) {
		const struct token *t = expr_tok(e, i);

		if (t->type == TOKEN_NUMBER && is_integer_literal(e, i))
			numbers++;
		else if (t->type != TOKEN_PUNCT ||
			 !token_in(e->buf, t, ops, ARRAY_SIZE(ops)))
			return 0;
	}
	return numbers > 0;
}

/* one integer literal of value 0: "0", "0x0", "0UL" */
static int is_zero_literal(const struct expr *e)
{
	const char *p;
	char *end;

	if (e->nr != 1 || !is_integer_literal(e, 0))
		return 0;
	p = e->buf + expr_tok(e, 0)->start;
	return strtoul(p, &end, 0) == 0 && end <= e->buf + expr_tok(e, 0)->end;
}

static int is_string_literals(const struct expr *e)
{
	size_t i;

	for (i = 0; i < e->nr; i++)
		if (expr_tok(e, i)->type != TOKEN_STRING)
			return 0;
	return e->nr > 0;
}

/* ---- the evidence of one text ---- */

static void set(struct evidence *ev, enum evidence_kind kind, const char *type,
		char *why)
{
	char *copy = type ? xstrdup(type) : NULL;

	ev->kind = kind;
	free(ev->type);
	ev->type = copy;
	free(ev->why);
	ev->why = why;
}

static void of_text(struct evidence *ev, const struct evidence_source *src,
		    const char *text, size_t len, int depth);

/* a macro of the kernel data, as the whole argument */
static int of_kernel_macro(struct evidence *ev,
			   const struct evidence_source *src,
			   const struct expr *e, const char *text, size_t len)
{
	const struct kernel_macro *mc =
		kernel_macro_match(src->kernel, text, len);
	char *name;

	if (!mc)
		return 0;
	name = xstrndup(e->buf + expr_tok(e, 0)->start,
			expr_tok(e, 0)->end - expr_tok(e, 0)->start);
	if (mc->null && !mc->function_like && !strcmp(name, "NULL"))
		set(ev, EVIDENCE_NULL, mc->type, xstrdup("is NULL"));
	else if (mc->null)
		set(ev, EVIDENCE_NULL, mc->type,
		    xstrfmt("is %s, the null pointer", name));
	else
		set(ev, EVIDENCE_TYPED, mc->type,
		    xstrfmt("is %s%s, a '%s'", name,
			    mc->function_like ? "()" : "", mc->type));
	free(name);
	return 1;
}

/* "&x", "&x->member": a pointer, of the member's type when known */
static void of_address(struct evidence *ev, const struct evidence_source *src,
		       const struct expr *e)
{
	const char *member = NULL;
	char *name = NULL;

	if (e->nr >= 4 && expr_tok(e, e->nr - 1)->type == TOKEN_IDENT &&
	    (expr_is(e, e->nr - 2, "->") || expr_is(e, e->nr - 2, "."))) {
		name = expr_text(e, e->nr - 1, e->nr);
		member = kernel_member_type(src->kernel, name);
	}
	if (member) {
		char *type = xstrfmt("%s *", member);

		set(ev, EVIDENCE_ADDRESS, type,
		    xstrfmt("takes the address of a '%s' member, a '%s'", name,
			    type));
		free(type);
	} else {
		set(ev, EVIDENCE_ADDRESS, NULL, xstrdup("takes an address"));
	}
	free(name);
}

/* "(TYPE) value": a null pointer cast, or a value of that type */
static int of_cast(struct evidence *ev, const struct evidence_source *src,
		   const struct expr *e)
{
	struct strbuf type = STRBUF_INIT;
	size_t close = expr_match(e, 0), i;
	struct evidence value = { 0 };

	if (!expr_is(e, 0, "(") || close >= e->nr - 1 || close < 2)
		return 0;
	for (i = 1; i < close; i++)
		if (expr_tok(e, i)->type != TOKEN_IDENT && !expr_is(e, i, "*"))
			return 0;
	type_normalise(&type, e->buf, e->list.tokens, e->sig[1], e->sig[close]);
	if (type.buf[type.len - 1] == '*') {
		size_t from = expr_tok(e, close + 1)->start;

		of_text(&value, src, e->buf + from,
			expr_tok(e, e->nr - 1)->end - from, MAX_MACRO_DEPTH);
	}
	if (value.kind == EVIDENCE_NULL || value.kind == EVIDENCE_ZERO)
		set(ev, EVIDENCE_NULL, type.buf,
		    xstrfmt("is a null pointer cast to '%s'", type.buf));
	else
		set(ev, EVIDENCE_TYPED, type.buf,
		    xstrfmt("is cast to '%s'", type.buf));
	evidence_release(&value);
	strbuf_release(&type);
	return 1;
}

/* a lone identifier: a macro parameter, its declarations, its #define */
static void of_ident(struct evidence *ev, const struct evidence_source *src,
		     const char *name, int depth)
{
	struct strbuf body = STRBUF_INIT;
	size_t i;

	if (!src->tokens) {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrfmt("'%s' has no known type", name));
		return;
	}
	if (src->macro &&
	    define_has_param(src->tokens, src->buf, src->macro, name)) {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrfmt("'%s' is a macro parameter (no type)", name));
		return;
	}
	find_declared_types(src->tokens, src->buf, name, &ev->declared_types);
	if (ev->declared_types.nr) {
		struct strbuf why = STRBUF_INIT;

		strbuf_addf(&why, "'%s' is declared", name);
		for (i = 0; i < ev->declared_types.nr; i++)
			strbuf_addf(&why, "%s'%s'", i ? " and " : " ",
				    ev->declared_types.items[i].string);
		set(ev, EVIDENCE_TYPED, ev->declared_types.items[0].string,
		    strbuf_detach(&why, NULL));
		ev->declared = 1;
		return;
	}
	if (depth < MAX_MACRO_DEPTH &&
	    define_body(src->tokens, src->buf, name, &body)) {
		of_text(ev, src, body.buf, body.len, depth + 1);
		if (ev->kind == EVIDENCE_UNKNOWN)
			set(ev, EVIDENCE_UNKNOWN, NULL,
			    xstrfmt("'%s' is a macro that tells nothing",
				    name));
		else
			set(ev, ev->kind, ev->type,
			    xstrfmt("'%s' is a macro that %s", name, ev->why));
	} else {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrfmt("'%s' has no declaration of a type", name));
	}
	strbuf_release(&body);
}

static void of_text(struct evidence *ev, const struct evidence_source *src,
		    const char *text, size_t len, int depth)
{
	struct expr e;

	expr_init(&e, text, len);
	if (!e.nr) {
		set(ev, EVIDENCE_UNKNOWN, NULL, xstrdup("is empty"));
	} else if (is_string_literals(&e)) {
		set(ev, EVIDENCE_STRING, "char *",
		    xstrdup("is a string literal"));
	} else if (of_kernel_macro(ev, src, &e, text, len)) {
		/* set */
	} else if (expr_is(&e, 0, "&")) {
		of_address(ev, src, &e);
	} else if (of_cast(ev, src, &e)) {
		/* set */
	} else if (is_zero_literal(&e)) {
		set(ev, EVIDENCE_ZERO, NULL, xstrdup("is 0"));
	} else if (is_integer_expr(&e)) {
		set(ev, EVIDENCE_INTEGER, NULL,
		    xstrdup("is an integer expression"));
	} else if (e.nr == 1 && expr_tok(&e, 0)->type == TOKEN_IDENT) {
		char *name = expr_text(&e, 0, 1);

		of_ident(ev, src, name, depth);
		free(name);
	} else {
		set(ev, EVIDENCE_UNKNOWN, NULL,
		    xstrdup("is an expression of unknown type"));
	}
	expr_release(&e);
}

void evidence_of(struct evidence *ev, const struct evidence_source *src,
		 const char *text, size_t len)
{
	memset(ev, 0, sizeof(*ev));
	strlist_init(&ev->declared_types);
	of_text(ev, src, text, len, 0);
}

void evidence_set_type(struct evidence *ev, const char *type)
{
	memset(ev, 0, sizeof(*ev));
	strlist_init(&ev->declared_types);
	set(ev, EVIDENCE_TYPED, type, xstrfmt("is a '%s'", type));
}

void evidence_release(struct evidence *ev)
{
	free(ev->type);
	free(ev->why);
	strlist_clear(&ev->declared_types, 0);
	memset(ev, 0, sizeof(*ev));
}

/* ---- fitting a parameter ---- */

int evidence_fits(const struct evidence *ev, const char *param_type)
{
	struct type_class p;
	int pointer, integer;

	if (!param_type)
		return -1;
	type_classify(param_type, &p);
	pointer = type_is_pointer(&p);
	integer = !pointer && (p.kind == TYPE_INTEGER || p.kind == TYPE_FLOAT);
	switch (ev->kind) {
	case EVIDENCE_NULL:
		return pointer ? 1 : integer ? 0 : -1;
	case EVIDENCE_ZERO:
		return pointer || integer ? 1 : -1;
	case EVIDENCE_INTEGER:
		return pointer ? 0 : integer ? 1 : -1;
	case EVIDENCE_ADDRESS:
		if (ev->type)
			return type_spelling_fits(param_type, ev->type, 0);
		return pointer ? 1 : integer ? 0 : -1;
	case EVIDENCE_STRING:
	case EVIDENCE_TYPED:
		return type_spelling_fits(param_type, ev->type, 0);
	default:
		return -1;
	}
}

/* ---- the decision ---- */

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
