/*
 * callback-code.h - the code tokens of a buffer as the "callback" kind
 * reads them (callback-site.h), and the functions it decides: shared by
 * callback-site.c (the occurrences), callback-func.c (a function's
 * declaration, its returns and their conversion) and callback-place.c
 * (positional initializers).
 *
 * Caller's steps: lex the buffer, cb_code_init(), use the indices
 * (code indices: comments and directives left out), cb_code_release().
 */
#ifndef KM_CALLBACK_CODE_H
#define KM_CALLBACK_CODE_H

#include <stddef.h>

#include "call-site.h"
#include "callback.h"
#include "lexer.h"

#define CB_NONE ((size_t)-1)

struct cb_code {
	const char *buf;
	size_t len;
	const struct token_list *toks;
	size_t *idx; /* the token index of each code token */
	size_t nr;
	size_t *match; /* the matching bracket's code index, or CB_NONE */
	size_t *encl;  /* the innermost enclosing '{', or CB_NONE */
};

void cb_code_init(struct cb_code *c, const char *buf, size_t len,
		  const struct token_list *toks);
/*
 * the same reading the last branch of each #if/#ifdef conditional
 * (last_branch) instead of the first: scan reads both
 */
void cb_code_init_branch(struct cb_code *c, const char *buf, size_t len,
			 const struct token_list *toks, int last_branch);
/* the tokens hold an #else or #elif: the last branches differ */
int cb_has_branches(const struct token_list *toks, const char *buf);
void cb_code_release(struct cb_code *c);
/* code token i is text */
int cb_is(const struct cb_code *c, size_t i, const char *text);
/* code token i is an identifier */
int cb_ident(const struct cb_code *c, size_t i);
const struct token *cb_tok(const struct cb_code *c, size_t i);
/* the code token that starts at offset, or CB_NONE */
size_t cb_at(const struct cb_code *c, size_t offset);
/* the 1-based line of offset */
size_t cb_line(const struct cb_code *c, size_t offset);

enum cb_form {
	CB_FORM_OTHER,
	CB_FORM_OLD,
	CB_FORM_NEW
};

/* a function's declaration or definition at file scope */
struct cb_function {
	size_t first, name, close; /* its first word, its name, ')' */
	size_t end;		   /* its ';', or its body's '}' */
	int body;		   /* a definition */
	enum cb_form form;	   /* its prototype: the member's, old or new */
};

/* the function declared with its name at code token name: 0, else -1 */
int cb_function_at(const struct cb_code *c, size_t name,
		   const struct migration_callback *cb, struct cb_function *f);

/* the same without looking at its prototype (form is CB_FORM_OTHER) */
int cb_span_function(const struct cb_code *c, size_t name,
		     const struct migration_callback *cb,
		     struct cb_function *f);
/* the ';' of the return statement at code token r, or CB_NONE */
size_t cb_return_end(const struct cb_code *c, size_t r, size_t end);
/* tokens (r, semi) return the value success */
int cb_returns_success(const struct cb_code *c, size_t r, size_t semi,
		       const char *success);

/*
 * the value of the return statement (r, semi) has a side effect (a
 * call, an assignment): with "errors: drop" it stays, as a statement
 */
int cb_return_effect(const struct cb_code *c, size_t r, size_t semi);
/* the statement at r is one of a block's: a statement may go after it */
int cb_in_block(const struct cb_code *c, size_t r);

/* what the return statements of a definition return */
struct cb_returns {
	size_t errors;	    /* returns of another value than success */
	size_t first_error; /* the offset of the first */
	size_t values;	    /* returns of any value, success too */
	size_t first_value; /* the offset of the first */
	/* errors whose value stays but cannot: a braceless branch */
	size_t stuck;
};

void cb_function_returns(const struct cb_code *c,
			 const struct migration_callback *cb,
			 const struct cb_function *f, struct cb_returns *r);
/* the declaration f says "static" */
int cb_function_static(const struct cb_code *c, const struct cb_function *f);

/*
 * An element of a positional initializer of the struct (callback-place.c)
 * at the member's place, or an initializer whose places are unknown
 */
struct cb_place {
	size_t brace; /* the initializer's '{' */
	size_t value; /* the element's first token; CB_NONE: places unknown */
	int new_name; /* at the place of the member's new name */
};

/*
 * The places of the member (1-based, 0: absent) in the definition of
 * the struct the code holds at file scope: 1, else 0
 */
int cb_place_learn(const struct cb_code *c, const struct migration_callback *cb,
		   size_t *field, size_t *new_field);
/* the positional initializers' elements at the member's places */
void cb_positional(const struct cb_code *c, const struct migration_callback *cb,
		   struct cb_place **out, size_t *nr);

/* how a function is left, or converted (callback-site.c decides) */
struct cb_verdict {
	enum call_site_kind kind;
	enum call_site_reason reason;
	size_t line;  /* of the first error; the definitions' number */
	int defined;  /* with the member's prototype, old or new */
	int new_form; /* the new one */
	int called;   /* a call of it in the buffer uses its result */
	int local;    /* defined static in the buffer */
	int remote;   /* defined in another file (callback-tree.c) */
	int other;    /* defined in the buffer with another prototype */
};

/* decide the function name[0..len) from the code c */
void cb_decide(const struct cb_code *c, const struct migration *m,
	       const char *name, size_t len, struct cb_verdict *v);

/*
 * The tree's word on a function given to the member in a file that
 * does not define it (callback-tree.c), NULL when the tree's scan has
 * not looked for it
 */
const struct cb_verdict *cb_remote_find(const struct migration *m,
					const char *name, size_t len);
/*
 * The verdict of a function the buffer defines (v), as the tree has
 * it: another file's call uses its result, or other files define it
 */
void cb_remote_combine(const struct migration *m, const char *name, size_t len,
		       struct cb_verdict *v);

#endif
