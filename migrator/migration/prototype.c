/*
 * prototype.c - reading a C function declaration into a struct
 * migration_prototype (see migration.h's prototype_read()).
 *
 * Contract: the text is cut into tokens by lexer.h and read by a small
 * recursive-descent reader of C declarations: declaration specifiers
 * (qualifiers, the base type words, struct/union/enum tags, one typedef
 * name), then a declarator, with pointers and their qualifiers,
 * parentheses, arrays and parameter lists nested to any depth
 * ("void (*setup)(struct net_device *)", "int v[16]").  The kernel's
 * annotations and attribute macros (__iomem, __printf(2, 3)) are those
 * of kernel-types (kernel-data.h); they, GCC's __attribute__((...)) and
 * the storage classes are skipped wherever they stand.  A type is kept
 * as C spells it without a name: "void (*)(struct net_device *)"; a
 * parameter's array or function type is its pointer (C adjusts them so),
 * and a qualifier of the parameter itself ("char *const p") is dropped:
 * it binds the callee only.
 * A text that is no declaration gets the reason and the token it stops
 * at; nothing is stored then.  The tokens, the attributes and the
 * specifiers are read by prototype-words.c, the declarators here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c-type.h"
#include "prototype-words.h"
#include "kernel-data.h"
#include "lexer.h"
#include "migration.h"
#include "strbuf.h"
#include "util.h"

enum deriv_kind {
	DERIV_POINTER,
	DERIV_ARRAY,
	DERIV_FUNCTION,
};

/* one step from a declared name outwards: "*", "[16]", "(int, char *)" */
struct deriv {
	enum deriv_kind kind;
	char *text; /* a pointer's qualifiers, the brackets, the parameters */
};

struct derivs {
	struct deriv *d;
	size_t nr, alloc;
};

struct params {
	struct migration_param *p;
	size_t nr, alloc;
	int variadic;
};

static void derivs_push(struct derivs *ds, enum deriv_kind kind, char *text)
{
	ALLOC_GROW(ds->d, ds->nr + 1, ds->alloc);
	ds->d[ds->nr].kind = kind;
	ds->d[ds->nr++].text = text;
}

static void derivs_release(struct derivs *ds)
{
	size_t i;

	for (i = 0; i < ds->nr; i++)
		free(ds->d[i].text);
	free(ds->d);
	memset(ds, 0, sizeof(*ds));
}

static void params_release(struct params *ps)
{
	size_t i;

	for (i = 0; i < ps->nr; i++) {
		free(ps->p[i].type);
		free(ps->p[i].name);
	}
	free(ps->p);
	memset(ps, 0, sizeof(*ps));
}

/* the type of specifiers spec and the steps ds[from..] outwards */
static char *type_text(const char *spec, const struct derivs *ds, size_t from)
{
	struct strbuf decl = STRBUF_INIT, sb = STRBUF_INIT;
	size_t i;

	for (i = from; i < ds->nr; i++) {
		const struct deriv *d = &ds->d[i];

		if (d->kind == DERIV_POINTER) {
			strbuf_insert(&decl, 0, "*", 1);
			if (*d->text) {
				strbuf_insert(&decl, 1, " ", 1);
				strbuf_insert(&decl, 2, d->text,
					      strlen(d->text));
				if (decl.len > strlen(d->text) + 2)
					strbuf_insert(&decl,
						      strlen(d->text) + 2, " ",
						      1);
			}
			continue;
		}
		if (decl.len && decl.buf[0] == '*') {
			strbuf_insert(&decl, 0, "(", 1);
			strbuf_addch(&decl, ')');
		}
		strbuf_addstr(&decl, d->text);
	}
	strbuf_addstr(&sb, spec);
	if (decl.len)
		strbuf_addf(&sb, " %s", decl.buf);
	strbuf_release(&decl);
	return strbuf_detach(&sb, NULL);
}

static int read_declarator(struct reader *r, struct derivs *ds, char **name,
			   struct params *top);

/* one parameter: its type and name (NULL: none) pushed to ps */
static int read_param(struct reader *r, struct params *ps)
{
	struct strbuf spec = STRBUF_INIT;
	struct derivs ds = { NULL, 0, 0 };
	char *name = NULL;
	int ret = reader_specifiers(r, &spec);

	if (!ret)
		ret = read_declarator(r, &ds, &name, NULL);
	if (!ret) {
		struct migration_param *p;
		struct deriv *out = ds.nr ? &ds.d[0] : NULL;

		/* C adjusts an array or a function parameter to a pointer */
		if (out && out->kind == DERIV_POINTER) {
			out->text[0] = '\0'; /* "* const": the callee's own */
		} else if (out && out->kind == DERIV_ARRAY) {
			out->kind = DERIV_POINTER;
			out->text[0] = '\0';
		} else if (out && out->kind == DERIV_FUNCTION) {
			derivs_push(&ds, DERIV_POINTER, NULL);
			memmove(ds.d + 1, ds.d, (ds.nr - 1) * sizeof(*ds.d));
			ds.d[0].kind = DERIV_POINTER;
			ds.d[0].text = xstrdup("");
		}
		ALLOC_GROW(ps->p, ps->nr + 1, ps->alloc);
		p = &ps->p[ps->nr++];
		p->type = type_text(spec.buf, &ds, 0);
		p->name = name;
		name = NULL;
	}
	free(name);
	derivs_release(&ds);
	strbuf_release(&spec);
	return ret;
}

