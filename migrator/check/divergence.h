/*
 * divergence.h - how a hand-written call differs from the semantic
 * conversion's: identical, only in blanks and comments, equivalent, or
 * different, with what differs in words.
 *
 * Calls are compared as whole texts, the migrated function's name
 * first: split into their arguments the way scan splits them, each
 * normalised (blanks and comments dropped, literals kept as written).
 * Equivalent: the arguments are the same once a zero devt is read as 0
 * (the kernel data's zero macros) and a "%s" format with one argument
 * as that argument.  The rule hand-patch-divergence decides with it; its
 * steps are here so that its suite, and any other user in check, can
 * reach them.
 */
#ifndef KM_DIVERGENCE_H
#define KM_DIVERGENCE_H

struct migration;
struct strbuf;
struct strlist;

enum divergence {
	DIVERGENCE_IDENTICAL,
	DIVERGENCE_WHITESPACE, /* only blanks (or comments) differ */
	DIVERGENCE_EQUIVALENT, /* "0" for "MKDEV(0,0)", "\"%s\", X" for X */
	DIVERGENCE_DIFFERENT,
};

/*
 * Compare a hand-written call with the semantic conversion's; what says
 * how they differ ("argument 3 is 'MKDEV(0,0)' where the conversion has
 * '0'").
 */
enum divergence divergence_classify(const struct migration *m, const char *hand,
				    const char *converted, struct strbuf *what);

/* the text without blanks and comments, literals kept as written */
void divergence_normalise(struct strbuf *out, const char *text);
/* the first call's arguments, normalised: 0, or -1 when it has none */
int divergence_split_args(const struct migration *m, const char *text,
			  struct strlist *args);
int divergence_args_equal(const struct strlist *a, const struct strlist *b);
/* the first argument that differs, or the counts, in words */
void divergence_say_different(struct strbuf *what, const struct strlist *hand,
			      const struct strlist *conv);

#endif
