/*
 * evidence.h - what a call's arguments show about the form it is written
 * in, and the decision of that form.  One table for scan (from the text),
 * check (from libclang's types) and the generated semantic patch.
 *
 * The evidence of one argument is what it is, whatever slot it sits in:
 *
 *	NULL		a null pointer: NULL, (T *)0, a macro for one
 *	ZERO		the integer constant 0: an integer, or a null pointer
 *	INTEGER		another integer constant, or integer arithmetic
 *	STRING		a string literal, maybe concatenated
 *	ADDRESS		&x: a pointer (of a known type for &x->dev)
 *	TYPED		a value of a known type: a cast, a macro the kernel
 *			data gives a type (MKDEV(...) is a dev_t), an
 *			identifier the file declares, or libclang's type
 *	UNKNOWN		nothing is known
 *
 * evidence_fits() says whether it fits a parameter type: 1, 0 (the form
 * is contradicted there), -1 (cannot tell).  NULL fits any pointer, 0
 * fits a pointer and an integer, a string fits a char * and a void *.
 *
 * evidence_decide() weighs a call against its possible forms (the old
 * and the new prototype) in tiers; a form contradicted is out, and the
 * first tier that leaves exactly one form decides; none left, or more
 * than one after the last tier, is ambiguous (never guessed):
 *
 *  1. the name: a renamed function's old name is the old form, its new
 *     name the new one (the caller says which forms the name allows);
 *  2. the arity: at least the fixed parameters, no more unless variadic
 *     (four arguments are the old class_device_create(), whatever they
 *     are; one is the new class_create(), an owner there is a type
 *     error check reports);
 *  3. string literals: a literal where a form takes neither a string
 *     nor a void * contradicts it; then, of the forms left, the only one
 *     whose format position holds a literal is the form;
 *  4. what every other argument is: an integer or an address where a
 *     form takes the other, a typed value that does not fit (an
 *     identifier's declared type fits only as that very type, or a
 *     pointer for a void *: the file's declarations are found without
 *     scopes, and an int is no dev_t);
 *  5. the idioms that are no proof: NULL where a form takes an integer
 *     (sloppy code writes NULL for 0) or its format (a format is never
 *     NULL), a plain 0 where it takes a pointer (the kernel writes NULL
 *     there: sparse's "Using plain integer as NULL pointer").
 *
 * Caller's steps: evidence_of() each argument (or evidence_set_type()
 * for a type libclang gives), evidence_decide(), evidence_release() each.
 */
#ifndef KM_EVIDENCE_H
#define KM_EVIDENCE_H

#include <stddef.h>

#include "strlist.h"

struct kernel_data;
struct migration_prototype;
struct name_index;
struct strbuf;
struct token_list;

enum evidence_kind {
	EVIDENCE_UNKNOWN,
	EVIDENCE_NULL,
	EVIDENCE_ZERO,
	EVIDENCE_INTEGER,
	EVIDENCE_STRING,
	EVIDENCE_ADDRESS,
	EVIDENCE_TYPED,
};

struct evidence {
	enum evidence_kind kind;
	char *type;   /* TYPED (and a known ADDRESS): "dev_t" */
	int declared; /* TYPED: from the file's declarations only */
	struct strlist declared_types; /* every type it is declared with */
	char *why;		       /* "is NULL", "is MKDEV(), a 'dev_t'" */
};

/* where an argument's text is read: for declarations and #defines */
struct evidence_source {
	const char *buf;		 /* the file, or NULL */
	const struct token_list *tokens; /* its tokens */
	size_t macro; /* the #define holding the call, or 0 */
	const struct kernel_data *kernel;
	struct name_index *names; /* of tokens (name-index.h), or NULL */
};

/* the evidence of an argument's text[0..len) */
void evidence_of(struct evidence *ev, const struct evidence_source *src,
		 const char *text, size_t len);
/* the evidence of a value of a known type (libclang's): TYPED */
void evidence_set_type(struct evidence *ev, const char *type);
void evidence_release(struct evidence *ev);

/* 1: fits a parameter of that type; 0: contradicts it; -1: cannot tell */
int evidence_fits(const struct evidence *ev, const char *param_type);

/* one possible form of a call */
struct evidence_form {
	const char *name; /* "old", "new" */
	const struct migration_prototype *proto;
	int allowed; /* 0: its name rules it out (tier 0) */
};

/*
 * The index of the form the arguments decide, or -1: ambiguous.  The
 * reason (why that form, or why none) is appended to reason.
 */
int evidence_decide(const struct evidence_form *forms, size_t nr_forms,
		    const struct evidence *args, size_t nr_args,
		    struct strbuf *reason);

#endif
