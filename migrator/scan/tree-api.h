/*
 * tree-api.h - which prototype of the migrated function a tree declares,
 * and the small C type model check judges arguments with.
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
 * in the JSON summary.  A missing header is not an error.
 *
 * Types: type_classify() turns a C type as spelled ("struct class *",
 * "const char[4]", "dev_t") into a kind, a pointer depth and a base;
 * type_fits() says whether an argument of one type may be passed for a
 * parameter of another (1 fits, 0 does not, -1 cannot tell).  Typedef
 * names are integers when they look like the kernel's scalar typedefs
 * (dev_t, u32, __kernel_size_t); anything else unknown is "cannot tell".
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

enum type_kind {
	TYPE_UNKNOWN,
	TYPE_INTEGER,
	TYPE_FLOAT,
	TYPE_VOID,
	TYPE_RECORD, /* struct or union by value */
	TYPE_FUNCTION,
};

struct type_class {
	enum type_kind kind; /* of the base, below the pointers */
	int pointers;	     /* levels of indirection (arrays decay) */
	char base[80];	     /* "struct class", "char", "int" */
};

void type_classify(const char *spelling, struct type_class *tc);
int type_is_pointer(const struct type_class *tc);
/* char * (or a char array): what %s and a format take */
int type_is_string(const struct type_class *tc);
int type_fits(const struct type_class *param, const struct type_class *arg,
	      int arg_is_null);
/* the same for two spellings (NULL: unknown) */
int type_spelling_fits(const char *param, const char *arg, int arg_is_null);

#endif
