/*
 * call-site.h - one occurrence of the migrated function's name, and the
 * decision of its form.
 *
 * A call site is any whole-identifier occurrence of the function's name
 * (or, for a renamed function, of its new name) in a file.  scan fills
 * one record per occurrence; apply and check reuse the records as they
 * are: apply converts a call from its parenthesis, commas and argument
 * ranges as the migration's map says (reformat.h), check reads the
 * argument texts and the kind.  All offsets are byte offsets into the
 * buffer that was scanned; line and column are 1-based, the column in
 * bytes, both pointing at the first byte of the name.
 *
 * Kinds: a call (name followed by '(') is old, new or ambiguous, or
 * shadowed when the file defines its own static function of that name,
 * or left-by-context when the migration's map applies only where the
 * call's result is unused (or used) and it is not (call-site-context.c);
 * the name declared or defined is declaration or definition (shadowed
 * when static in a .c file); any other use in code is reference; inside
 * a comment or a string or character literal it is comment or string.
 *
 * Why a site is of its kind is a reason, an enum with its variable part
 * in fields of its own (the argument, the evidence, the file-local
 * name): code decides on the enum, and the words are made only where
 * they are printed (call_site_reason_text(), call-site-reason.c).
 *
 * Caller's steps (call-site-scan.c is the one caller that fills call
 * records): fill the position fields, call call_site_split_args() for a
 * name followed by '(', then call_site_decide_form() for a call;
 * call_site_release() frees what the record owns.  The call kind scans
 * a buffer with call_site_scan() (kind.h's scan_buffer); another kind
 * fills records of its own occurrences, with the kinds below that fit
 * them.
 */
#ifndef KM_CALL_SITE_H
#define KM_CALL_SITE_H

#include <stddef.h>

#include "lexer.h"
#include "migration.h"

struct name_index;
struct scan_file;
struct strbuf;

enum call_site_kind {
	CALL_SITE_OLD,
	CALL_SITE_NEW,
	CALL_SITE_AMBIGUOUS,
	CALL_SITE_SHADOWED,
	CALL_SITE_DECLARATION,
	CALL_SITE_DEFINITION,
	CALL_SITE_REFERENCE,
	CALL_SITE_COMMENT,
	CALL_SITE_STRING,
	CALL_SITE_CONTEXT, /* a call the map leaves by context ("where:") */
	CALL_SITE_NR_KINDS
};

/* why a site is of its kind: set for calls and file-local names */
enum call_site_reason {
	CALL_REASON_NONE,
	CALL_REASON_EVIDENCE,	       /* evidence: what the arguments show */
	CALL_REASON_VARIADIC,	       /* variadic: the macro's parameter */
	CALL_REASON_UNTERMINATED,      /* the argument list is not closed */
	CALL_REASON_CONDITIONAL,       /* an #if inside the arguments */
	CALL_REASON_LOCAL_DECLARATION, /* local_name: a static declaration */
	CALL_REASON_LOCAL_DEFINITION,  /* local_name: a static definition */
	CALL_REASON_LOCAL_CALL,	       /* local_name: a call of it */
	CALL_REASON_API_DEFINITION,    /* local_name: the API's own body */
	/* a member's function (callback-site.h), local_name: the function */
	CALL_REASON_CALLBACK_CALLED,	/* called and its result used */
	CALL_REASON_CALLBACK_ERROR,	/* variadic: the line of an error */
	CALL_REASON_CALLBACK_UNDEFINED, /* no definition in the file */
	CALL_REASON_CALLBACK_MEMBER,	/* given to the other member */
	CALL_REASON_CALLBACK_VALUE,	/* variadic: a value returned */
	CALL_REASON_CALLBACK_NOWHERE,	/* no file of the tree defines it */
	/* variadic: the number of files that define it */
	CALL_REASON_CALLBACK_DEFINITIONS,
	CALL_REASON_CALLBACK_MACRO,	 /* given inside a #define body */
	CALL_REASON_CALLBACK_PROTOTYPE,	 /* defined with another prototype */
	CALL_REASON_CALLBACK_POSITIONAL, /* given in a positional initializer */
	/* local_name: the struct; a positional initializer, places unknown */
	CALL_REASON_CALLBACK_PLACE,
	/* old: has the new prototype already, only the member to rename */
	CALL_REASON_CALLBACK_RENAME,
	CALL_REASON_NR
};

