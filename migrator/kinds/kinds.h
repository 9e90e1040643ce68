/*
 * kinds.h - the kinds of change kmigrate knows, one file each in this
 * folder (kind-NAME.c, a struct migration_kind kind_NAME: kind.h), one
 * line each in kind-list.h, and their table.
 *
 * Caller's steps: kinds_init() once, before the first migration is read
 * (the commands' set-up does it; so do the unit tests' runner and the
 * fuzz target).  The first kind of the table, call, is the default.
 */
#ifndef KM_KINDS_H
#define KM_KINDS_H

#include "kind.h"

#define KIND(name) extern const struct migration_kind kind_##name;
#include "kind-list.h"
#undef KIND

/* give the migration data the table of the kinds */
void kinds_init(void);

#endif
