/*
 * kernel-data.h - what kmigrate knows about the kernel's types and macros,
 * read from semantic-patches/kernel-types and shared by every migration
 * (in the spirit of smatch's smatch_data/).
 *
 * Six tables (the file's format is in semantic-patches/README.md):
 *
 *   roles	a C type and the role a parameter or value of that type
 *		plays: "struct class *" is a class, "dev_t" a devt, "void *"
 *		opaque data.  The model and the messages speak in roles.
 *   macros	what an argument spelled with a macro is: MKDEV(...) a dev_t,
 *		MKDEV(0,0) a zero dev_t, THIS_MODULE a struct module *, NULL
 *		the null pointer.  An entry with arguments matches only those
 *		arguments (blanks aside) and wins over NAME(...).
 *   members	a structure member whose name says what it is: the address
 *		of a "dev" member is a struct device *.
 *   attributes	the kernel's annotations and attribute macros a
 *		declaration may carry and a prototype's reader skips:
 *		__iomem, __user, __must_check, __printf(2, 3).
 *   configs	the Kconfig symbols check's libclang sees defined in a tree
 *		never configured, per machine (uname -m): on x86_64,
 *		CONFIG_64BIT and CONFIG_X86_64, so that the headers' types
 *		agree with the machine's (BITS_PER_LONG with its long).
 *   includes	the headers Kbuild includes before every file (-include),
 *		when the tree has them: <linux/kconfig.h>'s IS_ENABLED().
 *
 * Types are kept whitespace-normalised and without qualifiers
 * (type_normalise_text(): "const char *" is "char *").  Nothing in
 * migrator/ names a driver-core type or macro: it asks these tables.
 *
 * Caller's steps: kernel_data_load(&kd) (or kernel_data_parse() on a
 * text, for tests; -1 on a malformed file, reported), the lookups,
 * kernel_data_release(&kd).  A migration carries its copy
 * (migration.h), loaded with it.
 */
#ifndef KM_KERNEL_DATA_H
#define KM_KERNEL_DATA_H

#include <stddef.h>

#define KERNEL_DATA_FILE "kernel-types"

struct kernel_role {
	char *role; /* "class" */
	char *type; /* "struct class *" */
};

struct kernel_macro {
	char *name;	   /* "MKDEV" */
	int function_like; /* written NAME(...) or NAME(ARGS) */
	char *args;	   /* ARGS without blanks ("0,0"); NULL: any */
	char *type;	   /* "dev_t"; the null pointer's: "void *" */
	unsigned zero : 1; /* a constant zero of its type */
	unsigned null : 1; /* the null pointer constant */
};

struct kernel_member {
	char *name; /* "dev" */
	char *type; /* "struct device": &x->dev points to one */
};

/* an attribute or annotation a declaration may carry: skipped in it */
struct kernel_attribute {
	char *name;	   /* "__iomem", "__printf" */
	int function_like; /* written NAME(...): it takes arguments */
};

/* a Kconfig symbol defined for libclang on one machine */
struct kernel_config {
	char *machine; /* "x86_64", as uname -m says it */
	char *name;    /* "CONFIG_64BIT" */
	char *value;   /* "1" */
};

struct kernel_data {
	struct kernel_role *roles;
	size_t nr_roles, alloc_roles;
	struct kernel_macro *macros;
	size_t nr_macros, alloc_macros;
	struct kernel_member *members;
	size_t nr_members, alloc_members;
	struct kernel_attribute *attributes;
	size_t nr_attributes, alloc_attributes;
	struct kernel_config *configs;
	size_t nr_configs, alloc_configs;
	char **includes; /* "linux/kconfig.h" */
	size_t nr_includes, alloc_includes;
};

/* the data directory's kernel-types; 0, or -1 (reported) */
int kernel_data_load(struct kernel_data *kd);
/* the same from a text; path is for messages.  Adds to kd. */
int kernel_data_parse(struct kernel_data *kd, const char *text,
		      const char *path);
void kernel_data_release(struct kernel_data *kd);

/* the role of a C type as spelled ("const char *": "string"), or NULL */
const char *kernel_type_role(const struct kernel_data *kd, const char *type);
/* the C type of a role ("class": "struct class *"), or NULL */
const char *kernel_role_type(const struct kernel_data *kd, const char *role);
/*
 * The macro an expression's text is, as a whole ("MKDEV(0, 0)",
 * "/ * x * / THIS_MODULE"), or NULL.  Comments and blanks do not count.
 */
const struct kernel_macro *kernel_macro_match(const struct kernel_data *kd,
					      const char *text, size_t len);
/* the entry of an object-like or function-like macro name, or NULL */
const struct kernel_macro *kernel_macro_named(const struct kernel_data *kd,
					      const char *name);
/* the attribute named name ("__printf"), or NULL */
const struct kernel_attribute *
kernel_attribute_named(const struct kernel_data *kd, const char *name);
/* the type of a member named name ("struct device"), or NULL */
const char *kernel_member_type(const struct kernel_data *kd, const char *name);

#endif
