/*
 * callback-tree.c - what a tree's scan learns of the functions given to
 * a "callback" member in a file that does not define them (see
 * callback-site.h, and kind.h's tree_names): where each is defined, and
 * its verdict there, kept in the migration's callback data (remote).
 *
 * A function is looked for in every file of the tree that names it: a
 * definition there with the member's prototype, not static (a static
 * one is that file's own function), is its definition; a call there
 * that uses its result keeps it as it is.  Defined in no file, or in
 * more than one (each for another configuration, or another driver's
 * of the same name), it is left with that reason; defined in one, it
 * is decided there as a function of that file would be, and its
 * definition, declarations and members are converted together.
 *
 * Caller's steps (scan-tree.c, through the kind): callback_tree_names()
 * with NULL, then with each scanned file; callback_mentions() on every
 * file; callback_tree_learn() on each that mentions one, one thread;
 * callback_tree_learned(); then scan those files again, which read the
 * verdicts with cb_remote_find() and cb_remote_combine().
 */
#include <stdlib.h>
#include <string.h>

#include "callback-code.h"
#include "callback-tree.h"
#include "scan.h"
#include "util.h"

/* one function's entry (the util of its name in cb->remote) */
struct cb_remote {
	struct cb_verdict v;   /* the tree's verdict, once learned */
	struct cb_verdict def; /* its verdict in the file defining it */
	size_t defs;	       /* files that define it */
	size_t used;	       /* files where a call uses its result */
	int learned;
};

static struct migration_callback *remote_data(const struct migration *m)
{
	return m->kind_data;
}

static struct cb_remote *remote_entry(const struct migration *m,
				      const char *name, size_t len)
{
	struct migration_callback *cb = remote_data(m);

	if (!cb->remote.nr)
		return NULL;
	return name_table_get(&cb->remote_names, name, len);
}

size_t callback_tree_names(const struct migration *m,
			   const struct scan_file *file)
{
	struct migration_callback *cb = remote_data(m);
	size_t i;

	if (!file) {
		name_table_release(&cb->remote_names, NULL);
		memset(&cb->remote_names, 0, sizeof(cb->remote_names));
		strlist_clear(&cb->remote, 1);
		cb->field_place = cb->new_field_place = cb->struct_defs = 0;
		cb->places_wanted = cb->places_differ = 0;
		return 0;
	}
	for (i = 0; i < file->nr_sites; i++) {
		const struct call_site *cs = &file->sites[i];
		const char *name = cs->local_name;
		struct strlist_item *item;

		if (cs->reason == CALL_REASON_CALLBACK_PLACE)
			cb->places_wanted = 1;
		if (cs->reason != CALL_REASON_CALLBACK_UNDEFINED ||
		    remote_entry(m, name, strlen(name)))
			continue;
		item = strlist_push(&cb->remote, name);
		item->util = xcalloc(1, sizeof(struct cb_remote));
		*name_table_put(&cb->remote_names, item->string,
				strlen(item->string)) = item->util;
	}
	return cb->remote.nr + (size_t)cb->places_wanted;
}

static int ident_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* buf names the struct, as a whole identifier */
static int names_struct(const struct migration_callback *cb, const char *buf,
			size_t len)
{
	size_t n = strlen(cb->struct_name);
	const char *p = buf, *end = buf + len;

	while ((p = memmem(p, (size_t)(end - p), cb->struct_name, n))) {
		if ((p == buf || !ident_byte((unsigned char)p[-1])) &&
		    (p + n == end || !ident_byte((unsigned char)p[n])))
			return 1;
		p += n;
	}
	return 0;
}

int callback_mentions(const struct migration *m, const char *buf, size_t len)
{
	size_t i = 0, start;

	if (remote_data(m)->places_wanted &&
	    names_struct(remote_data(m), buf, len))
		return 1;
	if (!remote_data(m)->remote.nr)
		return 0;
	while (i < len) {
		if (!ident_byte((unsigned char)buf[i])) {
			i++;
			continue;
		}
		start = i;
		while (i < len && ident_byte((unsigned char)buf[i]))
			i++;
		if ((buf[start] < '0' || buf[start] > '9') &&
		    remote_entry(m, buf + start, i - start))
			return 1;
	}
	return 0;
}

/* what one reading of a file says of the function name */
static void learn_name(const struct cb_code *c, const struct migration *m,
		       const char *name, int *defines, int *calls,
		       struct cb_verdict *def)
{
	struct cb_verdict v;

