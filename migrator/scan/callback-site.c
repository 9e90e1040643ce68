/*
 * callback-site.c - the "callback" kind's scan of one buffer (see
 * callback-site.h): the member's occurrences, each function decided
 * once from its definition, and the records in offset order.
 */
#include <stdlib.h>
#include <string.h>

#include "callback-code.h"
#include "callback-site.h"
#include "scan.h"
#include "util.h"

/* one occurrence of the member, and the function it is given */
struct cb_occ {
	size_t field, fn, value_end; /* code indices */
	int initializer;	     /* of a struct variable of the data */
};

/* the declaration that holds the brace o opens is "struct S ... =" */
static int declares_struct(const struct cb_code *c, size_t o, const char *name,
			   int *array)
{
	size_t i = o;

	*array = 0;
	if (!o || !cb_is(c, o - 1, "="))
		return 0;
	while (i-- > 0 && !cb_is(c, i, ";") && !cb_is(c, i, "}") &&
	       !cb_is(c, i, "{")) {
		if (cb_is(c, i, "["))
			*array = 1;
		if (cb_is(c, i, "struct") && cb_is(c, i + 1, name))
			return 1;
	}
	return 0;
}

/* ".F =" at i designates a member in an initializer */
static int designated(const struct cb_code *c, size_t i)
{
	return cb_is(c, i - 1, ".") &&
	       (cb_is(c, i - 2, "{") || cb_is(c, i - 2, ","));
}

/* ".F =" at i is a member of an initializer of the struct */
static int in_initializer(const struct cb_code *c, size_t i,
			  const struct migration_callback *cb)
{
	size_t o = c->encl[i], depth = 1;
	int array;

	if (o == CB_NONE || !cb_is(c, i - 1, ".") ||
	    !(cb_is(c, i - 2, "{") || cb_is(c, i - 2, ",")))
		return 0;
	while (c->encl[o] != CB_NONE) {
		o = c->encl[o];
		depth++;
	}
	return declares_struct(c, o, cb->struct_name, &array) &&
	       depth == 1u + (size_t)array;
}

/* the function "= fn" or "= W(fn)" gives at v; CB_NONE when none */
static size_t value_fn(const struct cb_code *c, size_t v,
		       const struct migration_callback *cb, size_t *end)
{
	if (cb_is(c, v, "&"))
		v++;
	/* C's null pointer gives no function */
	if (!cb_ident(c, v) || cb_is(c, v, "NULL"))
		return CB_NONE;
	*end = v;
	if (cb_is(c, v + 1, "(")) {
		const struct token *t = cb_tok(c, v);
		char *w = xstrndup(c->buf + t->start, t->end - t->start);
		long known = strlist_find(&cb->wrappers, w);

		free(w);
		if (known < 0 || !cb_ident(c, v + 2) || !cb_is(c, v + 3, ")"))
			return CB_NONE;
		*end = v + 3;
		v += 2;
	}
	if (!cb_is(c, *end + 1, ",") && !cb_is(c, *end + 1, "}") &&
	    !cb_is(c, *end + 1, ";"))
		return CB_NONE;
	return v;
}

static void find_occurrences(const struct cb_code *c,
			     const struct migration_callback *cb,
			     struct cb_occ **occ, size_t *nr)
{
	size_t i, alloc = 0, fn, end;

	for (i = 2; i + 2 < c->nr; i++) {
		if (!(cb_is(c, i, cb->field) || cb_is(c, i, cb->new_field)) ||
		    !(cb_is(c, i - 1, ".") || cb_is(c, i - 1, "->")) ||
		    !cb_is(c, i + 1, "="))
			continue;
		fn = value_fn(c, i + 2, cb, &end);
		if (fn == CB_NONE ||
		    (designated(c, i) && !in_initializer(c, i, cb)) ||
		    (!designated(c, i) && !cb_is(c, end + 1, ";")))
			continue;
		ALLOC_GROW(*occ, *nr + 1, alloc);
		(*occ)[*nr].field = i;
		(*occ)[*nr].fn = fn;
		(*occ)[*nr].value_end = end;
		(*occ)[(*nr)++].initializer = in_initializer(c, i, cb);
	}
}

/*
 * The verdict of the function named like code token fn, the tree's
 * when another file defines it: given to the new member (new_name), a
 * function to convert is converted
 */
static void decide(const struct cb_code *c, const struct migration *m,
		   size_t fn, int new_name, struct cb_verdict *v)
{
	const struct token *t = cb_tok(c, fn);
	const char *name = c->buf + t->start;
	size_t len = t->end - t->start;
	const struct cb_verdict *rv;

	cb_decide(c, m, name, len, v);
	if (v->defined) {
		cb_remote_combine(m, name, len, v);
		return;
	}
	rv = cb_remote_find(m, name, len);
	if (!rv)
		return;
	*v = *rv;
	if (v->kind == CALL_SITE_OLD && new_name) {
		v->kind = CALL_SITE_NEW;
		v->new_form = 1;
	}
}

