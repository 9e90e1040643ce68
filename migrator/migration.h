/*
 * migration.h - one migration, read from its folder under semantic-patches/.
 *
 * Everything kmigrate knows about the API being migrated comes from the
 * folder's "migration" file (format in semantic-patches/README.md): the
 * function, its old and new prototypes, the inserted parameter and its
 * default, where the printf format sits, the .cocci files, and the text
 * for commit messages.  The core never names a function itself.
 *
 * Caller's steps: migration_load() (reports and returns -1 on a missing
 * or malformed migration), use the fields, migration_release().
 */
#ifndef KM_MIGRATION_H
#define KM_MIGRATION_H

#include <stddef.h>

#include "strlist.h"

struct migration_param {
	char *type;		/* "struct class *" */
	char *name;		/* "cls" */
};

struct migration_prototype {
	char *text;		/* as written in the migration file */
	char *return_type;
	struct migration_param *params;
	size_t nr_params;	/* fixed parameters */
	int variadic;		/* ends in "..." */
};

struct migration {
	char *name;
	char *dir;			/* the migration's folder */
	char *function;
	char *header;			/* where the tree declares it */
	struct migration_prototype old_proto, new_proto;
	int new_arg;			/* 1-based position of the new parameter */
	char *new_arg_name;
	char *new_arg_default;		/* what callers pass: "NULL" */
	int format_arg_old, format_arg_new;	/* 1-based, 0: none */
	struct strlist cocci;		/* full paths, applied in order */
	char *subject;
	char *description;
	char *model;			/* the core-model entry point it maps to */
	char *null_argument;		/* optional: "POS what a NULL there does" */
	char *demo_tree;		/* optional, for run: relative to the data dir */
	char *demo_patch;		/* optional: a hand-written conversion of it */
};

/*
 * The data directory: $KMIGRATE_DATADIR, the source tree or installation
 * the binary sits in, or the one compiled in.  It holds semantic-patches/
 * (the migrations) and the demo fixtures that run uses.
 */
const char *km_datadir(void);
const char *km_semantic_patches_dir(void);

int migration_load(struct migration *m, const char *name);
/* parse a migration file's text; path is only used in messages */
int migration_parse(struct migration *m, const char *text, const char *path);
void migration_release(struct migration *m);

int prototype_parse(struct migration_prototype *proto, const char *text,
		    char **function);
void prototype_release(struct migration_prototype *proto);

#endif