/* "(void)", "()", "(T a, U b, ...)": r at the '(' */
static int read_params(struct reader *r, struct params *ps)
{
	r->i++;
	if (reader_at(r, "void") && r->i + 1 < r->tl.nr &&
	    token_is(r->text, &r->tl.tokens[r->i + 1], ")")) {
		r->i += 2;
		return 0;
	}
	if (reader_at(r, ")")) {
		r->i++;
		return 0;
	}
	for (;;) {
		if (reader_at(r, "...")) {
			ps->variadic = 1;
			r->i++;
			if (!reader_at(r, ")"))
				return reader_fail(r, "'...' must end the "
						      "parameters");
		} else if (read_param(r, ps) < 0) {
			return -1;
		}
		if (reader_at(r, ")")) {
			r->i++;
			return 0;
		}
		if (!reader_at(r, ",") || ps->variadic)
			return reader_fail(r, "expected ',' or ')' after a "
					      "parameter");
		r->i++;
	}
}

/* the parameters as a function type spells them: "(int, char *, ...)" */
static char *params_text(const struct params *ps, int was_void)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addch(&sb, '(');
	for (i = 0; i < ps->nr; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", ps->p[i].type);
	if (ps->variadic)
		strbuf_addstr(&sb, ps->nr ? ", ..." : "...");
	if (!ps->nr && !ps->variadic && was_void)
		strbuf_addstr(&sb, "void");
	strbuf_addch(&sb, ')');
	return strbuf_detach(&sb, NULL);
}

/*
 * "[N]" and "(PARAMS)" after a name; the first parameter list goes to
 * *top when it is not NULL (the declared function's own)
 */
static int read_suffixes(struct reader *r, struct derivs *ds,
			 struct params **top)
{
	while (reader_at(r, "[") || reader_at(r, "(")) {
		struct strbuf sb = STRBUF_INIT;

		if (ds->nr && ds->d[ds->nr - 1].kind == DERIV_FUNCTION)
			break; /* no function returns a function or an array */
		if (reader_at(r, "[")) {
			r->i++;
			while (!reader_at(r, "]")) {
				const struct token *t = reader_tok(r);

				if (!t || reader_at(r, "[") ||
				    reader_at(r, ";") || reader_at(r, ")")) {
					strbuf_release(&sb);
					return reader_fail(r, "expected ']'");
				}
				strbuf_add(&sb, r->text + t->start,
					   t->end - t->start);
				r->i++;
			}
			r->i++;
			derivs_push(ds, DERIV_ARRAY, xstrfmt("[%s]", sb.buf));
			strbuf_release(&sb);
		} else {
			struct params own = { NULL, 0, 0, 0 };
			struct params *ps = *top ? *top : &own;
			int was_void = r->i + 1 < r->tl.nr &&
				       token_is(r->text,
						&r->tl.tokens[r->i + 1],
						"void");

			*top = NULL;
			if (read_params(r, ps) < 0) {
				params_release(&own);
				return -1;
			}
			derivs_push(ds, DERIV_FUNCTION,
				    params_text(ps, was_void));
			params_release(&own);
		}
	}
	return 0;
}

/* "* const *": the pointers before a declarator, inner last */
static int read_pointers(struct reader *r, struct derivs *ptrs)
{
	while (reader_at(r, "*")) {
		struct strbuf quals = STRBUF_INIT;
		char word[80];
		int got;

		r->i++;
		for (;;) {
			got = reader_skip_attribute(r);
			if (got < 0) {
				strbuf_release(&quals);
				return -1;
			}
			if (got)
				continue;
			reader_ident(r, word, sizeof(word));
			if (!*word ||
			    !(qualifier_word(word) || is_storage_word(word)))
				break;
			if (qualifier_word(word))
				add_type_word(&quals, qualifier_word(word));
			r->i++;
		}
		derivs_push(ptrs, DERIV_POINTER, strbuf_detach(&quals, NULL));
	}
	return 0;
}

/*
 * A declarator, abstract or not: its steps from the name outwards are
 * appended to ds, its name to *name (NULL for an abstract one).  top:
 * where the first parameter list goes, or NULL.
 */