/*
 * The member's name fits its function's prototype, or its verdict
 * says; the old member given a function that has the new prototype
 * already (and returns nothing) is to convert: only its name changes
 */
static void member_verdict(const struct cb_code *c,
			   const struct migration_callback *cb, size_t field,
			   struct cb_verdict *v)
{
	int new_name = cb_is(c, field, cb->new_field);

	if (!callback_renames(cb))
		return;
	if (v->defined && !new_name && v->new_form && !v->reason) {
		v->kind = CALL_SITE_OLD;
		v->reason = CALL_REASON_CALLBACK_RENAME;
	} else if (v->defined && new_name != v->new_form) {
		v->kind = CALL_SITE_AMBIGUOUS;
		v->reason = CALL_REASON_CALLBACK_MEMBER;
		v->line = 0;
	} else if (new_name && !v->defined) {
		v->kind = CALL_SITE_NEW;
		v->reason = CALL_REASON_NONE;
	}
}

/*
 * Code tokens [from, to) as an occurrence named at token at, given fn;
 * one of a function that is not the file's static one is marked
 * across_files (another file may give or define it)
 */
static void add_site(struct scan_file *file, const struct cb_code *c, size_t at,
		     size_t from, size_t to, const struct cb_verdict *v,
		     const char *fn)
{
	struct call_site *cs;
	size_t s = cb_tok(c, from)->start, e = cb_tok(c, to)->end;
	struct strbuf text = STRBUF_INIT;

	ALLOC_GROW(file->sites, file->nr_sites + 1, file->alloc_sites);
	cs = &file->sites[file->nr_sites++];
	memset(cs, 0, sizeof(*cs));
	cs->file = xstrdup(file->path);
	cs->name_offset = cb_tok(c, at)->start;
	cs->name_len = cb_tok(c, at)->end - cs->name_offset;
	cs->kind = v->kind;
	cs->reason = v->reason;
	cs->variadic = v->line;
	cs->local_name = xstrdup(fn);
	cs->standalone = 1;
	cs->across_files = !v->local;
	lex_squeeze(&text, c->buf + s, e - s);
	cs->text = strbuf_detach(&text, NULL);
}

/*
 * The function's definition and declarations, as its verdict says; of
 * a function another file defines, those that are not static, each
 * of the form it has when it is converted
 */
static void add_function_sites(struct scan_file *file, const struct cb_code *c,
			       const struct migration *m,
			       const struct cb_verdict *v, const char *name)
{
	struct cb_verdict dv = *v;
	struct cb_function f;
	size_t i;

	if (v->kind == CALL_SITE_AMBIGUOUS) {
		dv.reason = CALL_REASON_NONE;
		dv.line = 0;
	}
	for (i = 0; i + 1 < c->nr; i++) {
		if (!cb_is(c, i, name) ||
		    cb_function_at(c, i, migration_callback(m), &f) < 0 ||
		    f.form == CB_FORM_OTHER ||
		    (v->remote && cb_function_static(c, &f)))
			continue;
		if (v->kind == CALL_SITE_AMBIGUOUS)
			dv.kind = f.body ? CALL_SITE_DEFINITION :
					   CALL_SITE_DECLARATION;
		else if (v->remote)
			dv.kind = f.form == CB_FORM_NEW ? CALL_SITE_NEW :
							  CALL_SITE_OLD;
		add_site(file, c, i, f.first, f.close, &dv, name);
	}
}

/*
 * The functions the tree gives the member in other files that this
 * buffer defines or declares without giving them: their definitions
 * and declarations (a static one is another function)
 */
static void remote_functions(struct scan_file *file, const struct cb_code *c,
			     const struct migration *m, struct strlist *done)
{
	const struct migration_callback *cb = migration_callback(m);
	const struct cb_verdict *rv;
	struct cb_verdict v;
	size_t i;

	if (!cb->remote.nr)
		return;
	for (i = 0; i + 1 < c->nr; i++) {
		const struct token *t = cb_tok(c, i);
		char *name;

		if (!cb_ident(c, i) || c->encl[i] != CB_NONE ||
		    !cb_is(c, i + 1, "(") ||
		    !(rv = cb_remote_find(m, c->buf + t->start,
					  t->end - t->start)))
			continue;
		name = xstrndup(c->buf + t->start, t->end - t->start);
		if (strlist_find(done, name) < 0) {
			strlist_push(done, name);
			cb_decide(c, m, name, strlen(name), &v);
			if (!v.defined)
				v = *rv;
			else
				cb_remote_combine(m, name, strlen(name), &v);
			if (!v.local)
				add_function_sites(file, c, m, &v, name);
		}
		free(name);
	}
}

