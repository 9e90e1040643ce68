/*
 * migration-map.h - the map of a migration ("new-call", "drop",
 * "not-null") as migration.c reads it, that migration.c and
 * migration-map.c share, they only; callers use migration.h.
 *
 * map_parse_new_call(), map_add_drop() and map_add_not_null() read one
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
int map_validate(struct migration *m, struct strbuf *why);
void map_release(struct migration *m);

#endif