struct call_arg {
	size_t start, end; /* [start, end): trimmed of whitespace */
	char *text;	   /* those bytes, NUL-terminated */
};

struct call_site {
	char *file; /* relative to the tree */
	size_t line, column;
	size_t name_offset, name_len;
	enum call_site_kind kind;
	enum call_site_reason reason; /* why this kind */
	size_t variadic;	      /* the 1-based argument, for VARIADIC */
	char *evidence;		      /* for EVIDENCE */
	char *local_name;	      /* for LOCAL_* */
	char *text;		      /* as scan prints it */
	int in_macro;		      /* inside a #define body */
	/* another kind's occurrence, complete without an argument list */
	int standalone;
	/*
	 * a callback's function that is not its file's static one (the
	 * tree may give or define it in other files too): apply converts
	 * its occurrences in every file or in none
	 */
	int across_files;

	/* only for a name followed by '(' */
	int has_args;
	int unterminated;		/* no ')' before the call must end */
	int pp_conditional;		/* an #if or #else inside the list */
	size_t open_paren, close_paren; /* close_paren: offset of ')' */
	struct call_arg *args;
	size_t nr_args;
	size_t *commas; /* top-level commas, nr_args - 1 */
	size_t nr_commas;
};

/* the file a call site is decided in: its bytes and tokens */
struct call_site_file {
	const char *buf;
	size_t len;
	const struct token_list *tokens;
	const struct migration *m;
	struct name_index *names; /* its declarations (name-index.h); NULL */
};

const char *call_site_kind_name(enum call_site_kind kind);
/* the kind named name, or -1 */
int call_site_kind_from_name(const char *name);
/* old, new and ambiguous: calls of the migrated function */
int call_site_kind_is_call(enum call_site_kind kind);

/*
 * The reason in words, appended to sb ("a call of the file-local
 * 'class_create'"); nothing for CALL_REASON_NONE.  In call-site-reason.c.
 */
void call_site_reason_text(struct strbuf *sb, const struct call_site *cs);
/*
 * The same from its parts, for a caller that keeps them after the site
 * is gone: arg is the argument's number (VARIADIC), text the variable
 * part call_site_reason_operand() gives
 */
void call_site_reason_words(struct strbuf *sb, enum call_site_reason reason,
			    size_t arg, const char *text);
/*
 * The reason's text part: the evidence, the variadic argument's text,
 * the file-local name; NULL for a reason without one
 */
const char *call_site_reason_operand(const struct call_site *cs);
/* the same reason with the same variable part: 1, else 0 */
int call_site_same_reason(const struct call_site *a, const struct call_site *b);

/*
 * Split the argument list whose '(' is token open_tok: respects nested
 * parentheses, brackets and braces, literals and comments.  Inside a
 * #define body the list ends with the directive; in code, directives
 * inside the list are skipped (a conditional one makes the call
 * ambiguous).  Returns the token index of the ')' or, for a list that
 * is not closed (sets unterminated, and close_paren to the end of the
 * last token that belongs to it), of that last token.
 */
size_t call_site_split_args(struct call_site *cs,
			    const struct call_site_file *f, size_t open_tok);

/*
 * Decide old/new/ambiguous for a split call (evidence.c weighs its
 * arguments against the two prototypes) and set kind and reason, with
 * its variable part.
 */
void call_site_decide_form(struct call_site *cs,
			   const struct call_site_file *f);

void call_site_release(struct call_site *cs);

/*
 * The call whose name is token name_tok and whose ')' is close_tok is a
 * whole expression statement, or one cast to void: its result is unused
 * (call-site-context.c).
 */
int call_site_result_unused(const struct call_site_file *f, size_t name_tok,
			    size_t close_tok);

/*
 * The call kind's scan of one buffer that names the function (kind.h's
 * scan_buffer; call-site-scan.c): its call sites appended to file,
 * in offset order; scan_file_buffer() sets their positions.
 */
void call_site_scan(struct scan_file *file, const char *buf, size_t len,
		    const struct migration *m);
/*
 * The same for a migration of several conversions (family.h): every
 * variant's names, each occurrence once, in offset order
 */
void call_site_scan_variants(struct scan_file *file, const char *buf,
			     size_t len, const struct migration *m);

#endif