static int by_offset(const void *a, const void *b)
{
	const struct call_site *x = a, *y = b;

	return (x->name_offset > y->name_offset) -
	       (x->name_offset < y->name_offset);
}

/*
 * The elements of positional initializers at the member's place, each
 * left (a function at the new member's place is converted already), its
 * function's name kept in positional; an initializer whose places are
 * unknown is left, named at its brace
 */
static void positional_sites(struct scan_file *file, const struct cb_code *c,
			     const struct migration *m, unsigned char *seen,
			     struct strlist *positional)
{
	const struct migration_callback *cb = migration_callback(m);
	struct cb_place *pl = NULL;
	struct cb_verdict v, dv;
	size_t i, nr, fn, end;

	cb_positional(c, cb, &pl, &nr);
	for (i = 0; i < nr; i++) {
		size_t at = pl[i].value == CB_NONE ? pl[i].brace : pl[i].value;
		char *name;

		memset(&v, 0, sizeof(v));
		v.kind = CALL_SITE_AMBIGUOUS;
		v.reason = CALL_REASON_CALLBACK_PLACE;
		if (pl[i].value == CB_NONE) {
			if (!seen[c->idx[at]]++)
				add_site(file, c, at, at, c->match[at], &v,
					 cb->struct_name);
			continue;
		}
		fn = value_fn(c, at, cb, &end);
		if (fn == CB_NONE)
			continue;
		name = xstrndup(c->buf + cb_tok(c, fn)->start,
				cb_tok(c, fn)->end - cb_tok(c, fn)->start);
		cb_decide(c, m, name, strlen(name), &dv);
		v.local = dv.local;
		v.reason = CALL_REASON_CALLBACK_POSITIONAL;
		if (pl[i].new_name) {
			v.kind = CALL_SITE_NEW;
			v.reason = CALL_REASON_NONE;
		} else if (strlist_find(positional, name) < 0) {
			strlist_push(positional, name);
		}
		if (!seen[c->idx[at]]++)
			add_site(file, c, at, at, end, &v, name);
		free(name);
	}
	free(pl);
}

/* decide() as scan_reading() does: a function given positionally is left */
static void decide_given(const struct cb_code *c, const struct migration *m,
			 const struct cb_occ *o,
			 const struct strlist *positional, struct cb_verdict *v)
{
	const struct migration_callback *cb = migration_callback(m);
	const struct token *t = cb_tok(c, o->fn);
	char *name = xstrndup(c->buf + t->start, t->end - t->start);

	decide(c, m, o->fn, cb_is(c, o->field, cb->new_field), v);
	if (v->kind == CALL_SITE_OLD && strlist_find(positional, name) >= 0) {
		v->kind = CALL_SITE_AMBIGUOUS;
		v->reason = CALL_REASON_CALLBACK_POSITIONAL;
		v->line = 0;
	}
	free(name);
}

/* the occurrences of one reading of the buffer (callback-code.h) */
static void scan_reading(struct scan_file *file, const struct cb_code *c,
			 const struct migration *m, unsigned char *seen)
{
	const struct migration_callback *cb = migration_callback(m);
	struct strlist done = STRLIST_INIT, positional = STRLIST_INIT;
	struct cb_occ *occ = NULL;
	struct cb_verdict v;
	size_t i, nr = 0;

	positional_sites(file, c, m, seen, &positional);
	find_occurrences(c, cb, &occ, &nr);
	for (i = 0; i < nr; i++) {
		const struct token *t = cb_tok(c, occ[i].fn);
		char *name;

		/* a member the first reading has seen is its */
		if (seen[c->idx[occ[i].field]]++)
			continue;
		name = xstrndup(c->buf + t->start, t->end - t->start);
		decide_given(c, m, &occ[i], &positional, &v);
		/* an assignment of a function of another prototype */
		if (!occ[i].initializer &&
		    (!v.defined ||
		     (v.kind == CALL_SITE_NEW && callback_renames(cb) &&
		      !cb_is(c, occ[i].field, cb->new_field)))) {
			free(name);
			continue;
		}
		member_verdict(c, cb, occ[i].field, &v);
		add_site(file, c, occ[i].field, occ[i].field - 1,
			 occ[i].value_end, &v, name);
		if (v.defined && strlist_find(&done, name) < 0) {
			strlist_push(&done, name);
			decide_given(c, m, &occ[i], &positional, &v);
			add_function_sites(file, c, m, &v, name);
		}
		free(name);
	}
	remote_functions(file, c, m, &done);
	strlist_clear(&done, 0);
	strlist_clear(&positional, 0);
	free(occ);
}

