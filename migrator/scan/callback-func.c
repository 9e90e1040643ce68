/*
 * callback-func.c - the code tokens of a buffer and the functions the
 * "callback" kind decides (callback-code.h), each from what the buffer
 * says of it (cb_decide()), and the edits that convert
 * an occurrence (callback-site.h): a member's new name, a function's
 * new return type, a return of success made "return;" or, at the end
 * of the body, removed with its line.
 */
#include <stdlib.h>
#include <string.h>

#include "callback-code.h"
#include "callback-site.h"
#include "util.h"

static int is_open(const struct cb_code *c, size_t i)
{
	return cb_is(c, i, "(") || cb_is(c, i, "[") || cb_is(c, i, "{");
}

static int is_close(const struct cb_code *c, size_t i)
{
	return cb_is(c, i, ")") || cb_is(c, i, "]") || cb_is(c, i, "}");
}

/* the brackets' pairs and each token's enclosing brace */
static void pair_brackets(struct cb_code *c)
{
	size_t *stack = xcalloc(c->nr + 1, sizeof(*stack));
	size_t depth = 0, brace = CB_NONE, i;

	for (i = 0; i < c->nr; i++) {
		c->match[i] = CB_NONE;
		c->encl[i] = brace;
		if (is_open(c, i)) {
			stack[depth++] = i;
			if (cb_is(c, i, "{"))
				brace = i;
		} else if (is_close(c, i) && depth) {
			size_t o = stack[--depth];

			c->match[o] = i;
			c->match[i] = o;
			if (cb_is(c, o, "{")) {
				brace = c->encl[o];
				c->encl[i] = brace;
			}
		}
	}
	free(stack);
}

enum cb_directive {
	CB_DIR_NONE,
	CB_DIR_OPEN,
	CB_DIR_MID,
	CB_DIR_END
};

/* the conditional directive that starts at token i, if any */
static enum cb_directive directive_at(const struct token_list *toks,
				      const char *buf, size_t i)
{
	const struct token *t = &toks->tokens[i];
	static const char *const opens[] = { "if", "ifdef", "ifndef" };
	static const char *const others[] = { "else", "elif" };
	size_t name;

	if (!t->directive || toks->directive_hash[t->directive - 1] != i)
		return CB_DIR_NONE;
	name = directive_name(toks, t->directive);
	if (name == (size_t)-1)
		return CB_DIR_NONE;
	t = &toks->tokens[name];
	if (token_in(buf, t, opens, 3))
		return CB_DIR_OPEN;
	if (token_in(buf, t, others, 2))
		return CB_DIR_MID;
	return token_is(buf, t, "endif") ? CB_DIR_END : CB_DIR_NONE;
}

/* per token: 1 where a directive starts the last branch of its #if */
static unsigned char *last_branches(const struct token_list *toks,
				    const char *buf)
{
	unsigned char *last = xcalloc(toks->nr + 1, 1);
	size_t *stack = xcalloc(toks->nr + 1, sizeof(*stack));
	size_t depth = 0, i;

	for (i = 0; i < toks->nr; i++)
		switch (directive_at(toks, buf, i)) {
		case CB_DIR_OPEN:
			stack[depth++] = i;
			break;
		case CB_DIR_MID:
			if (depth)
				stack[depth - 1] = i;
			break;
		case CB_DIR_END:
			if (depth)
				last[stack[--depth]] = 1;
			break;
		default:
			break;
		}
	while (depth)
		last[stack[--depth]] = 1;
	free(stack);
	return last;
}

/*
 * How the directive at token i changes which code is read: one branch
 * of each conditional (the first, or with last[] the last), as a brace
 * an #else repeats would otherwise unbalance the rest of the file.
 * *skip: the depth of the outermost branch left out, 0 when none.
 */
