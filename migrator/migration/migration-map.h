/*
 * migration-map.h - the map of a migration ("new-call", "drop",
 * "not-null"): how the call kind (kind-call.c) reads it.  Everyone else
 * reads the map through migration.h.
 *
 * map_parse_new_call(), map_add_drop(), map_add_not_null(), map_set_where()
 * map_set_left_reason() and map_add_leave_path() read one
 * field's value (its syntax only); map_validate() runs once every field
 * is read and checks the map against the prototypes, then fills
 * old_to_new.  Each returns 0, or -1 with
 * the reason in why.
 */
#ifndef KM_MIGRATION_MAP_H
#define KM_MIGRATION_MAP_H

struct migration;
struct strbuf;

int map_parse_new_call(struct migration *m, const char *value,
		       struct strbuf *why);
int map_add_drop(struct migration *m, const char *value, struct strbuf *why);
int map_add_not_null(struct migration *m, const char *value,
		     struct strbuf *why);
/* "where:" and "left-reason:" */
int map_set_where(struct migration *m, const char *value, struct strbuf *why);
int map_set_left_reason(struct migration *m, const char *value,
			struct strbuf *why);
/* "leave-path: PATH REASON" */
int map_add_leave_path(struct migration *m, const char *value,
		       struct strbuf *why);
int map_validate(struct migration *m, struct strbuf *why);
void map_release(struct migration *m);

#endif