static int read_declarator(struct reader *r, struct derivs *ds, char **name,
			   struct params *top)
{
	struct derivs ptrs = { NULL, 0, 0 };
	struct params *first = top;
	int ret = read_pointers(r, &ptrs);

	while (!ret && (ret = reader_skip_attribute(r)) > 0)
		ret = 0;
	if (!ret && reader_at(r, "(") && r->i + 1 < r->tl.nr &&
	    (token_is(r->text, &r->tl.tokens[r->i + 1], "*") ||
	     token_is(r->text, &r->tl.tokens[r->i + 1], "("))) {
		r->i++;
		ret = read_declarator(r, ds, name, first);
		first = NULL;
		if (!ret && !reader_at(r, ")"))
			ret = reader_fail(r, "expected ')'");
		r->i += !ret;
	} else if (!ret && reader_at_ident(r)) {
		char word[80];

		reader_ident(r, word, sizeof(word));
		*name = xstrdup(word);
		r->i++;
	}
	if (!ret && first && !reader_at(r, "("))
		ret = reader_fail(r, "expected the parameters");
	if (!ret)
		ret = read_suffixes(r, ds, &first);
	while (!ret && (ret = reader_skip_attribute(r)) > 0)
		ret = 0;
	while (!ret && ptrs.nr) {
		ptrs.nr--;
		derivs_push(ds, DERIV_POINTER, ptrs.d[ptrs.nr].text);
		ptrs.d[ptrs.nr].text = NULL;
	}
	derivs_release(&ptrs);
	return ret;
}

/* every parameter of the declared function has a name */
static int check_names(struct reader *r, const struct params *ps)
{
	size_t i;

	for (i = 0; i < ps->nr; i++)
		if (!ps->p[i].name) {
			strbuf_addf(r->why,
				    "parameter %zu ('%s') has no name: a "
				    "migration names each",
				    i + 1, ps->p[i].type);
			return -1;
		}
	return 0;
}

/* the declaration in r into proto's fields */
static int read_prototype(struct reader *r, struct migration_prototype *proto)
{
	struct strbuf spec = STRBUF_INIT;
	struct derivs ds = { NULL, 0, 0 };
	struct params ps = { NULL, 0, 0, 0 };
	char *name = NULL;
	int ret = reader_specifiers(r, &spec);

	if (!ret)
		ret = read_declarator(r, &ds, &name, &ps);
	if (!ret && !name)
		ret = reader_fail(r, "the function has no name");
	if (!ret && reader_at(r, ";"))
		r->i++;
	if (!ret && reader_tok(r))
		ret = reader_fail(r, "text after the declaration");
	if (!ret)
		ret = check_names(r, &ps);
	if (!ret) {
		proto->function = name;
		name = NULL;
		proto->return_type = type_text(spec.buf, &ds, 1);
		proto->params = ps.p;
		proto->nr_params = ps.nr;
		proto->variadic = ps.variadic;
		memset(&ps, 0, sizeof(ps));
	}
	free(name);
	params_release(&ps);
	derivs_release(&ds);
	strbuf_release(&spec);
	return ret;
}

int prototype_read(struct migration_prototype *proto, const char *text,
		   const struct kernel_data *kd, struct strbuf *why)
{
	struct reader r;
	int ret;

	memset(proto, 0, sizeof(*proto));
	memset(&r, 0, sizeof(r));
	r.text = text;
	r.kd = kd;
	r.why = why;
	lex_buffer(text, strlen(text), &r.tl);
	if (!r.tl.nr)
		ret = reader_fail(&r, "an empty declaration");
	else
		ret = read_prototype(&r, proto);
	token_list_release(&r.tl);
	if (ret < 0) {
		prototype_release(proto);
		return -1;
	}
	proto->text = xstrdup(text);
	prototype_set_format(proto);
	return 0;
}

/* a variadic prototype whose last fixed parameter is a string: printf-like */
void prototype_set_format(struct migration_prototype *proto)
{
	struct type_class tc;

	proto->format = 0;
	if (!proto->variadic || !proto->nr_params)
		return;
	type_classify(proto->params[proto->nr_params - 1].type, &tc);
	if (type_is_string(&tc))
		proto->format = (int)proto->nr_params;
}

int prototype_parse(struct migration_prototype *proto, const char *text,
		    char **function)
{
	struct strbuf why = STRBUF_INIT;
	int ret = prototype_read(proto, text, NULL, &why);

	strbuf_release(&why);
	*function = ret ? NULL : xstrdup(proto->function);
	return ret;
}

void prototype_release(struct migration_prototype *proto)
{
	size_t i;

	for (i = 0; i < proto->nr_params; i++) {
		free(proto->params[i].type);
		free(proto->params[i].name);
	}
	free(proto->params);
	free(proto->return_type);
	free(proto->function);
	free(proto->text);
	memset(proto, 0, sizeof(*proto));
}