static void follow_directive(const struct token_list *toks, const char *buf,
			     size_t i, const unsigned char *last, size_t *depth,
			     size_t *skip)
{
	switch (directive_at(toks, buf, i)) {
	case CB_DIR_OPEN:
		++*depth;
		if (last && !*skip && !last[i])
			*skip = *depth;
		break;
	case CB_DIR_MID:
		if (!*depth)
			break;
		if (!last && !*skip)
			*skip = *depth;
		else if (last && (!*skip || *skip == *depth))
			*skip = last[i] ? 0 : *depth;
		break;
	case CB_DIR_END:
		if (!*depth)
			break;
		if (*skip == *depth)
			*skip = 0;
		--*depth;
		break;
	default:
		break;
	}
}

int cb_has_branches(const struct token_list *toks, const char *buf)
{
	size_t i;

	for (i = 0; i < toks->nr; i++)
		if (directive_at(toks, buf, i) == CB_DIR_MID)
			return 1;
	return 0;
}

void cb_code_init_branch(struct cb_code *c, const char *buf, size_t len,
			 const struct token_list *toks, int last_branch)
{
	unsigned char *last = last_branch ? last_branches(toks, buf) : NULL;
	size_t i, depth = 0, skip = 0;

	memset(c, 0, sizeof(*c));
	c->buf = buf;
	c->len = len;
	c->toks = toks;
	c->idx = xcalloc(toks->nr + 1, sizeof(*c->idx));
	for (i = 0; i < toks->nr; i++) {
		follow_directive(toks, buf, i, last, &depth, &skip);
		if (!token_is_comment(&toks->tokens[i]) &&
		    !toks->tokens[i].directive && !skip)
			c->idx[c->nr++] = i;
	}
	free(last);
	c->match = xcalloc(c->nr + 1, sizeof(*c->match));
	c->encl = xcalloc(c->nr + 1, sizeof(*c->encl));
	pair_brackets(c);
}

void cb_code_init(struct cb_code *c, const char *buf, size_t len,
		  const struct token_list *toks)
{
	cb_code_init_branch(c, buf, len, toks, 0);
}

void cb_code_release(struct cb_code *c)
{
	free(c->idx);
	free(c->match);
	free(c->encl);
	memset(c, 0, sizeof(*c));
}

const struct token *cb_tok(const struct cb_code *c, size_t i)
{
	return &c->toks->tokens[c->idx[i]];
}

int cb_is(const struct cb_code *c, size_t i, const char *text)
{
	return i < c->nr && token_is(c->buf, cb_tok(c, i), text);
}

int cb_ident(const struct cb_code *c, size_t i)
{
	return i < c->nr && cb_tok(c, i)->type == TOKEN_IDENT;
}