/* the sites in offset order, each once (both readings find most) */
static void sort_unique(struct scan_file *file)
{
	size_t i, n = 0;

	sane_qsort(file->sites, file->nr_sites, sizeof(*file->sites),
		   by_offset);
	for (i = 0; i < file->nr_sites; i++) {
		if (n && file->sites[n - 1].name_offset ==
				 file->sites[i].name_offset) {
			call_site_release(&file->sites[i]);
			continue;
		}
		file->sites[n++] = file->sites[i];
	}
	file->nr_sites = n;
}

/* the bytes [from, to) of buf with each line continuation blanked */
static char *macro_text(const char *buf, size_t from, size_t to)
{
	char *text = xstrndup(buf + from, to - from);
	size_t i, n = to - from;

	for (i = 0; i + 1 < n; i++)
		if (text[i] == '\\' &&
		    (text[i + 1] == '\n' ||
		     (text[i + 1] == '\r' && i + 2 < n && text[i + 2] == '\n')))
			text[i] = ' ';
	return text;
}

/* one member given a function in the #define body at from */
static void add_macro_site(struct scan_file *file, const struct cb_code *c,
			   const struct migration *m, size_t from,
			   const struct cb_occ *o)
{
	const struct migration_callback *cb = migration_callback(m);
	const struct token *t = cb_tok(c, o->fn);
	struct cb_verdict v;
	char *name = xstrndup(c->buf + t->start, t->end - t->start);
	size_t at = file->nr_sites;

	memset(&v, 0, sizeof(v));
	v.kind = CALL_SITE_AMBIGUOUS;
	v.reason = CALL_REASON_CALLBACK_MACRO;
	if (callback_renames(cb) && cb_is(c, o->field, cb->new_field)) {
		v.kind = CALL_SITE_NEW;
		v.reason = CALL_REASON_NONE;
	}
	add_site(file, c, o->field, o->field - 1, o->value_end, &v, name);
	file->sites[at].name_offset += from;
	file->sites[at].in_macro = 1;
	free(name);
}

/*
 * The members given a function in an initializer inside a #define
 * body: each left, named as given there (what the macro's users make
 * of it is not the buffer's code)
 */
static void macro_sites(struct scan_file *file, const char *buf, size_t len,
			const struct token_list *toks,
			const struct migration *m)
{
	const struct migration_callback *cb = migration_callback(m);
	size_t d, first, last, i, nr;

	for (d = 1; d <= toks->nr_directives; d++) {
		struct token_list body = TOKEN_LIST_INIT;
		struct cb_occ *occ = NULL;
		struct cb_code c;
		char *text;

		first = define_name(toks, buf, d);
		if (first == (size_t)-1 || first + 1 >= toks->nr ||
		    toks->tokens[first + 1].directive != d)
			continue;
		for (last = first + 1; last + 1 < toks->nr &&
				       toks->tokens[last + 1].directive == d;
		     last++)
			;
		first = toks->tokens[first + 1].start;
		text = macro_text(buf, first, toks->tokens[last].end);
		if (scan_mentions(text, strlen(text), cb->field)) {
			lex_buffer(text, strlen(text), &body);
			cb_code_init(&c, text, strlen(text), &body);
			nr = 0;
			find_occurrences(&c, cb, &occ, &nr);
			for (i = 0; i < nr; i++)
				if (occ[i].initializer)
					add_macro_site(file, &c, m, first,
						       &occ[i]);
			cb_code_release(&c);
			token_list_release(&body);
			free(occ);
		}
		free(text);
	}
	(void)len;
}

void callback_site_scan(struct scan_file *file, const char *buf, size_t len,
			const struct migration *m)
{
	struct token_list toks = TOKEN_LIST_INIT;
	unsigned char *seen;
	struct cb_code c;
	int last;

	lex_buffer(buf, len, &toks);
	seen = xcalloc(toks.nr + 1, 1);
	for (last = 0; last <= cb_has_branches(&toks, buf); last++) {
		cb_code_init_branch(&c, buf, len, &toks, last);
		scan_reading(file, &c, m, seen);
		cb_code_release(&c);
	}
	macro_sites(file, buf, len, &toks, m);
	sort_unique(file);
	free(seen);
	token_list_release(&toks);
}

int callback_site_at_member(const struct call_site *cs)
{
	return cs->text && (cs->text[0] == '.' || cs->text[0] == '-');
}

int callback_defines(const struct migration *m, const char *buf, size_t len,
		     const char *name)
{
	struct token_list toks = TOKEN_LIST_INIT;
	struct cb_verdict v;
	struct cb_code c;
	int last, defines = 0;

	lex_buffer(buf, len, &toks);
	for (last = 0; !defines && last <= cb_has_branches(&toks, buf);
	     last++) {
		cb_code_init_branch(&c, buf, len, &toks, last);
		cb_decide(&c, m, name, strlen(name), &v);
		defines = v.defined;
		cb_code_release(&c);
	}
	token_list_release(&toks);
	return defines;
}
