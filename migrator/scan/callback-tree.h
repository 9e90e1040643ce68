/*
 * callback-tree.h - the "callback" kind's look at the whole tree (kind.h's
 * tree_names, mentions, tree_learn and tree_learned): the functions
 * given to the member in a file that does not define them, found where
 * the tree defines them (callback-tree.c says how they are decided).
 *
 * Caller's steps: the kind's table hands them to scan-tree.c.
 */
#ifndef KM_CALLBACK_TREE_H
#define KM_CALLBACK_TREE_H

#include <stddef.h>

#include "migration.h"

struct scan_file;

/*
 * NULL: forget every name; else keep the names file's sites ask for;
 * how many are kept in all
 */
size_t callback_tree_names(const struct migration *m,
			   const struct scan_file *file);
/* buf names one of the names kept, as a whole identifier */
int callback_mentions(const struct migration *m, const char *buf, size_t len);
/* what the file at path says of the names: definitions, calls */
void callback_tree_learn(const struct migration *m, const char *path,
			 const char *buf, size_t len);
/* decide each name from what the files said */
void callback_tree_learned(const struct migration *m);

#endif