	cb_decide(c, m, name, strlen(name), &v);
	if (v.local)
		return; /* its own static function */
	*calls |= v.called;
	if (v.defined && !*defines) {
		*defines = 1;
		*def = v;
	}
}

/* the names of the table one reading of a file names before a '(' */
static void learn_reading(const struct cb_code *c, const struct migration *m,
			  struct strlist *names)
{
	size_t i;

	for (i = 0; i + 1 < c->nr; i++) {
		const struct token *t = cb_tok(c, i);
		char *name;

		if (!cb_ident(c, i) || !cb_is(c, i + 1, "(") ||
		    !remote_entry(m, c->buf + t->start, t->end - t->start))
			continue;
		name = xstrndup(c->buf + t->start, t->end - t->start);
		if (strlist_find(names, name) < 0)
			strlist_push(names, name);
		free(name);
	}
}

/* the member's places, from a definition of the struct in the file */
static void learn_places(const struct cb_code *c, const struct migration *m)
{
	struct migration_callback *cb = remote_data(m);
	size_t field, new_field;

	if (!cb->places_wanted || !cb_place_learn(c, cb, &field, &new_field))
		return;
	if (cb->struct_defs++ &&
	    (field != cb->field_place || new_field != cb->new_field_place))
		cb->places_differ = 1;
	cb->field_place = field;
	cb->new_field_place = new_field;
}

void callback_tree_learn(const struct migration *m, const char *path,
			 const char *buf, size_t len)
{
	struct token_list toks = TOKEN_LIST_INIT;
	struct strlist names = STRLIST_INIT;
	struct cb_code c[2];
	size_t i, k, readings;

	(void)path;
	lex_buffer(buf, len, &toks);
	readings = 1 + !!cb_has_branches(&toks, buf);
	for (k = 0; k < readings; k++) {
		cb_code_init_branch(&c[k], buf, len, &toks, (int)k);
		learn_reading(&c[k], m, &names);
	}
	learn_places(&c[0], m);
	for (i = 0; i < names.nr; i++) {
		const char *name = names.items[i].string;
		struct cb_remote *r = remote_entry(m, name, strlen(name));
		struct cb_verdict def;
		int defines = 0, calls = 0;

		for (k = 0; k < readings; k++)
			learn_name(&c[k], m, name, &defines, &calls, &def);
		r->used += calls;
		r->defs += defines;
		if (defines && r->defs == 1)
			r->def = def;
	}
	for (k = 0; k < readings; k++)
		cb_code_release(&c[k]);
	strlist_clear(&names, 0);
	token_list_release(&toks);
}

/* a verdict that leaves the function for reason */
static void leave(struct cb_verdict *v, enum call_site_reason reason,
		  size_t line)
{
	v->kind = CALL_SITE_AMBIGUOUS;
	v->reason = reason;
	v->line = line;
}

void callback_tree_learned(const struct migration *m)
{
	struct migration_callback *cb = remote_data(m);
	size_t i;

	if (cb->places_differ)
		cb->field_place = cb->new_field_place = 0;

	for (i = 0; i < cb->remote.nr; i++) {
		struct cb_remote *r = cb->remote.items[i].util;

		memset(&r->v, 0, sizeof(r->v));
		if (r->defs == 1) {
			r->v = r->def;
			if (r->v.kind == CALL_SITE_OLD && r->used)
				leave(&r->v, CALL_REASON_CALLBACK_CALLED, 0);
		} else {
			leave(&r->v,
			      r->defs ? CALL_REASON_CALLBACK_DEFINITIONS :
					CALL_REASON_CALLBACK_NOWHERE,
			      r->defs);
		}
		r->v.remote = 1;
		r->v.local = r->v.called = 0;
		r->learned = 1;
	}
}

const struct cb_verdict *cb_remote_find(const struct migration *m,
					const char *name, size_t len)
{
	const struct cb_remote *r = remote_entry(m, name, len);

	return r && r->learned ? &r->v : NULL;
}

void cb_remote_combine(const struct migration *m, const char *name, size_t len,
		       struct cb_verdict *v)
{
	const struct cb_remote *r = remote_entry(m, name, len);

	if (!r || !r->learned || v->local || v->kind != CALL_SITE_OLD)
		return;
	if (r->defs > 1)
		leave(v, CALL_REASON_CALLBACK_DEFINITIONS, r->defs);
	else if (r->used)
		leave(v, CALL_REASON_CALLBACK_CALLED, 0);
}
