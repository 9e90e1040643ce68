/*
 * callback.h - the data of a migration of the "callback" kind: a
 * function-pointer member of a struct whose prototype changes, so that
 * every function assigned to it changes its definition (the keys are
 * the "callback" section of Documentation/migration-format.md).
 *
 * The fields are the kind's own (m->kind_data); this file reads and
 * checks them, the kind's file (migrator/kinds/kind-callback.c) hands
 * it the keys.  Only the return type may change: the parameters stay;
 * a return statement of the old form returns success (a final one is
 * dropped, an early one loses its value) or an error (the function is
 * left, or with "errors: drop" converted with a warning).
 *
 * Caller's steps: callback_read_field() per key, callback_missing_field()
 * and callback_finish() once, migration_callback(m) to read them,
 * callback_release().
 */
#ifndef KM_CALLBACK_H
#define KM_CALLBACK_H

#include "migration.h"
#include "name-table.h"
#include "strlist.h"

struct strbuf;

struct migration_callback {
	char *struct_name; /* the struct the member belongs to */
	char *field;	   /* its member, in the old API */
	char *new_field;   /* its name in the new API; == field if kept */
	char *header;	   /* where a tree declares the struct */
	struct migration_prototype old_proto, new_proto;
	struct strlist wrappers; /* macros looked through: "W(fn)" */
	char *success;		 /* the value returned for success: "0" */
	int drop_errors;	 /* "errors: drop" */
	char *unbind_bus;	 /* the bus whose unbind path calls it; NULL */
	char *summary;		 /* what the change does, in series' words */
	/*
	 * What a tree's scan learned (callback-tree.c): the functions
	 * given to the member in a file that does not define them, each
	 * with its verdict in util (scan's, freed with the list), and
	 * the same names hashed; empty until then
	 */
	struct strlist remote;
	struct name_table remote_names;
	/*
	 * The member's places in the struct, 1-based (positional
	 * initializers), from the tree's definition of it; 0 unknown.
	 * places_wanted: a file has a positional initializer;
	 * struct_defs: files that define the struct, places_differ: not
	 * all with the same places
	 */
	size_t field_place, new_field_place;
	int places_wanted, places_differ;
	size_t struct_defs;
};

/* the callback data of a migration of that kind */
static inline const struct migration_callback *
migration_callback(const struct migration *m)
{
	return m->kind_data;
}

int callback_read_field(struct migration *m, const char *key, const char *value,
			struct strbuf *why);
const char *callback_missing_field(const struct migration *m);
int callback_finish(struct migration *m, struct strbuf *why);
void callback_release(struct migration *m);

/* the member is renamed */
int callback_renames(const struct migration_callback *cb);

#endif
