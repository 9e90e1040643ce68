/*
 * call-site.c - argument splitting and the old/new decision for one call
 * (see call-site.h for the record).
 *
 * The form of a call is decided by evidence, in this order; the first
 * rule that applies wins, and nothing is guessed:
 *
 *  1. an argument list that is not closed, or that holds a preprocessor
 *     conditional: ambiguous (what the compiler sees is not known);
 *  2. fewer arguments than the old prototype's fixed parameters:
 *     ambiguous (malformed);
 *  3. fewer than the new prototype's fixed parameters: old;
 *  4. a string literal (possibly concatenated) at the old format
 *     position: old; at the new format position: new;
 *  5. the argument at the new parameter's position, by what it is:
 *     NULL, a pointer cast of 0 or NULL, or "&expr": new; a type-making
 *     macro such as MKDEV(), an integer literal or integer arithmetic:
 *     old; an identifier declared in the file with the new or the old
 *     parameter's type: new or old; an identifier #defined in the file
 *     as one of these (followed up to three levels): as its body;
 *  6. otherwise: ambiguous, with the reason.
 *
 * Type lookup by declaration (rule 5) is deliberately simple: it finds
 * "TYPE NAME;", "TYPE NAME =", "TYPE NAME," and "TYPE NAME)" anywhere in
 * the file (scopes are not tracked), drops storage classes and
 * qualifiers, and compares the rest with the prototype's parameter type,
 * whitespace-normalised.  It does not see through typedefs, the later
 * names of "TYPE a, b;" or array and function declarators.  Declarations
 * of both types make the identifier undecided; macro parameters never
 * have a type.
 */
#include <string.h>
#include <stdlib.h>

#include "call-site.h"
#include "strbuf.h"
#include "strlist.h"
#include "util.h"

static const char *const kind_names[CALL_SITE_NR_KINDS] = {
	[CALL_SITE_OLD] = "old",
	[CALL_SITE_NEW] = "new",
	[CALL_SITE_AMBIGUOUS] = "ambiguous",
	[CALL_SITE_SHADOWED] = "shadowed",
	[CALL_SITE_DECLARATION] = "declaration",
	[CALL_SITE_DEFINITION] = "definition",
	[CALL_SITE_REFERENCE] = "reference",
	[CALL_SITE_COMMENT] = "comment",
	[CALL_SITE_STRING] = "string",
};

/*
 * Kernel knowledge as data: macros that build a value of a parameter
 * type.  An argument spelled MAKER(...) has that type; the entry only
 * matters to a migration whose parameter has the type.
 */
static const struct {
	const char *type;
	const char *maker;
} type_makers[] = {
	{ "dev_t", "MKDEV" },
};

enum form {
	FORM_UNKNOWN,
	FORM_OLD,
	FORM_NEW,
};

#define MAX_MACRO_DEPTH 3

const char *call_site_kind_name(enum call_site_kind kind)
{
	return kind < CALL_SITE_NR_KINDS ? kind_names[kind] : "unknown";
}

int call_site_kind_from_name(const char *name)
{
	int i;

	for (i = 0; i < CALL_SITE_NR_KINDS; i++)
		if (!strcmp(kind_names[i], name))
			return i;
	return -1;
}

int call_site_kind_is_call(enum call_site_kind kind)
{
	return kind == CALL_SITE_OLD || kind == CALL_SITE_NEW ||
	       kind == CALL_SITE_AMBIGUOUS;
}

/* ---- splitting ---- */

static void push_arg(struct call_site *cs, const struct call_site_file *f,
		     size_t first, size_t last, size_t at)
{
	const struct token *toks = f->tokens->tokens;
	struct call_arg *arg;

	cs->args = xrealloc(cs->args, (cs->nr_args + 1) * sizeof(*cs->args));
	arg = &cs->args[cs->nr_args++];
	arg->start = first == (size_t)-1 ? at : toks[first].start;
	arg->end = first == (size_t)-1 ? at : toks[last].end;
	arg->text = xstrndup(f->buf + arg->start, arg->end - arg->start);
}

static void push_comma(struct call_site *cs, size_t offset)
{
	cs->commas = xrealloc(cs->commas,
			      (cs->nr_commas + 1) * sizeof(*cs->commas));
	cs->commas[cs->nr_commas++] = offset;
}

struct split_state {
	size_t first, last;	/* tokens of the current argument */
	int has_code;		/* the current argument is not only comments */
	int depth, braces;
};

enum split_step {
	SPLIT_TOKEN,		/* part of the current argument */
	SPLIT_COMMA,		/* a top-level comma: next argument */
	SPLIT_END,		/* the list ends here */
};