size_t cb_at(const struct cb_code *c, size_t offset)
{
	size_t lo = 0, hi = c->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (cb_tok(c, mid)->start < offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->nr && cb_tok(c, lo)->start == offset ? lo : CB_NONE;
}

size_t cb_line(const struct cb_code *c, size_t offset)
{
	size_t line = 1, pos;

	for (pos = 0; pos < offset && pos < c->len; pos++)
		line += lex_line_end(c->buf, c->len, pos);
	return line;
}

/* the normalised type of tokens [from, to] of the code */
static void code_type(const struct cb_code *c, size_t from, size_t to,
		      struct strbuf *out)
{
	const struct token *t = c->toks->tokens;

	strbuf_reset(out);
	type_normalise(out, c->buf, t, c->idx[from], c->idx[to] + 1);
}

/* the parameter [from, to] has the type the prototype's parameter has */
static int param_fits(const struct cb_code *c, size_t from, size_t to,
		      const struct migration_param *p)
{
	struct strbuf got = STRBUF_INIT, want = STRBUF_INIT;
	int fits;

	if (to > from && cb_ident(c, to) && !cb_is(c, to - 1, "struct"))
		to--; /* the parameter's name */
	code_type(c, from, to, &got);
	type_normalise_text(&want, p->type);
	fits = !strcmp(got.buf, want.buf);
	strbuf_release(&got);
	strbuf_release(&want);
	return fits;
}

static int params_fit(const struct cb_code *c, size_t open,
		      const struct migration_prototype *p)
{
	size_t i = open + 1, from = i, n = 0;

	for (; i <= c->match[open]; i++) {
		if (i < c->match[open] && is_open(c, i)) {
			i = c->match[i];
			continue;
		}
		if (i < c->match[open] && !cb_is(c, i, ","))
			continue;
		if (i == from || n >= p->nr_params ||
		    !param_fits(c, from, i - 1, &p->params[n]))
			return 0;
		n++;
		from = i + 1;
	}
	return n == p->nr_params;
}

/* a word of the return type (the last) is among tokens [from, to) */
static int returns_word(const struct cb_code *c, size_t from, size_t to,
			const char *type)
{
	const char *word = strrchr(type, ' ');

	word = word ? word + 1 : type;
	for (; from < to; from++)
		if (cb_is(c, from, word))
			return 1;
	return 0;
}

int cb_span_function(const struct cb_code *c, size_t name,
		     const struct migration_callback *cb, struct cb_function *f)
{
	size_t first = name;

	memset(f, 0, sizeof(*f));
	if (c->encl[name] != CB_NONE || !cb_is(c, name + 1, "(") ||
	    c->match[name + 1] == CB_NONE)
		return -1;
	while (first > 0 &&
	       (cb_ident(c, first - 1) || cb_is(c, first - 1, "*")))
		first--;
	if (first == name)
		return -1;
	f->first = first;
	f->name = name;
	f->close = c->match[name + 1];
	if (cb_is(c, f->close + 1, ";")) {
		f->end = f->close + 1;
	} else if (cb_is(c, f->close + 1, "{") &&
		   c->match[f->close + 1] != CB_NONE) {
		f->end = c->match[f->close + 1];
		f->body = 1;
	} else {
		return -1;
	}
	(void)cb;
	return 0;
}

int cb_function_at(const struct cb_code *c, size_t name,
		   const struct migration_callback *cb, struct cb_function *f)
{
	if (cb_span_function(c, name, cb, f) < 0)
		return -1;
	if (!params_fit(c, name + 1, &cb->old_proto))
		f->form = CB_FORM_OTHER;
	else if (returns_word(c, f->first, name, cb->new_proto.return_type))
		f->form = CB_FORM_NEW;
	else if (returns_word(c, f->first, name, cb->old_proto.return_type))
		f->form = CB_FORM_OLD;
	return 0;
}

/* the return statement at code token r: its ';', or CB_NONE */
size_t cb_return_end(const struct cb_code *c, size_t r, size_t end)
{
	size_t i;

	for (i = r + 1; i < end; i++) {
		if (is_open(c, i) && c->match[i] != CB_NONE)
			i = c->match[i];
		else if (cb_is(c, i, ";"))
			return i;
	}
	return CB_NONE;
}

/* tokens (r, semi) return the value success */
int cb_returns_success(const struct cb_code *c, size_t r, size_t semi,
		       const char *success)
{
	struct strbuf got = STRBUF_INIT, want = STRBUF_INIT;
	size_t from = cb_tok(c, r)->end, to = cb_tok(c, semi)->start;
	int yes;

	lex_squeeze(&got, c->buf + from, to - from);
	lex_squeeze(&want, success, strlen(success));
	yes = !strcmp(got.buf, want.buf);
	strbuf_release(&got);
	strbuf_release(&want);
	return yes;
}

int cb_return_effect(const struct cb_code *c, size_t r, size_t semi)
{
	static const char *const effects[] = { "(", "=", "++", "--" };
	size_t i, k;

	for (i = r + 1; i < semi; i++)
		for (k = 0; k < ARRAY_SIZE(effects); k++)
			if (cb_is(c, i, effects[k]))
				return 1;
	return 0;
}

int cb_in_block(const struct cb_code *c, size_t r)
{
	return r > 0 && (cb_is(c, r - 1, ";") || cb_is(c, r - 1, "{") ||
			 cb_is(c, r - 1, "}") || cb_is(c, r - 1, ":"));
}

void cb_function_returns(const struct cb_code *c,
			 const struct migration_callback *cb,
			 const struct cb_function *f, struct cb_returns *r)
{
	size_t i, semi;

	memset(r, 0, sizeof(*r));
	for (i = f->close + 2; f->body && i < f->end; i++) {
		if (!cb_is(c, i, "return"))
			continue;
		semi = cb_return_end(c, i, f->end);
		if (semi == CB_NONE || semi == i + 1)
			continue;
		if (!r->values++)
			r->first_value = cb_tok(c, i)->start;
		if (cb_returns_success(c, i, semi, cb->success))
			continue;
		if (!r->errors++)
			r->first_error = cb_tok(c, i)->start;
		if (cb_return_effect(c, i, semi) && !cb_in_block(c, i))
			r->stuck++;
	}
}

int cb_function_static(const struct cb_code *c, const struct cb_function *f)
{
	size_t i;

	for (i = f->first; i < f->name; i++)
		if (cb_is(c, i, "static"))
			return 1;
	return 0;
}

/* the call at code token i uses its result */
static int result_used(const struct cb_code *c, size_t i)
{
	size_t close = c->match[i + 1];

	if (close == CB_NONE || !cb_is(c, close + 1, ";"))
		return 1;
	return !(i == 0 || cb_is(c, i - 1, ";") || cb_is(c, i - 1, "{") ||
		 cb_is(c, i - 1, "}") || cb_is(c, i - 1, ")") ||
		 cb_is(c, i - 1, "else") || cb_is(c, i - 1, ":"));
}

/* code token i is the identifier name[0..len) */
static int is_name(const struct cb_code *c, size_t i, const char *name,
		   size_t len)
{
	const struct token *t = cb_tok(c, i);

	return cb_ident(c, i) && t->end - t->start == len &&
	       !memcmp(c->buf + t->start, name, len);
}

void cb_decide(const struct cb_code *c, const struct migration *m,
	       const char *name, size_t len, struct cb_verdict *v)
{
	const struct migration_callback *cb = migration_callback(m);
	struct cb_function f;
	struct cb_returns r;
	int old = 0, stuck = 0;
	size_t i;

	memset(v, 0, sizeof(*v));
	for (i = 0; i + 1 < c->nr; i++) {
		if (!is_name(c, i, name, len) || !cb_is(c, i + 1, "("))
			continue;
		if (!cb_function_at(c, i, cb, &f) && f.body) {
			v->other |= f.form == CB_FORM_OTHER;
			v->defined = f.form != CB_FORM_OTHER;
			v->local = cb_function_static(c, &f);
			old = f.form == CB_FORM_OLD;
			v->new_form = f.form == CB_FORM_NEW;
			cb_function_returns(c, cb, &f, &r);
			if (old && r.errors && !v->line)
				v->line = cb_line(c, r.first_error);
			stuck = old && r.stuck;
			if (v->new_form && r.values && !v->line)
				v->line = cb_line(c, r.first_value);
		} else if (c->encl[i] != CB_NONE && result_used(c, i)) {
			v->called = 1;
		}
	}
	v->kind = old ? CALL_SITE_OLD : CALL_SITE_NEW;
	if (!v->defined)
		v->reason = v->other ? CALL_REASON_CALLBACK_PROTOTYPE :
				       CALL_REASON_CALLBACK_UNDEFINED;
	else if (old && v->called)
		v->reason = CALL_REASON_CALLBACK_CALLED;
	else if (old && v->line && (!cb->drop_errors || stuck))
		v->reason = CALL_REASON_CALLBACK_ERROR;
	else if (v->new_form && v->line)
		v->reason = CALL_REASON_CALLBACK_VALUE;
	if (v->reason)
		v->kind = CALL_SITE_AMBIGUOUS;
}
