/*
 * c-type.h - the small C type model check and scan judge arguments
 * with (c-type.c).
 *
 * type_classify() turns a C type as spelled ("struct class *",
 * "const char[4]", "dev_t") into a kind, a pointer depth and a base;
 * type_fits() says whether an argument of one type may be passed for a
 * parameter of another (1 fits, 0 does not, -1 cannot tell).  Typedef
 * names are integers when they look like the kernel's scalar typedefs
 * (dev_t, u32, __kernel_size_t); anything else unknown is "cannot tell".
 */
#ifndef KM_C_TYPE_H
#define KM_C_TYPE_H

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