static enum split_step split_punct(struct call_site *cs,
				   const struct call_site_file *f, size_t i,
				   struct split_state *st)
{
	const struct token *t = &f->tokens->tokens[i];
	char c = f->buf[t->start];

	if (t->end - t->start != 1)
		return SPLIT_TOKEN;
	if (c == '(' || c == '[' || c == '{') {
		st->depth++;
		st->braces += c == '{';
	} else if (c == ')' || c == ']' || c == '}') {
		if (!st->depth) {
			cs->unterminated = c != ')';
			return SPLIT_END;
		}
		st->depth--;
		st->braces -= c == '}';
	} else if (c == ';' && !st->braces) {
		cs->unterminated = 1;
		return SPLIT_END;
	} else if (c == ',' && !st->depth) {
		push_arg(cs, f, st->first, st->last, t->start);
		push_comma(cs, t->start);
		st->first = (size_t)-1;
		st->has_code = 0;
		return SPLIT_COMMA;
	}
	return SPLIT_TOKEN;
}

size_t call_site_split_args(struct call_site *cs,
			    const struct call_site_file *f, size_t open_tok)
{
	const struct token_list *tl = f->tokens;
	size_t dir = tl->tokens[open_tok].directive, i, close;
	struct split_state st = { (size_t)-1, 0, 0, 0, 0 };
	enum split_step step = SPLIT_TOKEN;

	cs->has_args = 1;
	cs->open_paren = tl->tokens[open_tok].start;
	for (i = open_tok + 1; i < tl->nr; i++) {
		const struct token *t = &tl->tokens[i];

		if (t->directive != dir) {
			if (dir)
				break;
			if (directive_is_conditional(tl, f->buf, t->directive))
				cs->pp_conditional = 1;
			continue;
		}
		step = t->type == TOKEN_PUNCT ? split_punct(cs, f, i, &st) :
						SPLIT_TOKEN;
		if (step == SPLIT_END)
			break;
		if (step == SPLIT_COMMA)
			continue;
		if (st.first == (size_t)-1)
			st.first = i;
		st.last = i;
		st.has_code |= t->type != TOKEN_COMMENT;
	}
	if (step != SPLIT_END)
		cs->unterminated = 1;
	close = cs->unterminated ? i - 1 : i;
	if (cs->nr_commas || st.has_code ||
	    (cs->unterminated && st.first != (size_t)-1))
		push_arg(cs, f, st.first, st.last,
			 cs->unterminated ? tl->tokens[close].end :
					    tl->tokens[close].start);
	cs->close_paren = cs->unterminated ? tl->tokens[close].end :
					     tl->tokens[close].start;
	return close;
}

/* ---- evidence ---- */

/* the tokens of one argument or macro body, comments left out */
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
	e->sig = xcalloc(e->list.nr, sizeof(*e->sig));
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
		else if ((expr_is(e, i, ")") || expr_is(e, i, "]")) &&
			 !--depth)
			return i;
	}
	return e->nr;
}

/* what one call's evidence is weighed with */
struct evidence {
	const struct call_site_file *f;
	struct strbuf old_type, new_type;	/* at the new position */
	size_t macro;		/* the #define holding the call, or 0 */
};

static enum form form_of_type(const struct evidence *ev, const char *type)
{
	if (!strcmp(type, ev->new_type.buf))
		return FORM_NEW;
	if (!strcmp(type, ev->old_type.buf))
		return FORM_OLD;
	return FORM_UNKNOWN;
}

/* the form the declarations of the identifier in the file give it */
static enum form declared_form(const struct evidence *ev, const char *name,
			       struct strbuf *why)
{
	struct strlist types = STRLIST_INIT;
	int seen[3] = { 0, 0, 0 };
	size_t i;

	find_declared_types(ev->f->tokens, ev->f->buf, name, &types);
	for (i = 0; i < types.nr; i++)
		seen[form_of_type(ev, types.items[i].string)] = 1;
	strlist_clear(&types, 0);
	if (seen[FORM_OLD] && seen[FORM_NEW]) {
		strbuf_addf(why, "'%s' is declared both '%s' and '%s'", name,
			    ev->old_type.buf, ev->new_type.buf);
		return FORM_UNKNOWN;
	}
	if (!seen[FORM_OLD] && !seen[FORM_NEW])
		return FORM_UNKNOWN;
	strbuf_addf(why, "'%s' is declared '%s'", name,
		    seen[FORM_OLD] ? ev->old_type.buf : ev->new_type.buf);
	return seen[FORM_OLD] ? FORM_OLD : FORM_NEW;
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
		"+", "-", "*", "/", "%", "<<", ">>", "|", "&", "^", "~", "(",
		")",
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

/* "(TYPE) value": a null pointer cast, or a cast to either type */
static enum form cast_form(const struct evidence *ev, const struct expr *e,
			   struct strbuf *why)
{
	struct strbuf type = STRBUF_INIT;
	size_t close = expr_match(e, 0), i;
	enum form form = FORM_UNKNOWN;

