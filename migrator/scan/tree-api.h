/*
 * tree-api.h - which prototype of the migrated function a tree declares.
 *
 * tree_api_read() reads the migration's header in the tree (for
 * class-device-parent, include/linux/device.h), finds the declaration of
 * migration->function (for a renamed function, the new name first, then
 * the old one), counts its fixed parameters and compares them with
 * the old and the new prototype: the tree declares API_NEW, API_OLD or
 * API_UNKNOWN.  A function-like macro of the name is a declaration too
 * (before 6.4, class_create() is a macro around __class_create()): its
 * parameters are counted the same way, and macro is set.  When it is
 * unknown, check goes on with the migration's new prototype (used =
 * API_NEW, fallback = 1) and says so: a note on stderr, "new (fallback)"
 * in the JSON summary.  A missing header is not an error.  The C types
 * check judges arguments with are c-type.h's.
 */
#ifndef KM_TREE_API_H
#define KM_TREE_API_H

#include <stddef.h>

struct migration;
struct migration_prototype;
struct tree_overlay;

enum api_form {
	API_UNKNOWN,
	API_OLD,
	API_NEW,
};

struct tree_api {
	enum api_form declared; /* what the header declares */
	enum api_form used;	/* what check uses */
	int fallback;		/* declared unknown: used is a guess */
	char *header;		/* relative to the tree */
	unsigned int line;	/* of the declaration, 0: none */
	size_t nr_params;	/* fixed parameters declared */
	int variadic;
	int macro; /* declared as a function-like macro */
	char *why; /* when unknown: the reason */
};

/* 0, or -1 only when the migration itself is unusable */
int tree_api_read(struct tree_api *api, const char *tree,
		  const struct migration *m);
/* the same, the header as overlay has it (tree-overlay.h) */
int tree_api_read_overlay(struct tree_api *api, const char *tree,
			  const struct tree_overlay *overlay,
			  const struct migration *m);
/* the same from the header's text; path is for messages */
void tree_api_from_text(struct tree_api *api, const char *text,
			const char *path, const struct migration *m);
void tree_api_release(struct tree_api *api);

/* "new", "old", "new (fallback)", "old (fallback)" */
const char *tree_api_describe(const struct tree_api *api);
/* the prototype calls are checked against in this tree */
const struct migration_prototype *tree_api_prototype(const struct tree_api *api,
						     const struct migration *m);

#endif
