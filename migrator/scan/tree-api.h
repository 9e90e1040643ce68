/*
 * tree-api.h - which prototype of the migrated function a tree declares.
 *
 * tree_api_read() reads the migration's header in the tree (for
 * class-device-parent, include/linux/device.h; or a list of paths and
 * globs such as arch/<star>/include/asm/foo.h, for a macro each
 * architecture defines: the first file that declares the name, in the
 * list's order and each glob's files sorted, is the one read, and
 * header names it), finds the declaration of migration->function (for
 * a renamed function, the new name first, then
 * the old one), counts its fixed parameters and compares them with
 * the old and the new prototype: the tree declares API_NEW, API_OLD or
 * API_UNKNOWN.  A header that declares the new name and, beside it, the
 * old one with the old prototype (strscpy() and strlcpy() in 6.1's
 * string.h) declares API_NEW, both set.  When the migration names a
 * new-header, the new name is
 * looked for there too: a tree that declares the old name in the header
 * and the new one there declares API_NEW, both set (the old function
 * stays beside the new).  A function-like macro of the name is a
 * declaration too (before 6.4, class_create() is a macro around
 * __class_create()): its parameters are counted the same way, and
 * macro is set.  When it is
 * unknown, check goes on with the migration's new prototype (used =
 * API_NEW, fallback = 1) and says so: a note on stderr, "new (fallback)"
 * in the JSON summary.  A missing header is not an error.  Why it is
 * unknown is an enum with its variable part in fields of its own; the
 * words are made only where they are printed (tree_api_reason_text()).
 * The C types check judges arguments with are c-type.h's.
 */
#ifndef KM_TREE_API_H
#define KM_TREE_API_H

#include <stddef.h>

struct migration;
struct migration_prototype;
struct strbuf;
struct tree_overlay;

enum api_form {
	API_UNKNOWN,
	API_OLD,
	API_NEW,
};

/* why the tree's API is unknown */
enum tree_api_reason {
	TREE_API_KNOWN,		    /* it is not */
	TREE_API_UNREADABLE,	    /* the header cannot be read: error */
	TREE_API_NOT_DECLARED,	    /* the header declares no name */
	TREE_API_UNREADABLE_PARAMS, /* name's parameters cannot be read */
	TREE_API_NEITHER_PROTOTYPE, /* name's nr_params fit neither form */
	TREE_API_REASON_NR
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
	/*
	 * a renamed function whose old name the tree still declares with
	 * the old prototype beside the new one (the migration's
	 * new-header): a call of either is right
	 */
	int both;
	enum tree_api_reason why; /* when unknown: the reason */
	char *name;		  /* the function it names */
	int error;		  /* TREE_API_UNREADABLE: the errno */
};

/* 0, or -1 only when the migration itself is unusable */
int tree_api_read(struct tree_api *api, const char *tree,
		  const struct migration *m);
/* the same, the header as overlay has it (tree-overlay.h) */
int tree_api_read_overlay(struct tree_api *api, const char *tree,
			  const struct tree_overlay *overlay,
			  const struct migration *m);
/* the same from the header's text; path is the header's, for messages */
void tree_api_from_text(struct tree_api *api, const char *text,
			const char *path, const struct migration *m);
void tree_api_release(struct tree_api *api);

/*
 * Why the API is unknown, appended to out ("'include/linux/device.h'
 * does not declare 'class_device_create'"); nothing when it is known
 */
void tree_api_reason_text(const struct tree_api *api, struct strbuf *out);

/* "new", "old", "new (fallback)", "old (fallback)" */
const char *tree_api_describe(const struct tree_api *api);
/* the prototype calls are checked against in this tree */
const struct migration_prototype *tree_api_prototype(const struct tree_api *api,
						     const struct migration *m);

#endif
