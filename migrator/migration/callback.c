/*
 * callback.c - read and check the keys of the "callback" kind (see
 * callback.h): struct, field, new-field, header, old-prototype,
 * new-prototype, wrapper, success, errors, unbind and summary.  Every value is
 * checked for what it is (migration-validate.h) before it is stored,
 * and once all are read, that the prototypes name the member and differ
 * in their return type alone.
 */
#include <stdlib.h>
#include <string.h>

#include "callback.h"
#include "lexer.h"
#include "migration-validate.h"
#include "strbuf.h"
#include "util.h"

static struct migration_callback *data_of(struct migration *m)
{
	if (!m->kind_data) {
		struct migration_callback *cb = xcalloc(1, sizeof(*cb));

		strlist_init(&cb->wrappers);
		m->kind_data = cb;
	}
	return m->kind_data;
}

static int set_once(char **field, const char *value,
		    int (*validate)(const char *, struct strbuf *),
		    struct strbuf *why)
{
	if (*field) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	if (validate(value, why) < 0)
		return -1;
	*field = xstrdup(value);
	return 0;
}

static int set_proto(struct migration *m, struct migration_prototype *p,
		     const char *value, struct strbuf *why)
{
	if (p->text) {
		strbuf_addstr(why, "given twice");
		return -1;
	}
	if (validate_one_line(value, why) < 0 ||
	    validate_prototype(value, why) < 0)
		return -1;
	return prototype_read(p, value, &m->kernel, why);
}

static int set_errors(struct migration_callback *cb, const char *value,
		      struct strbuf *why)
{
	if (!strcmp(value, "drop"))
		cb->drop_errors = 1;
	else if (strcmp(value, "leave")) {
		strbuf_addf(why, "'%s' is neither 'leave' nor 'drop'", value);
		return -1;
	}
	return 0;
}

int callback_read_field(struct migration *m, const char *key, const char *value,
			struct strbuf *why)
{
	struct migration_callback *cb = data_of(m);

	if (validate_one_line(value, why) < 0)
		return -1;
	if (!strcmp(key, "summary"))
		return set_once(&cb->summary, value, validate_prose, why);
	if (!strcmp(key, "struct"))
		return set_once(&cb->struct_name, value, validate_identifier,
				why);
	if (!strcmp(key, "field"))
		return set_once(&cb->field, value, validate_identifier, why);
	if (!strcmp(key, "new-field"))
		return set_once(&cb->new_field, value, validate_identifier,
				why);
	if (!strcmp(key, "header"))
		return set_once(&cb->header, value, validate_relative_path,
				why);
	if (!strcmp(key, "success"))
		return set_once(&cb->success, value, validate_c_expression,
				why);
	if (!strcmp(key, "old-prototype"))
		return set_proto(m, &cb->old_proto, value, why);
	if (!strcmp(key, "new-prototype"))
		return set_proto(m, &cb->new_proto, value, why);
	if (!strcmp(key, "errors"))
		return set_errors(cb, value, why);
	if (!strcmp(key, "unbind"))
		return set_once(&cb->unbind_bus, value, validate_identifier,
				why);
	if (!strcmp(key, "wrapper")) {
		if (validate_identifier(value, why) < 0)
			return -1;
		strlist_push(&cb->wrappers, value);
		return 0;
	}
	strbuf_addstr(why, "unknown key");
	return -1;
}

const char *callback_missing_field(const struct migration *m)
{
	const struct migration_callback *cb = m->kind_data;

	if (!cb || !cb->struct_name)
		return "struct";
	if (!cb->field)
		return "field";
	if (!cb->header)
		return "header";
	if (!cb->old_proto.text)
		return "old-prototype";
	if (!cb->new_proto.text)
		return "new-prototype";
	if (!cb->summary)
		return "summary";
	return NULL;
}

static int same_type(const char *a, const char *b)
{
	struct strbuf na = STRBUF_INIT, nb = STRBUF_INIT;
	int same;

	type_normalise_text(&na, a);
	type_normalise_text(&nb, b);
	same = !strcmp(na.buf, nb.buf);
	strbuf_release(&na);
	strbuf_release(&nb);
	return same;
}

/* the prototypes differ in their return type alone */
static int check_params(const struct migration_callback *cb, struct strbuf *why)
{
	const struct migration_prototype *o = &cb->old_proto,
					 *n = &cb->new_proto;
	size_t i;

	if (o->nr_params != n->nr_params || o->variadic != n->variadic) {
		strbuf_addstr(why, "the prototypes must have the same "
				   "parameters (only the return type changes)");
		return -1;
	}
	for (i = 0; i < o->nr_params; i++)
		if (!same_type(o->params[i].type, n->params[i].type)) {
			strbuf_addf(why,
				    "parameter %zu changes its type "
				    "(only the return type may change)",
				    i + 1);
			return -1;
		}
	if (same_type(o->return_type, n->return_type)) {
		strbuf_addstr(why, "the prototypes return the same type");
		return -1;
	}
	if (!same_type(n->return_type, "void") ||
	    same_type(o->return_type, "void")) {
		strbuf_addstr(why, "the new prototype must return void and "
				   "the old one a value");
		return -1;
	}
	return 0;
}

int callback_finish(struct migration *m, struct strbuf *why)
{
	struct migration_callback *cb = m->kind_data;

	if (!cb->new_field)
		cb->new_field = xstrdup(cb->field);
	if (!cb->success)
		cb->success = xstrdup("0");
	if (strcmp(cb->old_proto.function, cb->field)) {
		strbuf_addf(why, "the old prototype declares '%s', not '%s'",
			    cb->old_proto.function, cb->field);
		return -1;
	}
	if (strcmp(cb->new_proto.function, cb->new_field)) {
		strbuf_addf(why, "the new prototype declares '%s', not '%s'%s",
			    cb->new_proto.function, cb->new_field,
			    callback_renames(cb) ? "" :
						   " (a new name needs "
						   "'new-field')");
		return -1;
	}
	if (strlist_find(&cb->wrappers, cb->field) >= 0 ||
	    !strcmp(cb->struct_name, cb->field)) {
		strbuf_addf(why, "'%s' is the member, not a wrapper",
			    cb->field);
		return -1;
	}
	return check_params(cb, why);
}

int callback_renames(const struct migration_callback *cb)
{
	return cb->new_field && strcmp(cb->field, cb->new_field);
}

void callback_release(struct migration *m)
{
	struct migration_callback *cb = m->kind_data;

	if (!cb)
		return;
	free(cb->struct_name);
	free(cb->field);
	free(cb->new_field);
	free(cb->header);
	free(cb->success);
	free(cb->summary);
	free(cb->unbind_bus);
	prototype_release(&cb->old_proto);
	prototype_release(&cb->new_proto);
	strlist_clear(&cb->wrappers, 0);
	name_table_release(&cb->remote_names, NULL);
	strlist_clear(&cb->remote, 1);
	free(cb);
	m->kind_data = NULL;
}