	if (!expr_is(e, 0, "(") || close >= e->nr - 1 || close < 2)
		return FORM_UNKNOWN;
	for (i = 1; i < close; i++)
		if (expr_tok(e, i)->type != TOKEN_IDENT && !expr_is(e, i, "*"))
			return FORM_UNKNOWN;
	type_normalise(&type, e->buf, e->list.tokens, e->sig[1],
		       e->sig[close]);
	if (type.buf[type.len - 1] == '*' && close == e->nr - 2 &&
	    (expr_is(e, close + 1, "0") || expr_is(e, close + 1, "NULL"))) {
		strbuf_addf(why, "is a null pointer cast to '%s'", type.buf);
		form = FORM_NEW;
	} else if ((form = form_of_type(ev, type.buf)) != FORM_UNKNOWN) {
		strbuf_addf(why, "is cast to '%s'", type.buf);
	}
	strbuf_release(&type);
	return form;
}

/* "MAKER(...)" for a macro that builds a value of either type */
static enum form maker_form(const struct evidence *ev, const struct expr *e,
			    struct strbuf *why)
{
	size_t i;

	if (e->nr < 3 || expr_tok(e, 0)->type != TOKEN_IDENT ||
	    !expr_is(e, 1, "(") || expr_match(e, 1) != e->nr - 1)
		return FORM_UNKNOWN;
	for (i = 0; i < ARRAY_SIZE(type_makers); i++) {
		enum form form = form_of_type(ev, type_makers[i].type);

		if (form != FORM_UNKNOWN &&
		    expr_is(e, 0, type_makers[i].maker)) {
			strbuf_addf(why, "is %s(), a '%s'",
				    type_makers[i].maker, type_makers[i].type);
			return form;
		}
	}
	return FORM_UNKNOWN;
}

static enum form value_form(const struct evidence *ev, const char *text,
			    size_t len, int depth, struct strbuf *why);

/* a lone identifier: by its declarations, or by its macro's body */
static enum form ident_form(const struct evidence *ev, const char *name,
			    int depth, struct strbuf *why)
{
	struct strbuf body = STRBUF_INIT, inner = STRBUF_INIT;
	enum form form;

	if (ev->macro && define_has_param(ev->f->tokens, ev->f->buf,
					  ev->macro, name)) {
		strbuf_addf(why, "'%s' is a macro parameter (no type)", name);
		return FORM_UNKNOWN;
	}
	form = declared_form(ev, name, why);
	if (form != FORM_UNKNOWN || why->len)
		return form;
	if (depth < MAX_MACRO_DEPTH &&
	    define_body(ev->f->tokens, ev->f->buf, name, &body)) {
		form = value_form(ev, body.buf, body.len, depth + 1, &inner);
		strbuf_addf(why, "'%s' is a macro that %s", name,
			    inner.len ? inner.buf : "tells nothing");
	} else {
		strbuf_addf(why, "'%s' has no declaration of either type",
			    name);
	}
	strbuf_release(&body);
	strbuf_release(&inner);
	return form;
}

/* the form the value of one argument (or macro body) speaks for */
static enum form value_form(const struct evidence *ev, const char *text,
			    size_t len, int depth, struct strbuf *why)
{
	enum form form = FORM_UNKNOWN;
	struct expr e;

	expr_init(&e, text, len);
	if (!e.nr) {
		strbuf_addstr(why, "is empty");
	} else if (e.nr == 1 && expr_is(&e, 0, "NULL")) {
		strbuf_addstr(why, "is NULL");
		form = FORM_NEW;
	} else if (expr_is(&e, 0, "&")) {
		strbuf_addstr(why, "takes an address");
		form = FORM_NEW;
	} else if ((form = cast_form(ev, &e, why)) ||
		   (form = maker_form(ev, &e, why))) {
		/* why is set */
	} else if (is_integer_expr(&e)) {
		strbuf_addstr(why, "is an integer expression");
		form = FORM_OLD;
	} else if (e.nr == 1 && expr_tok(&e, 0)->type == TOKEN_IDENT) {
		char *name = xstrndup(text + expr_tok(&e, 0)->start,
				      expr_tok(&e, 0)->end -
				      expr_tok(&e, 0)->start);

		form = ident_form(ev, name, depth, why);
		free(name);
	} else {
		strbuf_addstr(why, "is an expression of unknown type");
	}
	expr_release(&e);
	return form;
}

/* ---- the decision ---- */

static void evidence_init(struct evidence *ev, const struct call_site *cs,
			  const struct call_site_file *f)
{
	const struct migration *m = f->m;
	size_t dir;

	ev->f = f;
	strbuf_init(&ev->old_type, 0);
	strbuf_init(&ev->new_type, 0);
	type_normalise_text(&ev->new_type,
			    m->new_proto.params[m->new_arg - 1].type);
	if ((size_t)m->new_arg <= m->old_proto.nr_params)
		type_normalise_text(&ev->old_type,
				    m->old_proto.params[m->new_arg - 1].type);
	dir = token_list_find(f->tokens, cs->name_offset);
	ev->macro = f->tokens->tokens[dir].directive;
}

static void evidence_release(struct evidence *ev)
{
	strbuf_release(&ev->old_type);
	strbuf_release(&ev->new_type);
}

/* 1 if the argument at the 1-based position is string literals only */
static int arg_is_literal(const struct call_site *cs, int pos)
{
	const struct call_arg *arg;
	struct expr e;
	size_t i;
	int literal;

	if (pos < 1 || (size_t)pos > cs->nr_args)
		return 0;
	arg = &cs->args[pos - 1];
	/* the text stops at a NUL byte the argument may hold */
	expr_init(&e, arg->text, strlen(arg->text));
	literal = e.nr > 0;
	for (i = 0; i < e.nr; i++)
		if (expr_tok(&e, i)->type != TOKEN_STRING)
			literal = 0;
	expr_release(&e);
	return literal;
}

static void set_form(struct call_site *cs, enum call_site_kind kind,
		     char *reason)
{
	cs->kind = kind;
	free(cs->reason);
	cs->reason = reason;
}

/* rules 4 to 6 of the table at the top */
static void decide_by_arguments(struct call_site *cs,
				const struct call_site_file *f)
{
	const struct migration *m = f->m;
	const struct call_arg *arg;
	struct strbuf why = STRBUF_INIT;
	struct evidence ev;
	enum form form;

	if (arg_is_literal(cs, m->format_arg_old))
		return set_form(cs, CALL_SITE_OLD, xstrfmt(
			"string-literal format in argument %d",
			m->format_arg_old));
	if (arg_is_literal(cs, m->format_arg_new))
		return set_form(cs, CALL_SITE_NEW, xstrfmt(
			"string-literal format in argument %d",
			m->format_arg_new));
	arg = &cs->args[m->new_arg - 1];
	evidence_init(&ev, cs, f);
	form = value_form(&ev, arg->text, strlen(arg->text), 0, &why);
	evidence_release(&ev);
	if (form == FORM_UNKNOWN)
		set_form(cs, CALL_SITE_AMBIGUOUS, xstrfmt(
			"no string-literal format, and argument %d %s",
			m->new_arg, why.buf));
	else
		set_form(cs, form == FORM_OLD ? CALL_SITE_OLD : CALL_SITE_NEW,
			 xstrfmt("argument %d %s", m->new_arg, why.buf));
	strbuf_release(&why);
}

void call_site_decide_form(struct call_site *cs,
			   const struct call_site_file *f)
{
	const struct migration *m = f->m;
	size_t nr = cs->nr_args, old_fixed = m->old_proto.nr_params;
	size_t new_fixed = m->new_proto.nr_params;

	if (cs->unterminated)
		set_form(cs, CALL_SITE_AMBIGUOUS,
			 xstrdup("the argument list is not closed"));
	else if (cs->pp_conditional)
		set_form(cs, CALL_SITE_AMBIGUOUS, xstrdup(
			"a preprocessor conditional inside the arguments"));
	else if (nr < old_fixed)
		set_form(cs, CALL_SITE_AMBIGUOUS, xstrfmt(
			"%zu argument%s, fewer than the %zu of the old form",
			nr, nr == 1 ? "" : "s", old_fixed));
	else if (nr < new_fixed)
		set_form(cs, CALL_SITE_OLD, xstrfmt(
			"%zu arguments, fewer than the %zu of the new form",
			nr, new_fixed));
	else if (!m->old_proto.variadic && nr > old_fixed)
		set_form(cs, CALL_SITE_NEW, xstrfmt(
			"%zu arguments, more than the old form takes", nr));
	else
		decide_by_arguments(cs, f);
}

void call_site_release(struct call_site *cs)
{
	size_t i;

	for (i = 0; i < cs->nr_args; i++)
		free(cs->args[i].text);
	free(cs->args);
	free(cs->commas);
	free(cs->file);
	free(cs->reason);
	free(cs->text);
	memset(cs, 0, sizeof(*cs));
}
